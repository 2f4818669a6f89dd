import type { Db } from '../../platform/db';
import { TtlCache } from './search-cache';
import { createShoppingRepository } from './shopping.repository';

/** How long the network's airports are kept in memory before they are read again. */
const ZONES_TTL_MS = 60_000;

/**
 * The IANA time zone and the country of every airport of the network, for modules that show
 * or check airport-local times (booking, pricing, orders) or apply a rule by country (the
 * China-route refund rule of pricing). The network is this module's data; the others ask
 * here instead of reading its tables, and share one cached read.
 */
export interface AirportZones {
  zones(): Promise<ReadonlyMap<string, string>>;
  /** ISO 3166 country code of each airport. */
  countries(): Promise<ReadonlyMap<string, string>>;
}

interface AirportFacts {
  zones: ReadonlyMap<string, string>;
  countries: ReadonlyMap<string, string>;
}

export function createAirportZones(db: Db): AirportZones {
  const repo = createShoppingRepository(db);
  const cache = new TtlCache<AirportFacts>(ZONES_TTL_MS, 1);
  const facts = () =>
    cache.get('airports', async () => {
      const { airports } = await repo.loadNetwork();
      return {
        zones: new Map(airports.map((a) => [a.code, a.timeZone])),
        countries: new Map(airports.map((a) => [a.code, a.country])),
      };
    });
  return {
    zones: async () => (await facts()).zones,
    countries: async () => (await facts()).countries,
  };
}
