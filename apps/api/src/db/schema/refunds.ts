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

/** Serial part of refund order numbers (`R` + date + serial). */
export const refundOrderSerial = pgSequence('refund_order_serial_seq', { startWith: 1, minValue: 1 });

/** A refund order's states (packages/contracts REFUND_ORDER_STATUSES). */
export const REFUND_ORDER_STATUSES = [
  'draft',
  'auditing',
  'rejected',
  'refunding',
  'refunded',
  'expired',
] as const;
const STATUSES = sql.raw(REFUND_ORDER_STATUSES.map((s) => `'${s}'`).join(', '));

/**
 * Online refunds (issue 15, modules/refunds): one refund order per request, of some passengers
 * of one order. Made as a draft with its quote (createRefund), submitted to audit
 * (confirmRefund), approved (by staff, or by itself for a flight the airline changed) or
 * rejected; approved, its tickets are refunded and its money goes back through payments
 * (refund_order_money). The amounts are stored once, when the draft is priced, and never
 * re-derived: what the traveller confirmed is what is applied.
 */
export const refundOrders = pgTable(
  'refund_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    refundNo: text('refund_no').notNull().unique(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderNo: text('order_no').notNull(),
    /** The order's logged-in owner when the refund was made (null: a guest order). */
    ownerUserId: uuid('owner_user_id'),
    /** The member who asked for it (the owner, or a member who linked the order); null for a guest. */
    requesterUserId: uuid('requester_user_id'),
    /** draft | auditing | rejected | refunding | refunded | expired */
    status: text('status').notNull().default('draft'),
    /** RefundStatus once approved: 10 ticket, 11 money, 12 success. */
    refundStatus: smallint('refund_status'),
    /** RefundMoneyStatus once approved: 10 accepted, 11 processing, 12 success. */
    moneyStatus: smallint('money_status'),
    reasonCode: text('reason_code').notNull(),
    /** personal | flight */
    reasonKind: text('reason_kind').notNull(),
    remark: text('remark'),
    currency: char('currency', { length: 3 }).notNull(),
    shouldRefund: integer('should_refund').notNull(),
    handlingFee: integer('handling_fee').notNull(),
    actual: integer('actual').notNull(),
    upgradeApplied: boolean('upgrade_applied').notNull().default(false),
    /** A flight-reason refund of a flight the airline canceled or retimed: approved without staff. */
    autoApproved: boolean('auto_approved').notNull().default(false),
    /** The client's key of createRefund: the same key on the same order answers this draft again. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** A digest of the request the key was first used with: another request under it is refused. */
    requestHash: text('request_hash').notNull(),
    /** 0 zh, 1 en, 2 km: the order's language, of every mail of this refund. */
    language: smallint('language').notNull(),
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    /** A draft may be confirmed until then. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    auditedAt: timestamp('audited_at', { withTimezone: true }),
    /** `staff:<id>` or `system` (auto-approved). */
    auditedBy: text('audited_by'),
    rejectReason: text('reject_reason'),
    /** When the money was handed to payments (the refunds' rows made); the gateway's days count from it. */
    moneySentAt: timestamp('money_sent_at', { withTimezone: true }),
    /** The gateway the money goes back through (its promised days). */
    moneyGateway: text('money_gateway'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the add-ons bought after ticketing of its passengers were refunded (secondary-services). */
    addonsRefundedAt: timestamp('addons_refunded_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('refund_orders_idempotency_key').on(t.orderId, t.idempotencyKey),
    index('refund_orders_order_idx').on(t.orderId),
    index('refund_orders_owner_idx').on(t.ownerUserId),
    index('refund_orders_requester_idx').on(t.requesterUserId),
    /** The console's queue and the sweeps: refunds not finished, oldest first. */
    index('refund_orders_open_idx')
      .on(t.status, t.submittedAt)
      .where(sql`${t.status} in ('auditing', 'refunding')`),
    check('refund_orders_status', sql`${t.status} in (${STATUSES})`),
    check('refund_orders_reason_kind', sql`${t.reasonKind} in ('personal', 'flight')`),
    check(
      'refund_orders_amounts',
      sql`${t.handlingFee} >= 0 and ${t.actual} >= 0 and ${t.actual} = ${t.shouldRefund} - ${t.handlingFee}`,
    ),
  ],
);

/**
 * The lines of a refund order: per passenger and segment (kind `segment`: fare, taxes, fee,
 * no-show fee, refund) and the booking's add-on lines refunded with them (kind `addon`).
 */
export const refundOrderLines = pgTable(
  'refund_order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    refundOrderId: uuid('refund_order_id')
      .notNull()
      .references(() => refundOrders.id, { onDelete: 'cascade' }),
    /** segment | addon */
    kind: text('kind').notNull(),
    passengerId: uuid('passenger_id')
      .notNull()
      .references(() => orderPassengers.id, { onDelete: 'cascade' }),
    passengerSeq: smallint('passenger_seq').notNull(),
    passengerName: text('passenger_name').notNull(),
    ticketNo: char('ticket_no', { length: 13 }),
    segmentId: uuid('segment_id').references(() => orderSegments.id, { onDelete: 'cascade' }),
    segmentSeq: smallint('segment_seq'),
    flightNo: text('flight_no'),
    depCode: char('dep_code', { length: 3 }),
    arrCode: char('arr_code', { length: 3 }),
    depUtc: timestamp('dep_utc', { withTimezone: true }),
    /** An add-on line's code (11, 12, 13, 10, ERT). */
    code: text('code'),
    fare: integer('fare').notNull().default(0),
    taxes: integer('taxes').notNull().default(0),
    fee: integer('fee').notNull().default(0),
    noShowFee: integer('no_show_fee').notNull().default(0),
    /** An add-on line: what was paid for it. */
    paid: integer('paid').notNull().default(0),
    refund: integer('refund').notNull(),
    noShow: boolean('no_show').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('refund_order_lines_order_idx').on(t.refundOrderId),
    check('refund_order_lines_kind', sql`${t.kind} in ('segment', 'addon')`),
    check('refund_order_lines_refund', sql`${t.refund} >= 0`),
  ],
);

/**
 * The money of an approved refund order, one row per payment of the order it comes back from
 * (payments' payment_refunds row made in the same transaction as the approval). The refund is
 * complete when every row succeeded (payments tells the module in its settle transaction).
 * status: pending | succeeded | failed.
 */
export const refundOrderMoney = pgTable(
  'refund_order_money',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    refundOrderId: uuid('refund_order_id')
      .notNull()
      .references(() => refundOrders.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id').notNull(),
    paymentRefundId: uuid('payment_refund_id').notNull().unique(),
    gateway: text('gateway').notNull(),
    amount: integer('amount').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    status: text('status').notNull().default('pending'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('refund_order_money_payment_key').on(t.refundOrderId, t.paymentId),
    check('refund_order_money_status', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
);

/**
 * Append-only timeline of a refund order: every step, who made it and why. The steps the
 * traveller is mailed about carry `notified_at` once their mail went (null: owed, the sweep sends it).
 */
export const refundOrderEvents = pgTable(
  'refund_order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    refundOrderId: uuid('refund_order_id')
      .notNull()
      .references(() => refundOrders.id, { onDelete: 'cascade' }),
    /** created | applied | audited | rejected | ticket_refunded | money_processing | money_failed | money_refunded | expired */
    type: text('type').notNull(),
    /** user:<id> | guest | staff:<id> | system | gateway:<name> */
    actor: text('actor').notNull(),
    reason: text('reason'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    /** A step mailed to the traveller: when the mail went; null while owed. Steps not mailed keep null and `mail` false. */
    mail: boolean('mail').notNull().default(false),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refund_order_events_order_idx').on(t.refundOrderId, t.id),
    index('refund_order_events_unmailed_idx').on(t.id).where(sql`${t.mail} and ${t.notifiedAt} is null`),
  ],
);
