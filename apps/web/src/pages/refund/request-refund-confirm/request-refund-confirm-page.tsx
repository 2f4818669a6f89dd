import { isApiError } from '@wings/api-client';
import { ErrorCodes, type RefundQuote, type RefundReasonCode } from '@wings/contracts';
import { Button } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { orderHref, paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { useConfirmRefund } from '../../../features/refunds/api/confirm-refund';
import { useCreateRefund } from '../../../features/refunds/api/create-refund';
import { useRefundQuote } from '../../../features/refunds/api/get-refund-quote';
import { useRefundReasons } from '../../../features/refunds/api/get-refund-reasons';
import { RefundAmounts } from '../../../features/refunds/components/refund-amounts';
import { RefundGate } from '../../../features/refunds/components/refund-gate';
import { RefundRestart } from '../../../features/refunds/components/refund-restart';
import { perPassenger, quoteRequestOf, type RefundAmountsOf } from '../../../features/refunds/quote';
import {
  type RefundChoice,
  useRefundChoice,
  useRefundSession,
} from '../../../features/refunds/refund-session';
import { useRefundOrder } from '../../../features/refunds/use-refund-order';
import { money } from '../../../lib/format';
import '../../../features/account/components/account.css';
import '../../../features/booking/booking-flow.css';
import '../../../features/orders/orders.css';
import '../../../features/refunds/refunds.css';

/** Refusals after which the same choice needs a new createRefund key (the old draft is spent). */
const NEW_KEY_CODES: readonly string[] = [
  ErrorCodes.refundDraftExpired.code,
  ErrorCodes.refundKeyReused.code,
];

function Confirm({ quote, held, orderNo }: { quote: RefundQuote; held: RefundChoice; orderNo: string }) {
  const { t, i18n } = useTranslation();
  const nav = useAppNavigate();
  const reasons = useRefundReasons(orderNo, i18n.language);
  const create = useCreateRefund();
  const confirm = useConfirmRefund();
  const renewKey = useRefundSession((s) => s.renewKey);
  const clear = useRefundSession((s) => s.clear);
  // The server priced the draft again: when it differs from the quote read, the traveller sees it first.
  const [repriced, setRepriced] = useState<RefundAmountsOf | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const shown: RefundAmountsOf = repriced ?? quote;
  const rows = useMemo(() => perPassenger(shown), [shown]);
  const reasonText = reasons.data?.reasons.find((r) => r.code === held.reasonCode)?.text ?? '';

  function failed(error: unknown) {
    if (!isApiError(error)) return;
    if (NEW_KEY_CODES.includes(error.code)) renewKey();
    if (!error.shown) setProblem(error.message);
  }

  async function onSubmit() {
    setProblem(null);
    let draft: Awaited<ReturnType<typeof create.mutateAsync>>;
    try {
      draft = await create.mutateAsync({
        orderNo,
        passengerSeqs: held.seqs,
        reasonCode: held.reasonCode as RefundReasonCode,
        idempotencyKey: held.key,
        ...(held.remark ? { remark: held.remark } : {}),
      });
    } catch (error) {
      failed(error);
      return;
    }
    if (
      draft.actual.amount !== shown.actual.amount ||
      draft.handlingFee.amount !== shown.handlingFee.amount
    ) {
      setRepriced(draft);
      setProblem(t('refunds.repriced'));
      return;
    }
    try {
      const submitted = await confirm.mutateAsync({ refundNo: draft.refundNo, orderNo });
      clear();
      nav.replace(orderHref(paths.requestRefundResult, orderNo, { refundNo: submitted.refundNo }));
    } catch (error) {
      failed(error);
    }
  }

  return (
    <div className="page-body">
      <section className="card" data-testid="refund-quote">
        <h2 className="card-title">{t('refunds.confirm_amounts')}</h2>
        <RefundAmounts
          shouldRefund={shown.shouldRefund}
          handlingFee={shown.handlingFee}
          actual={shown.actual}
        />
        {quote.upgradeApplied ? (
          <p className="refund-note booking-alert order-ok" data-testid="refund-upgrade-applied">
            {t('refunds.upgrade_applied')}
          </p>
        ) : null}
        {quote.autoApproved ? (
          <p className="refund-note booking-alert order-ok" data-testid="refund-auto">
            {t('refunds.auto_approved')}
          </p>
        ) : null}
        <button
          type="button"
          className="refund-link"
          data-testid="refund-amount-detail-link"
          onClick={() => nav.push(orderHref(paths.refundAmountDetail, orderNo))}
        >
          <span>{t('refunds.amount_detail')}</span>
          <span aria-hidden="true">›</span>
        </button>
      </section>
      <section className="card" data-testid="refund-confirm-passengers">
        <h2 className="card-title">{t('refunds.per_passenger')}</h2>
        {rows.map((r) => (
          <div key={r.seq} className="refund-pax-total" data-testid={`refund-pax-total-${r.seq}`}>
            <span>{r.name}</span>
            <strong>{money(r.refund)}</strong>
          </div>
        ))}
      </section>
      <section className="card" data-testid="refund-confirm-reason">
        <div className="info-row">
          <span className="info-row-label">{t('refunds.reason')}</span>
          <span className="info-row-value">
            {t(`refunds.kind.${quote.reasonKind}`)}
            {reasonText ? ` · ${reasonText}` : ''}
          </span>
        </div>
        {held.remark ? (
          <div className="info-row">
            <span className="info-row-label">{t('refunds.remark_label')}</span>
            <span className="info-row-value">{held.remark}</span>
          </div>
        ) : null}
      </section>
      {problem ? (
        <p className="field-error" role="alert" data-testid="refund-submit-error">
          {problem}
        </p>
      ) : null}
      <div className="refund-actions">
        <Button
          block
          color="primary"
          size="large"
          loading={create.isPending || confirm.isPending}
          data-testid="refund-submit"
          onClick={() => void onSubmit()}
        >
          {t('refunds.submit', { amount: money(shown.actual) })}
        </Button>
      </div>
    </div>
  );
}

/**
 * request-refund-confirm (after-sales §2, §3, §9): the quote of the chosen passengers and reason
 * (refundSchedule): should-refund, the handling fee and what comes back, per passenger, with the
 * per-segment detail one tap away. Submit makes the draft (createRefund, one per choice) and
 * sends it to audit (confirmRefund) when it is priced as shown.
 */
export default function RequestRefundConfirmPage() {
  const { t, i18n } = useTranslation();
  const { orderNo, canAsk } = useRefundOrder();
  const held = useRefundChoice(orderNo);
  const request = quoteRequestOf(held);
  const quote = useRefundQuote(canAsk ? request : null, i18n.language);
  return (
    <div className="order-page" data-testid="request-refund-confirm">
      <NavBar title={t('refunds.confirm_title')} back={orderHref(paths.requestRefundReason, orderNo)} />
      {canAsk && (!held || !request) ? (
        <RefundRestart orderNo={orderNo} />
      ) : (
        <RefundGate canAsk={canAsk} orderNo={orderNo} read={quote}>
          {(answer) => (held ? <Confirm quote={answer} held={held} orderNo={orderNo} /> : null)}
        </RefundGate>
      )}
    </div>
  );
}
