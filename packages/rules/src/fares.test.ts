import { describe, expect, it } from 'vitest';
import { fareConditions, passengerFare, seatsLeftLabel } from './fares';
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

describe('fare conditions follow the spec fee table', () => {
  it('Cambodia origin, USD', () => {
    expect(fareConditions('Basic', 'USD').change).toEqual({
      allowed: true,
      fee: { amount: 5000, currency: 'USD' },
    });
    expect(fareConditions('Value', 'USD').change.allowed).toBe(false);
    expect(fareConditions('WingsFlex', 'USD').change).toEqual({ allowed: true, fee: null });
    expect(fareConditions('Premium', 'USD').change).toEqual({ allowed: true, fee: null });
    expect(fareConditions('Grand', 'USD').change).toEqual({ allowed: true, fee: null });
    expect(fareConditions('Grand', 'USD').refund.fee).toEqual({ amount: 3000, currency: 'USD' });
    expect(fareConditions('Basic', 'USD').refund.fee).toEqual({ amount: 5000, currency: 'USD' });
    expect(fareConditions('WingsFlex', 'USD').refund).toEqual({ allowed: true, fee: null });
    expect(fareConditions('Value', 'USD').refund.allowed).toBe(false);
    expect(fareConditions('Basic', 'USD').noShowFee).toEqual({ amount: 3000, currency: 'USD' });
    expect(fareConditions('Basic', 'USD').nameCorrectionFee).toEqual({ amount: 3000, currency: 'USD' });
    expect(fareConditions('Basic', 'USD').baggage).toEqual({ carryOnKg: 7, checkedKg: 20 });
  });

  it('China origin, CNY: nothing refundable', () => {
    for (const family of ['WingsFlex', 'Premium', 'Grand', 'Basic', 'Value'] as const) {
      expect(fareConditions(family, 'CNY').refund.allowed).toBe(false);
      expect(fareConditions(family, 'CNY').noShowFee).toEqual({ amount: 21000, currency: 'CNY' });
    }
    expect(fareConditions('Basic', 'CNY').change.fee).toEqual({ amount: 35000, currency: 'CNY' });
    expect(fareConditions('Basic', 'CNY').nameCorrectionFee).toEqual({ amount: 21000, currency: 'CNY' });
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
