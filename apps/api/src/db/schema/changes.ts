import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orderPassengers, orderSegments, orders } from './booking';
import { timestamps } from './columns';

/** Serial part of change order numbers (`C` + date + serial). */
export const changeOrderSerial = pgSequence('change_order_serial_seq', { startWith: 1, minValue: 1 });

/** A change order's states (packages/contracts CHANGE_ORDER_STATUSES). */
export const CHANGE_ORDER_STATUSES = ['quoted', 'unpaid', 'succeeded', 'expired', 'canceled'] as const;
const STATUSES = sql.raw(CHANGE_ORDER_STATUSES.map((s) => `'${s}'`).join(', '));

/**
 * Changes of date (issue 16, modules/changes): one change order per request to move legs of one
 * ticketed order to other flights, for every passenger of it. Made QUOTED by checkChangeOrder
 * (its new seats held under the order, its price stored once, until `expires_at`), confirmed by
 * saveChangeOrder (nothing to pay: succeeded at once; otherwise unpaid, its own payable of kind
 * `change`, until `pay_deadline`), succeeded when its tickets were reissued, or expired /
 * canceled (its held seats back). Two live changes of one order cannot exist
 * (change_orders_live_key), nor two succeeded voluntary ones (§4: an order already rescheduled
 * cannot be rescheduled again; a free move after the airline changed a flight is not counted).
 */
export const changeOrders = pgTable(
  'change_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    changeNo: text('change_no').notNull().unique(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderNo: text('order_no').notNull(),
    /** The order's logged-in owner when the change was made (null: a guest order). */
    ownerUserId: uuid('owner_user_id'),
    /** The member who asked for it (the owner, or a member who linked the order); null for a guest. */
    requesterUserId: uuid('requester_user_id'),
    /** voluntary | disruption */
    kind: text('kind').notNull(),
    /** quoted | unpaid | succeeded | expired | canceled */
    status: text('status').notNull().default('quoted'),
    reasonCode: text('reason_code').notNull(),
    remark: text('remark'),
    currency: char('currency', { length: 3 }).notNull(),
    /** Change fees of every passenger and leg (§9). */
    fee: integer('fee').notNull(),
    /** What the changed legs cost when bought (fares and taxes). */
    originalCost: integer('original_cost').notNull(),
    /** Fare and tax differences (never below 0 per line). */
    difference: integer('difference').notNull(),
    /** fee + difference: what the traveller pays. */
    amount: integer('amount').notNull(),
    /** A disruption move: the dated flight the airline retimed or canceled. */
    disruptedFlightId: text('disrupted_flight_id'),
    /** What happens to each add-on of the changed legs (contracts ZChangeServiceCarry without its note). */
    services: jsonb('services').$type<Array<Record<string, unknown>>>().notNull().default(sql`'[]'::jsonb`),
    /** The insurance agreement was accepted at confirmation (an insured passenger's policy moves). */
    insuranceAccepted: boolean('insurance_accepted').notNull().default(false),
    /** The client's key of checkChangeOrder: the same key on the same order answers this quote again. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** A digest of the request the key was first used with: another request under it is refused. */
    requestHash: text('request_hash').notNull(),
    /** 0 zh, 1 en, 2 km: the order's language, of the change's mails. */
    language: smallint('language').notNull(),
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    /** A quote holds its seats and price until then. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** An unpaid change may be paid until then. */
    payDeadline: timestamp('pay_deadline', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Why an expired or canceled change closed: quote_expired | payment_expired | withdrawn | ... */
    closeReason: text('close_reason'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('change_orders_idempotency_key').on(t.orderId, t.idempotencyKey),
    uniqueIndex('change_orders_live_key').on(t.orderId).where(sql`${t.status} in ('quoted', 'unpaid')`),
    uniqueIndex('change_orders_once_key')
      .on(t.orderId)
      .where(sql`${t.status} = 'succeeded' and ${t.kind} = 'voluntary'`),
    index('change_orders_owner_idx').on(t.ownerUserId),
    index('change_orders_requester_idx').on(t.requesterUserId),
    /** The expiry sweep: live changes by their deadline. */
    index('change_orders_live_idx').on(t.status, t.expiresAt).where(sql`${t.status} in ('quoted', 'unpaid')`),
    index('change_orders_disrupted_idx').on(t.disruptedFlightId),
    check('change_orders_status', sql`${t.status} in (${STATUSES})`),
    check('change_orders_kind', sql`${t.kind} in ('voluntary', 'disruption')`),
    check(
      'change_orders_amounts',
      sql`${t.fee} >= 0 and ${t.difference} >= 0 and ${t.amount} = ${t.fee} + ${t.difference}`,
    ),
  ],
);

/** The legs a change order moves: from the flight the order's segment was on to the new one. */
export const changeOrderLegs = pgTable(
  'change_order_legs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    changeOrderId: uuid('change_order_id')
      .notNull()
      .references(() => changeOrders.id, { onDelete: 'cascade' }),
    segmentId: uuid('segment_id')
      .notNull()
      .references(() => orderSegments.id, { onDelete: 'cascade' }),
    segmentSeq: smallint('segment_seq').notNull(),
    depCode: char('dep_code', { length: 3 }).notNull(),
    arrCode: char('arr_code', { length: 3 }).notNull(),
    family: text('family').notNull(),
    cabin: char('cabin', { length: 1 }).notNull(),
    fromFlightId: text('from_flight_id').notNull(),
    fromFlightNo: text('from_flight_no').notNull(),
    fromDepUtc: timestamp('from_dep_utc', { withTimezone: true }).notNull(),
    fromArrUtc: timestamp('from_arr_utc', { withTimezone: true }).notNull(),
    fromAircraft: text('from_aircraft').notNull(),
    fromBookingClass: char('from_booking_class', { length: 1 }).notNull(),
    toFlightId: text('to_flight_id').notNull(),
    toFlightNo: text('to_flight_no').notNull(),
    toDepUtc: timestamp('to_dep_utc', { withTimezone: true }).notNull(),
    toArrUtc: timestamp('to_arr_utc', { withTimezone: true }).notNull(),
    toAircraft: text('to_aircraft').notNull(),
    toBookingClass: char('to_booking_class', { length: 1 }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('change_order_legs_segment_key').on(t.changeOrderId, t.segmentId),
    index('change_order_legs_to_flight_idx').on(t.toFlightId),
  ],
);

/** Per passenger and changed leg: the fee and the fare and tax difference (the quote, stored once). */
export const changeOrderLines = pgTable(
  'change_order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    changeOrderId: uuid('change_order_id')
      .notNull()
      .references(() => changeOrders.id, { onDelete: 'cascade' }),
    passengerId: uuid('passenger_id')
      .notNull()
      .references(() => orderPassengers.id, { onDelete: 'cascade' }),
    passengerSeq: smallint('passenger_seq').notNull(),
    passengerName: text('passenger_name').notNull(),
    segmentId: uuid('segment_id')
      .notNull()
      .references(() => orderSegments.id, { onDelete: 'cascade' }),
    segmentSeq: smallint('segment_seq').notNull(),
    fee: integer('fee').notNull(),
    oldFare: integer('old_fare').notNull(),
    newFare: integer('new_fare').notNull(),
    oldTaxes: integer('old_taxes').notNull(),
    newTaxes: integer('new_taxes').notNull(),
    fareDifference: integer('fare_difference').notNull(),
    taxDifference: integer('tax_difference').notNull(),
    total: integer('total').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('change_order_lines_key').on(t.changeOrderId, t.passengerId, t.segmentId),
    check(
      'change_order_lines_amounts',
      sql`${t.fee} >= 0 and ${t.fareDifference} >= 0 and ${t.taxDifference} >= 0 and ${t.total} = ${t.fee} + ${t.fareDifference} + ${t.taxDifference}`,
    ),
  ],
);

/** The passengers of a change order and their tickets before and after the reissue. */
export const changeOrderPassengers = pgTable(
  'change_order_passengers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    changeOrderId: uuid('change_order_id')
      .notNull()
      .references(() => changeOrders.id, { onDelete: 'cascade' }),
    passengerId: uuid('passenger_id')
      .notNull()
      .references(() => orderPassengers.id, { onDelete: 'cascade' }),
    passengerSeq: smallint('passenger_seq').notNull(),
    passengerName: text('passenger_name').notNull(),
    oldTicketNo: char('old_ticket_no', { length: 13 }),
    newTicketNo: char('new_ticket_no', { length: 13 }),
    ...timestamps,
  },
  (t) => [uniqueIndex('change_order_passengers_key').on(t.changeOrderId, t.passengerId)],
);

/** Append-only history of a change order: every step, who made it and why. */
export const changeOrderEvents = pgTable(
  'change_order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    changeOrderId: uuid('change_order_id')
      .notNull()
      .references(() => changeOrders.id, { onDelete: 'cascade' }),
    /** quoted | confirmed | paid | succeeded | expired | canceled | payment_refunded | ... */
    type: text('type').notNull(),
    /** user:<id> | guest | staff:<id> | system | gateway:<name> */
    actor: text('actor').notNull(),
    reason: text('reason'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('change_order_events_order_idx').on(t.changeOrderId)],
);

/**
 * What the travellers of an order chose about a flight the airline retimed or canceled (issue 16):
 * accepted (the retimed flight kept), moved (a free change order), refunded (a flight-reason
 * refund). No row: nothing chosen yet, and a traveller who does nothing keeps the retimed flight.
 * One row per order and flight; the first choice made stands.
 */
export const disruptionChoices = pgTable(
  'disruption_choices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    flightId: text('flight_id').notNull(),
    /** accepted | moved | refunded */
    choice: text('choice').notNull(),
    changeOrderId: uuid('change_order_id').references(() => changeOrders.id, { onDelete: 'set null' }),
    refundNo: text('refund_no'),
    actor: text('actor').notNull(),
    chosenAt: timestamp('chosen_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('disruption_choices_key').on(t.orderId, t.flightId),
    index('disruption_choices_flight_idx').on(t.flightId),
    check('disruption_choices_choice', sql`${t.choice} in ('accepted', 'moved', 'refunded')`),
  ],
);
