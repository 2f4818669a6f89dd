import { sql } from 'drizzle-orm';
import {
  bigint,
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
    /**
     * What the checkout was started for: the method, and for WeChat JSAPI the payer's openid.
     * getPayUrl hands a pending payment with the same key out again instead of a new one (issue 9).
     */
    checkoutKey: text('checkout_key'),
    /** The rest of the checkout the client was given: the form to post and the in-app parameters. */
    checkout: jsonb('checkout').$type<{
      form: Record<string, string> | null;
      clientParams: Record<string, string> | null;
    }>(),
    /** When the gateway's checkout stops working, when that is before the order's deadline (WeChat H5). */
    checkoutExpiresAt: timestamp('checkout_expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When the reconcile sweep last asked the gateway about this pending payment. */
    reconciledAt: timestamp('reconciled_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    /** The reconcile sweep: payments still pending, oldest first (few at any time). */
    index('payments_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
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

/**
 * Money sent back to a traveller: a late payment whose seats were gone, or a second payment of
 * an order already paid (issue 5). One row per refund asked of the gateway; the refund id is the
 * idempotency key the gateway sees, so a retried refund is never paid twice.
 * status: pending | succeeded | failed.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    /** seats_gone | duplicate_payment | staff */
    reason: text('reason').notNull(),
    status: text('status').notNull().default('pending'),
    gatewayRefundReference: text('gateway_refund_reference'),
    ...timestamps,
  },
  (t) => [uniqueIndex('payment_refunds_payment_key').on(t.paymentId)],
);

/**
 * Exchange rates for charging in another currency (spec §9: USD is converted to CNY for WeChat
 * Pay). The rate in force is the latest with effective_at at or before now. rate_micros is the
 * quote-currency units per base-currency unit times 1,000,000 (7.2345 CNY per USD = 7234500).
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    base: char('base', { length: 3 }).notNull(),
    quote: char('quote', { length: 3 }).notNull(),
    rateMicros: bigint('rate_micros', { mode: 'number' }).notNull(),
    /** Who set it: seed | staff | feed. */
    source: text('source').notNull(),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('exchange_rates_pair_effective_key').on(t.base, t.quote, t.effectiveAt)],
);

/**
 * The sandbox gateway's own ledger (outside production): what a real gateway would know of a
 * transaction, so the sandbox answers query (check-transaction) and refund like one.
 * status: pending | succeeded | failed | refunded.
 */
export const sandboxTransactions = pgTable('sandbox_transactions', {
  reference: text('reference').primaryKey(),
  orderNo: text('order_no').notNull(),
  amount: integer('amount').notNull(),
  currency: char('currency', { length: 3 }).notNull(),
  status: text('status').notNull().default('pending'),
  refundedAmount: integer('refunded_amount').notNull().default(0),
  ...timestamps,
});
