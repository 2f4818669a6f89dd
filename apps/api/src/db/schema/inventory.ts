import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from './booking';
import { timestamps } from './columns';
import { bookingClasses } from './fares';
import { flights } from './network';

/**
 * Seats of one cabin of one dated flight (docs/architecture.md §7). `sold` counts seats of live
 * holds and tickets of this system and is changed only by a conditional UPDATE inside the
 * order's transaction; `externalSold` counts seats sold through other channels (agents,
 * GDS, groups; the demo seed fills it). Lap infants have their own small limit.
 */
export const flightCabins = pgTable(
  'flight_cabins',
  {
    flightId: bigint('flight_id', { mode: 'number' })
      .notNull()
      .references(() => flights.id, { onDelete: 'cascade' }),
    cabin: text('cabin').notNull(),
    capacity: integer('capacity').notNull(),
    sold: integer('sold').notNull().default(0),
    externalSold: integer('external_sold').notNull().default(0),
    infantCapacity: integer('infant_capacity').notNull(),
    infantSold: integer('infant_sold').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.flightId, t.cabin] }),
    check('flight_cabins_cabin', sql`${t.cabin} in ('C', 'Y')`),
    check('flight_cabins_sold', sql`${t.sold} >= 0 and ${t.externalSold} >= 0`),
    check('flight_cabins_within_capacity', sql`${t.sold} + ${t.externalSold} <= ${t.capacity}`),
    check('flight_cabins_infants', sql`${t.infantSold} >= 0 and ${t.infantSold} <= ${t.infantCapacity}`),
  ],
);

/**
 * Nested booking-class bucket of one dated flight. A class is open for n seats when
 * both its own remainder (limit − sold) and its cabin's remainder are at least n.
 */
export const flightClassInventory = pgTable(
  'flight_class_inventory',
  {
    flightId: bigint('flight_id', { mode: 'number' })
      .notNull()
      .references(() => flights.id, { onDelete: 'cascade' }),
    bookingClass: text('booking_class')
      .notNull()
      .references(() => bookingClasses.letter),
    cabin: text('cabin').notNull(),
    authorisedLimit: integer('authorised_limit').notNull(),
    sold: integer('sold').notNull().default(0),
    externalSold: integer('external_sold').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.flightId, t.bookingClass] }),
    check('flight_class_inventory_cabin', sql`${t.cabin} in ('C', 'Y')`),
    check('flight_class_inventory_sold', sql`${t.sold} >= 0 and ${t.externalSold} >= 0`),
    check('flight_class_inventory_within_limit', sql`${t.sold} + ${t.externalSold} <= ${t.authorisedLimit}`),
  ],
);

/**
 * Seats an order holds, per flight, cabin and booking class. Released exactly once: the
 * release sets `released_at` where it is null and gives back only the rows it changed.
 */
export const orderHolds = pgTable(
  'order_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    flightId: text('flight_id').notNull(),
    cabin: char('cabin', { length: 1 }).notNull(),
    bookingClass: char('booking_class', { length: 1 }).notNull(),
    seats: smallint('seats').notNull(),
    infants: smallint('infants').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('order_holds_order_idx').on(t.orderId), index('order_holds_flight_idx').on(t.flightId)],
);
