import { OrderPayStatus } from '@wings/contracts';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { passengerColumns, timestamps } from './columns';
import { offers } from './fares';

// Order statuses as SQL text (not parameters: index predicates and checks are DDL).
const UNPAID = sql.raw(String(OrderPayStatus.un_paid));
const PAID = sql.raw(String(OrderPayStatus.paid));
const STATUSES = sql.raw(Object.values(OrderPayStatus).join(', '));

/**
 * Orders (docs/architecture.md §7). Status 0 unpaid, 1 paid, 2 canceled (spec §4). The total is never
 * stored: it is the sum of the order's price lines.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNo: text('order_no').notNull().unique(),
    pnr: char('pnr', { length: 6 }).notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: smallint('status').notNull().default(OrderPayStatus.un_paid),
    currency: char('currency', { length: 3 }).notNull(),
    payDeadline: timestamp('pay_deadline', { withTimezone: true }).notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    contactName: text('contact_name').notNull(),
    contactCountryCode: text('contact_country_code').notNull(),
    contactPhone: text('contact_phone').notNull(),
    contactEmail: text('contact_email').notNull(),
    /** 0 zh, 1 en, 2 km: the language of the order's mail and documents. */
    language: smallint('language').notNull().default(0),
    promoCode: text('promo_code'),
    /**
     * Who holds the unpaid order, for the hold limits (issue 9): `user:<id>` for a member,
     * `ip:<address>` for a guest (an IPv6 guest by its /64). Null on orders made before it.
     */
    holder: text('holder'),
    /**
     * SHA-256 of the request that made the order (offer, passengers, contact, promo code in
     * canonical JSON): its idempotency key answers only that same request (issue 9). Null on
     * orders made before it.
     */
    requestHash: text('request_hash'),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** When every passenger of the paid order had an e-ticket; null while ticketing is owed. */
    ticketedAt: timestamp('ticketed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_unpaid_deadline_idx').on(t.payDeadline).where(sql`${t.status} = ${UNPAID}`),
    /** The hold limits: a holder's unpaid orders, counted in each new order's transaction. */
    index('orders_unpaid_holder_idx').on(t.holder, t.payDeadline).where(sql`${t.status} = ${UNPAID}`),
    /** The ticketing sweep: paid orders still owed tickets (few at any time). */
    index('orders_paid_unticketed_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = ${PAID} and ${t.ticketedAt} is null`),
    /** The staff console: the order search's newest-first list and the dashboard's counts by day. */
    index('orders_created_idx').on(t.createdAt),
    /** The staff console: orders by contact e-mail, any case. */
    index('orders_contact_email_idx').on(sql`lower(${t.contactEmail})`),
    check('orders_status_check', sql`${t.status} in (${STATUSES})`),
  ],
);

export const orderSegments = pgTable(
  'order_segments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    seq: smallint('seq').notNull(),
    flightId: text('flight_id').notNull(),
    flightNo: text('flight_no').notNull(),
    depCode: char('dep_code', { length: 3 }).notNull(),
    arrCode: char('arr_code', { length: 3 }).notNull(),
    depUtc: timestamp('dep_utc', { withTimezone: true }).notNull(),
    arrUtc: timestamp('arr_utc', { withTimezone: true }).notNull(),
    aircraft: text('aircraft').notNull(),
    family: text('family').notNull(),
    cabin: char('cabin', { length: 1 }).notNull(),
    bookingClass: char('booking_class', { length: 1 }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('order_segments_seq_key').on(t.orderId, t.seq),
    index('order_segments_flight_idx').on(t.flightId),
    /** The staff console: the orders on a flight number's departures of a date. */
    index('order_segments_flight_no_dep_idx').on(t.flightNo, t.depUtc),
  ],
);

export const orderPassengers = pgTable(
  'order_passengers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    seq: smallint('seq').notNull(),
    ...passengerColumns(),
    /**
     * The loyalty card number this passenger flies on (issue 17): set at booking when the
     * logged-in account's approved member is this passenger, so the flight earns its miles.
     */
    memberCardNo: text('member_card_no'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('order_passengers_seq_key').on(t.orderId, t.seq),
    /** The staff console: orders by the beginning of a passenger's surname, any case (a `like 'x%'`). */
    index('order_passengers_surname_idx').on(sql`lower(${t.surname}) text_pattern_ops`),
  ],
);

/**
 * The money of an order, one line per passenger, segment and item: the fare, each tax by code,
 * a discount (negative), later add-ons. The order's total is the sum of its lines.
 */
export const orderPriceLines = pgTable(
  'order_price_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    passengerId: uuid('passenger_id').references(() => orderPassengers.id, { onDelete: 'cascade' }),
    segmentId: uuid('segment_id').references(() => orderSegments.id, { onDelete: 'cascade' }),
    /** fare | tax | discount | addon */
    kind: text('kind').notNull(),
    /** Tax code (KH, YQ ...), promo code, or add-on code. */
    code: text('code').notNull(),
    amount: integer('amount').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    /**
     * What an add-on line bought (issue 14): `weightKg` of a baggage step; an insurance line's
     * `insuranceType`, `coverFrom`, `coverTo` and the insured's `entry` (regionParams and
     * beneficiary, kept until the policy is bought). Null on other lines.
     */
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    ...timestamps,
  },
  (t) => [index('order_price_lines_order_idx').on(t.orderId)],
);

/** Append-only history of an order: every state change, who made it and why. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** created | expired | canceled | paid | ... */
    type: text('type').notNull(),
    /** user:<id> | guest | system | staff:<id> */
    actor: text('actor').notNull(),
    reason: text('reason'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/**
 * Orders a traveller linked to their account (after-sales §1, issue 15): an order proved by its
 * PNR and a passenger's surname (`order`), or a ticket proved by its number and its passenger's
 * name (`ticket`, which links the ticket's order for that ticket). A linked order shows in the
 * traveller's order list, and they may refund or change it as its owner may; unlinking deletes
 * the row and nothing else.
 */
export const orderLinks = pgTable(
  'order_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** order | ticket: what the traveller linked. */
    kind: text('kind').notNull(),
    /** The ticket linked (kind `ticket`). */
    ticketNo: char('ticket_no', { length: 13 }),
    /** The passenger whose name proved the link. */
    passengerId: uuid('passenger_id').references(() => orderPassengers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_links_order_key').on(t.userId, t.orderId).where(sql`${t.kind} = 'order'`),
    uniqueIndex('order_links_ticket_key').on(t.userId, t.ticketNo).where(sql`${t.kind} = 'ticket'`),
    index('order_links_order_idx').on(t.orderId),
    check(
      'order_links_kind',
      sql`${t.kind} in ('order', 'ticket') and (${t.kind} = 'order') = (${t.ticketNo} is null)`,
    ),
  ],
);
