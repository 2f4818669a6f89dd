import type { Currency, LocalizedText } from '@wings/contracts';
import { and, asc, count, eq, gt, gte, inArray, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { aircraftTypes, airports, flights, routes, type SeatMap, schedules } from '../../db/schema/network';
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

/** An aircraft type's seat layout and cabin capacities. */
export interface AircraftLayout {
  code: string;
  name: string;
  seatMap: SeatMap;
  capacityC: number;
  capacityY: number;
}

/** A dated flight with what a seat map needs: its route, origin zone, local date and aircraft layout. */
export interface FlightLayout {
  flightId: string;
  flightNo: string;
  routeCode: string;
  origin: string;
  destination: string;
  /** The route's currency (add-on prices are filed in it). */
  currency: Currency;
  originZone: string;
  /** Local departure date at the origin (seat age bars are taken on it). */
  depLocalDate: string;
  depUtc: Date;
  status: 'scheduled' | 'cancelled' | 'departed' | 'arrived';
  aircraftCode: string;
  seatMap: SeatMap;
  capacityC: number;
  capacityY: number;
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

/** An airport as staff create or edit it (the hub flag is the seed's, never a form's). */
export interface AirportWrite {
  code: string;
  name: LocalizedText;
  city: LocalizedText;
  country: string;
  countryName: LocalizedText;
  timeZone: string;
  latitude: number;
  longitude: number;
}

/** A weekly schedule line as staff file it. */
export type ScheduleWrite = Omit<ScheduleLine, 'id'>;

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

function scheduleLineOf(r: typeof schedules.$inferSelect): ScheduleLine {
  return {
    id: r.id,
    flightNo: r.flightNo,
    routeCode: r.routeCode,
    daysOfWeek: [...r.daysOfWeek],
    depLocalTime: r.depLocalTime.slice(0, 5),
    blockMinutes: r.blockMinutes,
    aircraftCode: r.aircraftCode,
    validFrom: r.validFrom,
    validTo: r.validTo,
  };
}

function airportColumns(a: AirportWrite) {
  return {
    nameZh: a.name.zh,
    nameEn: a.name.en,
    nameKm: a.name.km,
    cityZh: a.city.zh,
    cityEn: a.city.en,
    cityKm: a.city.km,
    countryCode: a.country,
    countryNameZh: a.countryName.zh,
    countryNameEn: a.countryName.en,
    countryNameKm: a.countryName.km,
    timeZone: a.timeZone,
    latitude: a.latitude,
    longitude: a.longitude,
  };
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
      return rows.map(scheduleLineOf);
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

    /** One airport; with `forUpdate`, its row locked until the transaction ends. */
    async airport(code: string, forUpdate = false): Promise<NetworkAirport | null> {
      const query = db.select().from(airports).where(eq(airports.code, code));
      const [a] = forUpdate ? await query.for('update') : await query;
      if (!a) return null;
      return {
        code: a.code,
        name: { zh: a.nameZh, en: a.nameEn, km: a.nameKm },
        city: { zh: a.cityZh, en: a.cityEn, km: a.cityKm },
        country: a.countryCode,
        countryName: { zh: a.countryNameZh, en: a.countryNameEn, km: a.countryNameKm },
        timeZone: a.timeZone,
        latitude: a.latitude,
        longitude: a.longitude,
        isHub: a.isHub,
      };
    },

    /** Inserts a new airport (not a hub); false when the code is taken. */
    async insertAirport(input: AirportWrite): Promise<boolean> {
      const rows = await db
        .insert(airports)
        .values({ ...airportColumns(input), code: input.code, isHub: false })
        .onConflictDoNothing({ target: airports.code })
        .returning({ code: airports.code });
      return rows.length === 1;
    },

    /** New names, country names, zone and coordinates of an airport (code, country and hub stay). */
    async updateAirport(input: AirportWrite, now: Date): Promise<void> {
      const { countryCode: _country, ...columns } = airportColumns(input);
      await db
        .update(airports)
        .set({ ...columns, updatedAt: now })
        .where(eq(airports.code, input.code));
    },

    /** How many dated flights (any status) leave or arrive at an airport. */
    async flightsAtAirport(code: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(flights)
        .innerJoin(routes, eq(routes.code, flights.routeCode))
        .where(or(eq(routes.origin, code), eq(routes.destination, code)));
      return row?.n ?? 0;
    },

    /** One route; with `forUpdate`, its row locked until the transaction ends. */
    async route(code: string, forUpdate = false): Promise<NetworkRoute | null> {
      const query = db.select().from(routes).where(eq(routes.code, code));
      const [r] = forUpdate ? await query.for('update') : await query;
      return r
        ? {
            code: r.code,
            origin: r.origin,
            destination: r.destination,
            distanceKm: r.distanceKm,
            currency: r.currency as Currency,
            blockMinutes: r.blockMinutes,
          }
        : null;
    },

    /** Inserts a route; false when it exists already. */
    async insertRoute(input: NetworkRoute): Promise<boolean> {
      const rows = await db
        .insert(routes)
        .values(input)
        .onConflictDoNothing()
        .returning({ code: routes.code });
      return rows.length === 1;
    },

    async updateRoute(code: string, change: { distanceKm: number; blockMinutes: number }, now: Date) {
      await db
        .update(routes)
        .set({ ...change, updatedAt: now })
        .where(eq(routes.code, code));
    },

    /** A dated flight with its route, origin zone and aircraft layout (seating's seat maps); null when unknown. */
    async flightLayout(id: string): Promise<FlightLayout | null> {
      if (!/^\d{1,15}$/.test(id)) return null;
      const [row] = await db
        .select({
          flightId: flights.id,
          flightNo: flights.flightNo,
          routeCode: flights.routeCode,
          origin: routes.origin,
          destination: routes.destination,
          currency: routes.currency,
          originZone: airports.timeZone,
          depLocalDate: flights.depLocalDate,
          depUtc: flights.depUtc,
          status: flights.status,
          aircraftCode: flights.aircraftCode,
          seatMap: aircraftTypes.seatMap,
          capacityC: aircraftTypes.capacityC,
          capacityY: aircraftTypes.capacityY,
        })
        .from(flights)
        .innerJoin(routes, eq(routes.code, flights.routeCode))
        .innerJoin(airports, eq(airports.code, routes.origin))
        .innerJoin(aircraftTypes, eq(aircraftTypes.code, flights.aircraftCode))
        .where(eq(flights.id, Number(id)));
      if (!row) return null;
      return {
        ...row,
        flightId: String(row.flightId),
        currency: row.currency as Currency,
        status: row.status as StoredFlight['status'],
      };
    },

    /** Every aircraft type with its seat layout (seating's staff page). */
    async aircraftLayouts(): Promise<AircraftLayout[]> {
      return db
        .select({
          code: aircraftTypes.code,
          name: aircraftTypes.name,
          seatMap: aircraftTypes.seatMap,
          capacityC: aircraftTypes.capacityC,
          capacityY: aircraftTypes.capacityY,
        })
        .from(aircraftTypes)
        .orderBy(asc(aircraftTypes.code));
    },

    /** Every aircraft type, by code. */
    async aircraftTypes(): Promise<Array<AircraftCapacity & { name: string }>> {
      return db
        .select({
          code: aircraftTypes.code,
          name: aircraftTypes.name,
          capacityC: aircraftTypes.capacityC,
          capacityY: aircraftTypes.capacityY,
          infantCapacityC: aircraftTypes.infantCapacityC,
          infantCapacityY: aircraftTypes.infantCapacityY,
        })
        .from(aircraftTypes)
        .orderBy(asc(aircraftTypes.code));
    },

    /** One schedule line; with `forUpdate`, its row locked until the transaction ends. */
    async schedule(id: number, forUpdate = false): Promise<ScheduleLine | null> {
      const query = db.select().from(schedules).where(eq(schedules.id, id));
      const [r] = forUpdate ? await query.for('update') : await query;
      return r ? scheduleLineOf(r) : null;
    },

    /**
     * Lines of `flightNo` whose validity overlaps `from`…`to` (null: open) on one of `days`,
     * other than `exceptId`.
     */
    async overlappingSchedules(
      flightNo: string,
      from: string,
      to: string | null,
      days: number[],
      exceptId?: number,
    ): Promise<ScheduleLine[]> {
      const where: SQL[] = [
        eq(schedules.flightNo, flightNo),
        or(isNull(schedules.validTo), gte(schedules.validTo, from))!,
        sql`${schedules.daysOfWeek} && ${sql.raw(`array[${days.map(Number).join(',')}]`)}::smallint[]`,
      ];
      if (to !== null) where.push(lte(schedules.validFrom, to));
      if (exceptId !== undefined) where.push(ne(schedules.id, exceptId));
      const rows = await db
        .select()
        .from(schedules)
        .where(and(...where));
      return rows.map(scheduleLineOf);
    },

    /** Inserts a schedule line; its id, or null when the flight number has a line from that date already. */
    async insertSchedule(input: ScheduleWrite): Promise<number | null> {
      const rows = await db
        .insert(schedules)
        .values({ ...input, depLocalTime: `${input.depLocalTime}:00` })
        .onConflictDoNothing()
        .returning({ id: schedules.id });
      return rows[0]?.id ?? null;
    },

    async setScheduleEnd(id: number, validTo: string, now: Date): Promise<void> {
      await db.update(schedules).set({ validTo, updatedAt: now }).where(eq(schedules.id, id));
    },

    /** How many dated flights a schedule line has. */
    async flightsOfSchedule(id: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(flights).where(eq(flights.scheduleId, id));
      return row?.n ?? 0;
    },

    /**
     * A line's scheduled flights departing after local date `after` and after the instant `now`,
     * locked until the transaction ends.
     */
    async scheduledFlightsAfter(
      id: number,
      after: string,
      now: Date,
    ): Promise<Array<{ id: string; flightNo: string; depLocalDate: string; routeCode: string }>> {
      const rows = await db
        .select({
          id: flights.id,
          flightNo: flights.flightNo,
          depLocalDate: flights.depLocalDate,
          routeCode: flights.routeCode,
        })
        .from(flights)
        .where(
          and(
            eq(flights.scheduleId, id),
            gt(flights.depLocalDate, after),
            gt(flights.depUtc, now),
            eq(flights.status, 'scheduled'),
          ),
        )
        .orderBy(asc(flights.depLocalDate))
        .for('update');
      return rows.map((r) => ({ ...r, id: String(r.id) }));
    },

    /** Cancels scheduled flights (nobody to tell: the caller checked nothing is sold or held). */
    async cancelFlights(ids: string[], now: Date): Promise<number> {
      if (ids.length === 0) return 0;
      const rows = await db
        .update(flights)
        .set({ status: 'cancelled', updatedAt: now })
        .where(and(inArray(flights.id, ids.map(Number)), eq(flights.status, 'scheduled')))
        .returning({ id: flights.id });
      return rows.length;
    },

    /**
     * Dated flights of a flight number, any status, on the days of week `days` between local
     * dates `from` and `to` (inclusive), locked: the dates a new schedule line would fly.
     */
    async flightsOfNumberOn(
      flightNo: string,
      from: string,
      to: string,
      days: number[],
    ): Promise<Array<{ id: string; depLocalDate: string; status: StoredFlight['status'] }>> {
      const rows = await db
        .select({ id: flights.id, depLocalDate: flights.depLocalDate, status: flights.status })
        .from(flights)
        .where(
          and(
            eq(flights.flightNo, flightNo),
            gte(flights.depLocalDate, from),
            lte(flights.depLocalDate, to),
            sql`extract(isodow from ${flights.depLocalDate})::smallint in ${days}`,
          ),
        )
        .orderBy(asc(flights.depLocalDate))
        .for('update');
      return rows.map((r) => ({
        id: String(r.id),
        depLocalDate: r.depLocalDate,
        status: r.status as StoredFlight['status'],
      }));
    },

    /**
     * Deletes cancelled flights nobody ever booked (their inventory rows go with them, by the
     * foreign key), so a new schedule line may fly the number on those dates again.
     */
    async deleteCancelledFlights(ids: string[]): Promise<number> {
      if (ids.length === 0) return 0;
      const rows = await db
        .delete(flights)
        .where(and(inArray(flights.id, ids.map(Number)), eq(flights.status, 'cancelled')))
        .returning({ id: flights.id });
      return rows.length;
    },

    /** Whether the network has no airport yet: a database nobody has filled. */
    async isEmpty(): Promise<boolean> {
      const r = await db.execute(sql`select not exists (select 1 from airports) as empty`);
      return (r.rows[0] as { empty: boolean }).empty;
    },
  };
}

export type NetworkRepository = ReturnType<typeof createNetworkRepository>;
