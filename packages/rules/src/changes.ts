import type { ChangeBlockReason, Currency, FareFamily, Money } from '@wings/contracts';
import { addDays } from './dates';
import { fareConditions, isChinaRoute, type RouteCountries } from './fares';
import { departsWithinCutoff } from './refunds';
import { SEARCH_WINDOW_DAYS } from './search';

/*
 * Changes of date (issue 16; after-sales-and-loyalty.md §4, §5, §8, §9): which orders and legs
 * may be moved to another date online, what a move costs per passenger and leg, and the date
 * limits of the form. The server applies these; the traveller app shows the same answers.
 */

/** A quote (checkChangeOrder) holds its seats and price this long, like an offer. */
export const CHANGE_QUOTE_MINUTES = 20;
/** A confirmed change with something to pay may be paid this long. */
export const CHANGE_PAY_MINUTES = 20;
/** A flight the airline changed may be swapped free for one this many days either side of it. */
export const DISRUPTION_MOVE_DAYS = 3;
/** A new date may be at most this many days after today in the departure airport (§9 search window). */
export const CHANGE_WINDOW_DAYS = SEARCH_WINDOW_DAYS;

/** A leg of the order as the change rules read it. */
export interface ChangeSegmentFacts {
  depUtc: Date;
  family: FareFamily;
  route: RouteCountries;
  /** A passenger's coupon of this leg was used or checked in. */
  used: boolean;
}

/** The order-level facts of §5's blocks. */
export interface ChangeOrderFacts {
  paid: boolean;
  /** Every passenger holds a ticket (the paid order's ticketing finished). */
  ticketed: boolean;
  hasInfant: boolean;
  /** Some passenger holds the Enhanced Refundable Ticket (§8: rescheduling blocked). */
  upgraded: boolean;
  /** A voluntary change of this order succeeded already (§4). */
  rescheduled: boolean;
  /** A confirmed change of this order waits for its payment (a quote not confirmed is replaced, never blocks). */
  inChange: boolean;
  /** A passenger's ticket is being refunded or was refunded. */
  refunding: boolean;
  currency: Currency;
  segments: readonly ChangeSegmentFacts[];
}

/** A leg whose flight has left: the order is expired for online change (§5, §8). */
export function isDeparted(depUtc: Date, now: Date): boolean {
  return depUtc.getTime() <= now.getTime();
}

/**
 * The order's blocks of §5 and §8 for a voluntary change, in the order they are told (the first
 * is shown on the form): unpaid, not ticketed, in change, already rescheduled, refunding, an
 * infant, a China route (either direction, as refunds), the refundable-ticket upgrade, a family
 * that cannot change (Value), a flight that left (expired), a departure within 4 hours, a used
 * ticket. A leg that left makes the whole order expired: a flown outbound is not changed online.
 */
export function orderChangeBlocks(o: ChangeOrderFacts, now: Date): ChangeBlockReason[] {
  if (!o.paid) return ['unpaid'];
  const blocks: ChangeBlockReason[] = [];
  if (!o.ticketed) blocks.push('not_ticketed');
  if (o.inChange) blocks.push('in_change');
  if (o.rescheduled) blocks.push('rescheduled');
  if (o.refunding) blocks.push('refunding');
  if (o.hasInfant) blocks.push('infant');
  if (o.segments.some((s) => isChinaRoute(s.route))) blocks.push('china_route');
  if (o.upgraded) blocks.push('upgrade');
  if (o.segments.some((s) => !changeRule(s.family, o.currency, s.route).allowed)) blocks.push('fare');
  if (o.segments.some((s) => isDeparted(s.depUtc, now))) blocks.push('flight_expired');
  if (o.segments.some((s) => departsWithinCutoff(s.depUtc, now))) blocks.push('within_4h');
  if (o.segments.some((s) => s.used)) blocks.push('used');
  return blocks;
}

/**
 * The blocks of a free move after the airline changed a flight: the fee, the family, the route,
 * an infant, the upgrade and a first change do not stop it; only what makes the order
 * unchangeable at all (unpaid, not ticketed, another change under way, a refund, a used ticket).
 */
export function disruptionChangeBlocks(o: ChangeOrderFacts): ChangeBlockReason[] {
  if (!o.paid) return ['unpaid'];
  const blocks: ChangeBlockReason[] = [];
  if (!o.ticketed) blocks.push('not_ticketed');
  if (o.inChange) blocks.push('in_change');
  if (o.refunding) blocks.push('refunding');
  if (o.segments.some((s) => s.used)) blocks.push('used');
  return blocks;
}

/**
 * A leg's own block for a voluntary change, or null: its flight left (expired), leaves within
 * 4 hours, was used or checked in, or its family or route may not change online.
 */
export function legChangeBlock(
  s: ChangeSegmentFacts,
  currency: Currency,
  now: Date,
): ChangeBlockReason | null {
  if (isChinaRoute(s.route)) return 'china_route';
  if (!changeRule(s.family, currency, s.route).allowed) return 'fare';
  if (isDeparted(s.depUtc, now)) return 'flight_expired';
  if (departsWithinCutoff(s.depUtc, now)) return 'within_4h';
  if (s.used) return 'used';
  return null;
}

/** The dates a voluntary change may search (departure airport's dates): today to 180 days ahead. */
export function changeSearchWindow(today: string): { earliest: string; latest: string } {
  return { earliest: today, latest: addDays(today, CHANGE_WINDOW_DAYS) };
}

/** §9: may the family change on this route, and its fee per person per segment (USD 50 / CNY 350 Basic). */
export function changeRule(
  family: FareFamily,
  currency: Currency,
  route: RouteCountries,
): { allowed: boolean; fee: Money } {
  const c = fareConditions(family, currency, route).change;
  return { allowed: c.allowed, fee: c.fee ?? { amount: 0, currency } };
}

/** One passenger's one leg to price. */
export interface ChangeLineInput {
  /** The fee of §9 for the family (0: free families, and every disruption move). */
  fee: number;
  /** The fare and taxes paid for the leg (after its share of a discount), minor units. */
  oldFare: number;
  oldTaxes: number;
  /** Today's fare and taxes of the same family on the new flight. */
  newFare: number;
  newTaxes: number;
}

/** A priced line: what the traveller pays for moving it. */
export interface ChangeLinePrice {
  fee: number;
  fareDifference: number;
  taxDifference: number;
  total: number;
}

/**
 * The cost of moving one passenger's leg: the change fee plus the fare and tax difference to
 * today's fare of the same family on the new flight. A lower new fare or tax is not paid back
 * (docs/decisions.md, issue 16): each difference is at least 0.
 */
export function priceChangeLine(line: ChangeLineInput): ChangeLinePrice {
  const fee = Math.max(0, line.fee);
  const fareDifference = Math.max(0, line.newFare - line.oldFare);
  const taxDifference = Math.max(0, line.newTaxes - line.oldTaxes);
  return { fee, fareDifference, taxDifference, total: fee + fareDifference + taxDifference };
}

/** The legs' local departure dates as the form's limits read them (YYYY-MM-DD, departure airport's zone). */
export interface ChangeDateLimits {
  /** The original outbound departure's date. */
  outboundDate: string;
  /** The original return departure's date; null for a one-way order. */
  returnDate: string | null;
}

/** What is wrong with a new date of a leg, or null (§5). */
export type ChangeDateProblem = 'outbound_after_return' | 'return_before_departure' | null;

/**
 * §5's date limits: a new outbound date not later than the original return departure date; a new
 * return date on or after the original departure date. Both legs moved together: the new return
 * may not be before the new outbound either.
 */
export function changeDateProblem(
  limits: ChangeDateLimits,
  leg: 'outbound' | 'return',
  newDate: string,
  newOtherDate?: string | null,
): ChangeDateProblem {
  if (leg === 'outbound') {
    if (limits.returnDate && newDate > limits.returnDate) return 'outbound_after_return';
    return null;
  }
  if (newDate < limits.outboundDate) return 'return_before_departure';
  if (newOtherDate && newDate < newOtherDate) return 'return_before_departure';
  return null;
}

/** The dates a disrupted leg may move to free: the original local date ±3 days, none before `today`. */
export function disruptionMoveDates(originalDate: string, today: string): string[] {
  const dates: string[] = [];
  for (let d = -DISRUPTION_MOVE_DAYS; d <= DISRUPTION_MOVE_DAYS; d++) {
    const date = addDays(originalDate, d);
    if (date >= today) dates.push(date);
  }
  return dates;
}
