import type { Db, Executor } from '../../platform/db';
import {
  type AircraftLayout,
  createNetworkRepository,
  type FlightLayout,
  type NetworkAirport,
  type NetworkRoute,
} from './network.repository';

/** How long the network's airports and routes are kept in memory before they are read again. */
const NETWORK_TTL_MS = 60_000;

/**
 * The airport time-zone port: the IANA zone and the country of every airport of the network,
 * for modules that show or check airport-local times (booking, pricing, itinerary, shopping) or
 * apply a rule by country (the China-route refund rule of pricing), and the hub's zone
 * (config HUB_TIME_ZONE, read once at start). They ask here instead of reading the network's
 * tables, and share one cached read.
 */
export interface AirportZones {
  /** The hub's IANA zone: the airline's "today" where no airport says otherwise. */
  readonly hubZone: string;
  zones(): Promise<ReadonlyMap<string, string>>;
  /** ISO 3166 country code of each airport. */
  countries(): Promise<ReadonlyMap<string, string>>;
  /** The airport's zone, or the hub's for a code the network does not know. */
  zoneOf(code: string): Promise<string>;
}

/** The network's reads for other modules: the zones port plus every airport and route. */
export interface Network extends AirportZones {
  /** Every airport (by code) and route (by code), cached for a minute. */
  airportsAndRoutes(): Promise<{ airports: NetworkAirport[]; routes: NetworkRoute[] }>;
  /** Drops the cached airports and routes: an admin changed them (here or in another process). */
  forget(): void;
}

interface NetworkFacts {
  airports: NetworkAirport[];
  routes: NetworkRoute[];
  zones: ReadonlyMap<string, string>;
  countries: ReadonlyMap<string, string>;
}

/** The network module's service over the app's database; `hubZone` is config HUB_TIME_ZONE. */
export function createNetwork(
  db: Db,
  settings: { hubZone: string },
  clock: () => number = Date.now,
): Network {
  const repo = createNetworkRepository(db);
  let cached: { expires: number; value: Promise<NetworkFacts> } | null = null;
  const facts = (): Promise<NetworkFacts> => {
    const now = clock();
    if (cached && cached.expires > now) return cached.value;
    const value = repo.airportsAndRoutes().then(({ airports, routes }) => ({
      airports,
      routes,
      zones: new Map(airports.map((a) => [a.code, a.timeZone])),
      countries: new Map(airports.map((a) => [a.code, a.country])),
    }));
    const entry = { expires: now + NETWORK_TTL_MS, value };
    cached = entry;
    // A failed read is not kept: the next call reads again.
    value.catch(() => {
      if (cached === entry) cached = null;
    });
    return value;
  };
  return {
    hubZone: settings.hubZone,
    zones: async () => (await facts()).zones,
    countries: async () => (await facts()).countries,
    zoneOf: async (code) => (await facts()).zones.get(code) ?? settings.hubZone,
    airportsAndRoutes: async () => {
      const { airports, routes } = await facts();
      return { airports, routes };
    },
    forget: () => {
      cached = null;
    },
  };
}

/** Whether the network has no airport yet: a database nobody has filled (db/seed asks). */
export function networkIsEmpty(executor: Executor): Promise<boolean> {
  return createNetworkRepository(executor).isEmpty();
}

/** A dated flight's route, local date and aircraft seat layout (seating's seat maps); null when unknown. */
export function flightLayout(executor: Executor, flightId: string): Promise<FlightLayout | null> {
  return createNetworkRepository(executor).flightLayout(flightId);
}

/** Every aircraft type with its seat layout (seating's staff page). */
export function aircraftLayouts(executor: Executor): Promise<AircraftLayout[]> {
  return createNetworkRepository(executor).aircraftLayouts();
}
