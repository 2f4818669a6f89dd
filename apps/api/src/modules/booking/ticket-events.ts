import { eq } from 'drizzle-orm';
import { orderSegments } from '../../db/schema/booking';
import type { Executor } from '../../platform/db';
import { recordOrderEvent } from './order-lifecycle';

/**
 * What happened to a ticket after it was issued, in its order's history (order_events), for the
 * modules that move tickets without owning orders (issue 15: online check-in, its cancellation,
 * the departure close's flown and no-show). Written in the caller's transaction.
 */
export interface TicketEvent {
  /** checked_in | check_in_canceled | flown | no_show | ... */
  type: string;
  /** user:<id> | guest | system | staff:<id> */
  actor: string;
  reason?: string | null;
  data?: Record<string, unknown> | null;
}

export function recordTicketEvent(
  tx: Executor,
  orderId: string,
  event: TicketEvent,
  now: Date,
): Promise<void> {
  return recordOrderEvent(tx, orderId, event, now);
}

/** The orders' segments (legs) on a dated flight, whatever the order's status. */
export async function segmentsOnFlight(
  db: Executor,
  flightId: string,
): Promise<Array<{ orderId: string; segmentId: string }>> {
  const rows = await db
    .select({ orderId: orderSegments.orderId, segmentId: orderSegments.id })
    .from(orderSegments)
    .where(eq(orderSegments.flightId, flightId));
  return rows;
}
