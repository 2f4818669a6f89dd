import type { Db } from '../../platform/db';
import { TtlCache } from './search-cache';
import { createShoppingRepository } from './shopping.repository';

/** How long the network's airports are kept in memory before they are read again. */
const ZONES_TTL_MS = 60_000;

/**
 * The IANA time zone of every airport of the network, for modules that show or check
 * airport-local times (booking, pricing, orders). The network is this module's data; the
 * others ask here instead of reading its tables, and share one cached read.
 */
export interface AirportZones {
  zones(): Promise<ReadonlyMap<string, string>>;
}

export function createAirportZones(db: Db): AirportZones {
  const repo = createShoppingRepository(db);
  const cache = new TtlCache<ReadonlyMap<string, string>>(ZONES_TTL_MS, 1);
  return {
    zones: () =>
      cache.get('zones', async () => {
        const { airports } = await repo.loadNetwork();
        return new Map(airports.map((a) => [a.code, a.timeZone]));
      }),
  };
}
