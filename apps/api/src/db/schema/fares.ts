import type { FareConditions } from '@wings/contracts';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { routes } from './network';

/**
 * Fare families (DESIGN.md §6): WingsFlex in business, Premium, Grand, Basic, Value in
 * economy. `conditions` files the spec's fee table per journey currency
 * (after-sales-and-loyalty.md §9); it is written from `originFeeTable()` of @wings/rules. What
 * a route shows adds the China-route refund rule (`fareConditions()`, docs/decisions.md).
 */
export const fareFamilies = pgTable(
  'fare_families',
  {
    code: text('code').primaryKey(),
    cabin: text('cabin').notNull(),
    /** Display order, most flexible first. */
    displayOrder: integer('display_order').notNull(),
    conditions: jsonb('conditions').$type<{ USD: FareConditions; CNY: FareConditions }>().notNull(),
    ...timestamps,
  },
  (t) => [check('fare_families_cabin', sql`${t.cabin} in ('C', 'Y')`)],
);

/**
 * Booking classes nested within their cabin: nest order 1 is the highest (dearest) class;
 * a class's authorised limit on a flight is `limitPercent` of the cabin capacity.
 */
export const bookingClasses = pgTable(
  'booking_classes',
  {
    letter: text('letter').primaryKey(),
    familyCode: text('family_code')
      .notNull()
      .references(() => fareFamilies.code),
    cabin: text('cabin').notNull(),
    nestOrder: integer('nest_order').notNull(),
    /** Default authorised limit on a new flight, percent of the cabin's capacity. */
    limitPercent: integer('limit_percent').notNull(),
    /** Mileage earned, percent of great-circle miles (DESIGN.md §6 loyalty). */
    earnRatePercent: integer('earn_rate_percent').notNull(),
    ...timestamps,
  },
  (t) => [
    unique('booking_classes_cabin_nest_key').on(t.cabin, t.nestOrder),
    check('booking_classes_letter', sql`${t.letter} ~ '^[A-Z]$'`),
    check('booking_classes_cabin', sql`${t.cabin} in ('C', 'Y')`),
    check('booking_classes_limit_percent', sql`${t.limitPercent} between 0 and 100`),
    check('booking_classes_earn_rate', sql`${t.earnRatePercent} >= 0`),
  ],
);

/**
 * Adult fares per route and booking class, in integer minor units of their currency.
 * Fares are filed in the journey origin's currency (DESIGN.md §6); a route to mainland
 * China also files CNY fares so the return leg of a China-origin round trip is priced
 * in CNY. Child and infant fares derive from the adult fare (rules `passengerFare`).
 */
export const fares = pgTable(
  'fares',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    routeCode: text('route_code')
      .notNull()
      .references(() => routes.code),
    bookingClass: text('booking_class')
      .notNull()
      .references(() => bookingClasses.letter),
    currency: text('currency').notNull(),
    adultAmount: integer('adult_amount').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    /** Last departure date the fare applies to; null means until further notice. */
    validTo: date('valid_to', { mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    unique('fares_route_class_currency_from_key').on(t.routeCode, t.bookingClass, t.currency, t.validFrom),
    check('fares_currency', sql`${t.currency} in ('USD', 'CNY')`),
    check('fares_amount_positive', sql`${t.adultAmount} > 0`),
    check('fares_validity', sql`${t.validTo} is null or ${t.validTo} >= ${t.validFrom}`),
  ],
);

/**
 * Taxes and charges by code (KH, CN, HK, TS, E7, G8, MY, SG, YQ ...), filed for a
 * departure country or a departure airport and one passenger type. A passenger type with
 * no row pays nothing: infants have no YQ row, since the fuel surcharge is waived for them.
 */
export const taxes = pgTable(
  'taxes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    /** 'country' (scopeCode is ISO 3166 alpha-2) or 'airport' (scopeCode is IATA). */
    scope: text('scope').notNull(),
    scopeCode: text('scope_code').notNull(),
    passengerType: text('passenger_type').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    descriptionEn: text('description_en').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    unique('taxes_code_scope_type_currency_from_key').on(
      t.code,
      t.scope,
      t.scopeCode,
      t.passengerType,
      t.currency,
      t.validFrom,
    ),
    index('taxes_scope_idx').on(t.scope, t.scopeCode),
    check('taxes_code', sql`${t.code} ~ '^[A-Z0-9]{2}$'`),
    check('taxes_scope', sql`${t.scope} in ('country', 'airport')`),
    check('taxes_passenger_type', sql`${t.passengerType} in ('adult', 'child', 'infant')`),
    check('taxes_currency', sql`${t.currency} in ('USD', 'CNY')`),
    check('taxes_amount', sql`${t.amount} >= 0`),
    check('taxes_validity', sql`${t.validTo} is null or ${t.validTo} >= ${t.validFrom}`),
  ],
);
