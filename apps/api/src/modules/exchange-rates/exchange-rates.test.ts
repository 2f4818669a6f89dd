import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '../../platform/db';
import { ExchangeRatesRepository } from './exchange-rates.repository';
import { convertMinor, ExchangeRates } from './exchange-rates.service';

const ratio = (micros: number) => ({ num: BigInt(micros), den: 1_000_000n });

describe('converting minor units', () => {
  it('converts cents to fen exactly and rounds half up', () => {
    expect(convertMinor(10_000, ratio(7_100_000), 'USD', 'CNY')).toBe(71_000);
    expect(convertMinor(1, ratio(7_100_000), 'USD', 'CNY')).toBe(7);
    // 0.05 USD × 7.1 = 0.355 CNY → 35.5 fen → 36 (half up); 0.354… would go down.
    expect(convertMinor(5, ratio(7_100_000), 'USD', 'CNY')).toBe(36);
    expect(convertMinor(5, ratio(7_099_999), 'USD', 'CNY')).toBe(35);
    expect(convertMinor(-5, ratio(7_100_000), 'USD', 'CNY')).toBe(-36);
    expect(convertMinor(0, ratio(7_100_000), 'USD', 'CNY')).toBe(0);
  });

  it('keeps large amounts exact (no float on the way)', () => {
    // 90,071,992,547,409.91 USD at 7.234567: a float product would lose the last fen.
    expect(convertMinor(9_007_199_254_740_991, ratio(7_234_567), 'USD', 'CNY')).toBe(
      Number((9_007_199_254_740_991n * 7_234_567n * 2n + 1_000_000n) / 2_000_000n),
    );
  });

  it('refuses a currency it has no minor unit for', () => {
    expect(() => convertMinor(1, ratio(1_000_000), 'USD', 'EUR')).toThrow();
  });
});

// Rates filed in 2090 and asked at that time, so the seeded rates the other files use now are untouched.
describe('exchange rates in force', () => {
  let database: Database;
  let rates: ExchangeRates;
  const at = (iso: string) => new Date(iso);

  beforeAll(async () => {
    database = openDatabase(inject('databaseUrl'), { error() {} }, 2);
    await database.pool.query(
      `insert into exchange_rates (base, quote, rate_micros, source, effective_at) values
         ('USD', 'CNY', 7000000, 'test', '2090-01-01T00:00:00Z'),
         ('USD', 'CNY', 7200000, 'test', '2090-06-01T00:00:00Z'),
         ('USD', 'CNY', 9900000, 'test', '2091-01-01T00:00:00Z'),
         ('USD', 'KHR', 4000000000, 'test', '2090-06-01T00:00:00Z')
       on conflict do nothing`,
    );
    rates = new ExchangeRates(new ExchangeRatesRepository(database.db), () => at('2090-07-01T00:00:00Z'));
  });
  afterAll(async () => {
    await database.pool.query(`delete from exchange_rates where source = 'test'`);
    await database.close();
  });

  it('takes the latest rate effective at or before the moment asked', async () => {
    expect(await rates.rate('USD', 'CNY', at('2090-03-01T00:00:00Z'))).toMatchObject({
      rateMicros: 7_000_000,
      effectiveAt: at('2090-01-01T00:00:00Z'),
    });
    expect((await rates.rate('USD', 'CNY', at('2090-06-01T00:00:00Z'))).rateMicros).toBe(7_200_000);
    expect((await rates.rate('USD', 'CNY')).rateMicros).toBe(7_200_000);
    expect((await rates.rate('USD', 'CNY', at('2091-02-01T00:00:00Z'))).rateMicros).toBe(9_900_000);
    expect(await rates.convert(10_000, 'USD', 'CNY')).toBe(72_000);
  });

  it('answers 1 for a currency to itself and the seeded USD rates today', async () => {
    expect((await rates.rate('CNY', 'CNY')).rateMicros).toBe(1_000_000);
    expect(await rates.convert(123, 'USD', 'USD')).toBe(123);
    const today = new ExchangeRates(new ExchangeRatesRepository(database.db));
    expect((await today.rate('USD', 'CNY')).rateMicros).toBe(7_100_000);
    expect((await today.rate('USD', 'KHR')).rateMicros).toBe(4_100_000_000);
  });

  it('inverts a stored pair and crosses through USD, converting at the exact ratio', async () => {
    // CNY → USD is 1 / 7.2: 72 000 fen is exactly 100 USD, though 1/7.2 is no whole number of micros.
    expect((await rates.rate('CNY', 'USD')).rateMicros).toBe(138_889);
    expect(await rates.convert(72_000, 'CNY', 'USD')).toBe(10_000);
    // KHR → CNY through USD: 4000 riel = 1 USD = 7.2 CNY.
    expect((await rates.rate('KHR', 'CNY')).rateMicros).toBe(1_800);
    expect(await rates.convert(400_000_000, 'KHR', 'CNY')).toBe(720_000);
  });

  it('answers 621 when no rate is in force', async () => {
    await expect(rates.rate('USD', 'CNY', at('2000-01-01T00:00:00Z'))).rejects.toMatchObject({
      code: '621',
    });
    await expect(rates.rate('USD', 'EUR')).rejects.toMatchObject({ code: '621' });
  });
});
