import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { clientNetwork, SlidingWindowLimiter } from './rate-limit';

describe('sliding-window limiter (rate_limit_logs)', () => {
  let t: TestApp;
  let limiter: SlidingWindowLimiter;
  let clock = new Date();
  const tick = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    limiter = new SlidingWindowLimiter(t.database.db, () => clock);
  });
  afterAll(() => t.close());

  const key = () => `test:${randomUUID()}`;

  it('grants exactly the limit to a burst of parallel reservations', async () => {
    const k = key();
    const results = await Promise.all(Array.from({ length: 40 }, () => limiter.reserve(k, 7, 60_000)));
    expect(results.filter((r) => r !== null)).toHaveLength(7);
    expect(await limiter.reserve(k, 7, 60_000)).toBeNull();
  });

  it('slides: a hit frees its place when it leaves the window, not at a clock boundary', async () => {
    const k = key();
    expect(await limiter.reserve(k, 3, 600_000)).not.toBeNull();
    tick(300_000);
    expect(await limiter.reserve(k, 3, 600_000)).not.toBeNull();
    expect(await limiter.reserve(k, 3, 600_000)).not.toBeNull();
    expect(await limiter.reserve(k, 3, 600_000)).toBeNull();
    tick(300_001); // the first hit is now older than 10 minutes; the other two are not
    expect(await limiter.reserve(k, 3, 600_000)).not.toBeNull();
    expect(await limiter.reserve(k, 3, 600_000)).toBeNull();
  });

  it('gives back one hit, even among hits of the same instant', async () => {
    const k = key();
    const hits = await Promise.all([1, 2, 3].map(() => limiter.reserve(k, 3, 60_000)));
    expect(await limiter.reserve(k, 3, 60_000)).toBeNull();
    await limiter.giveBack(k, hits[0]!);
    expect(await limiter.reserve(k, 3, 60_000)).not.toBeNull();
    expect(await limiter.reserve(k, 3, 60_000)).toBeNull();
  });

  it('counts every hit up to its cap, and forgets a cleared key', async () => {
    const k = key();
    const counts: number[] = [];
    for (let i = 0; i < 6; i++) counts.push((await limiter.hit(k, 60_000, 4)).hits);
    expect(counts).toEqual([1, 2, 3, 4, 4, 4]);
    const { rows } = await t.database.pool.query(
      'select cardinality(hits) as n from rate_limit_logs where key = $1',
      [k],
    );
    expect(rows[0].n).toBe(4);
    await limiter.clear(k);
    expect((await limiter.hit(k, 60_000, 4)).hits).toBe(1);
  });
});

describe('clientNetwork', () => {
  it('keeps an IPv4 address, unwraps a mapped one and cuts IPv6 to its /64', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('2001:db8:a:b:1:2:3:4')).toBe('2001:db8:a:b::/64');
    expect(clientNetwork('2001:0DB8:000a:b::9')).toBe('2001:db8:a:b::/64');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
  });
});
