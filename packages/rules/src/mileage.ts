import { addDays, instantPlusMonths, localDate, zonedTimeToUtc } from './dates';
import { greatCircleKm, kmToMiles } from './distance';
import type { LocalizedParam } from './message-params';
import { addMonths } from './person';

/**
 * The mileage programme's rules (issue 18; after-sales-and-loyalty §1, §4, §5, §9): what a flight
 * earns, the tiers, when miles expire, which monthly bills exist, when a retroactive claim may be
 * filed, the calculators' fields and the award chart's zones. The server's ledger and the traveller
 * app's screens both read them from here; docs/decisions.md says why each figure is what it is.
 */

/** Miles expire at the end of the 36th month after the month they were earned in (hub time). */
export const MILES_EXPIRE_MONTHS = 36;
/** Members are told of miles about to expire this many days ahead (the e-mail "a month before"). */
export const EXPIRY_NOTICE_DAYS = 30;
/** Bills cover the last 12 months; the previous month's bill is available after the 5th. */
export const BILL_MONTHS = 12;
export const BILL_READY_AFTER_DAY = 5;
/** A flown flight not credited may be claimed within 6 months of its date (our decision). */
export const CLAIM_WINDOW_MONTHS = 6;
/** Award redemption (spec §5, §9). */
export const MAX_AWARD_TICKETS = 9;
export const MIN_AWARD_CONNECTION_MINUTES = 120;
/** The largest single manual adjustment staff may file, either way. */
export const MAX_MILEAGE_ADJUSTMENT = 1_000_000;

export type MemberTier = 0 | 1 | 2;

/**
 * Tiers silver 0 / gold 1 / platinum 2 (spec §3): reached by elite miles *or* elite segments flown
 * in the rolling 12 months, and the bonus each tier adds to a flight's base miles.
 */
export const TIERS: readonly {
  level: MemberTier;
  eliteMiles: number;
  eliteSegments: number;
  bonusPercent: number;
}[] = [
  { level: 0, eliteMiles: 0, eliteSegments: 0, bonusPercent: 0 },
  { level: 1, eliteMiles: 10_000, eliteSegments: 20, bonusPercent: 25 },
  { level: 2, eliteMiles: 25_000, eliteSegments: 40, bonusPercent: 50 },
];

/** The tier a member's rolling 12 months qualify for. */
export function qualifiedTier(eliteMiles: number, eliteSegments: number): MemberTier {
  let level: MemberTier = 0;
  for (const t of TIERS) {
    if (eliteMiles >= t.eliteMiles || eliteSegments >= t.eliteSegments) level = t.level;
  }
  return level;
}

/**
 * The tier review (a daily job and every credit): a tier is raised as soon as the rolling 12
 * months qualify, and kept for 12 months from the day it was reached; after that it follows the
 * rolling 12 months, down as well as up.
 */
export function reviewedTier(input: {
  current: MemberTier;
  reachedAt: Date | null;
  now: Date;
  eliteMiles: number;
  eliteSegments: number;
}): MemberTier {
  const qualified = qualifiedTier(input.eliteMiles, input.eliteSegments);
  if (qualified >= input.current) return qualified;
  const kept = input.reachedAt !== null && instantPlusMonths(input.reachedAt, 12) > input.now;
  return kept ? input.current : qualified;
}

/** What the member still needs for the next tier (null at the top): either figure reaches it. */
export function tierProgress(
  level: MemberTier,
  eliteMiles: number,
  eliteSegments: number,
): { level: MemberTier; eliteMiles: number; eliteSegments: number } | null {
  const next = TIERS.find((t) => t.level === level + 1);
  if (!next) return null;
  return {
    level: next.level,
    eliteMiles: Math.max(0, next.eliteMiles - eliteMiles),
    eliteSegments: Math.max(0, next.eliteSegments - eliteSegments),
  };
}

/** A flight's distance in whole statute miles, from the airports' coordinates. */
export function flightDistanceMiles(
  from: { lat: number; lon: number },
  to: { lat: number; lon: number },
): number {
  return Math.round(kmToMiles(greatCircleKm(from.lat, from.lon, to.lat, to.lon)));
}

/** A route's filed distance (whole kilometres) in whole statute miles. */
export function kmDistanceMiles(distanceKm: number): number {
  return Math.round(kmToMiles(distanceKm));
}

/** What one flown coupon earns. */
export interface Accrual {
  /** Distance × the booking class's earn rate. */
  baseMiles: number;
  /** The tier's bonus on the base. */
  bonusMiles: number;
  /** Credited to the balance: base + bonus. */
  totalMiles: number;
  /** Toward the tier: the base (never the bonus). */
  eliteMiles: number;
  eliteSegments: number;
}

/** Great-circle miles × the class's earn rate (percent), plus the tier's bonus; whole miles, rounded down. */
export function accrualFor(distanceMiles: number, earnRatePercent: number, level: MemberTier): Accrual {
  const baseMiles = Math.floor((distanceMiles * earnRatePercent) / 100);
  const bonusPercent = TIERS.find((t) => t.level === level)?.bonusPercent ?? 0;
  const bonusMiles = Math.floor((baseMiles * bonusPercent) / 100);
  return {
    baseMiles,
    bonusMiles,
    totalMiles: baseMiles + bonusMiles,
    eliteMiles: baseMiles,
    eliteSegments: 1,
  };
}

/** `YYYY-MM` of a local date. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** The month `n` months after `YYYY-MM` (n may be negative). */
export function addMonthsToMonth(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + n;
  const year = Math.floor(index / 12);
  const mon = (index % 12) + 1;
  return `${String(year).padStart(4, '0')}-${String(mon).padStart(2, '0')}`;
}

/** The first instant of a month (`YYYY-MM`) in a zone. */
export function monthStart(month: string, timeZone: string): Date {
  return zonedTimeToUtc(`${month}-01`, '00:00', timeZone);
}

/**
 * When miles earned on a local date expire: the first instant of the month after the 36th month
 * following it, in the hub's zone. Miles of one month expire together, at a month's end.
 */
export function milesExpireAt(earnedLocalDate: string, timeZone: string): Date {
  return monthStart(addMonthsToMonth(monthOf(earnedLocalDate), MILES_EXPIRE_MONTHS + 1), timeZone);
}

/** A lot of miles: a credit that can expire. */
export interface MilesLot {
  miles: number;
  expiresAt: Date;
}

/**
 * Miles of the lots expiring by `until` that are still unspent, spending taken from the oldest
 * lots first: the lots' sum less everything spent (consumed, expired, less reversals) so far,
 * never below 0. `spent` counts every debit ever, including earlier expiries.
 */
export function unspentExpiringBy(lots: readonly MilesLot[], spent: number, until: Date): number {
  let due = 0;
  for (const lot of lots) if (lot.expiresAt <= until) due += lot.miles;
  return Math.max(0, due - spent);
}

/**
 * The next expiry a member is shown: the earliest lot date at which some miles are still unspent,
 * and how many expire then (null when nothing will).
 */
export function nextExpiry(
  lots: readonly MilesLot[],
  spent: number,
  now: Date,
): { miles: number; at: Date } | null {
  const dates = [...new Set(lots.filter((l) => l.expiresAt > now).map((l) => l.expiresAt.getTime()))].sort(
    (a, b) => a - b,
  );
  const already = unspentExpiringBy(lots, spent, now);
  let before = already;
  for (const t of dates) {
    const by = unspentExpiringBy(lots, spent, new Date(t));
    if (by > before) return { miles: by - before, at: new Date(t) };
    before = by;
  }
  return null;
}

/**
 * The bill cycles a member may read on a local date (`YYYY-MM-DD`, hub time): the 12 months before
 * this one, newest first, without the previous month until its bill is ready after the 5th.
 */
export function billCycles(today: string): string[] {
  const current = monthOf(today);
  const day = Number(today.slice(8, 10));
  const out: string[] = [];
  for (let n = 1; n <= BILL_MONTHS; n++) {
    if (n === 1 && day <= BILL_READY_AFTER_DAY) continue;
    out.push(addMonthsToMonth(current, -n));
  }
  return out;
}

/** Whether a bill cycle can be read on a local date. */
export function isBillAvailable(cycle: string, today: string): boolean {
  return billCycles(today).includes(cycle);
}

/** The local dates a cycle covers, first and last. */
export function cycleDates(cycle: string): { from: string; to: string } {
  return { from: `${cycle}-01`, to: addDays(`${addMonthsToMonth(cycle, 1)}-01`, -1) };
}

/**
 * Why a retroactive claim for a flight date cannot be filed on a local date, or null: the flight
 * must be flown (not after today) and at most 6 months old. A missed flight is its own case: its
 * refund claim has `NO_SHOW_CLAIM_MONTHS` (refunds.ts).
 */
export function claimDateProblem(flightDate: string, today: string): 'mileage.claim_window' | null {
  if (flightDate > today || flightDate < addMonths(today, -CLAIM_WINDOW_MONTHS))
    return 'mileage.claim_window';
  return null;
}

/** A 13-digit e-ticket number (the airline's 3-digit code and a 10-digit serial). */
export function isTicketNumber(value: string): boolean {
  return /^\d{13}$/.test(value.replace(/[\s-]/g, ''));
}

/** The miles-earned calculator's fields, in the order a missing one is reported (spec §5). */
export const EARN_CALCULATOR_FIELDS = ['depCode', 'arrCode', 'cabin', 'fareClass', 'level'] as const;
/** The award calculator's fields. */
export const AWARD_CALCULATOR_FIELDS = ['depCode', 'arrCode', 'cabin', 'tripType'] as const;

/** The first calculator field left empty (spec §5 "cannot be empty"), or null. */
export function emptyCalculatorField<K extends string>(
  fields: readonly K[],
  values: Partial<Record<K, string | number | null | undefined>>,
): K | null {
  for (const f of fields) {
    const v = values[f];
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return f;
  }
  return null;
}

/**
 * The award chart's distance zones (one-way great-circle miles, upper bound inclusive; the last
 * has none). The miles per zone and cabin are filed by staff (console, award chart).
 */
export const AWARD_ZONES: readonly { zone: number; maxMiles: number | null }[] = [
  { zone: 1, maxMiles: 500 },
  { zone: 2, maxMiles: 1_200 },
  { zone: 3, maxMiles: 2_500 },
  { zone: 4, maxMiles: null },
];

/** The zone of a one-way distance. */
export function awardZone(distanceMiles: number): number {
  for (const z of AWARD_ZONES) if (z.maxMiles === null || distanceMiles <= z.maxMiles) return z.zone;
  return AWARD_ZONES[AWARD_ZONES.length - 1]!.zone;
}

/** The chart the demo airline files (one way, per person), staff change it in the console. */
export const DEMO_AWARD_CHART: readonly { zone: number; cabin: 'Y' | 'C'; miles: number }[] = [
  { zone: 1, cabin: 'Y', miles: 4_500 },
  { zone: 1, cabin: 'C', miles: 9_000 },
  { zone: 2, cabin: 'Y', miles: 9_000 },
  { zone: 2, cabin: 'C', miles: 18_000 },
  { zone: 3, cabin: 'Y', miles: 15_000 },
  { zone: 3, cabin: 'C', miles: 30_000 },
  { zone: 4, cabin: 'Y', miles: 22_500 },
  { zone: 4, cabin: 'C', miles: 45_000 },
];

/** Miles an award costs per person: the zone's one-way figure, twice for a return. */
export function awardMiles(oneWayMiles: number, tripType: 0 | 1): number {
  return tripType === 1 ? oneWayMiles * 2 : oneWayMiles;
}

/** The calculators' field names as `mileage.field_empty` names them, in each language. */
export const CALCULATOR_FIELD_LABELS: Readonly<Record<string, LocalizedParam>> = {
  depCode: { zh: '出发地', en: 'Departure', km: 'ចំណុចចេញដំណើរ' },
  arrCode: { zh: '目的地', en: 'Arrival', km: 'គោលដៅ' },
  cabin: { zh: '舱位', en: 'Cabin', km: 'ថ្នាក់កៅអី' },
  fareClass: { zh: '客票类型', en: 'Ticket type', km: 'ប្រភេទសំបុត្រ' },
  level: { zh: '会员等级', en: 'Level', km: 'កម្រិតសមាជិក' },
  tripType: { zh: '行程类型', en: 'Trip type', km: 'ប្រភេទដំណើរ' },
};

/** The last local day miles expiring at `expiresAt` can still be used (the day before that instant). */
export function milesLastDay(expiresAt: string | Date, timeZone: string): string {
  return localDate(new Date(new Date(expiresAt).getTime() - 1), timeZone);
}
