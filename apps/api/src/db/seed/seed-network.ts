import type { Currency, FareFamily } from '@wings/contracts';
import { addDays, estimateBlockMinutes, greatCircleKm, localDate, originFeeTable } from '@wings/rules';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db';
import {
  aircraftTypes,
  airports,
  bookingClasses,
  exchangeRates,
  fareFamilies,
  fares,
  routes,
  schedules,
  taxes,
} from '../schema';
import {
  AIRCRAFT,
  AIRPORTS,
  BOOKING_CLASSES,
  baseFareUsd,
  COUNTRIES,
  FILED_FROM,
  FILING_CNY_PER_USD,
  HUB_TIME_ZONE,
  SCHEDULES,
  seatCount,
  TAXES,
} from './network-data';
import { seedPromotions } from './promotions';

/** Fare families in display order, most flexible first. */
const FAMILIES: { code: FareFamily; cabin: 'C' | 'Y' }[] = [
  { code: 'WingsFlex', cabin: 'C' },
  { code: 'Premium', cabin: 'Y' },
  { code: 'Grand', cabin: 'Y' },
  { code: 'Basic', cabin: 'Y' },
  { code: 'Value', cabin: 'Y' },
];

/** Days of dated flights kept ahead of today (at least 365: issue 2 §3). */
export const FLIGHT_HORIZON_DAYS = 370;

/**
 * INSERT … ON CONFLICT DO UPDATE of every non-key column, touching a row (and its
 * updated_at) only when something differs, so reseeding unchanged data writes nothing.
 */
async function upsert<T extends PgTable>(
  db: Db,
  table: T,
  rows: T['$inferInsert'][],
  target: PgColumn[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keyNames = new Set(target.map((c) => c.name));
  const set: Record<string, SQL> = {};
  const differs: SQL[] = [];
  for (const [prop, column] of Object.entries(columns)) {
    if (keyNames.has(column.name) || column.name === 'created_at' || column.name === 'id') continue;
    if (column.name === 'updated_at') {
      set[prop] = sql`now()`;
      continue;
    }
    set[prop] = sql.raw(`excluded."${column.name}"`);
    differs.push(sql`${column} is distinct from ${sql.raw(`excluded."${column.name}"`)}`);
  }
  await db
    .insert(table)
    .values(rows)
    .onConflictDoUpdate({ target, set, setWhere: sql.join(differs, sql` or `) });
}

function routeCurrency(originCountry: string): Currency {
  // Fares are filed in the journey origin's currency: CNY for mainland China (DESIGN.md §6).
  return originCountry === 'CN' ? 'CNY' : 'USD';
}

function toCnyMinor(usdMinor: number): number {
  // Whole yuan, rounded to 10 yuan for fares above 100 yuan, as filed fares usually are.
  const yuan = (usdMinor / 100) * FILING_CNY_PER_USD;
  return (yuan >= 100 ? Math.round(yuan / 10) * 10 : Math.round(yuan)) * 100;
}

interface RouteRow {
  code: string;
  origin: string;
  destination: string;
  distanceKm: number;
  currency: Currency;
  blockMinutes: number;
}

/** The routes the schedules fly, with distances from coordinates. */
export function networkRoutes(): RouteRow[] {
  const byCode = new Map(AIRPORTS.map((a) => [a.code, a]));
  const out = new Map<string, RouteRow>();
  for (const s of SCHEDULES) {
    const code = `${s.from}-${s.to}`;
    if (out.has(code)) continue;
    const a = byCode.get(s.from);
    const b = byCode.get(s.to);
    if (!a || !b) throw new Error(`schedule ${s.flightNo} uses an unknown airport`);
    const distanceKm = Math.round(greatCircleKm(a.latitude, a.longitude, b.latitude, b.longitude));
    out.set(code, {
      code,
      origin: a.code,
      destination: b.code,
      distanceKm,
      currency: routeCurrency(a.country),
      blockMinutes: estimateBlockMinutes(distanceKm),
    });
  }
  return [...out.values()];
}

/**
 * Writes the static network: airports, aircraft, routes, schedules, fare families,
 * booking classes, fares and taxes. Idempotent; run at every boot.
 */
export async function seedNetwork(db: Db): Promise<void> {
  const routeRows = networkRoutes();
  const routeByCode = new Map(routeRows.map((r) => [r.code, r]));
  const countryOf = new Map(AIRPORTS.map((a) => [a.code, a.country]));

  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await upsert(
      t,
      airports,
      AIRPORTS.map((a) => {
        const c = COUNTRIES[a.country]!;
        return {
          code: a.code,
          nameZh: a.name.zh,
          nameEn: a.name.en,
          nameKm: a.name.km,
          cityZh: a.city.zh,
          cityEn: a.city.en,
          cityKm: a.city.km,
          countryCode: a.country,
          countryNameZh: c.zh,
          countryNameEn: c.en,
          countryNameKm: c.km,
          timeZone: a.timeZone,
          latitude: a.latitude,
          longitude: a.longitude,
          isHub: a.isHub ?? false,
        };
      }),
      [airports.code],
    );

    await upsert(
      t,
      aircraftTypes,
      AIRCRAFT.map((a) => ({
        code: a.code,
        name: a.name,
        seatMap: a.seatMap,
        capacityC: seatCount(a.seatMap, 'C'),
        capacityY: seatCount(a.seatMap, 'Y'),
        infantCapacityC: a.infantCapacityC,
        infantCapacityY: a.infantCapacityY,
      })),
      [aircraftTypes.code],
    );

    await upsert(t, routes, routeRows, [routes.code]);

    await upsert(
      t,
      fareFamilies,
      FAMILIES.map((f, i) => ({
        code: f.code,
        cabin: f.cabin,
        displayOrder: i + 1,
        conditions: { USD: originFeeTable(f.code, 'USD'), CNY: originFeeTable(f.code, 'CNY') },
      })),
      [fareFamilies.code],
    );

    const nest = { C: 0, Y: 0 };
    await upsert(
      t,
      bookingClasses,
      BOOKING_CLASSES.map((b) => ({
        letter: b.letter,
        familyCode: b.family,
        cabin: b.cabin,
        nestOrder: ++nest[b.cabin],
        limitPercent: b.limitPercent,
        earnRatePercent: b.earn,
      })),
      [bookingClasses.letter],
    );

    await upsert(
      t,
      schedules,
      SCHEDULES.map((s) => ({
        flightNo: s.flightNo,
        routeCode: `${s.from}-${s.to}`,
        daysOfWeek: s.days,
        depLocalTime: `${s.dep}:00`,
        blockMinutes: routeByCode.get(`${s.from}-${s.to}`)!.blockMinutes,
        aircraftCode: s.aircraft,
        validFrom: FILED_FROM,
        validTo: null,
      })),
      [schedules.flightNo, schedules.validFrom],
    );

    const fareRows: (typeof fares.$inferInsert)[] = [];
    for (const r of routeRows) {
      const base = baseFareUsd(r.distanceKm);
      // A route touching mainland China also files CNY fares, for journeys that start in China.
      const touchesChina = countryOf.get(r.origin) === 'CN' || countryOf.get(r.destination) === 'CN';
      for (const b of BOOKING_CLASSES) {
        const usd = Math.round((base * b.pricePercent) / 100) * 100;
        fareRows.push({
          routeCode: r.code,
          bookingClass: b.letter,
          currency: 'USD',
          adultAmount: usd,
          validFrom: FILED_FROM,
        });
        if (touchesChina) {
          fareRows.push({
            routeCode: r.code,
            bookingClass: b.letter,
            currency: 'CNY',
            adultAmount: toCnyMinor(usd),
            validFrom: FILED_FROM,
          });
        }
      }
    }
    await upsert(t, fares, fareRows, [fares.routeCode, fares.bookingClass, fares.currency, fares.validFrom]);

    const taxRows: (typeof taxes.$inferInsert)[] = [];
    for (const tax of TAXES) {
      for (const [type, usd] of Object.entries(tax.amounts)) {
        for (const currency of ['USD', 'CNY'] as const) {
          taxRows.push({
            code: tax.code,
            scope: tax.scope,
            scopeCode: tax.scopeCode,
            passengerType: type,
            currency,
            amount: currency === 'USD' ? usd : Math.round((usd / 100) * FILING_CNY_PER_USD) * 100,
            descriptionEn: tax.description,
            validFrom: FILED_FROM,
          });
        }
      }
    }
    await upsert(t, taxes, taxRows, [
      taxes.code,
      taxes.scope,
      taxes.scopeCode,
      taxes.passengerType,
      taxes.currency,
      taxes.validFrom,
    ]);

    // The rates in force until staff file newer ones: WeChat Pay charges CNY (spec §9), and
    // riel amounts are shown. rate_micros = quote units per base unit × 1,000,000.
    const ratesFrom = new Date(`${FILED_FROM}T00:00:00Z`);
    await upsert(
      t,
      exchangeRates,
      [
        {
          base: 'USD',
          quote: 'CNY',
          rateMicros: Math.round(FILING_CNY_PER_USD * 1e6),
          source: 'seed',
          effectiveAt: ratesFrom,
        },
        { base: 'USD', quote: 'KHR', rateMicros: 4_100 * 1_000_000, source: 'seed', effectiveAt: ratesFrom },
      ],
      [exchangeRates.base, exchangeRates.quote, exchangeRates.effectiveAt],
    );

    await seedPromotions(t);
  });
}

/**
 * Turns the weekly schedules into dated flights from yesterday (at the hub) to `days`
 * ahead, with their cabin and booking-class inventory, in one set-based statement.
 * Idempotent: existing flights (and their inventory) are left alone, so it can run at every
 * boot and from several processes at once.
 *
 * Seats sold through other channels are filled in deterministically (an md5 of flight
 * number, date and class) so availability varies: some Value and low Basic buckets are
 * sold out or half sold, and a few WingsFlex O buckets are closed. Bangkok flights keep
 * plenty of seats (at most a quarter of a bucket sold) for demos and benchmarks.
 */
export async function ensureFlightHorizon(db: Db, today: Date, days = FLIGHT_HORIZON_DAYS): Promise<number> {
  const from = addDays(localDate(today, HUB_TIME_ZONE), -1);
  const to = addDays(from, days + 1);
  const result = await db.execute(sql`
    with new_flights as (
      insert into flights (flight_no, schedule_id, route_code, dep_local_date, dep_utc, arr_utc,
                           original_dep_utc, original_arr_utc, aircraft_code)
      select s.flight_no, s.id, s.route_code, d.day, t.dep, t.dep + make_interval(mins => s.block_minutes),
             t.dep, t.dep + make_interval(mins => s.block_minutes), s.aircraft_code
      from generate_series(${from}::date, ${to}::date, interval '1 day') as g(ts)
      cross join lateral (select g.ts::date as day) d
      join schedules s
        on extract(isodow from d.day)::smallint = any(s.days_of_week)
       and d.day >= s.valid_from and (s.valid_to is null or d.day <= s.valid_to)
      join routes r on r.code = s.route_code
      join airports a on a.code = r.origin
      cross join lateral (select (d.day + s.dep_local_time) at time zone a.time_zone as dep) t
      on conflict (flight_no, dep_local_date) do nothing
      returning id, flight_no, route_code, dep_local_date, aircraft_code
    ),
    buckets as (
      select f.id as flight_id, bc.letter, bc.cabin,
             ceil(case bc.cabin when 'C' then at.capacity_c else at.capacity_y end * bc.limit_percent / 100.0)::int as lim,
             ('x' || substr(md5(f.flight_no || f.dep_local_date::text || bc.letter), 1, 8))::bit(32)::bigint % 100 as h,
             f.route_code in ('KTI-BKK', 'BKK-KTI') as plenty
      from new_flights f
      join aircraft_types at on at.code = f.aircraft_code
      cross join booking_classes bc
    ),
    sold as (
      select flight_id, letter, cabin, lim,
             case
               when letter in ('R', 'I', 'K', 'T', 'L') and plenty then case when h < 30 then lim / 4 else 0 end
               when letter in ('R', 'I', 'K', 'T', 'L') then case when h < 20 then lim when h < 45 then lim / 2 else 0 end
               when letter = 'O' and not plenty and h < 15 then lim
               else 0
             end as ext
      from buckets
    ),
    class_rows as (
      insert into flight_class_inventory (flight_id, booking_class, cabin, authorised_limit, external_sold)
      select flight_id, letter, cabin, lim, ext from sold
      returning flight_id
    ),
    cabin_sold as (
      select flight_id, cabin, sum(ext)::int as ext from sold group by flight_id, cabin
    )
    insert into flight_cabins (flight_id, cabin, capacity, infant_capacity, external_sold)
    select f.id, c.cabin,
           case c.cabin when 'C' then at.capacity_c else at.capacity_y end,
           case c.cabin when 'C' then at.infant_capacity_c else at.infant_capacity_y end,
           coalesce(cs.ext, 0)
    from new_flights f
    join aircraft_types at on at.code = f.aircraft_code
    cross join (values ('C'), ('Y')) as c(cabin)
    left join cabin_sold cs on cs.flight_id = f.id and cs.cabin = c.cabin
  `);
  // Two cabin rows per new flight.
  const created = Math.round((result.rowCount ?? 0) / 2);
  // Fresh statistics, so search plans use the indexes right away rather than after autovacuum.
  if (created > 0) await db.execute(sql`analyze flights, flight_cabins, flight_class_inventory, fares`);
  return created;
}
