import type { Currency, FareFamily } from '@wings/contracts';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../../platform/db';
import {
  availabilityJoin,
  availabilityJoinText,
  hasSeatsFor,
  INFANT_SEATS_LEFT,
  SEATS_LEFT,
} from '../inventory';

/** One booking class of one dated flight, with its fare and what is left of it. */
export interface FlightClassRow {
  flightId: string;
  flightNo: string;
  depUtc: Date;
  arrUtc: Date;
  /** Aircraft type name, e.g. Airbus A320. */
  aircraft: string;
  bookingClass: string;
  family: FareFamily;
  cabin: 'C' | 'Y';
  nestOrder: number;
  adultAmount: number;
  /** Seats this class can still sell: min(limit − sold, cabin capacity − cabin sold). */
  remaining: number;
  /** Lap infants the class's cabin can still take. */
  infantsLeft: number;
}

/**
 * The search query: every class of the scheduled flights of a route on a local date, with
 * its fare and nested availability. It runs as a named prepared statement so PostgreSQL
 * plans it once per connection (planning this six-way join costs more than running it).
 */
const FLIGHT_CLASSES_SQL = `
  select f.id::text as flight_id, f.flight_no, f.dep_utc, f.arr_utc, at.name as aircraft,
         ci.booking_class, bc.family_code as family, bc.cabin, bc.nest_order, fa.adult_amount,
         ${SEATS_LEFT} as remaining,
         ${INFANT_SEATS_LEFT} as infants_left
  from flights f
  join aircraft_types at on at.code = f.aircraft_code
  ${availabilityJoinText('f')}
  join booking_classes bc on bc.letter = ci.booking_class
  join fares fa on fa.route_code = f.route_code and fa.booking_class = ci.booking_class
               and fa.currency = $3
               and fa.valid_from <= f.dep_local_date
               and (fa.valid_to is null or fa.valid_to >= f.dep_local_date)
  where f.route_code = $1 and f.dep_local_date = $2::date and f.status = 'scheduled'
  order by f.dep_utc, f.flight_no, bc.cabin, bc.nest_order`;

/** Data access of flight search: the only file of the module that knows Drizzle and SQL. */
export function createShoppingRepository(db: Db) {
  // The pool under Drizzle (node-postgres), for named prepared statements.
  const client = (db as unknown as { $client: Pick<pg.Pool, 'query'> }).$client;
  async function prepared<T extends Record<string, unknown>>(name: string, text: string, values: unknown[]) {
    const result = await client.query<T>({ name, text, values });
    return result.rows;
  }

  return {
    /**
     * Every bookable class of the scheduled flights of a route on a local date, with its fare
     * in `currency` and its nested availability: one indexed query (flights by route and
     * date, then inventory and fares by primary/unique keys).
     */
    async flightClasses(
      routeCode: string,
      depLocalDate: string,
      currency: Currency,
    ): Promise<FlightClassRow[]> {
      const rows = await prepared<{
        flight_id: string;
        flight_no: string;
        dep_utc: Date;
        arr_utc: Date;
        aircraft: string;
        booking_class: string;
        family: string;
        cabin: string;
        nest_order: number;
        adult_amount: number;
        remaining: number;
        infants_left: number;
      }>('shopping_flight_classes', FLIGHT_CLASSES_SQL, [routeCode, depLocalDate, currency]);
      return rows.map((r) => ({
        flightId: r.flight_id,
        flightNo: r.flight_no,
        depUtc: new Date(r.dep_utc),
        arrUtc: new Date(r.arr_utc),
        aircraft: r.aircraft,
        bookingClass: r.booking_class,
        family: r.family as FareFamily,
        cabin: r.cabin as 'C' | 'Y',
        nestOrder: Number(r.nest_order),
        adultAmount: Number(r.adult_amount),
        remaining: Number(r.remaining),
        infantsLeft: Number(r.infants_left),
      }));
    },

    /**
     * The lowest adult fare per local date over a date range, counting only classes with
     * seats for `seated` passengers (and room for `infants`) on flights not yet departed:
     * one grouped query for the whole range.
     */
    async lowestFaresByDate(input: {
      routeCode: string;
      from: string;
      to: string;
      currency: Currency;
      seated: number;
      infants: number;
      now: Date;
    }): Promise<Map<string, number>> {
      const result = await db.execute<{ day: string; amount: number }>(sql`
        select to_char(f.dep_local_date, 'YYYY-MM-DD') as day, min(fa.adult_amount) as amount
        from flights f
        ${availabilityJoin('f')}
        join fares fa on fa.route_code = f.route_code and fa.booking_class = ci.booking_class
                     and fa.currency = ${input.currency}
                     and fa.valid_from <= f.dep_local_date
                     and (fa.valid_to is null or fa.valid_to >= f.dep_local_date)
        where f.route_code = ${input.routeCode}
          and f.dep_local_date between ${input.from}::date and ${input.to}::date
          and f.status = 'scheduled'
          and f.dep_utc > ${input.now.toISOString()}::timestamptz
          and ${hasSeatsFor(input.seated, input.infants)}
        group by f.dep_local_date
      `);
      return new Map(result.rows.map((r) => [r.day, Number(r.amount)]));
    },

    /** First and last local dates with a scheduled flight on a route within a range. */
    async flownDateRange(
      routeCode: string,
      from: string,
      to: string,
    ): Promise<{ first: string | null; last: string | null }> {
      const result = await db.execute<{ first: string | null; last: string | null }>(sql`
        select to_char(min(dep_local_date), 'YYYY-MM-DD') as first, to_char(max(dep_local_date), 'YYYY-MM-DD') as last
        from flights
        where route_code = ${routeCode} and dep_local_date between ${from}::date and ${to}::date
          and status = 'scheduled'
      `);
      const row = result.rows[0];
      return { first: row?.first ?? null, last: row?.last ?? null };
    },
  };
}

export type ShoppingRepository = ReturnType<typeof createShoppingRepository>;
