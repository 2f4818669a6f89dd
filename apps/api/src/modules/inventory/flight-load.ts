import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';

/** Seats taken and offered on one local departure date's flights (the dashboard's load factor). */
export interface DayLoad {
  /** Local departure date at the flights' origin, YYYY-MM-DD. */
  date: string;
  flights: number;
  /** Seats of this system's live holds and tickets, and seats other channels sold. */
  sold: number;
  capacity: number;
}

/**
 * The seats taken and offered, per local departure date from `fromDate` for `days` days, of the
 * flights not cancelled (every cabin), in one statement; a date without flights is answered with
 * zeros. Dates are the flights' own (`dep_local_date`, the date travellers search by).
 */
export async function flightLoadByDay(db: Executor, fromDate: string, days: number): Promise<DayLoad[]> {
  const r = await db.execute<{ date: string; flights: number; sold: number; capacity: number }>(sql`
    with day as (
      select d::date as date
        from generate_series(${fromDate}::date, ${fromDate}::date + (${days}::int - 1), interval '1 day') d
    ), flight as (
      select f.dep_local_date as date, f.id,
             sum(fc.sold + fc.external_sold)::int as sold, sum(fc.capacity)::int as capacity
        from flights f
        join flight_cabins fc on fc.flight_id = f.id
       where f.dep_local_date >= ${fromDate}::date
         and f.dep_local_date < ${fromDate}::date + ${days}::int
         and f.status <> 'cancelled'
       group by f.dep_local_date, f.id
    )
    select to_char(day.date, 'YYYY-MM-DD') as date, count(flight.id)::int as flights,
           coalesce(sum(flight.sold), 0)::int as sold, coalesce(sum(flight.capacity), 0)::int as capacity
      from day left join flight on flight.date = day.date
     group by day.date
     order by day.date`);
  return r.rows.map((row) => ({
    date: row.date,
    flights: Number(row.flights),
    sold: Number(row.sold),
    capacity: Number(row.capacity),
  }));
}
