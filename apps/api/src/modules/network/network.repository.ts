import type { Currency, LocalizedText } from '@wings/contracts';
import { and, asc, count, eq, gte, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { aircraftTypes, airports, flights, routes, schedules } from '../../db/schema/network';
import type { Executor } from '../../platform/db';

/** An airport of the network, as other modules see it. */
export interface NetworkAirport {
  code: string;
  name: LocalizedText;
  city: LocalizedText;
  country: string;
  countryName: LocalizedText;
  timeZone: string;
  latitude: number;
  longitude: number;
  isHub: boolean;
}

/** A directed route of the network. */
export interface NetworkRoute {
  code: string;
  origin: string;
  destination: string;
  distanceKm: number;
  currency: Currency;
  blockMinutes: number;
}

/** An aircraft type's seats per cabin. */
export interface AircraftCapacity {
  code: string;
  capacityC: number;
  capacityY: number;
  infantCapacityC: number;
  infantCapacityY: number;
}

/** A dated flight as it is first written. */
export interface NewFlight {
  flightNo: string;
  routeCode: string;
  depLocalDate: string;
  depUtc: Date;
  arrUtc: Date;
  aircraftCode: string;
  status: string;
}

/** A weekly schedule line. */
export interface ScheduleLine {
  id: number;
  flightNo: string;
  routeCode: string;
  daysOfWeek: number[];
  depLocalTime: string;
  blockMinutes: number;
  aircraftCode: string;
  validFrom: string;
  validTo: string | null;
}

/** A dated flight with its airports' zones (the staff console). */
export interface StoredFlight {
  id: string;
  flightNo: string;
  routeCode: string;
  origin: string;
  destination: string;
  originZone: string;
  destinationZone: string;
  depLocalDate: string;
  depUtc: Date;
  arrUtc: Date;
  originalDepUtc: Date;
  originalArrUtc: Date;
  aircraftCode: string;
  status: 'scheduled' | 'cancelled' | 'departed' | 'arrived';
  /** When staff marked it departed; null before (and on flights marked before this was kept). */
  departedAt: Date | null;
}

/** Which dated flights the staff console lists. */
export interface FlightFilter {
  from: string;
  to: string;
  route?: string | undefined;
  flightNo?: string | undefined;
  status?: StoredFlight['status'] | undefined;
  page: number;
  pageSize: number;
}

/** Data access of the network module: the only file of the module that knows its tables. */
export function createNetworkRepository(db: Executor) {
  const origin = alias(airports, 'origin_airport');
  const destination = alias(airports, 'destination_airport');
  const flightQuery = () =>
    db
      .select({
        flight: flights,
        origin: routes.origin,
        destination: routes.destination,
        originZone: origin.timeZone,
        destinationZone: destination.timeZone,
      })
      .from(flights)
      .innerJoin(routes, eq(routes.code, flights.routeCode))
      .innerJoin(origin, eq(origin.code, routes.origin))
      .innerJoin(destination, eq(destination.code, routes.destination));
  type FlightRow = Awaited<ReturnType<typeof flightQuery>>[number];
  const toStoredFlight = (r: FlightRow): StoredFlight => ({
    id: String(r.flight.id),
    flightNo: r.flight.flightNo,
    routeCode: r.flight.routeCode,
    origin: r.origin,
    destination: r.destination,
    originZone: r.originZone,
    destinationZone: r.destinationZone,
    depLocalDate: r.flight.depLocalDate,
    depUtc: r.flight.depUtc,
    arrUtc: r.flight.arrUtc,
    originalDepUtc: r.flight.originalDepUtc,
    originalArrUtc: r.flight.originalArrUtc,
    aircraftCode: r.flight.aircraftCode,
    status: r.flight.status as StoredFlight['status'],
    departedAt: r.flight.departedAt,
  });
  return {
    /** Every airport and route (small, static reference data). */
    async airportsAndRoutes(): Promise<{ airports: NetworkAirport[]; routes: NetworkRoute[] }> {
      const [airportRows, routeRows] = await Promise.all([
        db.select().from(airports).orderBy(asc(airports.code)),
        db.select().from(routes).orderBy(asc(routes.code)),
      ]);
      return {
        airports: airportRows.map((a) => ({
          code: a.code,
          name: { zh: a.nameZh, en: a.nameEn, km: a.nameKm },
          city: { zh: a.cityZh, en: a.cityEn, km: a.cityKm },
          country: a.countryCode,
          countryName: { zh: a.countryNameZh, en: a.countryNameEn, km: a.countryNameKm },
          timeZone: a.timeZone,
          latitude: a.latitude,
          longitude: a.longitude,
          isHub: a.isHub,
        })),
        routes: routeRows.map((r) => ({
          code: r.code,
          origin: r.origin,
          destination: r.destination,
          distanceKm: r.distanceKm,
          currency: r.currency as Currency,
          blockMinutes: r.blockMinutes,
        })),
      };
    },

    /** A route with its origin airport's zone; null when the network does not fly it. */
    async routeWithOriginZone(code: string): Promise<{ blockMinutes: number; originZone: string } | null> {
      const [row] = await db
        .select({ blockMinutes: routes.blockMinutes, originZone: airports.timeZone })
        .from(routes)
        .innerJoin(airports, eq(airports.code, routes.origin))
        .where(eq(routes.code, code));
      return row ?? null;
    },

    async aircraft(code: string): Promise<AircraftCapacity | null> {
      const [row] = await db
        .select({
          code: aircraftTypes.code,
          capacityC: aircraftTypes.capacityC,
          capacityY: aircraftTypes.capacityY,
          infantCapacityC: aircraftTypes.infantCapacityC,
          infantCapacityY: aircraftTypes.infantCapacityY,
        })
        .from(aircraftTypes)
        .where(eq(aircraftTypes.code, code));
      return row ?? null;
    },

    /** Inserts one dated flight outside any schedule; its id. */
    async insertFlight(input: NewFlight): Promise<string> {
      const [row] = await db
        .insert(flights)
        .values({
          flightNo: input.flightNo,
          scheduleId: null,
          routeCode: input.routeCode,
          depLocalDate: input.depLocalDate,
          depUtc: input.depUtc,
          arrUtc: input.arrUtc,
          originalDepUtc: input.depUtc,
          originalArrUtc: input.arrUtc,
          aircraftCode: input.aircraftCode,
          status: input.status,
        })
        .returning({ id: flights.id });
      return String(row!.id);
    },

    /** Every weekly schedule line, by flight number and validity. */
    async schedules(): Promise<ScheduleLine[]> {
      const rows = await db
        .select()
        .from(schedules)
        .orderBy(asc(schedules.flightNo), asc(schedules.validFrom));
      return rows.map((r) => ({
        id: r.id,
        flightNo: r.flightNo,
        routeCode: r.routeCode,
        daysOfWeek: [...r.daysOfWeek],
        depLocalTime: r.depLocalTime.slice(0, 5),
        blockMinutes: r.blockMinutes,
        aircraftCode: r.aircraftCode,
        validFrom: r.validFrom,
        validTo: r.validTo,
      }));
    },

    /** A page of dated flights by local departure date, then departure and number; and how many match. */
    async flightsPage(filter: FlightFilter): Promise<{ list: StoredFlight[]; total: number }> {
      const where: SQL[] = [gte(flights.depLocalDate, filter.from), lte(flights.depLocalDate, filter.to)];
      if (filter.route) where.push(eq(flights.routeCode, filter.route));
      if (filter.flightNo) where.push(eq(flights.flightNo, filter.flightNo));
      if (filter.status) where.push(eq(flights.status, filter.status));
      const condition = and(...where);
      const [rows, totals] = await Promise.all([
        flightQuery()
          .where(condition)
          .orderBy(asc(flights.depUtc), asc(flights.flightNo))
          .limit(filter.pageSize)
          .offset((filter.page - 1) * filter.pageSize),
        db.select({ n: count() }).from(flights).where(condition),
      ]);
      return { list: rows.map(toStoredFlight), total: totals[0]?.n ?? 0 };
    },

    /** One dated flight; with `forUpdate`, its row locked until the transaction ends. */
    async flight(id: string, forUpdate = false): Promise<StoredFlight | null> {
      const query = flightQuery().where(eq(flights.id, Number(id)));
      const [row] = forUpdate ? await query.for('update', { of: flights }) : await query;
      return row ? toStoredFlight(row) : null;
    },

    /** New departure and arrival instants of a dated flight (the first published ones are kept). */
    async setFlightTimes(id: string, depUtc: Date, arrUtc: Date, now: Date): Promise<void> {
      await db
        .update(flights)
        .set({ depUtc, arrUtc, updatedAt: now })
        .where(eq(flights.id, Number(id)));
    },

    /** A new operational status of a dated flight. */
    async setFlightStatus(id: string, status: StoredFlight['status'], now: Date): Promise<void> {
      await db
        .update(flights)
        .set({ status, updatedAt: now })
        .where(eq(flights.id, Number(id)));
    },

    /**
     * Marks a scheduled flight departed at `departedAt`, once: false when it is no longer
     * scheduled or was marked already (the caller, holding the flight's lock, checked both).
     */
    async setFlightDeparted(id: string, departedAt: Date, now: Date): Promise<boolean> {
      const rows = await db
        .update(flights)
        .set({ status: 'departed', departedAt, updatedAt: now })
        .where(and(eq(flights.id, Number(id)), eq(flights.status, 'scheduled'), isNull(flights.departedAt)))
        .returning({ id: flights.id });
      return rows.length === 1;
    },

    /** Whether the network has no airport yet: a database nobody has filled. */
    async isEmpty(): Promise<boolean> {
      const r = await db.execute(sql`select not exists (select 1 from airports) as empty`);
      return (r.rows[0] as { empty: boolean }).empty;
    },
  };
}

export type NetworkRepository = ReturnType<typeof createNetworkRepository>;
