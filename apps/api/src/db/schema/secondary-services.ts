import { sql } from 'drizzle-orm';
import {
  bigserial,
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

/**
 * Serial part of EMD numbers: the airline's 3-digit code + a 10-digit serial, like ticket
 * numbers, from a range of its own (5000000001 up; tickets stop at 4999999999), so an EMD never
 * carries an e-ticket's number (docs/decisions.md, "EMD numbers").
 */
export const emdSerial = pgSequence('emd_serial_seq', {
  startWith: 5000000001,
  minValue: 5000000001,
  maxValue: 9999999999,
});

/** Serial part of add-on order numbers (`S` + date + serial). */
export const addonOrderSerial = pgSequence('addon_order_serial_seq', { startWith: 1, minValue: 1 });

/** An add-on order's states: unpaid until paid or closed (canceled by the traveller, expired), refunded with its ticket. */
export const ADDON_ORDER_STATUSES = ['unpaid', 'paid', 'refunded', 'canceled', 'expired'] as const;

/**
 * Add-ons bought after ticketing (issue 14), owned by modules/secondary-services: one order per
 * purchase, for one passenger of an issued order and one service (10 insurance, 11 priority
 * boarding, 12 seat, 13 extra baggage), paid through its own payable (kind `addon`). Its amount
 * is priced by the server when it is made and stored once (0: a free seat, confirmed at once).
 */
export const addonOrders = pgTable(
  'addon_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    secOrderNo: text('sec_order_no').notNull().unique(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    passengerId: uuid('passenger_id')
      .notNull()
      .references(() => orderPassengers.id, { onDelete: 'cascade' }),
    serviceCode: smallint('service_code').notNull(),
    status: text('status').notNull().default('unpaid'),
    amount: integer('amount').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    payDeadline: timestamp('pay_deadline', { withTimezone: true }).notNull(),
    /** The client's key of the purchase: the same key on the same order answers this add-on order again. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** A digest of the request the key was first used with: another request under it is refused. */
    requestHash: text('request_hash').notNull(),
    /** Insurance: the plan and the insured's details, kept until the policy is written after payment. */
    insurance: jsonb('insurance').$type<Record<string, unknown>>(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Canceled, expired or refunded: when. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** abandoned (the traveller gave the payment up: the 15-minute block), expired, late_payment, ... */
    closeReason: text('close_reason'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('addon_orders_idempotency_key').on(t.orderId, t.idempotencyKey),
    index('addon_orders_order_idx').on(t.orderId),
    index('addon_orders_passenger_idx').on(t.passengerId, t.serviceCode),
    /** One unpaid add-on order per passenger and service: a second purchase waits for the first (662). */
    uniqueIndex('addon_orders_one_unpaid_key')
      .on(t.passengerId, t.serviceCode)
      .where(sql`${t.status} = 'unpaid'`),
    /** The expiry sweep: unpaid orders by deadline. */
    index('addon_orders_unpaid_idx').on(t.payDeadline).where(sql`${t.status} = 'unpaid'`),
    check('addon_orders_status', sql`${t.status} in ('unpaid', 'paid', 'refunded', 'canceled', 'expired')`),
    check('addon_orders_service_code', sql`${t.serviceCode} in (10, 11, 12, 13)`),
    check('addon_orders_amount', sql`${t.amount} >= 0`),
  ],
);

/**
 * The lines of an add-on order: one per leg for a seat, a baggage step or priority boarding;
 * one for the insurance over the rest of the trip (no leg). Each gets its EMD number when paid,
 * once (unique).
 */
export const addonOrderLines = pgTable(
  'addon_order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    addonOrderId: uuid('addon_order_id')
      .notNull()
      .references(() => addonOrders.id, { onDelete: 'cascade' }),
    /** The leg; null for insurance. */
    segmentId: uuid('segment_id').references(() => orderSegments.id, { onDelete: 'cascade' }),
    seat: text('seat'),
    weightKg: smallint('weight_kg'),
    insuranceType: text('insurance_type'),
    coverFrom: text('cover_from'),
    coverTo: text('cover_to'),
    amount: integer('amount').notNull(),
    emdNo: char('emd_no', { length: 13 }).unique(),
    ...timestamps,
  },
  (t) => [
    index('addon_order_lines_order_idx').on(t.addonOrderId),
    check('addon_order_lines_amount', sql`${t.amount} >= 0`),
  ],
);

/**
 * An add-on order's history, append-only: made, paid, canceled (abandoned), expired, refunded,
 * and what payments did with its money (a late payment refunded, a duplicate refunded, ...).
 */
export const addonOrderEvents = pgTable(
  'addon_order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    addonOrderId: uuid('addon_order_id')
      .notNull()
      .references(() => addonOrders.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** user:<id>, guest, system, gateway:<name>, staff:<id>. */
    actor: text('actor').notNull(),
    reason: text('reason'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addon_order_events_order_idx').on(t.addonOrderId, t.id)],
);
