import { isApiError } from '@wings/api-client';
import type { CheckInLeg, CheckInPassenger, CheckInState, LanguageTag } from '@wings/contracts';
import { Button, Checkbox, Dialog, SpinLoading, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { orderHref, paths } from '../../../app/paths';
import { TOAST_DURATION_MS } from '../../../app/setup-api-client';
import { NavBar } from '../../../components/nav-bar';
import { StateView } from '../../../components/state-view';
import { useCancelCheckIn } from '../../../features/check-in/api/cancel-check-in';
import { useCheckInPassengers } from '../../../features/check-in/api/check-in-passengers';
import { useCheckInState } from '../../../features/check-in/api/query-check-in';
import { checkInStateKey, checkInStateTone, whenLocal } from '../../../features/check-in/labels';
import { StatusBadge } from '../../../features/orders/components/status-badge';
import '../../../features/account/components/account.css';
import '../../../features/booking/booking-flow.css';
import '../../../features/orders/orders.css';
import '../../../features/check-in/check-in.css';

const key = (seq: number, legSeq: number) => `${seq}/${legSeq}`;

/** A passenger's line on a leg: name, state, seat, and the pick box or "Cancel check-in". */
function PassengerLine({
  p,
  leg,
  picked,
  onPick,
  onCancel,
  busy,
}: {
  p: CheckInPassenger;
  leg: CheckInLeg;
  picked: boolean;
  onPick: (on: boolean) => void;
  onCancel: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const name = `${p.surname} ${p.givenName}`;
  const seat =
    p.passengerType === 3
      ? t('checkin.on_lap')
      : leg.seat
        ? t(leg.seatGiven ? 'checkin.seat_given' : 'checkin.seat', { seat: leg.seat })
        : t('checkin.seat_later');
  const testId = `ci-pax-${leg.legSeq}-${p.seq}`;
  return (
    <li className="ci-pax-row" data-testid={testId}>
      <span className="ci-pax-main">
        <span className="ci-pax-name">{name}</span>
        <span className="ci-pax-seat" data-testid={`${testId}-seat`}>
          {seat}
        </span>
        {leg.bar ? (
          <span className="field-error small" data-testid={`${testId}-bar`}>
            {t(`checkin.bar_${leg.bar}`)}
          </span>
        ) : null}
      </span>
      <span className="ci-pax-pick">
        <StatusBadge tone={checkInStateTone(leg.state)} testId={`${testId}-state`}>
          {t(checkInStateKey(leg.state))}
        </StatusBadge>
        {leg.canCheckIn ? (
          <Checkbox checked={picked} onChange={onPick} data-testid={`${testId}-pick`}>
            <span className="visually-hidden">{t('checkin.pick_label', { name })}</span>
          </Checkbox>
        ) : null}
        {leg.canCancel ? (
          <Button
            size="mini"
            fill="outline"
            disabled={busy}
            data-testid={`${testId}-cancel`}
            onClick={onCancel}
          >
            {t('checkin.cancel')}
          </Button>
        ) : null}
      </span>
    </li>
  );
}

function CheckIn({ state, legSeq, lang }: { state: CheckInState; legSeq: number | null; lang: LanguageTag }) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const checkIn = useCheckInPassengers(state.orderNo);
  const cancel = useCancelCheckIn(state.orderNo);
  const [problem, setProblem] = useState<string | null>(null);
  // Everyone who may check in now is picked to begin with; the traveller unticks who stays behind.
  const [unpicked, setUnpicked] = useState<ReadonlySet<string>>(() => new Set());
  const legSeqs = [...new Set(state.passengers.flatMap((p) => p.legs.map((l) => l.legSeq)))].filter(
    (s) => legSeq === null || s === legSeq,
  );
  const open = state.passengers.flatMap((p) =>
    p.legs
      .filter((l) => l.canCheckIn && legSeqs.includes(l.legSeq))
      .map((l) => ({ seq: p.seq, legSeq: l.legSeq })),
  );
  const items = open.filter((i) => !unpicked.has(key(i.seq, i.legSeq)));
  const busy = checkIn.isPending || cancel.isPending;

  function explain(error: unknown) {
    if (isApiError(error) && !error.shown) setProblem(error.message);
  }

  async function submit() {
    setProblem(null);
    if (items.length === 0) {
      setProblem(t('checkin.choose_one'));
      return;
    }
    try {
      await checkIn.mutateAsync(items);
      Toast.show({ content: t('checkin.done'), duration: TOAST_DURATION_MS });
      nav.push(orderHref(paths.boardingPass, state.orderNo));
    } catch (error) {
      explain(error);
    }
  }

  async function undo(p: CheckInPassenger, l: CheckInLeg) {
    setProblem(null);
    const sure = await Dialog.confirm({
      content: t('checkin.cancel_confirm', { name: `${p.surname} ${p.givenName}` }),
      confirmText: t('checkin.cancel'),
      cancelText: t('checkin.keep'),
    });
    if (!sure) return;
    try {
      await cancel.mutateAsync([{ seq: p.seq, legSeq: l.legSeq }]);
      Toast.show({ content: t('checkin.canceled_note'), duration: TOAST_DURATION_MS });
    } catch (error) {
      explain(error);
    }
  }

  const anyCheckedIn = state.passengers.some((p) => p.legs.some((l) => l.state === 'checked_in'));
  return (
    <div className="page-body">
      <p className="booking-alert" role="note" data-testid="check-in-note">
        {t('checkin.window_note')}
      </p>
      {legSeqs.map((s) => {
        const first = state.passengers.flatMap((p) => p.legs).find((l) => l.legSeq === s);
        if (!first) return null;
        return (
          <section className="card" key={s} data-testid={`ci-leg-${s}`}>
            <div className="ci-leg-head">
              <span className="ci-leg-route">
                {first.flightNo} {first.depCode} → {first.arrCode}
              </span>
              <span className="muted small">{whenLocal(first.depLocal, lang)}</span>
            </div>
            <p className="ci-window" data-testid={`ci-leg-${s}-window`}>
              {first.phase === 'not_open'
                ? t('checkin.opens_at', { time: whenLocal(first.opensAtLocal, lang) })
                : first.phase === 'open'
                  ? t('checkin.closes_at', { time: whenLocal(first.closesAtLocal, lang) })
                  : t('checkin.closed_note')}
            </p>
            <p className="ci-window">
              {t('checkin.gate_closes', { time: whenLocal(first.gateClosesAtLocal, lang) })}
            </p>
            <ul className="ci-pax">
              {state.passengers.map((p) => {
                const leg = p.legs.find((l) => l.legSeq === s);
                if (!leg) return null;
                const k = key(p.seq, s);
                return (
                  <PassengerLine
                    key={k}
                    p={p}
                    leg={leg}
                    picked={!unpicked.has(k)}
                    busy={busy}
                    onPick={(on) =>
                      setUnpicked((was) => {
                        const next = new Set(was);
                        if (on) next.delete(k);
                        else next.add(k);
                        return next;
                      })
                    }
                    onCancel={() => void undo(p, leg)}
                  />
                );
              })}
            </ul>
          </section>
        );
      })}
      {problem ? (
        <p className="booking-alert booking-alert-error" role="alert" data-testid="check-in-problem">
          {problem}
        </p>
      ) : null}
      <div className="ci-actions">
        {open.length > 0 ? (
          <Button
            block
            color="primary"
            loading={checkIn.isPending}
            disabled={busy}
            data-testid="check-in-submit"
            onClick={() => void submit()}
          >
            {t('checkin.submit')}
          </Button>
        ) : null}
        {anyCheckedIn ? (
          <Button
            block
            color="primary"
            fill="outline"
            data-testid="check-in-passes"
            onClick={() => nav.push(orderHref(paths.boardingPass, state.orderNo))}
          >
            {t('checkin.view_boarding_passes')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * check-in (issue 15; after-sales §9): the order's passengers on a leg (`leg`, or every leg),
 * with where each stands in the window (opens 2 hours before departure, closes 60 minutes
 * before), their seat (a free one is given at check-in when none was bought), a box to pick who
 * checks in, and "Cancel check-in" until it closes. Checked in, it goes to the boarding passes.
 */
export default function CheckInPage() {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const [params] = useSearchParams();
  const orderNo = (params.get('orderNo') ?? '').trim().toUpperCase();
  const leg = params.get('leg');
  const legSeq = leg !== null && /^\d$/.test(leg) ? Number(leg) : null;
  const state = useCheckInState(orderNo);
  return (
    <div className="order-page" data-testid="check-in-page">
      <NavBar title={t('checkin.title')} back={orderHref(paths.ticketDetail, orderNo)} />
      {state.data ? (
        <CheckIn state={state.data} legSeq={legSeq} lang={lang} />
      ) : state.isError ? (
        <StateView
          tone="error"
          title={t('checkin.load_failed')}
          description={isApiError(state.error) ? state.error.message : undefined}
          action={
            <Button
              color="primary"
              size="small"
              data-testid="check-in-retry"
              onClick={() => void state.refetch()}
            >
              {t('checkin.retry')}
            </Button>
          }
          testId="check-in-error"
        />
      ) : (
        <div className="page-loading" data-testid="check-in-loading">
          <SpinLoading color="primary" />
        </div>
      )}
    </div>
  );
}
