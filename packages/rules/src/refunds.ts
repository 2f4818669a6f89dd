import {
  type Currency,
  type CustomerService,
  DEFAULT_CUSTOMER_SERVICE,
  type FareFamily,
  type RefundBlockReason,
  type RefundReasonCode,
  type RefundReasonKind,
} from '@wings/contracts';
import { addDays, instantPlusMonths, isoWeekday, localDate, zonedTimeToUtc } from './dates';
import { fareConditions, isChinaRoute, type RouteCountries, refundRule } from './fares';
import { FULL_ADULT_AGE } from './passenger-types';
import { ageInYears } from './person';

/*
 * Online refunds (issue 15; after-sales-and-loyalty.md §4, §5, §9): which orders and passengers
 * may be refunded online, what a refund pays back per passenger and segment, and when each step
 * of a refund is promised. The server applies these; the traveller app shows the same answers.
 */

/** Online refunds close this long before a segment's departure (§5, §9): exactly 4 h before is refused. */
export const REFUND_CUTOFF_MS = 4 * 60 * 60_000;
/** A no-show (the flight left without the passenger) may be claimed this many months after departure (§9). */
export const NO_SHOW_CLAIM_MONTHS = 3;
/** Minors left on an order keep adults of this age (§5, §9 "refund companion adult age 18"). */
export const REFUND_COMPANION_AGE = FULL_ADULT_AGE;
/** Adults of 18+ that must stay with the minors left on an order (§5 `{adultCount}`). */
export const REFUND_ADULTS_FOR_MINORS = 1;
/** A draft refund (createRefund) may be confirmed this long; later its quote is asked again. */
export const REFUND_DRAFT_MINUTES = 30;
/** Staff audit a submitted refund within one working day of service hours (§1, §9): a weekday's 9 hours. */
export const REFUND_AUDIT_WORKING_MINUTES = 9 * 60;

/** The reasons and their kind (§3 "reason (personal or flight)"). */
export const REFUND_REASONS: Record<RefundReasonCode, RefundReasonKind> = {
  plans_changed: 'personal',
  illness: 'personal',
  visa_refused: 'personal',
  bereavement: 'personal',
  other_personal: 'personal',
  flight_canceled: 'flight',
  flight_retimed: 'flight',
};

/**
 * The reasons the Enhanced Refundable Ticket refunds in full (§9 "a full refund on listed
 * reasons"): illness, a refused visa and a bereavement, each proved to staff at audit. A change
 * of plans is the traveller's own choice and keeps the fare's fee (docs/decisions.md).
 */
export const UPGRADE_REASONS: readonly RefundReasonCode[] = ['illness', 'visa_refused', 'bereavement'];

/** The kind of a reason. */
export function refundReasonKind(code: RefundReasonCode): RefundReasonKind {
  return REFUND_REASONS[code];
}

/** A segment of the order as the refund rules read it. */
export interface RefundSegment {
  depUtc: Date;
  family: FareFamily;
  route: RouteCountries;
}

/** The order-level facts of §5's blocks. */
export interface RefundOrderFacts {
  paid: boolean;
  /** Every passenger holds a ticket (the paid order's ticketing finished). */
  ticketed: boolean;
  hasInfant: boolean;
  currency: Currency;
  segments: readonly RefundSegment[];
}

/** The instant `months` calendar months after an instant (clamped to the month's end, UTC). */
/** A segment whose departure is at most 4 hours away (and not yet past): §5 "within 4 hours". */
export function departsWithinCutoff(depUtc: Date, now: Date): boolean {
  const left = depUtc.getTime() - now.getTime();
  return left > 0 && left <= REFUND_CUTOFF_MS;
}

/** A segment that left without the passenger: a no-show (the ticket's coupons are unused). */
export function isNoShow(depUtc: Date, now: Date): boolean {
  return depUtc.getTime() <= now.getTime();
}

/** A departed segment beyond the no-show claim window: the flight is expired for online refund. */
export function isExpiredFlight(depUtc: Date, now: Date): boolean {
  return instantPlusMonths(depUtc, NO_SHOW_CLAIM_MONTHS).getTime() < now.getTime();
}

/**
 * The order's blocks of §5, in the order they are told (the first is shown on request-no-tips):
 * unpaid, not ticketed yet, an infant in the booking, a China route (either direction,
 * docs/decisions.md), a fare that is not refundable (Value: "some cabins"), an expired flight,
 * a departure within 4 hours. `upgraded`: every passenger holds the Enhanced Refundable Ticket,
 * whose listed reasons refund even a Value fare (the quote then refuses the other reasons).
 * `disrupted`: the airline canceled or retimed a flight of the order and the refund is for that
 * (a flight reason, issue 16): an infant, a China route, a fare that is not refundable and the
 * last 4 hours no longer block; an unpaid, unticketed or expired order still does.
 */
export function orderRefundBlocks(
  o: RefundOrderFacts,
  now: Date,
  upgraded = false,
  options: RefundOptions = {},
): RefundBlockReason[] {
  const blocks: RefundBlockReason[] = [];
  if (!o.paid) return ['unpaid'];
  const disrupted = options.disrupted === true;
  if (!o.ticketed) blocks.push('not_ticketed');
  if (o.hasInfant && !disrupted) blocks.push('infant');
  if (disrupted) {
    // The airline's change wins over the fare's and the route's conditions.
  } else if (o.segments.some((s) => isChinaRoute(s.route))) blocks.push('china_route');
  else if (!upgraded && o.segments.some((s) => !refundRule(s.family, o.currency, s.route).refundable))
    blocks.push('fare');
  if (o.segments.some((s) => isExpiredFlight(s.depUtc, now))) blocks.push('flight_expired');
  if (!disrupted && o.segments.some((s) => departsWithinCutoff(s.depUtc, now))) blocks.push('within_4h');
  return blocks;
}

/** How an airline change bends the refund rules (issue 16). */
export interface RefundOptions {
  /**
   * The airline canceled or retimed a flight of the order and the refund answers it (a flight
   * reason; while the reason is not chosen yet, the flight reasons are open): §5's infant, China
   * route, fare and 4-hour blocks are lifted and every line refunds in full.
   */
  disrupted?: boolean;
}

/** A passenger as the refund rules read them. */
export interface RefundPassengerFacts {
  seq: number;
  birthday: string;
  /** TicketStatus of their live ticket; null when they hold none. */
  ticketStatus: number | null;
  /** A coupon of their ticket was used or checked in. */
  used: boolean;
  /** In a refund that is not finished or rejected (auditing, refunding). */
  inRefund: boolean;
}

/** TicketStatus codes (contracts enums), named here for the rule. */
const ISSUED = 0;
const REFUNDED = 1;

/** Why one passenger cannot be refunded (their own reasons, after the order's); null when they can. */
export function passengerRefundBlock(p: RefundPassengerFacts): RefundBlockReason | null {
  if (p.ticketStatus === REFUNDED) return 'refunded';
  if (p.inRefund) return 'refunding';
  if (p.ticketStatus !== ISSUED) return 'not_ticketed';
  if (p.used) return 'used';
  return null;
}

/** The minors-and-adults check of §5 for a choice of passengers. */
export type CompanionCheck =
  | { ok: true; adultsStaying: number }
  | { ok: false; adultCount: number; adultsStaying: number };

/**
 * §5: minors (under 18 at the first departure) staying on the order after the refund keep at
 * least `REFUND_ADULTS_FOR_MINORS` adults of 18+. `staying` are the passengers neither chosen
 * nor refunded before. `firstDeparture` is the first segment's local date.
 */
export function checkRefundCompanions(
  staying: readonly { birthday: string }[],
  firstDeparture: string,
): CompanionCheck {
  return checkRefundCompanionAges(staying.map((p) => ageInYears(p.birthday, firstDeparture)));
}

/**
 * The same check by the staying passengers' ages in whole years at the first departure (what
 * queryPassengerInfo tells the traveller app, which never holds birthdays of a limited view).
 */
export function checkRefundCompanionAges(stayingAges: readonly number[]): CompanionCheck {
  const adultsStaying = stayingAges.filter((a) => a >= REFUND_COMPANION_AGE).length;
  const minors = stayingAges.length - adultsStaying;
  if (minors > 0 && adultsStaying < REFUND_ADULTS_FOR_MINORS) {
    return { ok: false, adultCount: REFUND_ADULTS_FOR_MINORS, adultsStaying };
  }
  return { ok: true, adultsStaying };
}

/** One passenger's one segment to price. */
export interface RefundLineInput {
  family: FareFamily;
  currency: Currency;
  route: RouteCountries;
  depUtc: Date;
  /** The fare paid for it, discount included, in minor units. */
  fare: number;
  /** Its taxes, in minor units. */
  taxes: number;
}

/** A priced line: the fees kept and what goes back, in the fare's currency (minor units). */
export interface RefundLinePrice {
  fee: number;
  noShowFee: number;
  refund: number;
  noShow: boolean;
}

/** What is refused for a line, or its price. */
export type RefundLineResult = { refused: 'china_route' | 'fare' } | ({ refused: null } & RefundLinePrice);

/**
 * The refund of one passenger's one segment (§9 fee table by family and origin): taxes always
 * come back; the fare less the family's penalty (Grand 30, Basic 50, WingsFlex and Premium free,
 * Value and China routes refused) per passenger and segment; a segment that left without the
 * passenger adds the no-show fee (USD 30 / CNY 210). A flight reason (the airline's doing), or
 * the Enhanced Refundable Ticket with one of its listed reasons, keeps no fee at all (and
 * refunds even a Value fare through the upgrade). Fees never exceed what was paid. A flight
 * reason when the airline changed a flight of the order (`disrupted`, issue 16) refunds every
 * line in full, fare and taxes, whatever the route or fare: nothing is charged for its doing.
 */
export function priceRefundLine(
  line: RefundLineInput,
  reason: RefundReasonCode,
  upgraded: boolean,
  now: Date,
  options: RefundOptions = {},
): RefundLineResult {
  if (options.disrupted === true && refundReasonKind(reason) === 'flight') {
    return {
      refused: null,
      fee: 0,
      noShowFee: 0,
      refund: Math.max(0, line.fare + line.taxes),
      noShow: isNoShow(line.depUtc, now),
    };
  }
  if (isChinaRoute(line.route)) return { refused: 'china_route' };
  const waived = refundReasonKind(reason) === 'flight' || (upgraded && UPGRADE_REASONS.includes(reason));
  const rule = refundRule(line.family, line.currency, line.route);
  if (!rule.refundable && !waived) return { refused: 'fare' };
  if (!rule.refundable && refundReasonKind(reason) === 'flight' && !upgraded) return { refused: 'fare' };
  const noShow = isNoShow(line.depUtc, now);
  const paid = Math.max(0, line.fare + line.taxes);
  const fee = waived ? 0 : (rule.fee?.amount ?? 0);
  const noShowFee =
    waived || !noShow ? 0 : fareConditions(line.family, line.currency, line.route).noShowFee.amount;
  // The fee is kept first, then the no-show fee, neither beyond what was paid.
  const keptFee = Math.min(fee, paid);
  const keptNoShow = Math.min(noShowFee, paid - keptFee);
  return { refused: null, fee: keptFee, noShowFee: keptNoShow, refund: paid - keptFee - keptNoShow, noShow };
}

/** Service hours as the promise counts them: the customer-service contact's hours in `zone`. */
export type RefundServiceHours = Pick<CustomerService, 'weekdays' | 'saturday' | 'sunday'>;

/** The spec's hours (§1, §9): Mon-Fri 08:30-17:30, Sat 09:00-13:00, GMT+7. */
export const SPEC_SERVICE_HOURS: RefundServiceHours = DEFAULT_CUSTOMER_SERVICE;

/**
 * The instant `minutes` of service hours after `from` (§1 service hours in the hub's zone):
 * time outside opening hours does not count, a closed day not at all. With no open day at all,
 * the plain instant `minutes` later.
 */
export function addServiceMinutes(
  from: Date,
  minutes: number,
  hours: RefundServiceHours,
  zone: string,
): Date {
  if (!hours.weekdays && !hours.saturday && !hours.sunday) return new Date(from.getTime() + minutes * 60_000);
  let left = minutes * 60_000;
  let day = localDate(from, zone);
  let cursor = from.getTime();
  for (let i = 0; i < 400; i++) {
    const weekday = isoWeekday(day);
    const h = weekday <= 5 ? hours.weekdays : weekday === 6 ? hours.saturday : hours.sunday;
    if (h) {
      const open = zonedTimeToUtc(day, h.open, zone).getTime();
      const close = zonedTimeToUtc(day, h.close, zone).getTime();
      const start = Math.max(open, cursor);
      if (start < close) {
        if (start + left <= close) return new Date(start + left);
        left -= close - start;
      }
    }
    day = addDays(day, 1);
    cursor = zonedTimeToUtc(day, '00:00', zone).getTime();
  }
  return new Date(cursor + left);
}

/** When staff are promised to have audited a refund submitted at `submittedAt` (one working day). */
export function auditDueBy(submittedAt: Date, hours: RefundServiceHours, zone: string): Date {
  return addServiceMinutes(submittedAt, REFUND_AUDIT_WORKING_MINUTES, hours, zone);
}

/** When the money of a refund sent to its gateway at `sentAt` is promised back (the gateway's days). */
export function moneyDueBy(sentAt: Date, gatewayDays: number): Date {
  return new Date(sentAt.getTime() + gatewayDays * 24 * 60 * 60_000);
}
