import {
  type Currency,
  FARE_FAMILY_NAMES,
  type FareFamily,
  isMessageKey,
  type Money,
} from '@wings/contracts';
import { describe, expect, it } from 'vitest';
import {
  fareConditions,
  isChinaRoute,
  originFeeTable,
  passengerFare,
  type RefundRule,
  type RouteCountries,
  refundRule,
  seatsLeftLabel,
} from './fares';
import { formatMoney, sumMoney } from './money';

describe('passenger fares', () => {
  it.each([
    [10000, 'adult', 10000],
    [10000, 'child', 7500],
    [10000, 'infant', 1000],
    [12345, 'child', 9259],
    [12345, 'infant', 1235],
  ] as const)('%i for %s is %i', (adult, type, expected) => {
    expect(passengerFare(adult, type)).toBe(expected);
  });
});

describe('the fee table of the journey origin (spec §9)', () => {
  it('Cambodia origin, USD', () => {
    expect(originFeeTable('Basic', 'USD').change).toEqual({
      allowed: true,
      fee: { amount: 5000, currency: 'USD' },
    });
    expect(originFeeTable('Value', 'USD').change.allowed).toBe(false);
    expect(originFeeTable('WingsFlex', 'USD').change).toEqual({ allowed: true, fee: null });
    expect(originFeeTable('Premium', 'USD').change).toEqual({ allowed: true, fee: null });
    expect(originFeeTable('Grand', 'USD').change).toEqual({ allowed: true, fee: null });
    expect(originFeeTable('Grand', 'USD').refund.fee).toEqual({ amount: 3000, currency: 'USD' });
    expect(originFeeTable('Basic', 'USD').refund.fee).toEqual({ amount: 5000, currency: 'USD' });
    expect(originFeeTable('WingsFlex', 'USD').refund).toEqual({ allowed: true, fee: null, reason: null });
    expect(originFeeTable('Value', 'USD').refund).toEqual({ allowed: false, fee: null, reason: 'fare' });
    expect(originFeeTable('Basic', 'USD').noShowFee).toEqual({ amount: 3000, currency: 'USD' });
    expect(originFeeTable('Basic', 'USD').nameCorrectionFee).toEqual({ amount: 3000, currency: 'USD' });
    expect(originFeeTable('Basic', 'USD').baggage).toEqual({ carryOnKg: 7, checkedKg: 20 });
  });

  it('China origin, CNY: nothing refundable', () => {
    for (const family of FARE_FAMILY_NAMES) {
      expect(originFeeTable(family, 'CNY').refund.allowed).toBe(false);
      expect(originFeeTable(family, 'CNY').noShowFee).toEqual({ amount: 21000, currency: 'CNY' });
    }
    expect(originFeeTable('Basic', 'CNY').change.fee).toEqual({ amount: 35000, currency: 'CNY' });
    expect(originFeeTable('Basic', 'CNY').nameCorrectionFee).toEqual({ amount: 21000, currency: 'CNY' });
  });
});

/** Routes by the countries of their airports. */
const FROM_CHINA: RouteCountries = { depCountry: 'CN', arrCountry: 'KH' }; // CAN → KTI
const TO_CHINA: RouteCountries = { depCountry: 'KH', arrCountry: 'CN' }; // KTI → CAN
const NEITHER: RouteCountries = { depCountry: 'KH', arrCountry: 'TH' }; // KTI → BKK
const HONG_KONG: RouteCountries = { depCountry: 'KH', arrCountry: 'HK' }; // KTI → HKG
const MACAU: RouteCountries = { depCountry: 'MO', arrCountry: 'KH' }; // MFM → KTI

const usd = (dollars: number) => ({ amount: dollars * 100, currency: 'USD' as const });

describe('refunds on China routes (spec §5, §9; docs/decisions.md): to or from mainland China, never refundable', () => {
  it.each([
    ['from China', FROM_CHINA, true],
    ['to China', TO_CHINA, true],
    ['neither end in China', NEITHER, false],
    ['Hong Kong', HONG_KONG, false],
    ['Macau', MACAU, false],
  ] as const)('a route %s is a China route: %s', (_name, route, china) => {
    expect(isChinaRoute(route)).toBe(china);
  });

  // [family, currency, route, refundable, fee, reason]
  const table: Array<
    [FareFamily, Currency, string, RouteCountries, boolean, Money | null, RefundRule['reason']]
  > = [];
  for (const family of FARE_FAMILY_NAMES) {
    table.push([family, 'CNY', 'from China', FROM_CHINA, false, null, 'china_route']);
    // The return leg of a journey from China (KTI → CAN priced in yuan) and a journey from
    // Cambodia to China (priced in dollars): both are China routes.
    table.push([family, 'CNY', 'to China', TO_CHINA, false, null, 'china_route']);
    table.push([family, 'USD', 'to China', TO_CHINA, false, null, 'china_route']);
    table.push([family, 'USD', 'from China', FROM_CHINA, false, null, 'china_route']);
  }
  table.push(
    ['WingsFlex', 'USD', 'neither', NEITHER, true, null, null],
    ['Premium', 'USD', 'neither', NEITHER, true, null, null],
    ['Grand', 'USD', 'neither', NEITHER, true, usd(30), null],
    ['Basic', 'USD', 'neither', NEITHER, true, usd(50), null],
    ['Value', 'USD', 'neither', NEITHER, false, null, 'fare'],
    ['Basic', 'USD', 'Hong Kong', HONG_KONG, true, usd(50), null],
    ['Grand', 'USD', 'Macau', MACAU, true, usd(30), null],
    ['Value', 'USD', 'Macau', MACAU, false, null, 'fare'],
  );

  it.each(table)(
    '%s in %s, %s: refundable %s, fee %j, reason %s',
    (family, currency, _n, route, ok, fee, reason) => {
      const rule = refundRule(family, currency, route);
      expect(rule).toMatchObject({ refundable: ok, fee, reason });
      expect(rule.messageKey).toBe(
        reason === 'china_route'
          ? 'refund.china_route'
          : reason === 'fare'
            ? 'refund.fare_not_refundable'
            : null,
      );
      if (rule.messageKey) expect(isMessageKey(rule.messageKey)).toBe(true);
      // What search and the fare rules show says the same.
      expect(fareConditions(family, currency, route).refund).toEqual({ allowed: ok, fee, reason });
    },
  );

  it("keeps the origin's change, no-show and name-correction fees on a China route", () => {
    const toChina = fareConditions('Basic', 'USD', TO_CHINA);
    expect(toChina.change).toEqual({ allowed: true, fee: usd(50) });
    expect(toChina.noShowFee).toEqual(usd(30));
    expect(toChina.nameCorrectionFee).toEqual(usd(30));
    const fromChina = fareConditions('Basic', 'CNY', FROM_CHINA);
    expect(fromChina.change.fee).toEqual({ amount: 35000, currency: 'CNY' });
    expect(fromChina.noShowFee).toEqual({ amount: 21000, currency: 'CNY' });
    expect(fareConditions('Value', 'USD', TO_CHINA).change.allowed).toBe(false);
  });
});

describe('display', () => {
  it.each([
    [12, '9+'],
    [9, '9+'],
    [8, '8'],
    [0, '0'],
  ])('%i seats left reads %s', (n, label) => {
    expect(seatsLeftLabel(n)).toBe(label);
  });

  it.each([
    [{ amount: 0, currency: 'USD' }, '$0.00'],
    [{ amount: 99999, currency: 'USD' }, '$999.99'],
    [{ amount: 100000, currency: 'USD' }, '$1,000.00'],
    [{ amount: 123456789, currency: 'CNY' }, '¥1,234,567.89'],
    [{ amount: -505, currency: 'USD' }, '-$5.05'],
    [null, '-'],
  ] as const)('formats %j as %s', (money, text) => {
    expect(formatMoney(money)).toBe(text);
  });

  it('never adds two currencies', () => {
    expect(() => sumMoney('USD', [{ amount: 1, currency: 'CNY' }])).toThrow(/CNY/);
    expect(
      sumMoney('USD', [
        { amount: 1, currency: 'USD' },
        { amount: 2, currency: 'USD' },
      ]).amount,
    ).toBe(3);
  });
});
