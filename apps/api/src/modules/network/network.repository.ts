import type { Currency, LocalizedText } from '@wings/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { aircraftTypes, airports, flights, routes } from '../../db/schema/network';
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

/** Data access of the network module: the only file of the module that knows its tables. */
export function createNetworkRepository(db: Executor) {
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

    /** Whether the network has no airport yet: a database nobody has filled. */
    async isEmpty(): Promise<boolean> {
      const r = await db.execute(sql`select not exists (select 1 from airports) as empty`);
      return (r.rows[0] as { empty: boolean }).empty;
    },
  };
}

export type NetworkRepository = ReturnType<typeof createNetworkRepository>;
