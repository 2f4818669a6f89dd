import type { Db, Executor } from '../../platform/db';
import { BookingRepository, type SweepCursor } from './booking.repository';
import { markOrderTicketed } from './order-lifecycle';

/**
 * What booking's ticketing step (ticketing.ts) reads and moves of the order: the order row lock
 * that serializes payment and ticketing of one order, the passengers and segments to ticket, the
 * paid → ticketed mark (order-lifecycle.ts), and the sweep's pages of paid orders owed tickets.
 */
export interface TicketingOrders {
  /** Locks the order row; its status, or null (unknown, or held by another with `skipLocked`). */
  lockForTicketing(tx: Executor, orderId: string, skipLocked: boolean): Promise<number | null>;
  ticketingFacts(
    tx: Executor,
    orderId: string,
  ): Promise<{
    passengers: Array<{ id: string; seq: number }>;
    segments: Array<{ id: string; seq: number }>;
  }>;
  /** The paid → ticketed mark and its `ticketed` event (when tickets were issued, or none was written yet). */
  markTicketed(tx: Executor, orderId: string, now: Date, tickets: number, issued: number): Promise<void>;
  untickedPaidOrders(limit: number, after: SweepCursor | null): Promise<SweepCursor[]>;
}

/** The orders side of ticketing over the app's database. */
export function createTicketingOrders(db: Db): TicketingOrders {
  const repo = new BookingRepository(db);
  return {
    async lockForTicketing(tx, orderId, skipLocked) {
      return (await new BookingRepository(tx).lock({ id: orderId }, skipLocked))?.status ?? null;
    },
    ticketingFacts: (tx, orderId) => new BookingRepository(tx).ticketingFacts(orderId),
    async markTicketed(tx, orderId, now, tickets, issued) {
      await markOrderTicketed(tx, orderId, now, { tickets, issued });
    },
    untickedPaidOrders: (limit, after) => repo.untickedPaidOrders(limit, after),
  };
}
