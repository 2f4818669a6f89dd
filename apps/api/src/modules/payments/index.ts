import type { Executor, Tx } from '../../platform/db';
import type { NewPayable, PayableKind } from './payables';
import { PaymentsRepository, type PaymentView, type RefundView } from './payments.repository';
import { PaymentsService, type PaymentsServiceDeps } from './payments.service';

/**
 * Payments: the public face of the module (issue 11). It pays *payables* (an order today; an
 * add-on order, a change of date, an award's cash part next) and depends on no selling module:
 * a module that sells something creates its payable in its own transaction (`createPayable`),
 * closes it when it withdraws it (`closePayable`), and registers a `PayableOwner` for its kind
 * when the service is built (`createPaymentsService({ ..., owners })`, `paymentsModule`), which
 * payments calls to settle a payment, record what it did, and start what follows.
 */
export type {
  NewPayable,
  Payable,
  PayableContact,
  PayableKind,
  PayableLineInput,
  PayableOwner,
  PayableStatus,
  PaymentRecordType,
  RefundListener,
  SettledRefund,
  SettleOutcome,
} from './payables';
/** Revenue, payment success and refunds waiting (the staff dashboard). */
export {
  type AttemptCount,
  type CurrencyAmount,
  type PaidRevenue,
  paidRevenue,
  paymentAttempts,
  type RefundQueue,
  type RevenueDay,
  refundsWaiting,
} from './payment-figures';
export { REFUND_ACTION_ROLES } from './payments.admin-routes';
export { registerPaymentsJobs } from './payments.jobs';
export type { PaymentView, RefundView } from './payments.repository';
export { notifyUrl } from './payments.routes';
export {
  type Convert,
  MAX_PENDING_PAYMENTS,
  type NotificationOutcome,
  PaymentsService,
  type PaymentsServiceDeps,
  RECONCILE_SWEEP_JOB,
  REFUND_JOB,
  REFUND_SWEEP_JOB,
  type ReconcileOutcome,
  type RefundOutcome,
} from './payments.service';
export { RefundDesk, type RefundStaff } from './refund-desk';

/** The payments service over the database (the plugin builds it this way; tests may too). */
export function createPaymentsService(deps: Omit<PaymentsServiceDeps, 'repo'> & { db: Executor }) {
  const { db, ...rest } = deps;
  return new PaymentsService({ ...rest, repo: new PaymentsRepository(db) });
}

/**
 * A new open payable with its lines, in the owner's transaction (booking: the order's, when it is
 * created). The amount is stored once and never re-derived. Its id.
 */
export function createPayable(tx: Tx, payable: NewPayable): Promise<string> {
  return new PaymentsRepository(tx).insertPayable(payable);
}

/**
 * open → closed in the owner's transaction (an order expired or canceled): a payment arriving
 * later is late and goes to the owner's settle as such. false when the payable is no longer open
 * (a payment paid it first). Lock order: payable first, then the owner's rows (as payments does).
 */
export function closePayable(tx: Tx, kind: PayableKind, reference: string, now: Date): Promise<boolean> {
  return new PaymentsRepository(tx).closePayable(kind, reference, now);
}

/**
 * A refund of part of a kept payment, made in the caller's transaction (the refunds module: with
 * its refund order's approval), for a refund order: reason `refund_order`, `lineRef` the refund
 * order's id, at most one per payment and refund order (payment_refunds_refund_order_key: a
 * second call answers the first row). Never beyond what was paid (the database refuses it).
 * The caller sends REFUND_JOB after its commit; the refund sweep sends any it could not.
 */
export function refundOrderPart(
  tx: Tx,
  part: {
    paymentId: string;
    amount: number;
    currency: string;
    refundOrderId: string;
    passengerRef?: string | null;
    now: Date;
  },
): Promise<string> {
  return new PaymentsRepository(tx).insertRefund({
    paymentId: part.paymentId,
    amount: part.amount,
    currency: part.currency,
    reason: 'refund_order',
    passengerRef: part.passengerRef ?? null,
    lineRef: part.refundOrderId,
    now: part.now,
  });
}

/** The refunds of a payable's payments, oldest first (booking's order detail). */
export function refundsOf(db: Executor, kind: PayableKind, reference: string): Promise<RefundView[]> {
  return new PaymentsRepository(db).refundsOf(kind, reference);
}

/** The payments of a payable, oldest first, each with its stored gateway events (the staff console's order page). */
export function paymentsOf(db: Executor, kind: PayableKind, reference: string): Promise<PaymentView[]> {
  return new PaymentsRepository(db).paymentsOf(kind, reference);
}

/** The module's Fastify plugin (app.ts registers it; docs/decisions.md, issue 11). */
export { type PaymentsModuleSettings, paymentsModule } from './payments.module';
