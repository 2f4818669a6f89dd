import { CheckInStatus } from '@wings/contracts';

/**
 * Online check-in (issue 15; after-sales-and-loyalty.md §9): a passenger checks in for one leg
 * from 2 hours before its departure until 60 minutes before; the gate closes 10 minutes before.
 * The server and the traveller app read the same window here.
 */

/** Check-in opens this many minutes before departure (spec §9: 2 hours). */
export const CHECK_IN_OPENS_MINUTES = 120;
/** Check-in stops this many minutes before departure (spec §9). */
export const CHECK_IN_CLOSES_MINUTES = 60;
/** The boarding gate closes this many minutes before departure (spec §9), printed on the boarding pass. */
export const GATE_CLOSES_MINUTES = 10;

const MINUTE_MS = 60_000;

/** A leg's check-in times: when check-in opens and closes, and when its gate closes. */
export interface CheckInWindow {
  opensAt: Date;
  closesAt: Date;
  gateClosesAt: Date;
}

/** The check-in times of a leg departing at `depUtc`. */
export function checkInWindow(depUtc: Date): CheckInWindow {
  const before = (minutes: number) => new Date(depUtc.getTime() - minutes * MINUTE_MS);
  return {
    opensAt: before(CHECK_IN_OPENS_MINUTES),
    closesAt: before(CHECK_IN_CLOSES_MINUTES),
    gateClosesAt: before(GATE_CLOSES_MINUTES),
  };
}

/**
 * Where `now` stands in a leg's window: `not_open` before it opens, `open` from the very instant
 * it opens (exactly 2 hours before departure) until just before it closes, `closed` from the
 * instant it closes (exactly 60 minutes before departure) on.
 */
export type CheckInPhase = 'not_open' | 'open' | 'closed';

export function checkInPhase(depUtc: Date, now: Date): CheckInPhase {
  const { opensAt, closesAt } = checkInWindow(depUtc);
  const t = now.getTime();
  if (t < opensAt.getTime()) return 'not_open';
  if (t < closesAt.getTime()) return 'open';
  return 'closed';
}

/**
 * A coupon's check-in state as the traveller sees it on the ticket: `flown` once the flight
 * closed with the passenger checked in (usage used, 11), `no_show` when it closed without them,
 * `checked_in` between check-in and departure, else `not_checked_in`.
 */
export type CouponCheckIn = 'not_checked_in' | 'checked_in' | 'flown' | 'no_show';

export function couponCheckIn(coupon: {
  usage: number;
  checkedInAt: Date | string | null;
  noShowAt: Date | string | null;
}): CouponCheckIn {
  if (coupon.usage === CheckInStatus.used) return 'flown';
  if (coupon.noShowAt !== null) return 'no_show';
  if (coupon.checkedInAt !== null) return 'checked_in';
  return 'not_checked_in';
}
