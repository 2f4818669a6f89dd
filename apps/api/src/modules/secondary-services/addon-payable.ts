import type { Db } from '../../platform/db';
import { ticketedOrder } from '../booking';
import type { InsuranceService } from '../insurance';
import type { PayableOwner, SettleOutcome } from '../payments';
import { type AddonSteps, deliverAddon, emdCount, recordAddonEvent } from './addon-orders';
import { createAddonOrdersRepository } from './secondary-services.repository';

/** A late payment's seat is gone: rolls back the savepoint that tried to take it again. */
class SeatGone extends Error {}

/**
 * The owner of payables of kind `addon` (issue 14): payments pays them and never reads add-on
 * orders. A payment that succeeded marks the add-on order paid and delivers it (seat confirmed,
 * EMD numbers, the insurance policy's purchase) in the payment's transaction, so a replayed
 * notification finds it paid and delivers nothing twice. A payment arriving after the order was
 * abandoned or expired takes it back when it still can (its seat is still free), else it is
 * `gone` and payments refunds it. The traveller pays it as the travellers of its ticketed order
 * (payerOrder), and comes back from the gateway to that order.
 */
export function createAddonPayableOwner(
  deps: AddonSteps & {
    db: Db;
    insurance: (AddonSteps['insurance'] & Partial<Pick<InsuranceService, 'wakePurchase'>>) | null;
  },
): PayableOwner {
  const reads = createAddonOrdersRepository(deps.db);

  return {
    kind: 'addon',

    async settle(tx, payable, { paymentId, actor, now }): Promise<SettleOutcome> {
      // Payments holds the payable row; the add-on order's row lock comes second.
      const repo = createAddonOrdersRepository(tx);
      const rec = await repo.bySecOrderNo(payable.reference, true);
      if (!rec) throw new Error(`payable ${payable.id}: no add-on order ${payable.reference}`);
      if (rec.status === 'paid' || rec.status === 'refunded') return 'already_paid';
      const order = { id: rec.orderId };
      if (rec.status === 'unpaid') {
        if (!(await repo.move(rec.id, ['unpaid'], 'paid', now)))
          throw new Error(`add-on ${rec.secOrderNo} not unpaid`);
        const { emds } = await deliverAddon(tx, deps, rec, order, now);
        await recordAddonEvent(tx, rec.id, { type: 'paid', actor, data: { paymentId, emds } }, now);
        return 'paid';
      }
      // Dropped with its ticket's refund: nothing is delivered for a refunded ticket; the money goes back.
      if (rec.closeReason === 'ticket_refund') return 'gone';
      // Paid after it was abandoned or expired: its seat taken again if still free, all or nothing.
      const revived = await tx
        .transaction(async (sp) => {
          if (rec.serviceCode === 12 && !(await deps.seating.reholdSeats(sp, rec.id))) throw new SeatGone();
          if (!(await createAddonOrdersRepository(sp).move(rec.id, ['canceled', 'expired'], 'paid', now)))
            throw new SeatGone();
          const { emds } = await deliverAddon(sp, deps, rec, order, now);
          await recordAddonEvent(
            sp,
            rec.id,
            { type: 'paid', actor, data: { paymentId, emds, late: true } },
            now,
          );
          return true;
        })
        .catch((err: unknown) => {
          if (err instanceof SeatGone) return false;
          throw err;
        });
      return revived ? 'late_paid' : 'gone';
    },

    async record(tx, payable, type, actor, facts, now, reason) {
      const rec = await createAddonOrdersRepository(tx).bySecOrderNo(payable.reference);
      if (!rec) throw new Error(`payable ${payable.id}: no add-on order ${payable.reference}`);
      await recordAddonEvent(tx, rec.id, { type, actor, reason: reason ?? null, data: facts }, now);
    },

    async afterPaid() {
      // An insurance add-on's purchase job was committed with the payment: its workers fetch it now.
      deps.insurance?.wakePurchase?.();
    },

    delivered: (payable) => emdCount(deps.db, payable.reference),

    async payerOrder(payable) {
      const rec = await reads.bySecOrderNo(payable.reference);
      if (!rec) return null;
      const order = await ticketedOrder(deps.db, { id: rec.orderId });
      return order ? { orderNo: order.orderNo, userId: order.userId } : null;
    },
  };
}
