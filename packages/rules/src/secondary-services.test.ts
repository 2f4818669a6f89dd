import { describe, expect, it } from 'vitest';
import {
  ADDON_REBUY_BLOCK_MINUTES,
  addonBlockedUntil,
  addonLegBar,
  clockTime,
  emdNumber,
  localDateTime,
} from './secondary-services';

const dep = new Date('2026-12-22T01:30:00Z');
const before = (ms: number) => new Date(dep.getTime() - ms);
const MIN = 60_000;

describe('the 24-hour cut-off of add-ons bought after ticketing', () => {
  it.each<[string, Date, boolean | undefined, ReturnType<typeof addonLegBar>]>([
    ['two days ahead', before(48 * 60 * MIN), undefined, null],
    ['exactly 24:00 ahead is allowed', before(24 * 60 * MIN), undefined, null],
    ['23:59 ahead is refused', before((24 * 60 - 1) * MIN), undefined, 'within_24h'],
    ['one millisecond short of 24 h is refused', before(24 * 60 * MIN - 1), undefined, 'within_24h'],
    ['an hour ahead', before(60 * MIN), undefined, 'within_24h'],
    ['at departure it has flown', dep, undefined, 'flown'],
    ['after departure', new Date(dep.getTime() + MIN), undefined, 'flown'],
    ['a used coupon has flown whatever the clock says', before(48 * 60 * MIN), true, 'flown'],
  ])('%s', (_name, now, used, expected) => {
    expect(addonLegBar({ depUtc: dep, ...(used === undefined ? {} : { used }) }, now)).toBe(expected);
  });
});

describe('the 15-minute block after an abandoned add-on payment', () => {
  const abandoned = new Date('2026-11-24T06:50:00Z');
  it.each<[string, Date | null, Date, Date | null]>([
    ['never abandoned', null, abandoned, null],
    ['right after', abandoned, abandoned, new Date('2026-11-24T07:05:00Z')],
    [
      '14:59 later',
      abandoned,
      new Date(abandoned.getTime() + (15 * 60 - 1) * 1000),
      new Date('2026-11-24T07:05:00Z'),
    ],
    [
      '15:00 later it opens',
      abandoned,
      new Date(abandoned.getTime() + ADDON_REBUY_BLOCK_MINUTES * MIN),
      null,
    ],
  ])('%s', (_name, at, now, expected) => {
    expect(addonBlockedUntil(at, now)).toEqual(expected);
  });
});

describe('times in messages and EMD numbers', () => {
  it('reads an instant as the wall clock of a zone', () => {
    expect(clockTime(new Date('2026-11-24T07:05:00Z'), 'Asia/Phnom_Penh')).toBe('14:05');
    expect(localDateTime(new Date('2026-12-22T01:30:00Z'), 'Asia/Phnom_Penh')).toBe('2026-12-22 08:30');
  });

  it('makes 13-digit EMD numbers of the airline code and a 10-digit serial', () => {
    expect(emdNumber('781', 1000000001)).toBe('7811000000001');
    expect(emdNumber('781', 42)).toBe('7810000000042');
    expect(() => emdNumber('78', 1)).toThrow();
    expect(() => emdNumber('781', 10_000_000_000)).toThrow();
  });
});
