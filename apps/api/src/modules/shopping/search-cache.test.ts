import { describe, expect, it } from 'vitest';
import { TtlCache } from './search-cache';
import { decodeSearchChange, encodeSearchChange } from './search-changes';

describe('TtlCache', () => {
  it('serves a value until its time-to-live passes', async () => {
    let clock = 0;
    let loads = 0;
    const cache = new TtlCache<number>(5_000, 100, () => clock);
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    clock = 4_999;
    expect(await cache.get('k', load)).toBe(1);
    clock = 5_000;
    expect(await cache.get('k', load)).toBe(2);
  });

  it('shares one load between concurrent misses of a key', async () => {
    let loads = 0;
    const cache = new TtlCache<number>(5_000);
    const load = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 5));
    const values = await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    expect(values).toEqual([1, 1, 1]);
    expect(loads).toBe(1);
  });

  it('does not keep a failed load', async () => {
    const cache = new TtlCache<number>(5_000);
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', async () => 7)).toBe(7);
  });

  it('does not cache at all with a zero time-to-live', async () => {
    let loads = 0;
    const cache = new TtlCache<number>(0);
    await cache.get('k', async () => ++loads);
    await cache.get('k', async () => ++loads);
    expect(loads).toBe(2);
  });

  it('stays bounded', async () => {
    let clock = 0;
    const cache = new TtlCache<number>(1_000, 3, () => clock);
    for (let i = 0; i < 10; i++) await cache.get(`k${i}`, async () => i);
    clock = 500;
    let loads = 0;
    await cache.get('k9', async () => ++loads);
    expect(loads).toBeLessThanOrEqual(1);
  });

  it('lets go of expired entries nobody asks for again within a time-to-live', async () => {
    let clock = 0;
    const cache = new TtlCache<number>(1_000, 100, () => clock);
    for (let i = 0; i < 5; i++) await cache.get(`k${i}`, async () => i);
    expect(cache.size).toBe(5);
    clock = 1_000;
    await cache.get('other', async () => 9);
    expect(cache.size).toBe(1);
  });
});

describe('a back-office change dropping cached searches', () => {
  it('forgets only the entries a change picks', async () => {
    const cache = new TtlCache<number>(5_000, 100, () => 0);
    await cache.get('KTI-BKK|2026-12-01|USD', async () => 1);
    await cache.get('KTI-BKK|2026-12-02|USD', async () => 2);
    await cache.get('KTI-SAI|2026-12-01|USD', async () => 3);
    cache.deleteWhere((key) => key.startsWith('KTI-BKK|'));
    let loads = 0;
    expect(await cache.get('KTI-SAI|2026-12-01|USD', async () => ++loads)).toBe(3);
    expect(await cache.get('KTI-BKK|2026-12-01|USD', async () => ++loads)).toBe(1);
    expect(loads).toBe(1);
  });

  it('names routes in its notification, and anything it cannot read drops everything', () => {
    expect(encodeSearchChange({ routes: ['KTI-BKK', 'BKK-KTI', 'KTI-BKK'] })).toBe('KTI-BKK,BKK-KTI');
    expect(decodeSearchChange('KTI-BKK,BKK-KTI')).toEqual({ routes: ['KTI-BKK', 'BKK-KTI'] });
    expect(encodeSearchChange('all')).toBe('*');
    expect(decodeSearchChange('*')).toBe('all');
    expect(decodeSearchChange(undefined)).toBe('all');
    expect(decodeSearchChange('KTI-BKK,drop table')).toBe('all');
  });
});
