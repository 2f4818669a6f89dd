import { isApiError } from '@wings/api-client';
import { type BoardingPass, type BoardingPassBundle, ErrorCodes, type LanguageTag } from '@wings/contracts';
import { Button, SpinLoading } from 'antd-mobile';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { orderHref, paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { StateView } from '../../../components/state-view';
import { useBoardingPasses } from '../../../features/check-in/api/get-boarding-passes';
import { forgetBoardingPasses, savedBoardingPasses } from '../../../features/check-in/boarding-pass-store';
import { BcbpQr } from '../../../features/check-in/components/bcbp-qr';
import { whenLocal } from '../../../features/check-in/labels';
import { formatInstant } from '../../../lib/format';
import '../../../features/account/components/account.css';
import '../../../features/orders/orders.css';
import '../../../features/check-in/check-in.css';

/** Whether the device says it is online (true where it cannot tell). */
function useOnline(): boolean {
  const [online, setOnline] = useState(() =>
    typeof navigator === 'undefined' ? true : navigator.onLine !== false,
  );
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

function Pass({ pass, n, total, lang }: { pass: BoardingPass; n: number; total: number; lang: LanguageTag }) {
  const { t } = useTranslation();
  const name = `${pass.surname}/${pass.givenName}`;
  const testId = `bp-${pass.seq}-${pass.legSeq}`;
  const fact = (label: string, value: string, id: string, wide = false) => (
    <div className={wide ? 'bp-wide' : undefined}>
      <dt>{label}</dt>
      <dd data-testid={`${testId}-${id}`}>{value}</dd>
    </div>
  );
  return (
    <li className="bp-card" data-testid={testId}>
      <div className="bp-head">
        <span className="bp-route">
          {pass.depCode} → {pass.arrCode}
        </span>
        <span className="muted small">{t('checkin.pass_count', { n, total })}</span>
      </div>
      <div>
        <span className="muted small">{t('checkin.pass_passenger')}</span>
        <div className="bp-name" data-testid={`${testId}-name`}>
          {name}
        </div>
      </div>
      <BcbpQr
        text={pass.bcbp}
        label={t('checkin.pass_qr_label', { name, flight: pass.flightNo })}
        testId={`${testId}-qr`}
      />
      <dl className="bp-facts">
        {fact(t('checkin.pass_flight'), pass.flightNo, 'flight')}
        {fact(t('checkin.pass_departs'), whenLocal(pass.depLocal, lang), 'departs')}
        {fact(t('checkin.pass_gate_closes'), whenLocal(pass.gateClosesAtLocal, lang).slice(-5), 'gate')}
        {fact(t('checkin.pass_seat'), pass.seat ?? t('checkin.pass_infant'), 'seat')}
        {fact(t('checkin.pass_cabin'), t(`checkin.pass_cabin_${pass.cabin === 'C' ? 'C' : 'Y'}`), 'cabin')}
        {fact(t('checkin.pass_seq'), String(pass.checkInSeq).padStart(3, '0'), 'seq')}
        {fact(t('checkin.pass_ticket_no'), pass.ticketNo, 'ticket', true)}
      </dl>
    </li>
  );
}

function Passes({
  bundle,
  offline,
  lang,
}: {
  bundle: BoardingPassBundle;
  offline: boolean;
  lang: LanguageTag;
}) {
  const { t } = useTranslation();
  return (
    <div className="page-body">
      <p
        className={`booking-alert${offline ? '' : ' order-ok'}`}
        role="status"
        data-testid={offline ? 'bp-offline' : 'bp-saved'}
      >
        {offline
          ? t('checkin.pass_offline', { time: formatInstant(bundle.issuedAt, lang) })
          : t('checkin.pass_saved')}
      </p>
      <ul className="bp-list">
        {bundle.passes.map((pass, i) => (
          <Pass
            key={`${pass.seq}/${pass.legSeq}`}
            pass={pass}
            n={i + 1}
            total={bundle.passes.length}
            lang={lang}
          />
        ))}
      </ul>
    </div>
  );
}

/**
 * boarding-pass (issue 15): every checked-in passenger's boarding pass of the order, one bundle,
 * each with its QR code (the IATA BCBP), seat, check-in number and gate-closing time. The
 * bundle is kept on the phone as it arrives; without a connection (or when the server cannot be
 * reached) the kept one is shown, saying when it was saved.
 */
export default function BoardingPassPage() {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const nav = useAppNavigate();
  const [params] = useSearchParams();
  const orderNo = (params.get('orderNo') ?? '').trim().toUpperCase();
  const online = useOnline();
  const [saved] = useState(() => savedBoardingPasses(orderNo));
  const passes = useBoardingPasses(orderNo, online);
  const noneCheckedIn =
    isApiError(passes.error) && passes.error.code === ErrorCodes.checkInNoneCheckedIn.code;
  useEffect(() => {
    if (noneCheckedIn) forgetBoardingPasses(orderNo);
  }, [noneCheckedIn, orderNo]);

  const back = orderHref(paths.ticketDetail, orderNo);
  let body: ReactNode;
  if (passes.data) body = <Passes bundle={passes.data} offline={false} lang={lang} />;
  else if (noneCheckedIn) {
    body = (
      <StateView
        tone="empty"
        title={t('checkin.pass_none')}
        action={
          <Button
            color="primary"
            size="small"
            data-testid="bp-check-in"
            onClick={() => nav.push(orderHref(paths.checkIn, orderNo))}
          >
            {t('checkin.check_in')}
          </Button>
        }
        testId="bp-none"
      />
    );
  } else if (saved && (!online || passes.isError)) body = <Passes bundle={saved} offline lang={lang} />;
  else if (passes.isError || !online) {
    body = (
      <StateView
        tone="error"
        title={t('checkin.load_failed')}
        description={isApiError(passes.error) ? passes.error.message : undefined}
        action={
          <Button color="primary" size="small" data-testid="bp-retry" onClick={() => void passes.refetch()}>
            {t('checkin.retry')}
          </Button>
        }
        testId="bp-error"
      />
    );
  } else {
    body = (
      <div className="page-loading" data-testid="bp-loading">
        <SpinLoading color="primary" />
      </div>
    );
  }
  return (
    <div className="order-page" data-testid="boarding-pass-page">
      <NavBar title={t('checkin.boarding_passes')} back={back} />
      {body}
    </div>
  );
}
