import type { FareFamily, RefundReasonCode } from '@wings/contracts';
import { describe, expect, it } from 'vitest';
import {
  addServiceMinutes,
  auditDueBy,
  checkRefundCompanions,
  departsWithinCutoff,
  isExpiredFlight,
  moneyDueBy,
  orderRefundBlocks,
  passengerRefundBlock,
  priceRefundLine,
  REFUND_CUTOFF_MS,
  type RefundOrderFacts,
  SPEC_SERVICE_HOURS,
} from './refunds';

const NOW = new Date('2026-12-01T03:00:00Z');
const H = 60 * 60_000;
const KH = { depCountry: 'KH', arrCountry: 'SG' };
const TO_CHINA = { depCountry: 'KH', arrCountry: 'CN' };
const FROM_CHINA = { depCountry: 'CN', arrCountry: 'KH' };
const ZONE = 'Asia/Phnom_Penh';

const order = (over: Partial<RefundOrderFacts> = {}): RefundOrderFacts => ({
  paid: true,
  ticketed: true,
  hasInfant: false,
  currency: 'USD',
  segments: [{ depUtc: new Date(NOW.getTime() + 48 * H), family: 'Grand', route: KH }],
  ...over,
});

describe('order-level refund blocks (after-sales §5)', () => {
  it.each([
    ['a paid, ticketed Grand order two days out', order(), []],
    ['an unpaid order (only that is told)', order({ paid: false, hasInfant: true }), ['unpaid']],
    ['an order not ticketed yet', order({ ticketed: false }), ['not_ticketed']],
    ['a booking with an infant', order({ hasInfant: true }), ['infant']],
    [
      'a route to mainland China',
      order({ segments: [{ depUtc: new Date(NOW.getTime() + 48 * H), family: 'Grand', route: TO_CHINA }] }),
      ['china_route'],
    ],
    [
      'a route from mainland China, in CNY',
      order({
        currency: 'CNY',
        segments: [{ depUtc: new Date(NOW.getTime() + 48 * H), family: 'Premium', route: FROM_CHINA }],
      }),
      ['china_route'],
    ],
    [
      'a Value fare (a cabin that is not refundable)',
      order({ segments: [{ depUtc: new Date(NOW.getTime() + 48 * H), family: 'Value', route: KH }] }),
      ['fare'],
    ],
    [
      'exactly 4 hours before departure',
      order({
        segments: [{ depUtc: new Date(NOW.getTime() + REFUND_CUTOFF_MS), family: 'Grand', route: KH }],
      }),
      ['within_4h'],
    ],
    [
      'one millisecond more than 4 hours before departure',
      order({
        segments: [{ depUtc: new Date(NOW.getTime() + REFUND_CUTOFF_MS + 1), family: 'Grand', route: KH }],
      }),
      [],
    ],
    [
      'a flight that left 3 months and a day ago (no-show window closed)',
      order({ segments: [{ depUtc: new Date('2026-08-31T02:00:00Z'), family: 'Grand', route: KH }] }),
      ['flight_expired'],
    ],
    [
      'a flight that left 2 months ago (a no-show, still claimable)',
      order({ segments: [{ depUtc: new Date('2026-10-01T02:00:00Z'), family: 'Grand', route: KH }] }),
      [],
    ],
  ])('%s', (_name, facts, expected) => {
    expect(orderRefundBlocks(facts, NOW)).toEqual(expected);
  });

  it('lets an upgraded Value fare through to the quote, which keeps the listed reasons only', () => {
    const facts = order({
      segments: [{ depUtc: new Date(NOW.getTime() + 48 * H), family: 'Value', route: KH }],
    });
    expect(orderRefundBlocks(facts, NOW, true)).toEqual([]);
  });

  it('counts the 4-hour window only before departure, and the expiry from the 3-month claim window', () => {
    expect(departsWithinCutoff(new Date(NOW.getTime() + H), NOW)).toBe(true);
    expect(departsWithinCutoff(new Date(NOW.getTime() - H), NOW)).toBe(false);
    expect(isExpiredFlight(new Date('2026-09-01T03:00:00Z'), NOW)).toBe(false);
    expect(isExpiredFlight(new Date('2026-09-01T02:59:59Z'), NOW)).toBe(true);
  });
});

describe('passenger blocks', () => {
  const p = { seq: 0, birthday: '1990-01-01', ticketStatus: 0, used: false, inRefund: false };
  it.each([
    ['an issued, unused ticket', p, null],
    ['a used or checked-in ticket', { ...p, used: true }, 'used'],
    ['a ticket being refunded', { ...p, ticketStatus: 4, inRefund: true }, 'refunding'],
    ['a refunded ticket', { ...p, ticketStatus: 1 }, 'refunded'],
    ['no ticket yet', { ...p, ticketStatus: null }, 'not_ticketed'],
  ] as const)('%s', (_n, facts, expected) => {
    expect(passengerRefundBlock(facts)).toBe(expected);
  });
});

describe('minors keep enough adults of 18+ (after-sales §5)', () => {
  const dep = '2026-12-10';
  it.each([
    ['nobody stays', [], true],
    ['an adult of 18 stays alone', [{ birthday: '2008-12-10' }], true],
    [
      'a 10-year-old stays with a 40-year-old',
      [{ birthday: '2016-05-01' }, { birthday: '1986-01-01' }],
      true,
    ],
    [
      'a 10-year-old stays with a 17-year-old',
      [{ birthday: '2016-05-01' }, { birthday: '2009-01-01' }],
      false,
    ],
    [
      'a 10-year-old with someone turning 18 the day after departure',
      [{ birthday: '2016-05-01' }, { birthday: '2008-12-11' }],
      false,
    ],
    [
      'a 10-year-old with someone turning 18 on the departure date',
      [{ birthday: '2016-05-01' }, { birthday: '2008-12-10' }],
      true,
    ],
  ])('%s', (_n, staying, ok) => {
    const r = checkRefundCompanions(staying, dep);
    expect(r.ok).toBe(ok);
    if (!r.ok) expect(r.adultCount).toBe(1);
  });
});

describe('the refund fee table (after-sales §9), per passenger and segment', () => {
  const FARE = 20_000;
  const TAXES = 3_500;
  const future = new Date(NOW.getTime() + 48 * H);
  const line = (family: FareFamily, route = KH, depUtc = future) => ({
    family,
    currency: 'USD' as const,
    route,
    depUtc,
    fare: FARE,
    taxes: TAXES,
  });

  it.each([
    ['WingsFlex', 0],
    ['Premium', 0],
    ['Grand', 3_000],
    ['Basic', 5_000],
  ] as const)('%s from Cambodia keeps %i cents and refunds the taxes', (family, fee) => {
    expect(priceRefundLine(line(family), 'plans_changed', false, NOW)).toEqual({
      refused: null,
      fee,
      noShowFee: 0,
      refund: FARE + TAXES - fee,
      noShow: false,
    });
  });

  it('refuses a Value fare for a personal reason', () => {
    expect(priceRefundLine(line('Value'), 'plans_changed', false, NOW)).toEqual({ refused: 'fare' });
  });

  it.each(['WingsFlex', 'Premium', 'Grand', 'Basic', 'Value'] as const)(
    'refuses every family (%s) on a China route, both directions',
    (family) => {
      expect(priceRefundLine(line(family, TO_CHINA), 'plans_changed', false, NOW)).toEqual({
        refused: 'china_route',
      });
      expect(
        priceRefundLine({ ...line(family, FROM_CHINA), currency: 'CNY' }, 'flight_canceled', true, NOW),
      ).toEqual({ refused: 'china_route' });
    },
  );

  it.each(['flight_canceled', 'flight_retimed'] as const)(
    'keeps no fee for a flight reason (%s)',
    (reason) => {
      const r = priceRefundLine(line('Basic'), reason, false, NOW);
      expect(r).toMatchObject({ refused: null, fee: 0, refund: FARE + TAXES });
    },
  );

  it.each<[RefundReasonCode, number]>([
    ['illness', 0],
    ['visa_refused', 0],
    ['bereavement', 0],
    ['plans_changed', 5_000],
    ['other_personal', 5_000],
  ])('the refundable upgrade refunds in full for its listed reasons (%s keeps %i)', (reason, fee) => {
    expect(priceRefundLine(line('Basic'), reason, true, NOW)).toMatchObject({ fee });
  });

  it('the refundable upgrade refunds a Value fare for a listed reason only', () => {
    expect(priceRefundLine(line('Value'), 'illness', true, NOW)).toMatchObject({ refused: null, fee: 0 });
    expect(priceRefundLine(line('Value'), 'plans_changed', true, NOW)).toEqual({ refused: 'fare' });
  });

  it('adds the no-show fee (USD 30) for a flight that left without the passenger', () => {
    const left = new Date(NOW.getTime() - 24 * H);
    expect(priceRefundLine(line('Grand', KH, left), 'plans_changed', false, NOW)).toEqual({
      refused: null,
      fee: 3_000,
      noShowFee: 3_000,
      refund: FARE + TAXES - 6_000,
      noShow: true,
    });
    expect(priceRefundLine(line('Premium', KH, left), 'flight_canceled', false, NOW)).toMatchObject({
      noShowFee: 0,
      noShow: true,
    });
  });

  it('never keeps more than was paid', () => {
    const cheap = { ...line('Basic', KH, new Date(NOW.getTime() - H)), fare: 4_000, taxes: 500 };
    expect(priceRefundLine(cheap, 'plans_changed', false, NOW)).toEqual({
      refused: null,
      fee: 4_500,
      noShowFee: 0,
      refund: 0,
      noShow: true,
    });
  });
});

describe('a flight the airline changed (issue 16): its flight-reason refund wins over the blocks', () => {
  const soon = new Date(NOW.getTime() + 2 * H);
  const future = new Date(NOW.getTime() + 48 * H);

  it('lifts the infant, China route, fare and 4-hour blocks, not unpaid, unticketed or expired', () => {
    const blocked = order({
      hasInfant: true,
      segments: [
        { depUtc: soon, family: 'Value', route: TO_CHINA },
        { depUtc: future, family: 'Value', route: FROM_CHINA },
      ],
    });
    expect(orderRefundBlocks(blocked, NOW)).toEqual(['infant', 'china_route', 'within_4h']);
    expect(orderRefundBlocks(blocked, NOW, false, { disrupted: true })).toEqual([]);
    expect(
      orderRefundBlocks(order({ segments: [{ depUtc: soon, family: 'Value', route: KH }] }), NOW, false, {
        disrupted: true,
      }),
    ).toEqual([]);
    expect(orderRefundBlocks(order({ paid: false }), NOW, false, { disrupted: true })).toEqual(['unpaid']);
    expect(orderRefundBlocks(order({ ticketed: false }), NOW, false, { disrupted: true })).toEqual([
      'not_ticketed',
    ]);
    const expired = order({
      segments: [{ depUtc: new Date('2026-08-31T02:00:00Z'), family: 'Grand', route: KH }],
    });
    expect(orderRefundBlocks(expired, NOW, false, { disrupted: true })).toEqual(['flight_expired']);
  });

  it.each<[FareFamily, { depCountry: string; arrCountry: string }]>([
    ['Value', KH],
    ['Basic', TO_CHINA],
    ['Grand', FROM_CHINA],
    ['Value', TO_CHINA],
  ])('refunds a %s line in full, fare and taxes, with a flight reason', (family, route) => {
    const line = { family, currency: 'USD' as const, route, depUtc: soon, fare: 20_000, taxes: 3_500 };
    for (const reason of ['flight_canceled', 'flight_retimed'] as const) {
      expect(priceRefundLine(line, reason, false, NOW, { disrupted: true })).toEqual({
        refused: null,
        fee: 0,
        noShowFee: 0,
        refund: 23_500,
        noShow: false,
      });
    }
  });

  it('keeps the ordinary rules for a personal reason, and no no-show fee for a flight that left', () => {
    const line = {
      family: 'Value' as const,
      currency: 'USD' as const,
      route: KH,
      depUtc: future,
      fare: 100,
      taxes: 5,
    };
    expect(priceRefundLine(line, 'plans_changed', false, NOW, { disrupted: true })).toEqual({
      refused: 'fare',
    });
    const left = { ...line, family: 'Basic' as const, depUtc: new Date(NOW.getTime() - H) };
    expect(priceRefundLine(left, 'flight_canceled', false, NOW, { disrupted: true })).toEqual({
      refused: null,
      fee: 0,
      noShowFee: 0,
      refund: 105,
      noShow: true,
    });
  });
});

describe('the promise of each step: service hours (Mon-Fri 08:30-17:30, Sat 09:00-13:00, GMT+7)', () => {
  const at = (local: string) => new Date(`${local}+07:00`);
  it.each([
    ['Tuesday 10:00 → Wednesday 10:00', '2026-12-01T10:00:00', '2026-12-02T10:00:00'],
    ['Tuesday 20:00 (after hours) → Wednesday 17:30', '2026-12-01T20:00:00', '2026-12-02T17:30:00'],
    ['Monday 06:00 (before opening) → Monday 17:30', '2026-11-30T06:00:00', '2026-11-30T17:30:00'],
    // Friday 16:00: 1.5 h Friday, 4 h Saturday, 3.5 h Monday from 08:30.
    ['Friday 16:00 → Monday 12:00', '2026-12-04T16:00:00', '2026-12-07T12:00:00'],
    // Saturday 12:00: 1 h Saturday, Sunday closed, 8 h Monday.
    ['Saturday 12:00 → Monday 16:30', '2026-12-05T12:00:00', '2026-12-07T16:30:00'],
    ['Sunday → Monday 17:30', '2026-12-06T11:00:00', '2026-12-07T17:30:00'],
  ])('%s', (_n, from, due) => {
    expect(auditDueBy(at(from), SPEC_SERVICE_HOURS, ZONE).toISOString()).toBe(at(due).toISOString());
  });

  it('counts plain time when no day is open, and money by the gateway days', () => {
    const from = at('2026-12-01T10:00:00');
    expect(addServiceMinutes(from, 60, { weekdays: null, saturday: null, sunday: null }, ZONE)).toEqual(
      new Date(from.getTime() + H),
    );
    expect(moneyDueBy(from, 7)).toEqual(new Date(from.getTime() + 7 * 24 * H));
  });
});
