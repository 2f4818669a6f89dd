import { CheckInStatus } from '@wings/contracts';
import { describe, expect, it } from 'vitest';
import { checkInPhase, checkInWindow, couponCheckIn } from './check-in';

const dep = new Date('2027-01-15T03:00:00.000Z');
const at = (iso: string) => new Date(iso);

describe('the check-in window (spec §9: opens 2 h, closes 60 min, gate 10 min before departure)', () => {
  it('gives the three times of a departure', () => {
    expect(checkInWindow(dep)).toEqual({
      opensAt: at('2027-01-15T01:00:00.000Z'),
      closesAt: at('2027-01-15T02:00:00.000Z'),
      gateClosesAt: at('2027-01-15T02:50:00.000Z'),
    });
  });

  it.each<[string, string, ReturnType<typeof checkInPhase>]>([
    ['a day before', '2027-01-14T03:00:00.000Z', 'not_open'],
    ['a millisecond before it opens', '2027-01-15T00:59:59.999Z', 'not_open'],
    ['exactly 2 hours before: open', '2027-01-15T01:00:00.000Z', 'open'],
    ['90 minutes before', '2027-01-15T01:30:00.000Z', 'open'],
    ['a millisecond before it closes', '2027-01-15T01:59:59.999Z', 'open'],
    ['exactly 60 minutes before: closed', '2027-01-15T02:00:00.000Z', 'closed'],
    ['after departure', '2027-01-15T04:00:00.000Z', 'closed'],
  ])('%s', (_name, now, phase) => {
    expect(checkInPhase(dep, at(now))).toBe(phase);
  });
});

describe("a coupon's check-in state", () => {
  it.each<[string, Parameters<typeof couponCheckIn>[0], ReturnType<typeof couponCheckIn>]>([
    [
      'unused, never checked in',
      { usage: CheckInStatus.unused, checkedInAt: null, noShowAt: null },
      'not_checked_in',
    ],
    ['checked in', { usage: CheckInStatus.unused, checkedInAt: dep, noShowAt: null }, 'checked_in'],
    ['used: flown', { usage: CheckInStatus.used, checkedInAt: dep, noShowAt: null }, 'flown'],
    [
      'closed without check-in: no-show',
      { usage: CheckInStatus.unused, checkedInAt: null, noShowAt: dep },
      'no_show',
    ],
  ])('%s', (_name, coupon, state) => {
    expect(couponCheckIn(coupon)).toBe(state);
  });
});
