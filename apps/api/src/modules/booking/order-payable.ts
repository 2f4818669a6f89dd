import { OrderPayStatus } from '@wings/contracts';
import type { Db, Tx } from '../../platform/db';
import type { InsuranceService } from '../insurance';
import type { Inventory } from '../inventory';
import type { Payable, PayableOwner, SettleOutcome } from '../payments';
import type { Seating } from '../seating';
import { BookingRepository } from './booking.repository';
import type { PricingPort } from './booking.service';
import { IllegalOrderTransition, payLateOrder, payOrder, recordOrderEvent } from './order-lifecycle';
import type { Ticketing } from './ticketing';

interface Logger {
  warn(obj: unknown, msg?: string): void;
}

export interface OrderPayableOwnerDeps {
  db: Db;
  inventory: Inventory;
  pricing: Pick<PricingPort, 'retakePromo'>;
  /** Booking's ticketing step: its job, enqueued in the payment's transaction, and its workers woken after the commit (ticketing.ts). */
  ticketing: Pick<Ticketing, 'enqueue' | 'wake'>;
  /** The tickets an order holds (the tickets module). */
  tickets: { count(orderId: string): Promise<number> };
  /** The order's chosen seats (issue 14): confirmed when paid, taken again by a late payment. */
  seating?: Pick<Seating, 'confirmSeats' | 'reholdSeats'>;
  /** Travel insurance (issue 14): a paid order's policies are written pending and their purchase enqueued. */
  insurance?: Pick<InsuranceService, 'createPending' | 'enqueuePurchase' | 'wakePurchase' | 'planIdOf'>;
  log: Logger;
}

/** The seats of a late payment are gone: rolls back the savepoint that tried to take them. */
class SeatsGone extends Error {}

/**
 * Booking's owner of payables of kind `order` (payments pays payables and never reads orders):
 * a payment that succeeded marks the order paid, or, after the deadline canceled it, takes its
 * seats back (inventory.rehold) and revives it, or says the seats are gone; either way a paid
 * order's ticketing job is enqueued in the payment's transaction, so it exists exactly when the
 * order is paid and a replayed notification has nothing to prompt. What payments did with the
 * order's money is kept in the order's history (order_events) through the one writer.
 */
export function createOrderPayableOwner(deps: OrderPayableOwnerDeps): PayableOwner {
  const reads = new BookingRepository(deps.db);

  /**
   * The paid order's travel insurance: one pending policy per insurance line, written in the
   * payment's transaction with its purchase job, so both exist exactly when the payment commits
   * (a replayed notification never reaches here; a second call writes nothing new).
   */
  async function buyInsurance(tx: Tx, orderId: string, currency: string): Promise<void> {
    if (!deps.insurance) return;
    const lines = await new BookingRepository(tx).insuranceLines(orderId);
    if (lines.length === 0) return;
    const policies = [];
    for (const line of lines) {
      const code = String(line.detail.insuranceType ?? '');
      const planId = await deps.insurance.planIdOf(code, currency as 'USD');
      if (planId === null) throw new Error(`order ${orderId}: insurance plan ${code} ${currency} unknown`);
      policies.push({
        orderId,
        passengerId: line.passengerId,
        planId,
        premiumAmount: line.amount,
        premiumCurrency: line.currency as 'USD',
        coverFrom: String(line.detail.coverFrom),
        coverTo: String(line.detail.coverTo),
        insured: { insuredName: line.insuredName, ...(line.detail.entry as Record<string, unknown>) },
      });
    }
    const ids = await deps.insurance.createPending(tx, policies);
    await deps.insurance.enqueuePurchase(tx, ids);
  }

  async function orderIdOf(tx: Tx, payable: Payable): Promise<string> {
    const id = await new BookingRepository(tx).idByOrderNo(payable.reference);
    if (!id) throw new Error(`payable ${payable.id}: no order ${payable.reference}`);
    return id;
  }

  return {
    kind: 'order',

    async settle(tx, payable, { paymentId, actor, now }): Promise<SettleOutcome> {
      // Payments holds the payable row; the order row lock comes second (the lock order everywhere).
      const order = await new BookingRepository(tx).lock({ orderNo: payable.reference });
      if (!order) throw new Error(`payable ${payable.id}: no order ${payable.reference}`);
      if (order.status === OrderPayStatus.paid) return 'already_paid';
      if (order.status === OrderPayStatus.un_paid) {
        if (!(await payOrder(tx, order.id, { actor, data: { paymentId } }, now))) {
          throw new IllegalOrderTransition(order.id, 'pay', order.status);
        }
        if (order.hasSeats) await deps.seating?.confirmSeats(tx, order.id);
        if (order.hasInsurance) await buyInsurance(tx, order.id, payable.currency);
        await deps.ticketing.enqueue(tx, order.id);
        return 'paid';
      }
      // Paid after the deadline canceled the order: take its seats again if they are still there,
      // all or nothing (a savepoint), and revive it.
      const reheld = await tx
        .transaction(async (sp) => {
          if (!(await deps.inventory.rehold(sp, order.id, now))) throw new SeatsGone();
          // Its chosen seats too (issue 14): one taken meanwhile is as seats gone (the payment is refunded).
          if (order.hasSeats && deps.seating && !(await deps.seating.reholdSeats(sp, order.id)))
            throw new SeatsGone();
          const facts = { actor, data: { paymentId, late: true, reheld: true } };
          if (!(await payLateOrder(sp, order.id, facts, now))) throw new SeatsGone();
          // The expiry gave the order's promo code use back: it is taken again (issue 9).
          if (order.promoCode) await deps.pricing.retakePromo(sp, order.promoCode);
          if (order.hasSeats) await deps.seating?.confirmSeats(sp, order.id);
          return true;
        })
        .catch((err: unknown) => {
          if (err instanceof SeatsGone) return false;
          throw err;
        });
      if (!reheld) return 'gone';
      if (order.hasInsurance) await buyInsurance(tx, order.id, payable.currency);
      await deps.ticketing.enqueue(tx, order.id);
      return 'late_paid';
    },

    async record(tx, payable, type, actor, facts, now, reason) {
      await recordOrderEvent(tx, await orderIdOf(tx, payable), { type, actor, reason, data: facts }, now);
    },

    async afterPaid() {
      // The job was committed with the payment (settle): this process's workers fetch it now
      // rather than at their next poll (issue 9: ticketing keeps up with a burst of payments).
      deps.ticketing.wake();
      deps.insurance?.wakePurchase();
    },

    async delivered(payable) {
      const id = await reads.idByOrderNo(payable.reference);
      return id ? deps.tickets.count(id) : 0;
    },
  };
}
