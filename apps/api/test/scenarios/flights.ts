import { addDays, HUB_TIME_ZONE, isoWeekday, localDate } from '@wings/rules';
import { sql } from 'drizzle-orm';
import { createDatedFlight } from '../../src/modules/network';
import type { Database, Tx } from '../../src/platform/db';

/**
 * Private dated flights for tests (CODE_STYLE.md §11): each has a flight number of its own and, unless
 * the test names one, a date no other private flight of its route uses, so test files running at
 * once on the shared database never meet in each other's inventory, and the tests that read the
 * demo network never see them.
 */

/** Where a builder writes: anything holding the test database (a TestApp). */
export interface WithDatabase {
  database: Pick<Database, 'db'>;
}

type Cabin = 'C' | 'Y';

export interface CabinSpec {
  /** Seats of the cabin; the aircraft's by default. */
  capacity?: number;
  /** Seats left to sell in the cabin (other channels sold the rest); all of them by default. */
  seatsLeft?: number;
  /** Lap-infant places; the aircraft's allowance by default. */
  infantsLeft?: number;
}

export interface PrivateFlightSpec {
  /** A route of the network, e.g. from KTI to SIN: its fares and taxes price the flight. */
  from: string;
  to: string;
  /**
   * Local departure date at `from`. By default a date 190 to 370 days ahead that no other private
   * flight of the route uses: past the search window (180 days), so no search of the demo network
   * lists it.
   */
  date?: string;
  /**
   * A date within the search window (110 to 179 days ahead) that no other private flight of the
   * route uses, for tests that find their flight through search. With `alone`, a date on which no
   * flight of the route operates at all (a weekday the schedules leave out), so search lists only
   * the flights the test builds there.
   */
  searchable?: boolean | 'alone';
  /** Only with `searchable`: ISO weekdays (1 Monday … 7 Sunday) the date may fall on. */
  weekdays?: number[];
  /** Local departure time at `from`, `HH:MM`; 10:00 by default. */
  depTime?: string;
  /** Aircraft type code, `320` (8 C + 172 Y seats) by default, or `321`. */
  aircraft?: string;
  cabins?: Partial<Record<Cabin, CabinSpec>>;
  /** Seats left in a booking class's own bucket (its authorised limit, nothing sold). */
  classes?: Record<string, { seatsLeft: number }>;
  /** `scheduled` by default. */
  status?: 'scheduled' | 'cancelled' | 'departed' | 'arrived';
}

export interface PrivateFlight {
  flightId: string;
  flightNo: string;
  /** Local departure date at the origin (the date travellers search by). */
  depLocalDate: string;
  routeCode: string;
  from: string;
  to: string;
  depUtc: Date;
  arrUtc: Date;
}

const PRIVATE_FLIGHT_NO = '^WC[0-9]{4}$';
/** Serializes the choice of number and date between test files (any constant key will do). */
const LOCK_KEY = 0x57c0_f11e;

/** The days ahead a builder's dates fall in: beyond the search window, or inside it. */
const FAR = { from: 190, to: 370 };
const SEARCHABLE = { from: 110, to: 179 };

/**
 * A dated flight of its own, with its cabins and booking-class buckets open (nothing sold unless
 * the spec says so). Returns what booking and the tests use of it.
 */
export async function aPrivateFlight(t: WithDatabase, spec: PrivateFlightSpec): Promise<PrivateFlight> {
  return t.database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
    const next = await tx.execute<{ n: number }>(
      sql`select coalesce(max(substring(flight_no from 3)::int), 999) + 1 as n from flights
           where schedule_id is null and flight_no ~ ${PRIVATE_FLIGHT_NO}`,
    );
    const n = Number(next.rows[0]!.n);
    if (n > 9999) throw new Error('no private flight numbers left in this run');
    const date = spec.date ?? (await freeDate(tx, `${spec.from}-${spec.to}`, n, spec));
    const flight = await createDatedFlight(tx, {
      flightNo: `WC${n}`,
      from: spec.from,
      to: spec.to,
      date,
      ...(spec.depTime ? { depLocalTime: spec.depTime } : {}),
      ...(spec.aircraft ? { aircraftCode: spec.aircraft } : {}),
      ...(spec.status ? { status: spec.status } : {}),
      cabins: await cabinsOf(tx, spec),
      classes: Object.fromEntries(
        Object.entries(spec.classes ?? {}).map(([letter, c]) => [letter, { authorisedLimit: c.seatsLeft }]),
      ),
    });
    return {
      flightId: flight.flightId,
      flightNo: flight.flightNo,
      depLocalDate: flight.depLocalDate,
      routeCode: flight.routeCode,
      from: spec.from,
      to: spec.to,
      depUtc: flight.depUtc,
      arrUtc: flight.arrUtc,
    };
  });
}

/** The way back of `out` on its own flight, `days` days after it (7 by default). */
export function aReturnFlight(
  t: WithDatabase,
  out: PrivateFlight,
  spec: Omit<PrivateFlightSpec, 'from' | 'to' | 'date'> & { days?: number } = {},
): Promise<PrivateFlight> {
  const { days = 7, ...rest } = spec;
  return aPrivateFlight(t, { ...rest, from: out.to, to: out.from, date: addDays(out.depLocalDate, days) });
}

/**
 * A date of the builder's range, none of the route's private flights on it (nor, for `alone`,
 * any flight of the route). Starts at a place of the range that moves with the flight number, so
 * consecutive flights of a route spread over the range.
 */
async function freeDate(tx: Tx, routeCode: string, n: number, spec: PrivateFlightSpec) {
  const range = spec.searchable ? SEARCHABLE : FAR;
  const today = localDate(new Date(), HUB_TIME_ZONE);
  const span = range.to - range.from + 1;
  const { rows } = await tx.execute<{ d: string }>(
    sql`select distinct to_char(dep_local_date, 'YYYY-MM-DD') as d from flights
         where route_code = ${routeCode}
           and dep_local_date between ${addDays(today, range.from)}::date and ${addDays(today, range.to)}::date
           and (${spec.searchable === 'alone'} or (schedule_id is null and flight_no ~ ${PRIVATE_FLIGHT_NO}))`,
  );
  const taken = new Set(rows.map((r) => r.d));
  for (let i = 0; i < span; i++) {
    const date = addDays(today, range.from + ((n * 7 + i) % span));
    if (taken.has(date)) continue;
    if (spec.searchable && spec.weekdays && !spec.weekdays.includes(isoWeekday(date))) continue;
    return date;
  }
  throw new Error(`no free date for a private ${routeCode} flight`);
}

/** What differs from the aircraft in each cabin: its seats, the seats sold elsewhere, infant places. */
async function cabinsOf(tx: Tx, spec: PrivateFlightSpec) {
  const out: Partial<Record<Cabin, { capacity?: number; infantCapacity?: number; externalSold?: number }>> =
    {};
  for (const cabin of ['C', 'Y'] as const) {
    const c = spec.cabins?.[cabin];
    if (!c) continue;
    const capacity = c.capacity ?? (await aircraftSeats(tx, spec.aircraft ?? '320', cabin));
    out[cabin] = {
      capacity,
      ...(c.seatsLeft !== undefined ? { externalSold: capacity - c.seatsLeft } : {}),
      ...(c.infantsLeft !== undefined ? { infantCapacity: c.infantsLeft } : {}),
    };
  }
  return out;
}

async function aircraftSeats(tx: Tx, aircraft: string, cabin: Cabin): Promise<number> {
  const { rows } = await tx.execute<{ seats: number }>(
    sql`select case ${cabin} when 'C' then capacity_c else capacity_y end as seats
          from aircraft_types where code = ${aircraft}`,
  );
  if (!rows[0]) throw new Error(`no aircraft type ${aircraft}`);
  return Number(rows[0].seats);
}
