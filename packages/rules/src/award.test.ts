import { describe, expect, it } from 'vitest';
import {
  type AwardLeg,
  type AwardPassenger,
  awardMilesFor,
  type RedemptionInput,
  redemptionProblem,
} from './award';
import { zonedTimeToUtc } from './dates';
import { DEMO_AWARD_CHART } from './mileage';

const PP = 'Asia/Phnom_Penh';
const MINUTE = 60_000;

function person(id: string, over: Partial<AwardPassenger> = {}): AwardPassenger {
  return {
    id,
    surname: 'Sok',
    givenName: `Dara ${'ABCDEFGHIJKLMNOP'[Number(id.replace(/\D/g, '')) % 16]}`,
    kind: 'beneficiary',
    effective: true,
    document: { type: 1, number: 'N1234567', validTo: '2030-01-01' },
    ...over,
  };
}

const member = person('m0', { kind: 'member', effective: false, surname: 'Chan', givenName: 'Sophea' });

/** A leg departing at a Phnom Penh wall-clock time, flying `minutes`. */
function leg(flightId: string, date: string, time: string, minutes = 60): AwardLeg {
  const depUtc = zonedTimeToUtc(date, time, PP);
  return { flightId, depUtc, arrUtc: new Date(depUtc.getTime() + minutes * MINUTE) };
}

/** A leg departing `gap` minutes after `prev` arrives. */
function after(prev: AwardLeg, flightId: string, gap: number): AwardLeg {
  const depUtc = new Date(prev.arrUtc.getTime() + gap * MINUTE);
  return { flightId, depUtc, arrUtc: new Date(depUtc.getTime() + 60 * MINUTE) };
}

const outbound = leg('PNH-REP', '2026-12-01', '08:00');

function input(over: Partial<RedemptionInput> = {}): RedemptionInput {
  return {
    passengers: [member],
    legs: [outbound],
    milesPerPassenger: 9_000,
    balance: 100_000,
    frozen: false,
    today: '2026-11-20',
    ...over,
  };
}

describe('redemptionProblem', () => {
  it('lets the member redeem a journey they can pay for', () => {
    expect(redemptionProblem(input())).toBeNull();
  });

  it('refuses frozen miles', () => {
    expect(redemptionProblem(input({ frozen: true }))).toEqual({ key: 'mileage.frozen' });
  });

  it('refuses an empty choice', () => {
    expect(redemptionProblem(input({ legs: [] }))?.key).toBe('mileage.no_flight_found');
    expect(redemptionProblem(input({ passengers: [] }))?.key).toBe('mileage.passenger_not_legal');
  });

  // A ticket is one passenger's journey: the passengers count, however many legs.
  it.each([
    [1, 1, null],
    [9, 1, null],
    [9, 2, null],
    [10, 1, 'mileage.too_many_tickets'],
    [10, 2, 'mileage.too_many_tickets'],
  ] as const)('%i passengers on %i legs: %s', (count, legCount, expected) => {
    const passengers = [member, ...Array.from({ length: count - 1 }, (_, i) => person(`b${i + 1}`))];
    const legs = legCount === 1 ? [outbound] : [outbound, leg('REP-PNH', '2026-12-05', '18:00')];
    const problem = redemptionProblem(input({ passengers, legs }));
    expect(problem?.key ?? null).toBe(expected);
    if (expected) expect(problem?.params).toEqual({ max: 9 });
  });

  it.each([
    [-30, 'mileage.connection_too_short'],
    [0, 'mileage.connection_too_short'],
    [119, 'mileage.connection_too_short'],
    [120, 'mileage.connection_too_short'],
    [121, null],
    [24 * 60, null],
  ] as const)('a connection %i minutes after the arrival: %s', (gap, expected) => {
    const second = after(outbound, 'REP-BKK', gap);
    const problem = redemptionProblem(input({ legs: [outbound, second] }));
    expect(problem?.key ?? null).toBe(expected);
    if (expected) expect(problem?.flightId).toBe('REP-BKK');
  });

  it('takes the legs in departure order, whatever order they come in', () => {
    const second = after(outbound, 'REP-BKK', 90);
    const third = after(second, 'BKK-HKT', 180);
    expect(redemptionProblem(input({ legs: [third, second, outbound] }))).toMatchObject({
      key: 'mileage.connection_too_short',
      flightId: 'REP-BKK',
    });
    const ok = after(outbound, 'REP-BKK', 121);
    expect(redemptionProblem(input({ legs: [after(ok, 'BKK-HKT', 180), ok, outbound] }))).toBeNull();
  });

  it.each([
    ['the member', { kind: 'member', effective: false }, null],
    ['an effective beneficiary', { kind: 'beneficiary', effective: true }, null],
    [
      'a beneficiary not yet effective',
      { kind: 'beneficiary', effective: false },
      'mileage.passenger_not_legal',
    ],
  ] as const)('%s', (_, over, expected) => {
    const problem = redemptionProblem(input({ passengers: [member, person('b1', over)] }));
    expect(problem?.key ?? null).toBe(expected);
    if (expected) expect(problem?.passengerId).toBe('b1');
  });

  it.each([
    ['the same spelling', ['Nguyen', 'Anh'], ['Nguyen', 'Anh'], true],
    ['a different case', ['NGUYEN', 'ANH'], ['nguyen', 'anh'], true],
    ['accents', ['Lê', 'Văn Anh'], ['Le', 'Van Anh'], true],
    ['a hyphen for a space', ['Ngo-Tran', 'Mai'], ['Ngo Tran', 'Mai'], true],
    ['the surname split elsewhere', ['Van Dam', 'Anne'], ['Van', 'Dam Anne'], true],
    ['another given name', ['Nguyen', 'Anh'], ['Nguyen', 'Binh'], false],
  ] as const)('two beneficiaries with %s', (_, [s1, g1], [s2, g2], duplicate) => {
    const passengers = [
      member,
      person('b1', { surname: s1, givenName: g1 }),
      person('b2', { surname: s2, givenName: g2 }),
    ];
    const problem = redemptionProblem(input({ passengers }));
    if (duplicate) {
      expect(problem).toEqual({ key: 'mileage.duplicate_name', passengerId: 'b2', flightId: 'PNH-REP' });
    } else {
      expect(problem).toBeNull();
    }
  });

  it('tells names apart by their middle name, and a beneficiary named like the member is refused', () => {
    const dara = person('b1', { surname: 'Sok', givenName: 'Dara' });
    const daraVy = person('b2', { surname: 'Sok', givenName: 'Dara', middleName: 'Vy' });
    expect(redemptionProblem(input({ passengers: [member, dara, daraVy] }))).toBeNull();
    const namesake = person('b3', { surname: 'CHAN', givenName: 'sophea' });
    expect(redemptionProblem(input({ passengers: [member, namesake] }))?.key).toBe('mileage.duplicate_name');
  });

  // The return leaves on 5 Dec at 23:30 in Phnom Penh (16:30 UTC).
  const lateReturn = leg('REP-PNH', '2026-12-05', '23:30');
  it.each([
    ['valid to the flight day', '2026-12-05', null],
    ['expired the day before the last flight', '2026-12-04', 'mileage.id_illegal'],
    ['expired before the first flight', '2026-11-30', 'mileage.id_illegal'],
    ['valid long after', '2031-06-30', null],
  ] as const)('a document %s', (_, validTo, expected) => {
    const passengers = [member, person('b1', { document: { type: 1, number: 'N1234567', validTo } })];
    const problem = redemptionProblem(input({ passengers, legs: [outbound, lateReturn] }));
    expect(problem?.key ?? null).toBe(expected);
    if (expected) expect(problem?.passengerId).toBe('b1');
  });

  it('reads the flight day in Phnom Penh, not in UTC', () => {
    // 00:30 on 6 Dec in Phnom Penh is still 5 Dec in UTC.
    const afterMidnight = leg('REP-PNH', '2026-12-06', '00:30');
    const passengers = [
      member,
      person('b1', { document: { type: 1, number: 'N1234567', validTo: '2026-12-05' } }),
    ];
    expect(redemptionProblem(input({ passengers, legs: [outbound, afterMidnight] }))?.key).toBe(
      'mileage.id_illegal',
    );
  });

  it('refuses a document expired before today, even when it outlasts the flights', () => {
    // A journey already under way (the flight on 1 Dec) checked on 3 Dec.
    const doc = (validTo: string) => [
      member,
      person('b1', { document: { type: 1, number: 'N1234567', validTo } }),
    ];
    expect(redemptionProblem(input({ passengers: doc('2026-12-02'), today: '2026-12-03' }))?.key).toBe(
      'mileage.id_illegal',
    );
    expect(redemptionProblem(input({ passengers: doc('2026-12-03'), today: '2026-12-03' }))).toBeNull();
  });

  it.each([
    [1, 'N1234567', null],
    [1, 'n1234567', null],
    [1, 'AB123', null],
    [0, 'AB123', 'mileage.id_illegal'],
    [0, '012345678', null],
    [1, 'E12', 'mileage.id_illegal'],
    [1, 'E12-345', 'mileage.id_illegal'],
    [1, '', 'mileage.id_illegal'],
    [0, '1234567890123456789', 'mileage.id_illegal'],
  ] as const)('document type %i numbered "%s": %s', (type, number, expected) => {
    const passengers = [member, person('b1', { document: { type, number, validTo: '2030-01-01' } })];
    expect(redemptionProblem(input({ passengers }))?.key ?? null).toBe(expected);
  });

  it.each([
    [1, 9_000, null],
    [1, 8_999, 'mileage.insufficient'],
    [3, 27_000, null],
    [3, 26_999, 'mileage.insufficient'],
    [3, 0, 'mileage.insufficient'],
  ] as const)('%i passengers at 9,000 miles with %i miles: %s', (count, balance, expected) => {
    const passengers = [member, ...Array.from({ length: count - 1 }, (_, i) => person(`b${i + 1}`))];
    const problem = redemptionProblem(input({ passengers, balance }));
    expect(problem?.key ?? null).toBe(expected);
    if (expected) expect(problem?.params).toEqual({ needed: 9_000 * count, balance });
  });

  // Everything wrong at once: taking each problem away in the documented order shows the next.
  it('answers in the documented order', () => {
    const ineffective = person('b1', { effective: false });
    const twin = person('b2', { surname: 'Chan', givenName: 'Sophea' });
    const expired = person('b3', { document: { type: 1, number: 'N1234567', validTo: '2020-01-01' } });
    const crowd = Array.from({ length: 7 }, (_, i) => person(`c${i + 4}`));
    const tight = after(outbound, 'REP-BKK', 60);
    const all: RedemptionInput = input({
      frozen: true,
      passengers: [member, ineffective, twin, expired, ...crowd],
      legs: [outbound, tight],
      balance: 0,
    });
    const steps: [string, Partial<RedemptionInput>][] = [
      ['mileage.frozen', { frozen: false }],
      ['mileage.too_many_tickets', { passengers: [member, ineffective, twin, expired] }],
      ['mileage.connection_too_short', { legs: [outbound, after(outbound, 'REP-BKK', 121)] }],
      ['mileage.passenger_not_legal', { passengers: [member, twin, expired] }],
      ['mileage.duplicate_name', { passengers: [member, expired] }],
      ['mileage.id_illegal', { passengers: [member] }],
      ['mileage.insufficient', { balance: 9_000 }],
    ];
    let current = all;
    for (const [key, fix] of steps) {
      expect(redemptionProblem(current)?.key).toBe(key);
      current = { ...current, ...fix };
    }
    expect(redemptionProblem(current)).toBeNull();
  });
});

describe('awardMilesFor', () => {
  it.each([
    [140, 'Y', 0, 4_500],
    [500, 'Y', 0, 4_500],
    [501, 'Y', 0, 9_000],
    [501, 'C', 1, 36_000],
    [1_200, 'C', 0, 18_000],
    [2_500, 'Y', 1, 30_000],
    [2_501, 'Y', 0, 22_500],
    [9_000, 'C', 1, 90_000],
  ] as const)('%i miles in %s, trip type %i: %i', (distance, cabin, tripType, miles) => {
    expect(awardMilesFor(DEMO_AWARD_CHART, distance, cabin, tripType)).toBe(miles);
  });

  it('is null when the chart has no row for the zone and cabin', () => {
    expect(awardMilesFor(DEMO_AWARD_CHART, 300, 'F', 0)).toBeNull();
    const partial = [{ zone: 1, cabin: 'Y', miles: 5_000 }];
    expect(awardMilesFor(partial, 300, 'Y', 1)).toBe(10_000);
    expect(awardMilesFor(partial, 800, 'Y', 0)).toBeNull();
    expect(awardMilesFor([], 300, 'Y', 0)).toBeNull();
  });
});
