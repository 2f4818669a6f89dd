import { and, eq } from 'drizzle-orm';
import { orderSegments } from '../../db/schema/booking';
import type { Executor, Tx } from '../../platform/db';
import { recordOrderEvent } from './order-lifecycle';

/** One leg of the order moved by a change of date: the segment and the dated flight it flies now. */
export interface MovedLeg {
  segmentId: string;
  flightId: string;
  flightNo: string;
  depUtc: Date;
  arrUtc: Date;
  aircraft: string;
  bookingClass: string;
}

/**
 * A change of date is paid (issue 16, after-sales §4, modules/changes): the order's legs are
 * moved in place to their new dated flights, in the change's transaction. The route, fare family
 * and cabin stay (a change of date keeps them); the change order keeps what each leg was. Throws
 * when a segment is not this order's (the caller's transaction rolls back).
 */
export async function moveOrderSegments(
  tx: Tx,
  orderId: string,
  legs: ReadonlyArray<MovedLeg>,
  now: Date,
): Promise<void> {
  for (const leg of legs) {
    const moved = await tx
      .update(orderSegments)
      .set({
        flightId: leg.flightId,
        flightNo: leg.flightNo,
        depUtc: leg.depUtc,
        arrUtc: leg.arrUtc,
        aircraft: leg.aircraft,
        bookingClass: leg.bookingClass,
        updatedAt: now,
      })
      .where(and(eq(orderSegments.id, leg.segmentId), eq(orderSegments.orderId, orderId)))
      .returning({ id: orderSegments.id });
    if (moved.length === 0) throw new Error(`segment ${leg.segmentId} is not a leg of order ${orderId}`);
  }
}

/** A row of an order's history written by a module that does not own orders. */
export interface OrderHistoryEvent {
  /** rescheduled | disruption_accepted | ... */
  type: string;
  /** user:<id> | guest | system | staff:<id> */
  actor: string;
  reason?: string | null;
  data?: Record<string, unknown> | null;
}

/**
 * What a change of date did to the order, in its history (order_events), written in the
 * caller's transaction: `rescheduled` (the change paid: its number, the legs from → to, the
 * tickets old → new) and `disruption_accepted` (the traveller took the airline's new time of a
 * flight: its id). The same one writer as every other row of the history.
 */
export function recordOrderHistory(
  tx: Executor,
  orderId: string,
  event: OrderHistoryEvent,
  now: Date,
): Promise<void> {
  return recordOrderEvent(tx, orderId, event, now);
}
