import { type SQL, sql } from 'drizzle-orm';

/**
 * Seats left, written once (docs/architecture.md §7: nested booking-class buckets). A booking class of a
 * dated flight can sell n seats when both its own bucket (authorised limit − sold − sold through
 * other channels) and its cabin (capacity − sold − sold through other channels) have n left; lap
 * infants count against the cabin's own infant limit. Shopping, pricing and the seat updates of
 * this module all use these fragments, over the aliases `ci` (flight_class_inventory) and `fc`
 * (flight_cabins).
 */

/** What the class bucket `ci` can still sell. */
export const CLASS_SEATS_LEFT = 'ci.authorised_limit - ci.sold - ci.external_sold';
/** What the cabin `fc` can still sell. */
export const CABIN_SEATS_LEFT = 'fc.capacity - fc.sold - fc.external_sold';
/** Lap infants the cabin `fc` can still take. */
export const INFANT_SEATS_LEFT = 'fc.infant_capacity - fc.infant_sold';
/** Seats the class can still sell: the lesser of its bucket and its cabin. */
export const SEATS_LEFT = `least(${CLASS_SEATS_LEFT}, ${CABIN_SEATS_LEFT})`;

/**
 * Joins a dated flight (alias `flight`) to each of its booking classes `ci` and the class's
 * cabin `fc`, as raw SQL text (for named prepared statements).
 */
export function availabilityJoinText(flight = 'f'): string {
  return `join flight_class_inventory ci on ci.flight_id = ${flight}.id
  join flight_cabins fc on fc.flight_id = ${flight}.id and fc.cabin = ci.cabin`;
}

/**
 * The same join as Drizzle SQL; with `bookingClass`, a left join to that one class only (its
 * columns null when the flight does not sell it).
 */
export function availabilityJoin(flight = 'f', options: { bookingClass?: string } = {}): SQL {
  const f = sql.raw(flight);
  if (options.bookingClass === undefined) return sql.raw(availabilityJoinText(flight));
  return sql`left join flight_class_inventory ci on ci.flight_id = ${f}.id and ci.booking_class = ${options.bookingClass}
    left join flight_cabins fc on fc.flight_id = ${f}.id and fc.cabin = ci.cabin`;
}

/** True where the class `ci` and its cabin `fc` have room for `seated` seats and `infants` lap infants. */
export function hasSeatsFor(seated: number, infants: number): SQL {
  return sql`${sql.raw(CLASS_SEATS_LEFT)} >= ${seated}
    and ${sql.raw(CABIN_SEATS_LEFT)} >= ${seated}
    and ${sql.raw(INFANT_SEATS_LEFT)} >= ${infants}`;
}
