import type { FareConditions } from '@wings/contracts';
import { sql } from 'drizzle-orm';
import {
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { timestamps } from './columns';
import { routes } from './network';

/**
 * Fare families (docs/architecture.md §7): WingsFlex in business, Premium, Grand, Basic, Value in
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
    /** Mileage earned, percent of great-circle miles (docs/architecture.md §7, loyalty). */
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
 * Fares are filed in the journey origin's currency (docs/architecture.md §7); a route to mainland
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

/** One leg of an offer as priced: everything the order needs to copy, so it never re-reads fares. */
export interface OfferSegmentRecord {
  flightId: string;
  flightNo: string;
  depCode: string;
  arrCode: string;
  depUtc: string;
  arrUtc: string;
  aircraft: string;
  family: string;
  cabin: 'Y' | 'C';
  bookingClass: string;
}

/** A fare or tax line of an offer, per passenger type and segment, in minor units. */
export interface OfferPriceRecord {
  passengerType: 1 | 2 | 3;
  segment: number;
  kind: 'fare' | 'tax';
  code: string;
  amount: number;
}

/**
 * A priced offer from chooseFlight (issue 4): the price holds for 20 minutes; seats are only
 * taken when the order is made. Anyone holding the id may use it (guests have no account).
 */
export const offers = pgTable('offers', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  currency: char('currency', { length: 3 }).notNull(),
  adults: smallint('adults').notNull(),
  children: smallint('children').notNull(),
  infants: smallint('infants').notNull(),
  segments: jsonb('segments').$type<OfferSegmentRecord[]>().notNull(),
  priceLines: jsonb('price_lines').$type<OfferPriceRecord[]>().notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  ...timestamps,
});

/** Promotions (docs/architecture.md §7): percent or amount off, optional spend threshold, dates, routes, usage limit. */
export const promoCodes = pgTable('promo_codes', {
  code: text('code').primaryKey(),
  titleZh: text('title_zh').notNull(),
  titleEn: text('title_en').notNull(),
  titleKm: text('title_km').notNull(),
  /** percent | amount */
  kind: text('kind').notNull(),
  /** Percent 1-100, or minor units of `currency`. */
  value: integer('value').notNull(),
  currency: char('currency', { length: 3 }),
  minSpend: integer('min_spend'),
  validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
  validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
  /** Route codes like KTI-BKK it applies to; null for every route. */
  routes: text('routes').array(),
  usageLimit: integer('usage_limit'),
  /**
   * Uses taken by live orders: counted when an order is made (never past `usage_limit`), given
   * back when an unpaid order expires, taken again when it is paid late (issue 9).
   */
  usedCount: integer('used_count').notNull().default(0),
  /** Listed by queryCodeList; an unlisted code still works when typed. */
  listed: smallint('listed').notNull().default(1),
  /** When staff disabled the code: it is refused from then on, whatever its dates. Null while usable. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  /** Why staff disabled it, as the console shows it. */
  disabledReason: text('disabled_reason'),
  ...timestamps,
});
