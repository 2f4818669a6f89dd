import type { Db } from '../../platform/db';
import type { PayableOwner, SettleOutcome } from '../payments';
import { ChangesRepository } from './changes.repository';
import type { ChangesService } from './changes.service';

/**
 * The owner of payables of kind `change` (issue 16): payments pays them and never reads change
 * orders. A payment that succeeded completes the change in the payment's transaction (tickets
 * reissued, legs moved: ChangesService.completeIn), so a replayed notification finds it
 * succeeded and does nothing twice. A payment arriving after the change expired (its seats went
 * back, its tickets flew again) is `gone`: payments refunds it (docs/decisions.md, issue 16).
 * The traveller pays it as the travellers of the original order (payerOrder), and comes back from
 * the gateway to that order's ticket detail.
 *
 * Payments is built before the change service (app.ts registers this owner first): the service
 * is attached when the change calls are registered; until then no change payable exists.
 */
export interface ChangePayableOwner extends PayableOwner {
  attach(service: ChangesService): void;
}

export function createChangePayableOwner(db: Db): ChangePayableOwner {
  let service: ChangesService | null = null;
  const changes = (): ChangesService => {
    if (!service) throw new Error('change payables before the change service was attached');
    return service;
  };
  const reads = new ChangesRepository(db);

  return {
    kind: 'change',

    attach(s) {
      service = s;
    },

    async settle(tx, payable, { paymentId, actor, now }): Promise<SettleOutcome> {
      // Payments holds the payable row; the change order's row lock comes second (completeIn).
      const repo = new ChangesRepository(tx);
      const rec = await repo.byNo(payable.reference, true);
      if (!rec) throw new Error(`payable ${payable.id}: no change order ${payable.reference}`);
      if (rec.status === 'succeeded') return 'already_paid';
      if (rec.status !== 'unpaid') {
        // Expired (its seats went back, its tickets are issued again): the money goes back.
        await repo.addEvent(rec.id, { type: 'paid_late', actor, data: { paymentId } }, now);
        return 'gone';
      }
      await repo.addEvent(rec.id, { type: 'paid', actor, data: { paymentId } }, now);
      await changes().completeIn(tx, rec.id, actor, now, true);
      return 'paid';
    },

    async record(tx, payable, type, actor, facts, now, reason) {
      const repo = new ChangesRepository(tx);
      const rec = await repo.byNo(payable.reference);
      if (!rec) throw new Error(`payable ${payable.id}: no change order ${payable.reference}`);
      await repo.addEvent(rec.id, { type, actor, reason: reason ?? null, data: facts }, now);
    },

    async afterPaid(payable) {
      const rec = await reads.byNo(payable.reference);
      if (rec?.status === 'succeeded') await service?.afterSucceeded(rec.orderNo);
    },

    /** The tickets the change reissued. */
    async delivered(payable) {
      const rec = await reads.byNo(payable.reference);
      if (!rec) return 0;
      return (await reads.passengersOf(rec.id)).filter((p) => p.newTicketNo !== null).length;
    },

    async payerOrder(payable) {
      const rec = await reads.byNo(payable.reference);
      return rec ? { orderNo: rec.orderNo, userId: rec.ownerUserId } : null;
    },
  };
}
