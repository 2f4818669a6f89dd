import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';

/**
 * Gives back the seats of refunded passengers (issue 15, modules/refunds), in the refund's
 * transaction: for each flight and booking class, `seats` (and `infants`, lap infants) fewer held
 * by the order (its live hold keeps the rest) and as many more left in the class and its cabin,
 * in one statement. Once
 * per refund: the caller's conditional move of its refund order is the guard. A hold without
 * that many seats gives back nothing of it. The seats given back.
 */
export async function releasePassengerSeats(
  tx: Tx,
  orderId: string,
  parts: ReadonlyArray<{ flightId: string; bookingClass: string; seats: number; infants?: number }>,
  now: Date,
): Promise<number> {
  let given = 0;
  for (const p of parts) {
    // Lap infants take no seat but count against the flight's infant limit: theirs go back too.
    const infants = Math.max(0, p.infants ?? 0);
    if (p.seats <= 0 && infants <= 0) continue;
    const r = await tx.execute<{ seats: number }>(sql`
      with held as (
        update order_holds set seats = seats - ${p.seats}, infants = infants - ${infants}, updated_at = ${now}
         where id = (
           select id from order_holds
            where order_id = ${orderId} and flight_id = ${p.flightId} and booking_class = ${p.bookingClass}
              and released_at is null and seats >= ${p.seats} and infants >= ${infants}
            order by created_at limit 1
            for update)
        returning flight_id, booking_class, cabin
      ), classes as (
        update flight_class_inventory ci set sold = ci.sold - ${p.seats}, updated_at = ${now}
          from held h
         where ci.flight_id = h.flight_id::bigint and ci.booking_class = h.booking_class
        returning ci.flight_id, h.cabin
      ), cabins as (
        update flight_cabins fc
           set sold = fc.sold - ${p.seats}, infant_sold = fc.infant_sold - ${infants}, updated_at = ${now}
          from classes c
         where fc.flight_id = c.flight_id and fc.cabin = c.cabin
        returning fc.flight_id
      )
      select ${p.seats}::int as seats from cabins`);
    given += r.rows.length > 0 ? p.seats : 0;
  }
  return given;
}
