import { isIPv4, isIPv6 } from 'node:net';
import { eq, lt, sql } from 'drizzle-orm';
import { rateLimitHits, rateLimitLogs } from '../db/schema';
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

/** A hit counted by a SlidingWindowLimiter: the count with it, and its time, to give it back. */
export interface Hit {
  hits: number;
  at: Date;
}

/**
 * Counts hits per key in sliding windows: a row keeps the times of the key's hits inside the
 * window (rate_limit_logs), at most what the limit needs. Every count is one statement that
 * drops the times gone out of the window, appends this one and returns the count, so parallel
 * requests queue on the row and a burst gets no more than the limit (issue 9: counting, then
 * the slow work, then recording let bursts of logins and e-mail codes through).
 */
export class SlidingWindowLimiter {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /**
   * Counts one hit unless `key` already has `max` inside the last `windowMs`: then null, and
   * the refused call counts nothing. A call that turns out not to count gives its hit back.
   */
  async reserve(key: string, max: number, windowMs: number): Promise<Hit | null> {
    const at = this.now();
    const since = new Date(at.getTime() - windowMs);
    const iso = at.toISOString();
    const rows = await this.db.execute<{ hits: number }>(sql`
      insert into ${rateLimitLogs} as t (key, hits, created_at, updated_at)
      values (${key}, array[${iso}::timestamptz], ${iso}, ${iso})
      on conflict (key) do update set
        hits = ${recentHits(since, max - 1)} || ${iso}::timestamptz,
        updated_at = ${iso}::timestamptz
      where (select count(*) from unnest(t.hits) as h where h > ${since.toISOString()}::timestamptz) < ${max}
      returning cardinality(t.hits) as hits`);
    const hits = rows.rows[0]?.hits;
    return hits === undefined ? null : { hits: Number(hits), at };
  }

  /**
   * Counts one hit whatever the count, and answers how many `key` has inside the last
   * `windowMs`, this one included; counts above `cap` are answered as `cap` (tiered limits
   * need no more). Keeps at most `cap` times per key.
   */
  async hit(key: string, windowMs: number, cap: number): Promise<Hit> {
    const at = this.now();
    const since = new Date(at.getTime() - windowMs);
    const iso = at.toISOString();
    const rows = await this.db.execute<{ hits: number }>(sql`
      insert into ${rateLimitLogs} as t (key, hits, created_at, updated_at)
      values (${key}, array[${iso}::timestamptz], ${iso}, ${iso})
      on conflict (key) do update set
        hits = ${recentHits(since, cap - 1)} || ${iso}::timestamptz,
        updated_at = ${iso}::timestamptz
      returning cardinality(t.hits) as hits`);
    return { hits: Number(rows.rows[0]?.hits ?? 1), at };
  }

  /** Gives back a hit that turned out not to count (a right password, a code not sent). */
  async giveBack(key: string, hit: Hit): Promise<void> {
    await this.db.execute(sql`
      update ${rateLimitLogs}
      set hits = hits[1:array_position(hits, ${hit.at.toISOString()}::timestamptz) - 1]
        || hits[array_position(hits, ${hit.at.toISOString()}::timestamptz) + 1:],
        updated_at = ${this.now().toISOString()}::timestamptz
      where key = ${key} and ${hit.at.toISOString()}::timestamptz = any(hits)`);
  }

  /** Forgets a key's hits (a successful login clears its account's failures). */
  async clear(key: string): Promise<void> {
    await this.db.delete(rateLimitLogs).where(eq(rateLimitLogs.key, key));
  }

  /** Drops keys without a hit for a day (longer than any window). */
  async purge(): Promise<void> {
    await this.db
      .delete(rateLimitLogs)
      .where(lt(rateLimitLogs.updatedAt, new Date(this.now().getTime() - 86_400_000)));
  }
}

/** The newest `keep` hit times of the conflicting row `t` after `since`, oldest first. */
function recentHits(since: Date, keep: number) {
  return sql`array(select h from (
    select h from unnest(t.hits) as h where h > ${since.toISOString()}::timestamptz order by h desc limit ${Math.max(keep, 0)}
  ) as recent order by h)`;
}

/**
 * The network a per-address limit counts a client by: an IPv4 address as it is (an IPv4-mapped
 * IPv6 one too), an IPv6 address by its /64, one subscriber's network whose addresses the
 * subscriber may change at will (else each request could come from a fresh address).
 */
export function clientNetwork(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const address = ip.toLowerCase().split('%')[0] ?? '';
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // "::" stands for as many zero groups as the address leaves out.
  const zeros = tail === undefined ? 0 : Math.max(0, 8 - left.length - right.length);
  const groups = [...left, ...Array<string>(zeros).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
