import type { ChangeBlockReason, Currency, FareFamily } from '@wings/contracts';
import { describe, expect, it } from 'vitest';
import {
  CHANGE_WINDOW_DAYS,
  type ChangeOrderFacts,
  type ChangeSegmentFacts,
  changeDateProblem,
  changeRule,
  changeSearchWindow,
  DISRUPTION_MOVE_DAYS,
  disruptionChangeBlocks,
  disruptionMoveDates,
  isDeparted,
  legChangeBlock,
  orderChangeBlocks,
  priceChangeLine,
} from './changes';

const NOW = new Date('2026-12-01T03:00:00Z');
const H = 60 * 60_000;
const KH = { depCountry: 'KH', arrCountry: 'SG' };
const TO_CHINA = { depCountry: 'KH', arrCountry: 'CN' };
const FROM_CHINA = { depCountry: 'CN', arrCountry: 'KH' };

const seg = (over: Partial<ChangeSegmentFacts> = {}): ChangeSegmentFacts => ({
  depUtc: new Date(NOW.getTime() + 48 * H),
  family: 'Basic',
  route: KH,
  used: false,
  ...over,
});

const order = (over: Partial<ChangeOrderFacts> = {}): ChangeOrderFacts => ({
  paid: true,
  ticketed: true,
  hasInfant: false,
  upgraded: false,
  rescheduled: false,
  inChange: false,
  refunding: false,
  currency: 'USD',
  segments: [seg()],
  ...over,
});

describe('order-level change blocks (after-sales §4, §5, §8)', () => {
  it.each<[string, ChangeOrderFacts, ChangeBlockReason[]]>([
    ['a paid, ticketed Basic order two days out', order(), []],
    ['an unpaid order (only that is told)', order({ paid: false, hasInfant: true }), ['unpaid']],
    ['an order not ticketed yet', order({ ticketed: false }), ['not_ticketed']],
    ['a change quoted or waiting for payment', order({ inChange: true }), ['in_change']],
    ['an order rescheduled once already', order({ rescheduled: true }), ['rescheduled']],
    ['a ticket refunding or refunded', order({ refunding: true }), ['refunding']],
    ['a booking with an infant', order({ hasInfant: true }), ['infant']],
    ['a route to China', order({ segments: [seg({ route: TO_CHINA })] }), ['china_route']],
    ['a route from China', order({ segments: [seg({ route: FROM_CHINA })] }), ['china_route']],
    ['the refundable-ticket upgrade', order({ upgraded: true }), ['upgrade']],
    ['a Value fare', order({ segments: [seg({ family: 'Value' })] }), ['fare']],
    [
      'a flight that left (and its coupon used)',
      order({ segments: [seg({ depUtc: new Date(NOW.getTime() - H), used: true })] }),
      ['flight_expired', 'used'],
    ],
    [
      'a departure within 4 hours',
      order({ segments: [seg({ depUtc: new Date(NOW.getTime() + 4 * H - 1) })] }),
      ['within_4h'],
    ],
    [
      'a departure exactly 4 hours and a minute away',
      order({ segments: [seg({ depUtc: new Date(NOW.getTime() + 4 * H + 60_000) })] }),
      [],
    ],
    ['a used coupon', order({ segments: [seg({ used: true })] }), ['used']],
    [
      'several at once, in the order they are told',
      order({ ticketed: false, rescheduled: true, hasInfant: true, upgraded: true }),
      ['not_ticketed', 'rescheduled', 'infant', 'upgrade'],
    ],
  ])('%s', (_name, facts, blocks) => {
    expect(orderChangeBlocks(facts, NOW)).toEqual(blocks);
  });

  it('a free move after the airline changed a flight is stopped only by what stops every change', () => {
    expect(
      disruptionChangeBlocks(
        order({ hasInfant: true, upgraded: true, rescheduled: true, segments: [seg({ family: 'Value' })] }),
      ),
    ).toEqual([]);
    expect(disruptionChangeBlocks(order({ paid: false, refunding: true }))).toEqual(['unpaid']);
    expect(
      disruptionChangeBlocks(
        order({ ticketed: false, inChange: true, refunding: true, segments: [seg({ used: true })] }),
      ),
    ).toEqual(['not_ticketed', 'in_change', 'refunding', 'used']);
  });

  it("a leg's own block", () => {
    expect(legChangeBlock(seg(), 'USD', NOW)).toBeNull();
    expect(legChangeBlock(seg({ route: TO_CHINA }), 'USD', NOW)).toBe('china_route');
    expect(legChangeBlock(seg({ family: 'Value' }), 'USD', NOW)).toBe('fare');
    expect(legChangeBlock(seg({ depUtc: NOW }), 'USD', NOW)).toBe('flight_expired');
    expect(legChangeBlock(seg({ depUtc: new Date(NOW.getTime() + H) }), 'USD', NOW)).toBe('within_4h');
    expect(legChangeBlock(seg({ used: true }), 'USD', NOW)).toBe('used');
    expect(isDeparted(NOW, NOW)).toBe(true);
    expect(isDeparted(new Date(NOW.getTime() + 1), NOW)).toBe(false);
  });
});

describe('the change fee per person per segment (§9)', () => {
  it.each<[FareFamily, Currency, { allowed: boolean; amount: number }]>([
    ['Basic', 'USD', { allowed: true, amount: 5000 }],
    ['Basic', 'CNY', { allowed: true, amount: 35000 }],
    ['WingsFlex', 'USD', { allowed: true, amount: 0 }],
    ['Premium', 'USD', { allowed: true, amount: 0 }],
    ['Grand', 'USD', { allowed: true, amount: 0 }],
    ['Grand', 'CNY', { allowed: true, amount: 0 }],
    ['Value', 'USD', { allowed: false, amount: 0 }],
    ['Value', 'CNY', { allowed: false, amount: 0 }],
  ])('%s in %s', (family, currency, want) => {
    const r = changeRule(family, currency, KH);
    expect(r.allowed).toBe(want.allowed);
    expect(r.fee.amount).toBe(want.amount);
    if (want.amount > 0) expect(r.fee.currency).toBe(currency);
  });
});

describe('priceChangeLine: fee plus the differences, a lower fare not paid back', () => {
  it.each([
    [
      'the same fare, Basic',
      { fee: 5000, oldFare: 10000, newFare: 10000, oldTaxes: 2000, newTaxes: 2000 },
      [5000, 0, 0, 5000],
    ],
    [
      'a dearer fare',
      { fee: 5000, oldFare: 10000, newFare: 14000, oldTaxes: 2000, newTaxes: 2000 },
      [5000, 4000, 0, 9000],
    ],
    [
      'a cheaper fare, not refunded',
      { fee: 5000, oldFare: 10000, newFare: 6000, oldTaxes: 2000, newTaxes: 2000 },
      [5000, 0, 0, 5000],
    ],
    [
      'higher taxes',
      { fee: 0, oldFare: 10000, newFare: 10000, oldTaxes: 2000, newTaxes: 2500 },
      [0, 0, 500, 500],
    ],
    [
      'lower taxes, not refunded',
      { fee: 0, oldFare: 10000, newFare: 12000, oldTaxes: 2500, newTaxes: 2000 },
      [0, 2000, 0, 2000],
    ],
    [
      'a free family, nothing dearer',
      { fee: 0, oldFare: 10000, newFare: 9000, oldTaxes: 2000, newTaxes: 2000 },
      [0, 0, 0, 0],
    ],
    [
      'a negative fee is taken as none',
      { fee: -1, oldFare: 0, newFare: 0, oldTaxes: 0, newTaxes: 0 },
      [0, 0, 0, 0],
    ],
  ])('%s', (_name, input, [fee, fareDifference, taxDifference, total]) => {
    expect(priceChangeLine(input)).toEqual({ fee, fareDifference, taxDifference, total });
  });
});

describe('the date limits (§5)', () => {
  const roundTrip = { outboundDate: '2027-01-10', returnDate: '2027-01-20' };
  const oneWay = { outboundDate: '2027-01-10', returnDate: null };

  it.each<
    [string, typeof roundTrip | typeof oneWay, 'outbound' | 'return', string, string | null, string | null]
  >([
    ['the outbound on the original return date', roundTrip, 'outbound', '2027-01-20', null, null],
    [
      'the outbound after the original return date',
      roundTrip,
      'outbound',
      '2027-01-21',
      null,
      'outbound_after_return',
    ],
    ['the outbound earlier', roundTrip, 'outbound', '2027-01-05', null, null],
    ['a one-way outbound any later date', oneWay, 'outbound', '2027-06-01', null, null],
    ['the return on the original departure date', roundTrip, 'return', '2027-01-10', null, null],
    [
      'the return before the original departure date',
      roundTrip,
      'return',
      '2027-01-09',
      null,
      'return_before_departure',
    ],
    ['the return later', roundTrip, 'return', '2027-02-01', null, null],
    [
      'both moved: the return before the new outbound',
      roundTrip,
      'return',
      '2027-01-12',
      '2027-01-15',
      'return_before_departure',
    ],
    ['both moved: the return after the new outbound', roundTrip, 'return', '2027-01-16', '2027-01-15', null],
  ])('%s', (_name, limits, leg, date, other, problem) => {
    expect(changeDateProblem(limits, leg, date, other)).toBe(problem);
  });

  it('the search window: today to 180 days ahead', () => {
    expect(CHANGE_WINDOW_DAYS).toBe(180);
    expect(changeSearchWindow('2026-12-01')).toEqual({ earliest: '2026-12-01', latest: '2027-05-30' });
  });
});

describe('disruptionMoveDates: the original date ±3 days, none in the past', () => {
  it('all seven dates when the original date is far ahead', () => {
    expect(DISRUPTION_MOVE_DAYS).toBe(3);
    expect(disruptionMoveDates('2027-01-10', '2026-12-01')).toEqual([
      '2027-01-07',
      '2027-01-08',
      '2027-01-09',
      '2027-01-10',
      '2027-01-11',
      '2027-01-12',
      '2027-01-13',
    ]);
  });

  it('from today when the original date is near', () => {
    expect(disruptionMoveDates('2026-12-02', '2026-12-01')).toEqual([
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
    ]);
  });

  it('across a month end', () => {
    expect(disruptionMoveDates('2027-03-01', '2026-12-01')[0]).toBe('2027-02-26');
  });
});
