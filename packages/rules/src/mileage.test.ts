import { describe, expect, it } from 'vitest';
import {
  accrualFor,
  addMonthsToMonth,
  awardMiles,
  awardZone,
  billCycles,
  claimDateProblem,
  cycleDates,
  EARN_CALCULATOR_FIELDS,
  emptyCalculatorField,
  isBillAvailable,
  milesExpireAt,
  nextExpiry,
  qualifiedTier,
  reviewedTier,
  tierProgress,
  unspentExpiringBy,
} from './mileage';

const PP = 'Asia/Phnom_Penh';
const at = (iso: string) => new Date(iso);

describe('accrual', () => {
  it.each([
    // distance, rate, level, base, bonus, total
    [1000, 100, 0, 1000, 0, 1000],
    [1000, 100, 1, 1000, 250, 1250],
    [1000, 100, 2, 1000, 500, 1500],
    [333, 50, 1, 166, 41, 207],
    [1000, 0, 2, 0, 0, 0],
    [623, 125, 0, 778, 0, 778],
  ] as const)('%i miles at %i%% for level %i', (distance, rate, level, base, bonus, total) => {
    const a = accrualFor(distance, rate, level);
    expect(a).toEqual({
      baseMiles: base,
      bonusMiles: bonus,
      totalMiles: total,
      eliteMiles: base,
      eliteSegments: 1,
    });
  });
});

describe('tiers', () => {
  it.each([
    [0, 0, 0],
    [9_999, 19, 0],
    [10_000, 0, 1],
    [0, 20, 1],
    [24_999, 39, 1],
    [25_000, 0, 2],
    [0, 40, 2],
  ] as const)('%i elite miles and %i segments qualify for %i', (miles, segments, level) => {
    expect(qualifiedTier(miles, segments)).toBe(level);
  });

  const reached = at('2026-01-10T00:00:00Z');
  it.each([
    ['raised at once', 0, null, '2026-02-01', 10_000, 0, 1],
    ['kept within 12 months', 2, reached, '2026-12-31', 0, 0, 2],
    ['lowered after 12 months', 2, reached, '2027-01-11', 12_000, 0, 1],
    ['lowered to silver without a date', 1, null, '2026-06-01', 0, 0, 0],
    ['raised past the current one', 1, reached, '2026-03-01', 0, 45, 2],
  ] as const)('%s', (_name, current, reachedAt, now, miles, segments, expected) => {
    expect(
      reviewedTier({
        current,
        reachedAt,
        now: at(`${now}T00:00:00Z`),
        eliteMiles: miles,
        eliteSegments: segments,
      }),
    ).toBe(expected);
  });

  it('tells what the next tier still needs, null at the top', () => {
    expect(tierProgress(0, 4_000, 5)).toEqual({ level: 1, eliteMiles: 6_000, eliteSegments: 15 });
    expect(tierProgress(1, 30_000, 0)).toEqual({ level: 2, eliteMiles: 0, eliteSegments: 40 });
    expect(tierProgress(2, 0, 0)).toBeNull();
  });
});

describe('expiry', () => {
  it.each([
    ['2026-01-15', '2029-02-01T00:00:00+07:00'],
    ['2026-01-01', '2029-02-01T00:00:00+07:00'],
    ['2026-12-31', '2030-01-01T00:00:00+07:00'],
  ])('miles earned on %s expire at %s', (date, expected) => {
    expect(milesExpireAt(date, PP).toISOString()).toBe(new Date(expected).toISOString());
  });

  const lots = [
    { miles: 100, expiresAt: at('2029-01-01T00:00:00Z') },
    { miles: 200, expiresAt: at('2029-02-01T00:00:00Z') },
    { miles: 300, expiresAt: at('2029-03-01T00:00:00Z') },
  ];
  it.each([
    [0, '2028-12-31T00:00:00Z', 0],
    [0, '2029-01-01T00:00:00Z', 100],
    [50, '2029-01-01T00:00:00Z', 50],
    [150, '2029-02-01T00:00:00Z', 150],
    [700, '2029-03-01T00:00:00Z', 0],
  ] as const)('spent %i: unspent by %s is %i', (spent, until, expected) => {
    expect(unspentExpiringBy(lots, spent, at(until))).toBe(expected);
  });

  it('shows the next date some miles are still unspent', () => {
    const now = at('2028-06-01T00:00:00Z');
    expect(nextExpiry(lots, 0, now)).toEqual({ miles: 100, at: lots[0]!.expiresAt });
    expect(nextExpiry(lots, 150, now)).toEqual({ miles: 150, at: lots[1]!.expiresAt });
    expect(nextExpiry(lots, 300, now)).toEqual({ miles: 300, at: lots[2]!.expiresAt });
    expect(nextExpiry(lots, 600, now)).toBeNull();
    expect(nextExpiry([], 0, now)).toBeNull();
  });
});

describe('bills', () => {
  it('lists the last 12 months, the previous one only after the 5th', () => {
    const on5 = billCycles('2026-03-05');
    expect(on5[0]).toBe('2026-01');
    expect(on5).toHaveLength(11);
    const on6 = billCycles('2026-03-06');
    expect(on6[0]).toBe('2026-02');
    expect(on6.at(-1)).toBe('2025-03');
    expect(on6).toHaveLength(12);
  });
  it.each([
    ['2026-02', '2026-03-05', false],
    ['2026-02', '2026-03-06', true],
    ['2026-03', '2026-03-31', false],
    ['2025-03', '2026-03-06', true],
    ['2025-02', '2026-03-06', false],
  ] as const)('%s on %s: %s', (cycle, today, expected) => {
    expect(isBillAvailable(cycle, today)).toBe(expected);
  });
  it('covers the calendar month and moves across years', () => {
    expect(cycleDates('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(addMonthsToMonth('2026-01', -1)).toBe('2025-12');
    expect(addMonthsToMonth('2025-12', 13)).toBe('2027-01');
  });
});

describe('claims and calculators', () => {
  it.each([
    ['2026-03-01', '2026-03-01', null],
    ['2026-03-02', '2026-03-01', 'mileage.claim_window'],
    ['2025-09-01', '2026-03-01', null],
    ['2025-08-31', '2026-03-01', 'mileage.claim_window'],
  ] as const)('a flight of %s claimed on %s: %s', (flight, today, expected) => {
    expect(claimDateProblem(flight, today)).toBe(expected);
  });
  it('reports the first empty field in order', () => {
    expect(emptyCalculatorField(EARN_CALCULATOR_FIELDS, {})).toBe('depCode');
    expect(emptyCalculatorField(EARN_CALCULATOR_FIELDS, { depCode: 'PNH', arrCode: ' ', cabin: 'Y' })).toBe(
      'arrCode',
    );
    expect(
      emptyCalculatorField(EARN_CALCULATOR_FIELDS, {
        depCode: 'PNH',
        arrCode: 'REP',
        cabin: 'Y',
        fareClass: 'M',
      }),
    ).toBe('level');
    expect(
      emptyCalculatorField(EARN_CALCULATOR_FIELDS, {
        depCode: 'PNH',
        arrCode: 'REP',
        cabin: 'Y',
        fareClass: 'M',
        level: 0,
      }),
    ).toBeNull();
  });
  it.each([
    [1, 1],
    [500, 1],
    [501, 2],
    [1_200, 2],
    [2_500, 3],
    [2_501, 4],
    [9_000, 4],
  ])('%i miles are zone %i', (miles, zone) => {
    expect(awardZone(miles)).toBe(zone);
  });
  it('doubles a return', () => {
    expect(awardMiles(4_500, 0)).toBe(4_500);
    expect(awardMiles(4_500, 1)).toBe(9_000);
  });
});
