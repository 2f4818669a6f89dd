import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { flights } from './network';

/** A seat assignment's states: held with an unpaid order, confirmed once it is paid, released. */
export const SEAT_ASSIGNMENT_STATUSES = ['held', 'confirmed', 'released'] as const;

/**
 * One passenger's seat on one dated flight (issue 14), owned by modules/seating. A live row (held
 * or confirmed: `released_at` null) is unique per (flight, seat) in the database, so two orders
 * can never hold the same seat; releasing sets `released_at` and keeps the row as history
 * (docs/decisions.md, issue 14: a partial unique index rather than delete-on-release).
 */
export const seatAssignments = pgTable(
  'seat_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    flightId: bigint('flight_id', { mode: 'number' })
      .notNull()
      .references(() => flights.id, { onDelete: 'cascade' }),
    /** Row and letter, e.g. "12C". */
    seat: text('seat').notNull(),
    /** Booking's order id (text: seating knows nothing of orders). */
    orderRef: text('order_ref').notNull(),
    /** Booking's passenger id in the order. */
    passengerRef: text('passenger_ref').notNull(),
    /** Booking's segment (leg) id in the order. */
    segmentRef: text('segment_ref').notNull(),
    /** held | confirmed | released. */
    status: text('status').notNull().default('held'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** When the seat was freed (order expired or cancelled, or the passenger picked another); null while live. */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** Why: expired, cancelled, changed, ... (the caller's word). */
    releaseReason: text('release_reason'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('seat_assignments_live_seat_key').on(t.flightId, t.seat).where(sql`${t.releasedAt} is null`),
    uniqueIndex('seat_assignments_live_passenger_key')
      .on(t.orderRef, t.passengerRef, t.segmentRef)
      .where(sql`${t.releasedAt} is null`),
    index('seat_assignments_order_idx').on(t.orderRef),
    check('seat_assignments_status', sql`${t.status} in ('held', 'confirmed', 'released')`),
    check('seat_assignments_released', sql`(${t.status} = 'released') = (${t.releasedAt} is not null)`),
  ],
);
