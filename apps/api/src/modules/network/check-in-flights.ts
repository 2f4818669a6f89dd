import { and, eq, isNull, sql } from 'drizzle-orm';
import { airports, flights, routes } from '../../db/schema/network';
import type { Executor } from '../../platform/db';

/**
 * A dated flight as online check-in reads it (issue 15, modules/check-in): its times, its origin's
 * zone, whether it still flies, when staff marked it departed and when its departure close ran.
 */
export interface CheckInFlight {
  flightId: string;
  flightNo: string;
  origin: string;
  destination: string;
  originZone: string;
  destinationZone: string;
  depLocalDate: string;
  depUtc: Date;
  arrUtc: Date;
  status: 'scheduled' | 'cancelled' | 'departed' | 'arrived';
  departedAt: Date | null;
  departureClosedAt: Date | null;
}

/** The dated flights of these ids (unknown ids are left out). */
export async function checkInFlights(db: Executor, flightIds: readonly string[]): Promise<CheckInFlight[]> {
  if (flightIds.length === 0) return [];
  const r = await db.execute<{
    id: string;
    flight_no: string;
    origin: string;
    destination: string;
    origin_zone: string;
    destination_zone: string;
    dep_local_date: string;
    dep_utc: Date | string;
    arr_utc: Date | string;
    status: CheckInFlight['status'];
    departed_at: Date | string | null;
    departure_closed_at: Date | string | null;
  }>(sql`
    select f.id::text as id, f.flight_no, r.origin, r.destination, o.time_zone as origin_zone,
           d.time_zone as destination_zone, f.dep_local_date::text as dep_local_date, f.dep_utc, f.arr_utc,
           f.status, f.departed_at, f.departure_closed_at
      from ${flights} f
      join ${routes} r on r.code = f.route_code
      join ${airports} o on o.code = r.origin
      join ${airports} d on d.code = r.destination
     where f.id in (${sql.join(
       flightIds.map((id) => sql`${Number(id)}`),
       sql`, `,
     )})`);
  const date = (v: Date | string | null) => (v === null ? null : new Date(v));
  return r.rows.map((row) => ({
    flightId: row.id,
    flightNo: row.flight_no,
    origin: row.origin,
    destination: row.destination,
    originZone: row.origin_zone,
    destinationZone: row.destination_zone,
    depLocalDate: row.dep_local_date,
    depUtc: new Date(row.dep_utc),
    arrUtc: new Date(row.arr_utc),
    status: row.status,
    departedAt: date(row.departed_at),
    departureClosedAt: date(row.departure_closed_at),
  }));
}

/**
 * The next check-in sequence number on the flight (1, 2, ...), in the caller's transaction: the
 * flight's counter row is locked until it ends, so numbers are never given twice.
 */
export async function nextCheckInSeq(tx: Executor, flightId: string): Promise<number> {
  const [row] = await tx
    .update(flights)
    .set({ checkInCount: sql`${flights.checkInCount} + 1` })
    .where(eq(flights.id, Number(flightId)))
    .returning({ n: flights.checkInCount });
  if (!row) throw new Error(`no flight ${flightId}`);
  return row.n;
}

/**
 * Flights due for their departure close at `now`: not cancelled, not closed yet, and departed
 * by their time (staff's marked departure when there is one, else the scheduled one), oldest first.
 */
export async function flightsDueForClose(db: Executor, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: flights.id })
    .from(flights)
    .where(
      and(
        isNull(flights.departureClosedAt),
        sql`${flights.status} <> 'cancelled'`,
        sql`coalesce(${flights.departedAt}, ${flights.depUtc}) <= ${now}`,
      ),
    )
    .orderBy(sql`coalesce(${flights.departedAt}, ${flights.depUtc})`, flights.id)
    .limit(limit);
  return rows.map((r) => String(r.id));
}

/**
 * Marks the flight's departure close done, in the caller's transaction, once: false when it was
 * done already (or the flight is unknown or cancelled). The row stays locked until the caller ends.
 */
export async function markDepartureClosed(tx: Executor, flightId: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(flights)
    .set({ departureClosedAt: now, updatedAt: now })
    .where(
      and(
        eq(flights.id, Number(flightId)),
        isNull(flights.departureClosedAt),
        sql`${flights.status} <> 'cancelled'`,
      ),
    )
    .returning({ id: flights.id });
  return rows.length > 0;
}
