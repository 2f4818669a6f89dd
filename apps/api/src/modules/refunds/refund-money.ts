import { RefundMoneyStatus, RefundStatus } from '@wings/contracts';
import type { Executor, Tx } from '../../platform/db';
import type { RefundListener, SettledRefund } from '../payments';
import { RefundsRepository } from './refunds.repository';

/**
 * How the money of a refund order comes back (issue 15): payments calls this listener in the
 * transaction that settles each of its refunds (the gateway's answer, or staff settling a failed
 * one by hand), so the refund order moves exactly when the money does. A refund row of reason
 * `refund_order` names its refund order in `lineRef`; its money row moves by a conditional
 * UPDATE (a second call moves nothing). The last part back completes the refund order
 * (refunding → refunded, RefundStatus 12, RefundMoneyStatus 12) with its `money_refunded` step,
 * whose mail the refunds sweep sends after the commit. A failed part leaves the refund
 * processing (11) with a `money_failed` step for staff (payments' refund desk retries or settles it).
 */
export function createRefundMoneyListener(): RefundMoneyListener {
  let follow: ((refundOrderId: string) => Promise<void>) | null = null;
  return {
    async refundSettled(tx: Tx, refund: SettledRefund, now: Date): Promise<void> {
      if (refund.reason !== 'refund_order' || !refund.lineRef) return;
      await settleRefundMoney(tx, refund, now);
    },
    async afterSettled(refund: SettledRefund): Promise<void> {
      if (refund.reason !== 'refund_order' || !refund.lineRef || !follow) return;
      try {
        await follow(refund.lineRef);
      } catch {
        // The refunds sweep sends what is still owed.
      }
    },
    whenSettled(fn) {
      follow = fn;
    },
  };
}

/**
 * The listener, and what the refunds service does after a commit that moved a refund order's
 * money (its owed mails, at once rather than at the next sweep): set once the service exists,
 * since payments is built with the listener before the refunds service is.
 */
export interface RefundMoneyListener extends RefundListener {
  whenSettled(fn: (refundOrderId: string) => Promise<void>): void;
}

async function settleRefundMoney(tx: Executor, refund: SettledRefund, now: Date): Promise<void> {
  const repo = new RefundsRepository(tx);
  const money = await repo.settleMoney(refund.refundId, refund.status, now);
  if (!money) return;
  const rec = await repo.byId(money.refundOrderId, true);
  if (!rec) return;
  const facts = { paymentRefundId: refund.refundId, amount: refund.amount, currency: refund.currency };
  if (refund.status === 'failed') {
    await repo.setFields(rec.id, { moneyStatus: RefundMoneyStatus.processing }, now);
    await repo.addEvent(rec.id, { type: 'money_failed', actor: refund.actor, data: facts }, now);
    return;
  }
  const all = await repo.moneyOf(rec.id);
  if (all.every((m) => m.status === 'succeeded')) {
    const done = await repo.move(rec.id, ['refunding'], 'refunded', now, {
      refundStatus: RefundStatus.refundSuccess,
      moneyStatus: RefundMoneyStatus.success,
      completedAt: now,
    });
    if (done)
      await repo.addEvent(
        rec.id,
        { type: 'money_refunded', actor: refund.actor, data: facts, mail: true },
        now,
      );
    return;
  }
  await repo.setFields(rec.id, { moneyStatus: RefundMoneyStatus.processing }, now);
  await repo.addEvent(rec.id, { type: 'money_part_refunded', actor: refund.actor, data: facts }, now);
}
