import { describe, expect, it, vi } from 'vitest';
import { SeatPriceCache } from './seat-price-cache';

const usd = (amount: number) => new Map([['SEAT' as const, { amount, currency: 'USD' as const }]]);
const departure = new Date('2026-12-01T01:00:00Z');

describe('seat prices kept for the seat map', () => {
  it('asks the catalogue once per route, cabin and departure within a minute, then again', async () => {
    let now = 0;
    const source = vi.fn(async () => usd(500));
    const cache = new SeatPriceCache(source, () => now);
    await cache.seatPrices('KTI-BKK', 'Y', departure);
    await cache.seatPrices('KTI-BKK', 'Y', departure);
    expect(source).toHaveBeenCalledTimes(1);
    await cache.seatPrices('KTI-BKK', 'C', departure);
    await cache.seatPrices('KTI-SAI', 'Y', departure);
    expect(source).toHaveBeenCalledTimes(3);
    now = 60_000;
    await cache.seatPrices('KTI-BKK', 'Y', departure);
    expect(source).toHaveBeenCalledTimes(4);
  });

  it('forgets everything on a catalogue change, and never keeps a failed read', async () => {
    const source = vi.fn().mockRejectedValueOnce(new Error('database away')).mockResolvedValue(usd(700));
    const cache = new SeatPriceCache(source, () => 0);
    await expect(cache.seatPrices('KTI-BKK', 'Y', departure)).rejects.toThrow('database away');
    expect((await cache.seatPrices('KTI-BKK', 'Y', departure)).get('SEAT')?.amount).toBe(700);
    cache.drop();
    await cache.seatPrices('KTI-BKK', 'Y', departure);
    expect(source).toHaveBeenCalledTimes(3);
  });

  it('holds at most its bound, dropping the oldest', async () => {
    const source = vi.fn(async () => usd(1));
    const cache = new SeatPriceCache(source, () => 0, 60_000, 2);
    for (const route of ['A-B', 'B-C', 'C-D']) await cache.seatPrices(route, 'Y', departure);
    await cache.seatPrices('A-B', 'Y', departure);
    expect(source).toHaveBeenCalledTimes(4);
    await cache.seatPrices('C-D', 'Y', departure);
    expect(source).toHaveBeenCalledTimes(4);
  });
});
