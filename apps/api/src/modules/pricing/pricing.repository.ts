import type { Currency, FareFamily } from '@wings/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import { type OfferPriceRecord, type OfferSegmentRecord, offers } from '../../db/schema/fares';
import type { Db } from '../../platform/db';
import { availabilityJoin, CABIN_SEATS_LEFT, CLASS_SEATS_LEFT, INFANT_SEATS_LEFT } from '../inventory';

/** Anything that runs SQL: the pool's Drizzle handle or a transaction of it (the order's). */
export type SqlExecutor = Pick<Db, 'execute'>;

export type PassengerKind = 'adult' | 'child' | 'infant';

/** A dated flight with one of its booking classes, as chooseFlight re-checks it. */
export interface FlightClassSnapshot {
  flightId: string;
  flightNo: string;
  routeCode: string;
  depCode: string;
  arrCode: string;
  depCountry: string;
  depTimeZone: string;
  arrTimeZone: string;
  /** Currency of a journey starting on this route. */
  routeCurrency: Currency;
  depLocalDate: string;
  depUtc: Date;
  arrUtc: Date;
  originalDepUtc: Date;
  status: string;
  aircraft: string;
  /** Null when the flight does not sell this class. */
  bookingClass: {
    letter: string;
    family: FareFamily;
    cabin: 'C' | 'Y';
    /** authorised limit − sold − external sold. */
    classLeft: number;
    /** cabin capacity − sold − external sold. */
    cabinLeft: number;
    infantsLeft: number;
  } | null;
}

/** A tax filed for one departure, in one currency. */
export interface FiledTax {
  code: string;
  scope: 'country' | 'airport';
  passengerType: PassengerKind;
  amount: number;
}

/** A stored offer, as the pricing module and its consumers see it. */
export interface OfferRecord {
  id: string;
  userId: string | null;
  currency: Currency;
  passengers: [number, number, number];
  segments: OfferSegmentRecord[];
  priceLines: OfferPriceRecord[];
  expiresAt: Date;
  createdAt: Date;
}

/** A promotion row, without Drizzle's types. */
export interface PromoRecord {
  code: string;
  title: { zh: string; en: string; km: string };
  kind: 'percent' | 'amount';
  value: number;
  currency: Currency | null;
  minSpend: number | null;
  validFrom: Date;
  validTo: Date;
  routes: string[] | null;
  usageLimit: number | null;
  usedCount: number;
  listed: boolean;
  /** When staff disabled the code (refused from then on, whatever its dates); null while usable. */
  disabledAt: Date | null;
}

/** A route of the network with its airports' countries (fare rules: the China-route rule). */
export interface RouteFacts {
  code: string;
  origin: string;
  destination: string;
  currency: Currency;
  depCountry: string;
  arrCountry: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FLIGHT_ID = /^\d{1,15}$/;

function toPromo(r: Record<string, unknown>): PromoRecord {
  return {
    code: String(r.code),
    title: { zh: String(r.title_zh), en: String(r.title_en), km: String(r.title_km) },
    kind: r.kind === 'amount' ? 'amount' : 'percent',
    value: Number(r.value),
    currency: (r.currency as Currency | null) ?? null,
    minSpend: r.min_spend === null || r.min_spend === undefined ? null : Number(r.min_spend),
    validFrom: new Date(r.valid_from as string),
    validTo: new Date(r.valid_to as string),
    routes: (r.routes as string[] | null) ?? null,
    usageLimit: r.usage_limit === null || r.usage_limit === undefined ? null : Number(r.usage_limit),
    usedCount: Number(r.used_count),
    listed: Number(r.listed) === 1,
    disabledAt:
      r.disabled_at === null || r.disabled_at === undefined ? null : new Date(r.disabled_at as string),
  };
}

const PROMO_COLUMNS = sql.raw(
  'code, title_zh, title_en, title_km, kind, value, currency, min_spend, valid_from, valid_to, routes, usage_limit, used_count, listed, disabled_at',
);

const OFFER_COLUMNS = `o.id::text, o.user_id::text, o.currency, o.adults, o.children, o.infants,
         o.segments, o.price_lines, o.expires_at, o.created_at`;

const FIND_OFFER_SQL = `select ${OFFER_COLUMNS} from offers o where o.id = $1::uuid`;

const FIND_OFFER_WITH_PROMO_SQL = `
  select ${OFFER_COLUMNS},
         (select to_jsonb(p) from promo_codes p where p.code = $2::text) as promo
    from offers o where o.id = $1::uuid`;

function toOffer(r: Record<string, unknown>): OfferRecord {
  return {
    id: String(r.id),
    userId: (r.user_id as string | null) ?? null,
    currency: r.currency as Currency,
    passengers: [Number(r.adults), Number(r.children), Number(r.infants)],
    segments: r.segments as OfferSegmentRecord[],
    priceLines: r.price_lines as OfferPriceRecord[],
    expiresAt: new Date(r.expires_at as string),
    createdAt: new Date(r.created_at as string),
  };
}

/**
 * Pricing's part of a caller's single statement that makes an order (booking: the whole order
 * in one round trip, docs/decisions.md, issue 12): a CTE (`pricing_promo_use`) counting one use
 * of `code` once the caller's one-row CTE `anchor` has its row, only while the code has uses
 * left (a conditional UPDATE, as `redeemPromo`). `taken` is true when there is no code or its
 * use was counted; when it is false the caller must refuse the order and roll back.
 */
export function promoUsePart(anchor: SQL, code: string | null): { ctes: SQL; taken: SQL } {
  const normalised = code?.trim() ? code.trim().toUpperCase() : null;
  return {
    ctes: sql`pricing_promo_use as (
      update promo_codes p set used_count = p.used_count + 1, updated_at = now()
        from ${anchor} a
       where p.code = ${normalised}::text and p.disabled_at is null
         and (p.usage_limit is null or p.used_count < p.usage_limit)
      returning p.code
    )`,
    taken: sql`(${normalised}::text is null or exists (select 1 from pricing_promo_use))`,
  };
}

/** Data access of pricing: the only file of the module that knows Drizzle and SQL. */
export function createPricingRepository(db: Db) {
  // The pool under Drizzle (node-postgres), for named prepared statements.
  const client = (db as unknown as { $client: Pick<pg.Pool, 'query'> }).$client;
  return {
    /**
     * A dated flight and, when it sells it, one booking class with its nested remainders
     * (class bucket and cabin) and the cabin's lap-infant room. Null for an unknown id.
     */
    async flightClass(flightId: string, bookingClass: string): Promise<FlightClassSnapshot | null> {
      if (!FLIGHT_ID.test(flightId)) return null;
      const result = await db.execute<Record<string, unknown>>(sql`
        select f.id::text as flight_id, f.flight_no, f.route_code, r.origin, r.destination, r.currency,
               dep.country_code as dep_country, dep.time_zone as dep_tz, arr.time_zone as arr_tz,
               to_char(f.dep_local_date, 'YYYY-MM-DD') as dep_local_date,
               f.dep_utc, f.arr_utc, f.original_dep_utc, f.status, at.name as aircraft,
               ci.booking_class, bc.family_code, bc.cabin,
               ${sql.raw(CLASS_SEATS_LEFT)} as class_left,
               ${sql.raw(CABIN_SEATS_LEFT)} as cabin_left,
               ${sql.raw(INFANT_SEATS_LEFT)} as infants_left
        from flights f
        join routes r on r.code = f.route_code
        join airports dep on dep.code = r.origin
        join airports arr on arr.code = r.destination
        join aircraft_types at on at.code = f.aircraft_code
        ${availabilityJoin('f', { bookingClass })}
        left join booking_classes bc on bc.letter = ci.booking_class
        where f.id = ${Number(flightId)}
      `);
      const r = result.rows[0];
      if (!r) return null;
      return {
        flightId: String(r.flight_id),
        flightNo: String(r.flight_no),
        routeCode: String(r.route_code),
        depCode: String(r.origin),
        arrCode: String(r.destination),
        depCountry: String(r.dep_country),
        depTimeZone: String(r.dep_tz),
        arrTimeZone: String(r.arr_tz),
        routeCurrency: r.currency as Currency,
        depLocalDate: String(r.dep_local_date),
        depUtc: new Date(r.dep_utc as string),
        arrUtc: new Date(r.arr_utc as string),
        originalDepUtc: new Date(r.original_dep_utc as string),
        status: String(r.status),
        aircraft: String(r.aircraft),
        bookingClass:
          r.booking_class === null || r.cabin_left === null
            ? null
            : {
                letter: String(r.booking_class),
                family: r.family_code as FareFamily,
                cabin: r.cabin as 'C' | 'Y',
                classLeft: Number(r.class_left),
                cabinLeft: Number(r.cabin_left),
                infantsLeft: Number(r.infants_left),
              },
      };
    },

    /** The adult fare of a class on a route in a currency, valid on a local departure date (the latest filing). */
    async adultFare(input: {
      routeCode: string;
      bookingClass: string;
      currency: Currency;
      date: string;
    }): Promise<number | null> {
      const result = await db.execute<{ adult_amount: number }>(sql`
        select adult_amount from fares
        where route_code = ${input.routeCode} and booking_class = ${input.bookingClass}
          and currency = ${input.currency}
          and valid_from <= ${input.date}::date and (valid_to is null or valid_to >= ${input.date}::date)
        order by valid_from desc
        limit 1
      `);
      const row = result.rows[0];
      return row ? Number(row.adult_amount) : null;
    },

    /**
     * Taxes filed for a departure from `airport` in `country`, in `currency`, valid on the
     * local departure date: the latest filing of each code, scope and passenger type.
     */
    async taxesFor(input: {
      airport: string;
      country: string;
      currency: Currency;
      date: string;
    }): Promise<FiledTax[]> {
      const result = await db.execute<{
        code: string;
        scope: string;
        passenger_type: string;
        amount: number;
      }>(sql`
        select distinct on (code, scope, passenger_type) code, scope, passenger_type, amount
        from taxes
        where currency = ${input.currency}
          and ((scope = 'country' and scope_code = ${input.country}) or (scope = 'airport' and scope_code = ${input.airport}))
          and valid_from <= ${input.date}::date and (valid_to is null or valid_to >= ${input.date}::date)
        order by code, scope, passenger_type, valid_from desc
      `);
      return result.rows.map((r) => ({
        code: r.code,
        scope: r.scope === 'airport' ? 'airport' : 'country',
        passengerType: r.passenger_type as PassengerKind,
        amount: Number(r.amount),
      }));
    },

    async insertOffer(input: Omit<OfferRecord, 'id' | 'createdAt'>): Promise<OfferRecord> {
      const [row] = await db
        .insert(offers)
        .values({
          userId: input.userId,
          currency: input.currency,
          adults: input.passengers[0],
          children: input.passengers[1],
          infants: input.passengers[2],
          segments: input.segments,
          priceLines: input.priceLines,
          expiresAt: input.expiresAt,
        })
        .returning({ id: offers.id, createdAt: offers.createdAt });
      return { ...input, id: row!.id, createdAt: row!.createdAt };
    },

    /**
     * An offer by id, expired or not; null when unknown (or not a uuid). A named prepared
     * statement: every booking call reads its offer (PostgreSQL plans it once per connection).
     */
    async findOffer(id: string): Promise<OfferRecord | null> {
      if (!UUID.test(id)) return null;
      const result = await client.query<Record<string, unknown>>({
        name: 'pricing_find_offer',
        text: FIND_OFFER_SQL,
        values: [id],
      });
      const r = result.rows[0];
      return r ? toOffer(r) : null;
    },

    /**
     * The offer a booking is made from and, when `promoCode` is given, that code's row (null
     * when unknown), in one named prepared statement: the order's one read of pricing's tables.
     */
    async findOfferWithPromo(
      id: string,
      promoCode: string | null,
    ): Promise<{ offer: OfferRecord; promo: PromoRecord | null } | null> {
      if (!UUID.test(id)) return null;
      const result = await client.query<Record<string, unknown>>({
        name: 'pricing_find_offer_with_promo',
        text: FIND_OFFER_WITH_PROMO_SQL,
        values: [id, promoCode],
      });
      const r = result.rows[0];
      if (!r) return null;
      const promo = r.promo as Record<string, unknown> | null;
      return { offer: toOffer(r), promo: promo ? toPromo(promo) : null };
    },

    async findPromo(code: string): Promise<PromoRecord | null> {
      const result = await db.execute<Record<string, unknown>>(
        sql`select ${PROMO_COLUMNS} from promo_codes where code = ${code}`,
      );
      const r = result.rows[0];
      return r ? toPromo(r) : null;
    },

    /** Listed promotions valid at `at`, not disabled and not used up. */
    async listedPromos(at: Date): Promise<PromoRecord[]> {
      const result = await db.execute<Record<string, unknown>>(sql`
        select ${PROMO_COLUMNS} from promo_codes
        where listed = 1 and disabled_at is null and valid_from <= ${at.toISOString()}::timestamptz and valid_to >= ${at.toISOString()}::timestamptz
          and (usage_limit is null or used_count < usage_limit)
        order by valid_to, code
      `);
      return result.rows.map(toPromo);
    },

    /**
     * Counts one use of a promo code, only while it has uses left: one conditional UPDATE, so
     * concurrent orders can never use a code more often than its limit. False: none left, or
     * staff disabled the code meanwhile.
     */
    async redeemPromo(executor: SqlExecutor, code: string): Promise<boolean> {
      const result = await executor.execute<{ code: string }>(sql`
        update promo_codes set used_count = used_count + 1, updated_at = now()
        where code = ${code} and disabled_at is null and (usage_limit is null or used_count < usage_limit)
        returning code
      `);
      return result.rows.length === 1;
    },

    /**
     * Gives back one use of a promo code (an unpaid order that expired): one UPDATE in the
     * caller's transaction, never below zero. False when the code is unknown.
     */
    async releasePromo(executor: SqlExecutor, code: string): Promise<boolean> {
      const result = await executor.execute<{ code: string }>(sql`
        update promo_codes set used_count = greatest(used_count - 1, 0), updated_at = now()
        where code = ${code}
        returning code
      `);
      return result.rows.length === 1;
    },

    /**
     * Takes a use of a promo code again, even past its limit (a late payment revived an expired
     * order: the traveller paid the discounted price it was made with; docs/decisions.md,
     * issue 9). Whether the code is now past its limit; null for an unknown code.
     */
    async retakePromo(executor: SqlExecutor, code: string, at: Date): Promise<{ pastLimit: boolean } | null> {
      const result = await executor.execute<{ past_limit: boolean }>(sql`
        update promo_codes set used_count = used_count + 1, updated_at = ${at}
        where code = ${code}
        returning (usage_limit is not null and used_count > usage_limit) as past_limit
      `);
      const row = result.rows[0];
      return row ? { pastLimit: Boolean(row.past_limit) } : null;
    },

    /** Current and first-published departure, and status, of dated flights. */
    async flightTimes(
      flightIds: string[],
    ): Promise<
      Array<{ flightId: string; depUtc: Date; originalDepUtc: Date; status: string; depTimeZone: string }>
    > {
      const ids = flightIds.filter((id) => FLIGHT_ID.test(id)).map(Number);
      if (ids.length === 0) return [];
      const result = await db.execute<Record<string, unknown>>(sql`
        select f.id::text as flight_id, f.dep_utc, f.original_dep_utc, f.status, a.time_zone
        from flights f
        join routes r on r.code = f.route_code
        join airports a on a.code = r.origin
        where f.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
      `);
      return result.rows.map((r) => ({
        flightId: String(r.flight_id),
        depUtc: new Date(r.dep_utc as string),
        originalDepUtc: new Date(r.original_dep_utc as string),
        status: String(r.status),
        depTimeZone: String(r.time_zone),
      }));
    },

    async route(origin: string, destination: string): Promise<RouteFacts | null> {
      const result = await db.execute<Record<string, unknown>>(sql`
        select r.code, r.origin, r.destination, r.currency,
               dep.country_code as dep_country, arr.country_code as arr_country
          from routes r
          join airports dep on dep.code = r.origin
          join airports arr on arr.code = r.destination
         where r.origin = ${origin} and r.destination = ${destination}
      `);
      const r = result.rows[0];
      return r
        ? {
            code: String(r.code),
            origin: String(r.origin),
            destination: String(r.destination),
            currency: r.currency as Currency,
            depCountry: String(r.dep_country),
            arrCountry: String(r.arr_country),
          }
        : null;
    },
  };
}

export type PricingRepository = ReturnType<typeof createPricingRepository>;
