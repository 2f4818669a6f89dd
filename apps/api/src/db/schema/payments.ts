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
import { timestamps } from './columns';

/**
 * What payments can pay (issue 11): a charge with its own amount, currency, lines and owner.
 * kind names the owner module (`order` today; an add-on order, a change of date and an award's
 * cash part next); reference is the owner's public number (an order's order_no), unique per
 * kind. The amount is stored when the owner creates it and never re-derived from the owner's
 * lines, which may grow later. Everything a payment needs (the payer for the gateway, the
 * contact for refund notices) is here, so payments never reads its owners' tables.
 * status: open (payable until due_at) | paid | closed (withdrawn by its owner: an expired order).
 */
export const payables = pgTable(
  'payables',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    reference: text('reference').notNull(),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    amount: integer('amount').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('open'),
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    /** With its country code: the gateway's payer phone. */
    contactPhone: text('contact_phone').notNull(),
    /** 0 zh, 1 en, 2 km: the gateway page's and the notices' language. */
    language: smallint('language').notNull(),
    /** The passengers' surnames, to tell the contact's surname from the given names (payer-name.ts). */
    payerSurnames: text('payer_surnames').array().notNull().default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payables_kind_reference_key').on(t.kind, t.reference),
    check('payables_status', sql`${t.status} in ('open', 'paid', 'closed')`),
    check('payables_amount', sql`${t.amount} >= 0`),
  ],
);

/** The lines of a payable as its owner priced them; passenger and segment are the owner's ids, opaque here. */
export const payableLines = pgTable(
  'payable_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    payableId: uuid('payable_id')
      .notNull()
      .references(() => payables.id, { onDelete: 'cascade' }),
    /** fare | tax | discount | ... (the owner's kinds) */
    kind: text('kind').notNull(),
    code: text('code').notNull(),
    passengerRef: text('passenger_ref'),
    segmentRef: text('segment_ref'),
    amount: integer('amount').notNull(),
    ...timestamps,
  },
  (t) => [index('payable_lines_payable_idx').on(t.payableId)],
);

/**
 * Payments of payables (issue 5, issue 11). One payable may see several attempts; at most one
 * is kept (a second success is refunded). refunded_total is the sum of the payment's refunds
 * that did not fail, kept by the trigger payment_refunds_total (migration 0012) and checked
 * against the amount, so the database refuses refunds beyond what was paid.
 * status: pending | succeeded | failed | canceled | refund_required | refunded.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    payableId: uuid('payable_id')
      .notNull()
      .references(() => payables.id, { onDelete: 'cascade' }),
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
    /** The sum of this payment's refunds that did not fail (trigger-kept; never above amount). */
    refundedTotal: integer('refunded_total').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('payments_payable_idx').on(t.payableId),
    check(
      'payments_refunded_within_amount',
      sql`${t.refundedTotal} >= 0 and ${t.refundedTotal} <= ${t.amount}`,
    ),
    /** The reconcile sweep: payments still pending, oldest first (few at any time). */
    index('payments_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    /** The staff dashboard: revenue by day, from payments paid. */
    index('payments_paid_at_idx').on(t.paidAt).where(sql`${t.status} = 'succeeded'`),
    /** The staff dashboard: payment attempts started in the last 7 and 30 days. */
    index('payments_created_idx').on(t.createdAt),
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

/**
 * Money sent back to a traveller: a late payment whose seats were gone, a second payment of a
 * payable already paid (issue 5), and later partial refunds per passenger or line (issue 11). A
 * payment may have several; the refund id is the idempotency key the gateway sees, so a retried
 * refund is never paid twice. Their sum (failed ones aside) never exceeds the payment's amount:
 * the trigger payment_refunds_total adds each to payments.refunded_total, whose CHECK refuses it.
 * Payments' own whole-payment refunds (seats_gone, duplicate_payment) are at most one per payment.
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
    /** seats_gone | duplicate_payment | staff | ticket_refund | refund_order */
    reason: text('reason').notNull(),
    status: text('status').notNull().default('pending'),
    gatewayRefundReference: text('gateway_refund_reference'),
    /** The passenger refunded (the owner's id, opaque here), for a refund of one passenger's part. */
    passengerRef: text('passenger_ref'),
    /** The payable line refunded (payable_lines.id or the owner's line id), for a refund of one line. */
    lineRef: text('line_ref'),
    /** When the traveller's notice of this refund was sent; null while it is owed. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('payment_refunds_payment_idx').on(t.paymentId),
    uniqueIndex('payment_refunds_whole_payment_key')
      .on(t.paymentId)
      .where(sql`${t.reason} in ('seats_gone', 'duplicate_payment')`),
    /** A refund order's money (modules/refunds) comes back from a payment once: line_ref is the refund order's id. */
    uniqueIndex('payment_refunds_refund_order_key')
      .on(t.paymentId, t.lineRef)
      .where(sql`${t.reason} = 'refund_order'`),
    check('payment_refunds_amount_positive', sql`${t.amount} > 0`),
    check('payment_refunds_status', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    /** The staff dashboard: refunds not paid back yet (few at any time) and the oldest of them. */
    index('payment_refunds_waiting_idx')
      .on(t.status, t.createdAt)
      .where(sql`${t.status} in ('pending', 'failed')`),
  ],
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
  /**
   * Where the browser goes back after paying or cancelling, as the merchant asked (an add-on
   * order returns to its ticketed order's page, issue 14); null on older rows: the order's own.
   */
  returnUrl: text('return_url'),
  cancelUrl: text('cancel_url'),
  ...timestamps,
});
