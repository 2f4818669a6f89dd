import { sql } from 'drizzle-orm';
import {
  bigserial,
  char,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { members } from './loyalty';

/**
 * The mileage programme (issue 18, modules/mileage): each member's ledger of miles and the running
 * total it keeps, freezes, retroactive claims, the notices of miles about to expire, and the award
 * chart. A member is the loyalty module's; this module only refers to the id.
 */

/**
 * A member's miles account: the running total of the ledger, checked never below 0 by the database
 * (every ledger row changes it in the same transaction, a debit with a conditional update, so two
 * redemptions at once can never both spend the same miles), and since when the tier is held.
 */
export const mileageAccounts = pgTable(
  'mileage_accounts',
  {
    memberId: uuid('member_id')
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    balance: integer('balance').notNull().default(0),
    /** When the member's current tier was reached (kept 12 months from then); null at silver. */
    levelReachedAt: timestamp('level_reached_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('mileage_accounts_balance_never_negative', sql`${t.balance} >= 0`)],
);

/**
 * The ledger, append-only: every credit, debit, expiry and reversal is a row, and its miles never
 * change. Only a row's trading status may move once, from processing (2) to success (0) or failure
 * (1); a failure is given back by a reversal row, so the balance is always the sum of `miles`.
 * `source_key` makes each fact count once: `coupon:<id>` (a flown coupon, by the sweep or a claim),
 * `adjust:<uuid>`, `expiry:<member>:<instant>`, `redeem:<id>`, `reverse:<id>`.
 */
export const mileageLedger = pgTable(
  'mileage_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** accumulate 0, consume 1, expire 2 (after-sales §3). */
    tradingType: smallint('trading_type').notNull(),
    /** success 0, failure 1, processing 2, refused 3. */
    status: smallint('status').notNull().default(0),
    /** flight | claim | adjustment | redemption | reversal | expiry (contracts MILEAGE_ENTRY_KINDS). */
    kind: text('kind').notNull(),
    /** Signed: a credit is positive, a debit negative. */
    miles: integer('miles').notNull(),
    bonusMiles: integer('bonus_miles').notNull().default(0),
    eliteMiles: integer('elite_miles').notNull().default(0),
    eliteSegments: integer('elite_segments').notNull().default(0),
    sourceKey: text('source_key').notNull().unique(),
    /** The flown coupon (tickets module) a flight or claim credits; no foreign key across modules. */
    couponId: uuid('coupon_id'),
    ticketNo: text('ticket_no'),
    flightNo: text('flight_no'),
    depCode: char('dep_code', { length: 3 }),
    arrCode: char('arr_code', { length: 3 }),
    /** The flight's local departure date at its origin. */
    flightDate: date('flight_date', { mode: 'string' }),
    bookingClass: char('booking_class', { length: 1 }),
    /** When it happened: a flight's departure, a claim's approval, an adjustment's filing. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** When a credit's miles expire (36 months, at a month's end); null for debits and reversals. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** `system`, `member`, or `staff:<id>`. */
    actor: text('actor').notNull().default('system'),
    /** A staff adjustment's reason (the member reads it). */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mileage_ledger_member_idx').on(t.memberId, t.occurredAt),
    index('mileage_ledger_expiry_idx').on(t.expiresAt).where(sql`${t.expiresAt} is not null`),
    check('mileage_ledger_trading_type', sql`${t.tradingType} between 0 and 2`),
    check('mileage_ledger_status', sql`${t.status} between 0 and 3`),
    check(
      'mileage_ledger_kind',
      sql`${t.kind} in ('flight', 'claim', 'adjustment', 'redemption', 'reversal', 'expiry')`,
    ),
  ],
);

/** Freezes of a member's miles by staff: at most one open (not unfrozen) at a time. */
export const mileageFreezes = pgTable(
  'mileage_freezes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    frozenAt: timestamp('frozen_at', { withTimezone: true }).notNull(),
    frozenBy: uuid('frozen_by').notNull(),
    unfrozenAt: timestamp('unfrozen_at', { withTimezone: true }),
    unfrozenBy: uuid('unfrozen_by'),
    unfreezeReason: text('unfreeze_reason'),
  },
  (t) => [uniqueIndex('mileage_freezes_open_key').on(t.memberId).where(sql`${t.unfrozenAt} is null`)],
);

/**
 * Retroactive claims (after-sales §4): under audit, then approved (the coupon credited) or not.
 * One live claim per coupon: a second while one waits or after one was approved is refused.
 */
export const mileageClaims = pgTable(
  'mileage_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    ticketNo: text('ticket_no').notNull(),
    flightNo: text('flight_no').notNull(),
    flightDate: date('flight_date', { mode: 'string' }).notNull(),
    /** The flown coupon found when the claim was filed. */
    couponId: uuid('coupon_id').notNull(),
    depCode: char('dep_code', { length: 3 }),
    arrCode: char('arr_code', { length: 3 }),
    /** auditing | approved | rejected */
    status: text('status').notNull().default('auditing'),
    rejectReason: text('reject_reason'),
    /** Credited on approval. */
    miles: integer('miles'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by'),
  },
  (t) => [
    index('mileage_claims_member_idx').on(t.memberId, t.submittedAt),
    index('mileage_claims_status_idx').on(t.status, t.submittedAt),
    uniqueIndex('mileage_claims_live_coupon_key').on(t.couponId).where(sql`${t.status} <> 'rejected'`),
    check('mileage_claims_status', sql`${t.status} in ('auditing', 'approved', 'rejected')`),
  ],
);

/** Which expiry each member was told of (one e-mail per member and expiry date). */
export const mileageExpiryNotices = pgTable(
  'mileage_expiry_notices',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    miles: integer('miles').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.expiresAt] })],
);

/** How far the accrual sweep has read the flown coupons (with an overlap; the ledger's keys dedupe). */
export const mileageCursors = pgTable('mileage_cursors', {
  name: text('name').primaryKey(),
  position: timestamp('position', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Miles an award costs, one way per person, by distance zone (packages/rules AWARD_ZONES) and cabin. */
export const awardChart = pgTable(
  'award_chart',
  {
    zone: smallint('zone').notNull(),
    cabin: char('cabin', { length: 1 }).notNull(),
    miles: integer('miles').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.zone, t.cabin] }),
    check('award_chart_cabin', sql`${t.cabin} in ('C', 'Y')`),
    check('award_chart_miles', sql`${t.miles} > 0`),
  ],
);
