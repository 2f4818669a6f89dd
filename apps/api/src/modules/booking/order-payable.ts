import { OrderPayStatus } from '@wings/contracts';
import type { Db, Tx } from '../../platform/db';
import type { Inventory } from '../inventory';
import type { Payable, PayableOwner, SettleOutcome } from '../payments';
import { BookingRepository } from './booking.repository';
import type { PricingPort } from './booking.service';
import { IllegalOrderTransition, payLateOrder, payOrder, recordOrderEvent } from './order-lifecycle';

interface Logger {
  warn(obj: unknown, msg?: string): void;
}

export interface OrderPayableOwnerDeps {
  db: Db;
  inventory: Inventory;
  pricing: Pick<PricingPort, 'retakePromo'>;
  /** Booking's ticketing step: prompts its job after a payment (ticketing.ts). */
  ticketing: { prompt(orderId: string): Promise<void> };
  /** The tickets an order holds (the tickets module). */
  tickets: { count(orderId: string): Promise<number> };
  log: Logger;
}

/** The seats of a late payment are gone: rolls back the savepoint that tried to take them. */
class SeatsGone extends Error {}

/**
 * Booking's owner of payables of kind `order` (payments pays payables and never reads orders):
 * a payment that succeeded marks the order paid, or, after the deadline canceled it, takes its
 * seats back (inventory.rehold) and revives it, or says the seats are gone; what payments did with
 * the order's money is kept in the order's history (order_events) through the one writer.
 */
export function createOrderPayableOwner(deps: OrderPayableOwnerDeps): PayableOwner {
  const reads = new BookingRepository(deps.db);

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
        return 'paid';
      }
      // Paid after the deadline canceled the order: take its seats again if they are still there,
      // all or nothing (a savepoint), and revive it.
      const reheld = await tx
        .transaction(async (sp) => {
          if (!(await deps.inventory.rehold(sp, order.id, now))) throw new SeatsGone();
          const facts = { actor, data: { paymentId, late: true, reheld: true } };
          if (!(await payLateOrder(sp, order.id, facts, now))) throw new SeatsGone();
          // The expiry gave the order's promo code use back: it is taken again (issue 9).
          if (order.promoCode) await deps.pricing.retakePromo(sp, order.promoCode);
          return true;
        })
        .catch((err: unknown) => {
          if (err instanceof SeatsGone) return false;
          throw err;
        });
      return reheld ? 'late_paid' : 'gone';
    },

    async record(tx, payable, type, actor, facts, now) {
      await recordOrderEvent(tx, await orderIdOf(tx, payable), { type, actor, data: facts }, now);
    },

    async afterPaid(payable, replay) {
      try {
        // A replay prompts only an order still owed tickets: one indexed read, as gateways resend a lot.
        const id = replay
          ? await reads.owingTickets(payable.reference)
          : await reads.idByOrderNo(payable.reference);
        if (id) await deps.ticketing.prompt(id);
      } catch (err) {
        deps.log.warn(
          { err, orderNo: payable.reference },
          'could not prompt ticketing; the sweep will ticket the order',
        );
      }
    },

    async delivered(payable) {
      const id = await reads.idByOrderNo(payable.reference);
      return id ? deps.tickets.count(id) : 0;
    },
  };
}
