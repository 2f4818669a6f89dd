import { sql } from 'drizzle-orm';
import {
  bigserial,
  char,
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
 * Payments of orders (issue 5). One order may see several attempts; at most one succeeds.
 * status: pending | succeeded | failed | canceled | refund_required | refunded.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** sandbox | aba | wechat */
    gateway: text('gateway').notNull(),
    /** card | abapay | khqr | wechat */
    method: text('method').notNull(),
    amount: integer('amount').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    status: text('status').notNull().default('pending'),
    /** The gateway's own id of this payment, once it has one. */
    gatewayReference: text('gateway_reference'),
    checkoutUrl: text('checkout_url'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    uniqueIndex('payments_gateway_reference_key')
      .on(t.gateway, t.gatewayReference)
      .where(sql`${t.gatewayReference} is not null`),
  ],
);

/** Every notification a gateway sent, stored by its event id: a replay hits the unique index and is ignored. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    gatewayEventId: text('gateway_event_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_gateway_event_key').on(t.gateway, t.gatewayEventId)],
);

/** Serial part of e-ticket numbers: the airline's 3-digit code + a 10-digit serial (DESIGN.md §6). */
export const ticketSerial = pgSequence('ticket_serial_seq', {
  startWith: 1000000001,
  minValue: 1,
  maxValue: 9999999999,
});

/**
 * E-tickets: one per passenger of a paid order (issue 5). Status codes are the spec's:
 * issued 0, refunded 1, re_issued 2, canceled 3, refunding 4, issue error 5, change_in 6.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketNo: char('ticket_no', { length: 13 }).notNull().unique(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    passengerId: uuid('passenger_id')
      .notNull()
      .references(() => orderPassengers.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('tickets_passenger_key').on(t.passengerId), index('tickets_order_idx').on(t.orderId)],
);

/** One coupon per flown segment of a ticket; usage 10 unused, 11 used (spec check-in status). */
export const ticketCoupons = pgTable(
  'ticket_coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    segmentId: uuid('segment_id')
      .notNull()
      .references(() => orderSegments.id, { onDelete: 'cascade' }),
    couponNo: smallint('coupon_no').notNull(),
    usage: smallint('usage').notNull().default(10),
    ...timestamps,
  },
  (t) => [uniqueIndex('ticket_coupons_segment_key').on(t.ticketId, t.segmentId)],
);
