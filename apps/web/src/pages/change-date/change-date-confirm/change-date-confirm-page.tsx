import { isApiError } from '@wings/api-client';
import { type ChangeOrderView, ErrorCodes } from '@wings/contracts';
import { Button, Checkbox } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { orderHref, paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { useSaveChangeOrder } from '../../../features/changes/api/change-flow';
import { useChangeChoice, useChangeSession } from '../../../features/changes/change-session';
import { ChangeExpired } from '../../../features/changes/components/change-gate';
import { ChangeLegCard } from '../../../features/changes/components/change-leg-card';
import { ChangeQuoteGate } from '../../../features/changes/components/change-quote-page';
import { QuoteCountdown } from '../../../features/changes/components/quote-countdown';
import { INSURANCE_CODE, isFree } from '../../../features/changes/labels';
import { useChangeOrder } from '../../../features/changes/use-change-order';
import { money } from '../../../lib/format';
import '../../../features/account/components/account.css';
import '../../../features/orders/orders.css';
import '../../../features/refunds/refunds.css';
import '../../../features/changes/changes.css';

function Confirm({ view, orderNo }: { view: ChangeOrderView; orderNo: string }) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const held = useChangeChoice(orderNo);
  const clear = useChangeSession((s) => s.clear);
  const renewKey = useChangeSession((s) => s.renewKey);
  const save = useSaveChangeOrder(orderNo);
  const [terms, setTerms] = useState(false);
  const [tried, setTried] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [expired, setExpired] = useState<string | null>(null);
  const insured = view.services.some((s) => s.code === INSURANCE_CODE);

  if (expired !== null) {
    return (
      <ChangeExpired
        message={expired || undefined}
        onAgain={() => {
          renewKey();
          nav.replace(orderHref(paths.changeDateFlight, orderNo));
        }}
      />
    );
  }

  async function onConfirm() {
    setTried(true);
    setProblem(null);
    if (!terms) return;
    try {
      const done = await save.mutateAsync({
        changeNo: view.changeNo,
        insuranceAccepted: insured && (held?.insuranceAccepted ?? false),
      });
      clear();
      if (done.status === 'succeeded') {
        nav.replace(orderHref(paths.rescheduledDetail, orderNo, { changeNo: done.changeNo }));
      } else {
        nav.replace(orderHref(paths.paySelect, orderNo, { changeNo: done.changeNo }));
      }
    } catch (error) {
      if (!isApiError(error)) return;
      if (error.code === ErrorCodes.changeQuoteExpired.code) {
        setExpired(error.message);
        return;
      }
      if (!error.shown) setProblem(error.message);
    }
  }

  return (
    <div className="page-body" data-testid="change-confirm">
      {view.expiresAt ? (
        <section className="card">
          <QuoteCountdown expiresAt={view.expiresAt} />
        </section>
      ) : null}
      <section className="card" data-testid="change-confirm-legs">
        <h2 className="card-title">{t('changes.confirm_legs')}</h2>
        {view.from.map((from) => (
          <ChangeLegCard
            key={from.segmentSeq}
            from={from}
            to={view.to.find((l) => l.segmentSeq === from.segmentSeq)}
          />
        ))}
      </section>
      <section className="card" data-testid="change-confirm-passengers">
        <h2 className="card-title">{t('changes.passengers')}</h2>
        <ul className="change-insured">
          {view.passengers.map((p) => (
            <li key={p.seq}>
              {p.name}
              {p.oldTicketNo ? <span className="muted small"> · {p.oldTicketNo}</span> : null}
            </li>
          ))}
        </ul>
        <div className="info-row">
          <span className="info-row-label">{t('changes.reason')}</span>
          <span className="info-row-value">{view.reasonText}</span>
        </div>
      </section>
      <section className="card" data-testid="change-confirm-amount">
        <div className="info-row">
          <span className="info-row-label">{t('changes.cost.amount')}</span>
          <strong className="info-row-value price" data-testid="change-confirm-total">
            {isFree(view.amount) ? t('changes.free') : money(view.amount)}
          </strong>
        </div>
        <ul className="refund-notice small change-terms-list">
          <li>{t('changes.terms.once')}</li>
          <li>{t('changes.terms.fare_rules')}</li>
          <li>{t(isFree(view.amount) ? 'changes.terms.free' : 'changes.terms.pay')}</li>
        </ul>
        <Checkbox checked={terms} onChange={setTerms} data-testid="change-terms">
          {t('changes.terms.accept')}
        </Checkbox>
        {tried && !terms ? (
          <p className="field-error" role="alert" data-testid="change-terms-error">
            {t('changes.terms.required')}
          </p>
        ) : null}
      </section>
      {problem ? (
        <p className="field-error" role="alert" data-testid="change-confirm-error">
          {problem}
        </p>
      ) : null}
      <div className="refund-actions">
        <Button
          block
          color="primary"
          size="large"
          loading={save.isPending}
          data-testid="change-confirm-submit"
          onClick={() => void onConfirm()}
        >
          {isFree(view.amount)
            ? t('changes.confirm_free')
            : t('changes.confirm_pay', { amount: money(view.amount) })}
        </Button>
      </div>
    </div>
  );
}

/**
 * change-date-confirm (after-sales §2, §3): the old and the new flight of each leg, the
 * passengers, the amount and the terms. Confirm (saveChangeOrder): nothing to pay completes the
 * change at once (to its record); otherwise it waits for its payment on pay-select.
 */
export default function ChangeDateConfirmPage() {
  const { t, i18n } = useTranslation();
  const { orderNo, changeNo, canAsk } = useChangeOrder();
  return (
    <div className="order-page" data-testid="change-date-confirm">
      <NavBar
        title={t('changes.confirm_title')}
        back={orderHref(paths.changeDateCost, orderNo, { changeNo })}
      />
      <ChangeQuoteGate canAsk={canAsk} orderNo={orderNo} changeNo={changeNo} language={i18n.language}>
        {(view) => <Confirm view={view} orderNo={orderNo} />}
      </ChangeQuoteGate>
    </div>
  );
}
