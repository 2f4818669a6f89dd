import { sql } from 'drizzle-orm';
import { flights, routes } from '../../db/schema/network';
import type { Executor } from '../../platform/db';

/**
 * Dated flights the airline changed after publishing them (issue 16, the console's disrupted
 * flights, modules/changes): canceled, or flying at other times than first published.
 */
export interface ChangedFlight {
  flightId: string;
  flightNo: string;
  origin: string;
  destination: string;
  depLocalDate: string;
  status: 'scheduled' | 'cancelled' | 'departed' | 'arrived';
  /** The times first published, and those it flies at now. */
  originalDepUtc: Date;
  originalArrUtc: Date;
  depUtc: Date;
  arrUtc: Date;
  /** The flight's last change (the console's order, newest first). */
  updatedAt: Date;
}

type Row = {
  id: string;
  flight_no: string;
  origin: string;
  destination: string;
  dep_local_date: string;
  status: ChangedFlight['status'];
  original_dep_utc: Date | string;
  original_arr_utc: Date | string;
  dep_utc: Date | string;
  arr_utc: Date | string;
  updated_at: Date | string;
  total?: string | number;
};

function changedFlightOf(row: Row): ChangedFlight {
  return {
    flightId: row.id,
    flightNo: row.flight_no,
    origin: row.origin,
    destination: row.destination,
    depLocalDate: row.dep_local_date,
    status: row.status,
    originalDepUtc: new Date(row.original_dep_utc),
    originalArrUtc: new Date(row.original_arr_utc),
    depUtc: new Date(row.dep_utc),
    arrUtc: new Date(row.arr_utc),
    updatedAt: new Date(row.updated_at),
  };
}

const CHANGED = sql`(f.status = 'cancelled' or f.dep_utc <> f.original_dep_utc or f.arr_utc <> f.original_arr_utc)`;

/** A page of changed flights departing on `fromDate` (local) or later, the latest changed first. */
export async function changedFlights(
  db: Executor,
  query: { fromDate: string; limit: number; offset: number },
): Promise<{ list: ChangedFlight[]; total: number }> {
  const r = await db.execute<Row>(sql`
    select f.id::text as id, f.flight_no, r.origin, r.destination, f.dep_local_date::text as dep_local_date,
           f.status, f.original_dep_utc, f.original_arr_utc, f.dep_utc, f.arr_utc, f.updated_at,
           count(*) over () as total
      from ${flights} f
      join ${routes} r on r.code = f.route_code
     where f.dep_local_date >= ${query.fromDate}::date and ${CHANGED}
     order by f.updated_at desc, f.id desc
     limit ${query.limit} offset ${query.offset}`);
  const total = r.rows[0]?.total;
  if (total === undefined && query.offset > 0) {
    const c = await db.execute<{ n: string | number }>(sql`
      select count(*) as n from ${flights} f
       where f.dep_local_date >= ${query.fromDate}::date and ${CHANGED}`);
    return { list: [], total: Number(c.rows[0]?.n ?? 0) };
  }
  return { list: r.rows.map(changedFlightOf), total: Number(total ?? 0) };
}

/** One dated flight if the airline changed it (canceled or retimed); null otherwise or unknown. */
export async function changedFlight(db: Executor, flightId: string): Promise<ChangedFlight | null> {
  if (!/^\d{1,18}$/.test(flightId)) return null;
  const r = await db.execute<Row>(sql`
    select f.id::text as id, f.flight_no, r.origin, r.destination, f.dep_local_date::text as dep_local_date,
           f.status, f.original_dep_utc, f.original_arr_utc, f.dep_utc, f.arr_utc, f.updated_at
      from ${flights} f
      join ${routes} r on r.code = f.route_code
     where f.id = ${Number(flightId)} and ${CHANGED}`);
  const row = r.rows[0];
  return row ? changedFlightOf(row) : null;
}
