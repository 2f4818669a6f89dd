import { sql } from 'drizzle-orm';
import {
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orderPassengers, orders } from './booking';
import { timestamps } from './columns';

/** A cover of a plan and its limit (minor units of the plan's currency). */
export interface InsuranceCoverRow {
  item: string;
  limit: number;
}

/** A band of a plan's price: per insured for trips of up to `upToDays` days (minor units). */
export interface InsuranceBandRow {
  upToDays: number;
  amount: number;
}

/**
 * Travel insurance plans (issue 14), owned by modules/insurance: one row per plan code and
 * currency (a journey is priced in its route's currency, USD or CNY). Grades order them
 * (Basic 1, Plus 2, Premium 3); coverage and price bands are small lists kept as JSON, checked
 * by the contracts and @wings/rules before they are written. A disabled plan is not offered
 * but stays for the policies that name it.
 */
export const insurancePlans = pgTable(
  'insurance_plans',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    grade: smallint('grade').notNull(),
    name: jsonb('name').$type<{ zh: string; en: string; km: string }>().notNull(),
    coverage: jsonb('coverage').$type<InsuranceCoverRow[]>().notNull(),
    priceBands: jsonb('price_bands').$type<InsuranceBandRow[]>().notNull(),
    /** When staff stopped selling it; null while sold. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('insurance_plans_code_currency_unique').on(t.code, t.currency),
    check('insurance_plans_currency_check', sql`${t.currency} in ('USD', 'CNY')`),
  ],
);

/** A policy's states: waiting to be bought (after payment), issued by the insurer, or failed for good. */
export const INSURANCE_POLICY_STATUSES = ['pending', 'issued', 'failed'] as const;

/**
 * The policies of orders (issue 14): one per order, passenger and plan, written `pending` when
 * the order is paid and bought from the insurer by a job (next round) under `reference`, our
 * idempotency key for the insurer, so a retried purchase never buys twice. The insured person
 * and beneficiary are kept as the traveller gave them (the spec's regionParams).
 */
export const insurancePolicies = pgTable(
  'insurance_policies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    passengerId: uuid('passenger_id')
      .notNull()
      .references(() => orderPassengers.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => insurancePlans.id),
    /** pending | issued | failed */
    status: text('status').notNull().default('pending'),
    /** Our idempotency reference with the insurer (unique): `ins_<policy id>` by default. */
    reference: text('reference').notNull(),
    /** The insurer that sells it (`sandbox`, or a real provider's name). */
    provider: text('provider').notNull(),
    /** The insurer's policy number, once issued. */
    policyNo: text('policy_no'),
    premiumAmount: integer('premium_amount').notNull(),
    premiumCurrency: char('premium_currency', { length: 3 }).notNull(),
    coverFrom: date('cover_from', { mode: 'string' }).notNull(),
    coverTo: date('cover_to', { mode: 'string' }).notNull(),
    /** The insured's entry (regionParams) and beneficiary, as given. */
    insured: jsonb('insured').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('insurance_policies_order_passenger_plan_unique').on(t.orderId, t.passengerId, t.planId),
    uniqueIndex('insurance_policies_reference_unique').on(t.reference),
    index('insurance_policies_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check('insurance_policies_status_check', sql`${t.status} in ('pending', 'issued', 'failed')`),
  ],
);

/**
 * The sandbox insurer's own book (outside production): what a real insurer keeps on its side,
 * so the sandbox answers buy (idempotent by our reference), status and its policy page from its
 * own records, like the sandbox payment gateway's ledger.
 */
export const sandboxInsurancePolicies = pgTable('sandbox_insurance_policies', {
  reference: text('reference').primaryKey(),
  policyNo: text('policy_no').notNull().unique(),
  planCode: text('plan_code').notNull(),
  premiumAmount: integer('premium_amount').notNull(),
  premiumCurrency: char('premium_currency', { length: 3 }).notNull(),
  coverFrom: date('cover_from', { mode: 'string' }).notNull(),
  coverTo: date('cover_to', { mode: 'string' }).notNull(),
  insuredName: text('insured_name').notNull(),
  /** issued | cancelled */
  status: text('status').notNull(),
  ...timestamps,
});
