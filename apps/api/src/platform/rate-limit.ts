import { lt, sql } from 'drizzle-orm';
import { rateLimitHits } from '../db/schema';
import type { Db } from './db';

/**
 * Counts requests per key in fixed windows, in PostgreSQL so that every API process shares
 * the count. One upsert per request; a key over its limit is refused until the window ends.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** Counts one hit; false when `key` has already had `max` hits in the current window. */
  async take(key: string, max: number, windowMs: number): Promise<boolean> {
    const t = this.now().getTime();
    const windowStart = new Date(t - (t % windowMs));
    const rows = await this.db
      .insert(rateLimitHits)
      .values({ key, windowStart, hits: 1 })
      .onConflictDoUpdate({
        target: [rateLimitHits.key, rateLimitHits.windowStart],
        set: { hits: sql`${rateLimitHits.hits} + 1`, updatedAt: new Date(t) },
      })
      .returning({ hits: rateLimitHits.hits });
    return (rows[0]?.hits ?? 0) <= max;
  }

  /** Drops windows that ended more than a day ago. */
  async purge(): Promise<void> {
    await this.db
      .delete(rateLimitHits)
      .where(lt(rateLimitHits.windowStart, new Date(this.now().getTime() - 86_400_000)));
  }
}
