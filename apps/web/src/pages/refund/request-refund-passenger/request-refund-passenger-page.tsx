import { isApiError } from '@wings/api-client';
import type { RefundPassenger, RefundPassengersResponse } from '@wings/contracts';
import { checkRefundCompanionAges } from '@wings/rules';
import { Button, Checkbox } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { orderHref, paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { PassengerTypeChip } from '../../../features/orders/components/passenger-type-chip';
import { useCheckPassengerTickets } from '../../../features/refunds/api/check-passenger-tickets';
import { useRefundPassengers } from '../../../features/refunds/api/get-refund-passengers';
import { RefundGate } from '../../../features/refunds/components/refund-gate';
import { useRefundChoice, useRefundSession } from '../../../features/refunds/refund-session';
import { useRefundOrder } from '../../../features/refunds/use-refund-order';
import '../../../features/account/components/account.css';
import '../../../features/orders/orders.css';
import '../../../features/refunds/refunds.css';

/** Passengers who leave the order anyway: already refunded, or in a refund under way. */
const leaving = (p: RefundPassenger) => p.block?.reason === 'refunded' || p.block?.reason === 'refunding';

/**
 * The choice as the rules of after-sales §5 read it: at least one passenger; the minors who stay
 * keep enough adults of 18+ (packages/rules, the same check the server makes). Null when fine.
 */
function choiceProblem(
  answer: RefundPassengersResponse,
  chosen: readonly number[],
  t: (key: string, opts?: Record<string, unknown>) => string,
): string | null {
  if (chosen.length === 0) return t('refunds.pick_one');
  const staying = answer.passengers.filter((p) => !chosen.includes(p.seq) && !leaving(p));
  const check = checkRefundCompanionAges(staying.map((p) => p.age));
  return check.ok ? null : t('refunds.minors_alone', { adultCount: check.adultCount });
}

function PassengerChoice({ answer, orderNo }: { answer: RefundPassengersResponse; orderNo: string }) {
  const { t, i18n } = useTranslation();
  const lang = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const nav = useAppNavigate();
  const held = useRefundChoice(orderNo);
  const setSeqs = useRefundSession((s) => s.setSeqs);
  const refundable = answer.passengers.filter((p) => p.refundable).map((p) => p.seq);
  // Back from the next step: the passengers chosen before, if they can still be refunded.
  const [chosen, setChosen] = useState<number[]>(() =>
    (held?.seqs ?? []).filter((seq) => refundable.includes(seq)),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const check = useCheckPassengerTickets();
  const orderBlock = answer.blocks[0] ?? null;

  async function onNext() {
    const local = choiceProblem(answer, chosen, t);
    setProblem(local);
    if (local) return;
    const seqs = [...chosen].sort((a, b) => a - b);
    try {
      await check.mutateAsync({ orderNo, passengerSeqs: seqs });
    } catch (error) {
      // A refusal of the choice is shown beside it with the server's message; others were toasted.
      if (isApiError(error) && !error.shown) setProblem(error.message);
      return;
    }
    setSeqs(orderNo, seqs);
    nav.push(orderHref(paths.requestRefundReason, orderNo));
  }

  return (
    <div className="page-body">
      {orderBlock ? (
        <p className="booking-alert booking-alert-error" role="alert" data-testid="refund-order-block">
          {orderBlock.message}
        </p>
      ) : null}
      <section className="card" data-testid="refund-passengers">
        <h2 className="card-title">{t('refunds.passengers_title')}</h2>
        <p className="muted small">{t('refunds.passengers_hint', { age: answer.companionAge })}</p>
        <Checkbox.Group
          value={chosen}
          onChange={(v) => {
            setChosen(v as number[]);
            setProblem(null);
          }}
        >
          {answer.passengers.map((p) => (
            <div
              key={p.seq}
              className={`refund-pax${p.refundable ? '' : ' refund-pax-off'}`}
              data-testid={`refund-pax-${p.seq}`}
            >
              <Checkbox value={p.seq} disabled={!p.refundable} data-testid={`refund-pax-check-${p.seq}`} />
              <span className="refund-pax-main">
                <strong>
                  {p.name} <PassengerTypeChip type={p.passengerType} lang={lang} />
                </strong>
                <span className="muted small">
                  {p.ticketNo ? t('refunds.ticket_no', { ticketNo: p.ticketNo }) : t('refunds.no_ticket')}
                </span>
                {p.block ? (
                  <span className="refund-pax-why" data-testid={`refund-pax-why-${p.seq}`}>
                    {p.block.message}
                  </span>
                ) : null}
              </span>
            </div>
          ))}
        </Checkbox.Group>
        {problem ? (
          <p className="field-error" role="alert" data-testid="refund-pax-error">
            {problem}
          </p>
        ) : null}
      </section>
      <div className="refund-actions">
        <Button
          block
          color="primary"
          size="large"
          disabled={refundable.length === 0}
          loading={check.isPending}
          data-testid="refund-pax-next"
          onClick={() => void onNext()}
        >
          {t('refunds.next')}
        </Button>
      </div>
    </div>
  );
}

/**
 * request-refund-passenger (after-sales §2, §5): the order's passengers, each refundable or shown
 * disabled with why not; at least one is chosen, and minors staying keep enough adults of 18+.
 * The server checks the choice (pasngerTicketCheck) before the reason is asked.
 */
export default function RequestRefundPassengerPage() {
  const { t, i18n } = useTranslation();
  const { orderNo, canAsk } = useRefundOrder();
  const passengers = useRefundPassengers(orderNo, i18n.language, canAsk);
  return (
    <div className="order-page" data-testid="request-refund-passenger">
      <NavBar title={t('refunds.passengers_title')} back={orderHref(paths.requestNoTips, orderNo)} />
      <RefundGate canAsk={canAsk} orderNo={orderNo} read={passengers}>
        {(answer) => <PassengerChoice answer={answer} orderNo={orderNo} />}
      </RefundGate>
    </div>
  );
}
