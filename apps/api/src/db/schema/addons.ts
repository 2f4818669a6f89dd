import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { routes } from './network';

/**
 * The add-on catalogue (issue 14, modules/addons): the prices the airline files per route and
 * cabin, in one currency, for departures (local dates at the origin) from `valid_from` to
 * `valid_to` (null: until further notice), like fares. A row is one of
 * - `baggage`: an extra-baggage step of `weight_kg` on top of the free allowance, at `amount`;
 * - `priority`: priority boarding, at `amount`;
 * - `seat`: a seat of `seat_type` (PFST, UPST, SEAT), at `amount` (a standard SEAT may be 0: free);
 * - `refund_upgrade`: the Enhanced Refundable Ticket, at `percent` of the passenger's fare.
 * Every row names its route: there is no network-wide default (docs/decisions.md, issue 14).
 * A disabled row no longer applies; it stays for the record.
 */
export const addonPrices = pgTable(
  'addon_prices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    routeCode: text('route_code')
      .notNull()
      .references(() => routes.code),
    cabin: text('cabin').notNull(),
    kind: text('kind').notNull(),
    weightKg: smallint('weight_kg'),
    seatType: text('seat_type'),
    currency: text('currency').notNull(),
    /** Minor units of `currency` (baggage, priority, seat); null for the refund upgrade. */
    amount: integer('amount'),
    /** Whole percent of the fare (refund upgrade only). */
    percent: smallint('percent'),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
    /** When staff disabled the row (it no longer applies), and why. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
    ...timestamps,
  },
  (t) => [
    // One live row per route, cabin, add-on (with its weight or seat type), currency and first date.
    uniqueIndex('addon_prices_live_key')
      .on(
        t.routeCode,
        t.cabin,
        t.kind,
        sql`coalesce(${t.weightKg}, 0)`,
        sql`coalesce(${t.seatType}, '')`,
        t.currency,
        t.validFrom,
      )
      .where(sql`${t.disabledAt} is null`),
    index('addon_prices_route_idx').on(t.routeCode, t.cabin, t.kind),
    check('addon_prices_cabin', sql`${t.cabin} in ('C', 'Y')`),
    check('addon_prices_kind', sql`${t.kind} in ('baggage', 'priority', 'seat', 'refund_upgrade')`),
    check('addon_prices_currency', sql`${t.currency} in ('USD', 'CNY')`),
    check(
      'addon_prices_option',
      sql`(${t.kind} = 'baggage') = (${t.weightKg} is not null) and (${t.kind} = 'seat') = (${t.seatType} is not null)`,
    ),
    check('addon_prices_weight', sql`${t.weightKg} is null or ${t.weightKg} > 0`),
    check('addon_prices_seat_type', sql`${t.seatType} is null or ${t.seatType} in ('PFST', 'UPST', 'SEAT')`),
    check(
      'addon_prices_price',
      sql`case when ${t.kind} = 'refund_upgrade' then ${t.amount} is null and ${t.percent} between 1 and 100 else ${t.percent} is null and ${t.amount} >= 0 end`,
    ),
    check('addon_prices_validity', sql`${t.validTo} is null or ${t.validTo} >= ${t.validFrom}`),
    check('addon_prices_disabled', sql`(${t.disabledAt} is null) = (${t.disabledReason} is null)`),
  ],
);
