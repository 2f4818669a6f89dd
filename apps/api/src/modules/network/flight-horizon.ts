import { addDays, localDate } from '@wings/rules';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { DEMO_OPEN_ROUTES } from './demo-network';

/** Days of dated flights kept ahead of today (at least 365: issue 2 §3). */
export const FLIGHT_HORIZON_DAYS = 370;

export interface HorizonOptions {
  /** The hub's zone (config HUB_TIME_ZONE): the horizon starts at yesterday there. */
  hubZone: string;
  /** Days ahead; FLIGHT_HORIZON_DAYS by default. */
  days?: number;
  /** Fill the demo's sales through other channels on the new flights (config SEED_DEMO). */
  demoSales?: boolean;
}

/**
 * Turns the weekly schedules into dated flights from yesterday (at the hub) to `days`
 * ahead, with their cabin and booking-class inventory, in one set-based statement (the
 * inventory module agreed to this one writer of its rows besides its own `openFlight`: a
 * year of flights is some 10,000 rows of flights and 150,000 of buckets). Idempotent:
 * existing flights (and their inventory) are left alone, so it runs at every start, from the
 * daily job (network.jobs.ts) and from several processes at once.
 *
 * With `demoSales` (SEED_DEMO), seats sold through other channels are filled in
 * deterministically (an md5 of flight number, date and class) so availability varies: some
 * Value and low Basic buckets are sold out or half sold, and a few WingsFlex O buckets are
 * closed. Bangkok flights keep plenty of seats (at most a quarter of a bucket sold) for demos
 * and benchmarks. Without it a new flight has nothing sold.
 */
export async function ensureFlightHorizon(
  db: Executor,
  today: Date,
  options: HorizonOptions,
): Promise<number> {
  const days = options.days ?? FLIGHT_HORIZON_DAYS;
  const demoSales = options.demoSales ?? false;
  const from = addDays(localDate(today, options.hubZone), -1);
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
             f.route_code in ${[...DEMO_OPEN_ROUTES]} as plenty
      from new_flights f
      join aircraft_types at on at.code = f.aircraft_code
      cross join booking_classes bc
    ),
    sold as (
      select flight_id, letter, cabin, lim,
             case
               when not ${demoSales}::boolean then 0
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
