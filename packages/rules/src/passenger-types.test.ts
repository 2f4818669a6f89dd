import { DOCUMENT_TYPES, Gender, PassengerType, Title } from '@wings/contracts';
import { describe, expect, it } from 'vitest';
import {
  FULL_ADULT_AGE,
  isFullAdultOn,
  isRoundTrip,
  passengerTypeFromAlt,
  passengerTypeFromLabel,
  passengerTypeLabel,
  passengerTypeToAlt,
} from './passenger-types';
import { GENDER_CODE, PASSENGER_TYPE_CODE, TITLE_CODE } from './person';
import { checkSearch } from './search';

describe('the two passenger-type numberings (spec §3)', () => {
  it.each([
    [0, 1],
    [1, 2],
    [2, 2],
    [3, 3],
    [4, null],
    [-1, null],
  ])('second numbering %i is %j in the first (an unaccompanied child is a child)', (alt, code) => {
    expect(passengerTypeFromAlt(alt)).toBe(code);
  });

  it.each([
    [1, false, 0],
    [2, false, 1],
    [2, true, 2],
    [3, false, 3],
    [0, false, null],
  ])('first numbering %i (unaccompanied %s) is %j in the second', (code, unaccompanied, alt) => {
    expect(passengerTypeToAlt(code, { unaccompanied })).toBe(alt);
  });

  it('keeps the rules’ codes equal to the stored codes of contracts', () => {
    expect(PASSENGER_TYPE_CODE).toEqual(PassengerType);
    expect(TITLE_CODE).toEqual(Title);
    expect(GENDER_CODE).toEqual(Gender);
    expect(DOCUMENT_TYPES).toMatchObject({ idCard: 0, passport: 1 });
  });
});

describe('passenger type labels', () => {
  it.each([
    [1, 'zh', '成人'],
    [2, 'zh', '儿童'],
    [3, 'zh', '婴儿'],
    [1, 'en', 'ADT'],
    [2, 'en', 'CHD'],
    [3, 'en', 'INF'],
    [1, 'km', 'ADT'],
    [2, 'km', 'CHD'],
    [3, 'km', 'INF'],
    [9, 'en', ''],
  ] as const)('type %i in %s is %j (non-Chinese locales show ADT, CHD, INF)', (code, lang, label) => {
    expect(passengerTypeLabel(code, lang)).toBe(label);
  });

  it.each([
    ['ADT', 1],
    ['chd', 2],
    [' INF ', 3],
    ['Adult', 1],
    ['infant', 3],
    ['成人', 1],
    ['成年人', 1],
    ['儿童', 2],
    ['兒童', 2],
    ['无人陪伴儿童', 2],
    ['婴儿', 3],
    ['嬰兒', 3],
    ['UM', null],
    ['', null],
    ['成', null],
  ] as const)('recognises %j as %j', (label, code) => {
    expect(passengerTypeFromLabel(label)).toBe(code);
  });
});

describe('the 18-year adult check for reference dates (spec §5)', () => {
  it.each([
    ['2008-12-23', '2026-12-23', true],
    ['2008-12-24', '2026-12-23', false],
    ['2008-02-29', '2026-02-28', false],
    ['2008-02-29', '2026-03-01', true],
    ['1960-01-01', '2026-12-23', true],
    ['2014-05-01', '2026-12-23', false],
  ])('born %s is 18 on %s: %s', (birthday, on, adult) => {
    expect(isFullAdultOn(birthday, on)).toBe(adult);
  });

  it('is 18 years, not the 12 of the booking age bands', () => {
    expect(FULL_ADULT_AGE).toBe(18);
    // 12 on the day: an adult passenger for booking, not an adult for an 18-year check.
    expect(isFullAdultOn('2014-12-23', '2026-12-23')).toBe(false);
  });
});

describe('trip types (spec §3: oneway 0, return 1, round 2)', () => {
  it.each([
    [0, false],
    [1, true],
    [2, true],
    [undefined, false],
  ])('tripType %j is a round trip: %s', (tripType, round) => {
    expect(isRoundTrip(tripType)).toBe(round);
  });

  it('asks a return date of a round trip numbered 2 as of one numbered 1', () => {
    const base = { depCode: 'KTI', arrCode: 'BKK', depDate: '2026-12-01', passengers: [1, 0, 0] as const };
    for (const tripType of [1, 2] as const) {
      expect(checkSearch({ ...base, tripType }, '2026-11-01').map((i) => i.key)).toEqual([
        'search.return_date_required',
      ]);
    }
    expect(checkSearch({ ...base, tripType: 0 }, '2026-11-01')).toEqual([]);
  });
});
