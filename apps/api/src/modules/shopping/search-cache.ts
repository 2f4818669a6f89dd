/**
 * A small in-process cache with a time-to-live, holding the promise of a value so that
 * concurrent misses on one key share a single database query.
 *
 * Expired entries are swept once per time-to-live, so what it holds is what was asked for in the
 * last two periods: search results carry their replies kept serialised (search-replies.ts), and
 * an entry nobody asks for again must not keep them alive until the cache fills.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { expires: number; value: Promise<V> }>();
  private nextSweep = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The cached value of `key`, or the result of `load` (cached unless it fails). */
  get(key: string, load: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return load();
    const now = this.clock();
    if (now >= this.nextSweep) this.sweep(now);
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    if (this.entries.size >= this.maxEntries) {
      this.sweep(now);
      // Still full of live entries: start afresh rather than grow without bound.
      if (this.entries.size >= this.maxEntries) this.entries.clear();
    }
    const value = load();
    this.entries.set(key, { expires: now + this.ttlMs, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  /** How many entries are held, expired or not (tests). */
  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }

  /** Forgets the entries whose key `drop` picks (a back-office change touching them). */
  deleteWhere(drop: (key: string) => boolean): void {
    for (const key of this.entries.keys()) if (drop(key)) this.entries.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
    this.nextSweep = now + this.ttlMs;
  }
}
