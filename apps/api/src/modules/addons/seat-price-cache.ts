import type { Money } from '@wings/contracts';
import type { AddonSeatType } from '@wings/rules';

type Cabin = 'C' | 'Y';

/** The channel a catalogue change is announced on (platform/notifications.ts). */
export const ADDON_CHANGES_CHANNEL = 'wings_addon_changes';

type SeatPriceSource = (route: string, cabin: Cabin, at: Date) => Promise<ReadonlyMap<AddonSeatType, Money>>;

/**
 * Seat prices as the seat map reads them, kept per process: every map read of a flight asks
 * the same (route, cabin, departure), two catalogue queries a read before (bench:seats). An entry
 * lives `ttlMs` (a minute), and every process drops them all when staff change the catalogue
 * (ADDON_CHANGES_CHANNEL, announced after the change's commit), so a new price shows on the next
 * map at once. Bounded: past `max` entries the oldest go first.
 */
export class SeatPriceCache {
  private readonly entries = new Map<
    string,
    { at: number; prices: Promise<ReadonlyMap<AddonSeatType, Money>> }
  >();

  constructor(
    private readonly source: SeatPriceSource,
    private readonly clock: () => number = Date.now,
    private readonly ttlMs = 60_000,
    private readonly max = 5_000,
  ) {}

  seatPrices(route: string, cabin: Cabin, at: Date): Promise<ReadonlyMap<AddonSeatType, Money>> {
    const key = `${route}|${cabin}|${at.getTime()}`;
    const now = this.clock();
    const kept = this.entries.get(key);
    if (kept && now - kept.at < this.ttlMs) return kept.prices;
    const prices = this.source(route, cabin, at);
    // A failed read is not kept: the next map asks again.
    prices.catch(() => {
      if (this.entries.get(key)?.prices === prices) this.entries.delete(key);
    });
    this.entries.delete(key);
    this.entries.set(key, { at: now, prices });
    if (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return prices;
  }

  /** Forgets every price (a catalogue change here or in another process). */
  drop(): void {
    this.entries.clear();
  }
}
