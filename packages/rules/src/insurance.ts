import { addDays, daysBetween } from './dates';
import type { RuleIssue } from './issue';
import { checkDocument, checkPhone, isCalendarDate } from './person';

/**
 * Travel insurance rules (booking-and-account.md §3, §5, §9; after-sales §5): how many days a
 * trip is insured, the 1–90 day window, the automatic extension after a delay, and what an
 * insured passenger's entry (`regionParams`) and its beneficiary must hold. Used by the
 * insurance calls now and by booking's add-on step later, and by the traveller's forms.
 */

/** The fewest and most days a policy covers (spec §9: 1 to 90 days). */
export const INSURED_DAYS_MIN = 1;
export const INSURED_DAYS_MAX = 90;
/** Days a policy is extended by, at most, when the insured flight is delayed (spec §9). */
export const DELAY_EXTENSION_DAYS_MAX = 7;

/**
 * The days a trip is insured: from the first departure's local date to the last leg's local
 * arrival date, both counted (docs/decisions.md, "Insured days"). A one-way trip is its
 * departure day, plus the arrival day when the flight lands on a later local date; a round
 * trip runs to the return's arrival. A same-day trip is 1 day. A trip ending before it starts
 * (a bad pair of dates) gives 0 or less, which `checkInsuredDays` refuses.
 */
export function insuredDays(firstDeparture: string, lastArrival: string): number {
  return daysBetween(firstDeparture, lastArrival) + 1;
}

/** The local dates a trip is insured from and to, from its legs' local ISO times (`2026-05-01T08:00:00+07:00`). */
export function tripCover(legs: readonly { depTime: string; arrTime: string }[]): {
  from: string;
  to: string;
} | null {
  if (legs.length === 0) return null;
  const from = legs.map((l) => l.depTime.slice(0, 10)).sort()[0]!;
  const to = legs
    .map((l) => l.arrTime.slice(0, 10))
    .sort()
    .at(-1)!;
  return { from, to };
}

/** The insured days must be from 1 to 90; fewer and more each have their own message. */
export function checkInsuredDays(days: number, field = 'days'): RuleIssue[] {
  if (!Number.isInteger(days) || days < INSURED_DAYS_MIN) {
    return [{ field, key: 'insurance.days_too_few', params: { min: INSURED_DAYS_MIN } }];
  }
  if (days > INSURED_DAYS_MAX) {
    return [{ field, key: 'insurance.days_too_many', params: { max: INSURED_DAYS_MAX, days } }];
  }
  return [];
}

/** A trip's dates as the traveller gives them: real dates, the end not before the start, 1–90 days. */
export function checkTripDates(
  startDate: string | null | undefined,
  endDate: string | null | undefined,
  fields: { start?: string; end?: string } = {},
): RuleIssue[] {
  const start = fields.start ?? 'startDate';
  const end = fields.end ?? 'endDate';
  const issues: RuleIssue[] = [];
  if (!startDate || !isCalendarDate(startDate)) issues.push({ field: start, key: 'insurance.date_invalid' });
  if (!endDate || !isCalendarDate(endDate)) issues.push({ field: end, key: 'insurance.date_invalid' });
  if (issues.length > 0 || !startDate || !endDate) return issues;
  return checkInsuredDays(insuredDays(startDate, endDate), end);
}

/**
 * Days a delay extends the cover by: each started day of delay (24 h) adds a day, at most 7
 * (spec §9). No delay (0 or less) adds nothing; a 1-minute delay adds 1 day.
 */
export function delayExtensionDays(delayMinutes: number): number {
  if (!(delayMinutes > 0)) return 0;
  return Math.min(DELAY_EXTENSION_DAYS_MAX, Math.ceil(delayMinutes / (24 * 60)));
}

/** The last covered local date of a policy ending on `coverTo` whose flight was delayed by `delayMinutes`. */
export function coveredEnd(coverTo: string, delayMinutes: number): string {
  return addDays(coverTo, delayExtensionDays(delayMinutes));
}

/** Who a beneficiary may be to the insured (spec §3). */
export const BENEFICIARY_RELATIONSHIPS = [
  'parent',
  'spouse',
  'child',
  'sibling',
  'relative',
  'friend',
] as const;
export type BeneficiaryRelationship = (typeof BENEFICIARY_RELATIONSHIPS)[number];

/** A full name in English letters: words of letters, with single spaces, hyphens or apostrophes between. */
const FULL_NAME = /^[A-Za-z]+(?:[ '-][A-Za-z]+)*$/;
export const FULL_NAME_MAX = 60;
const TEXT_MAX = { region: 60, city: 60, address: 200, postalCode: 12 } as const;
const POSTAL_CODE = /^[A-Za-z0-9][A-Za-z0-9 -]{1,10}[A-Za-z0-9]$/;
const MAILBOX = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * One insured passenger's insurance entry (spec §3 `regionParams`): the plan (insuranceType,
 * insuranceLimit), where the insured lives (nationality, region, city, address, postalCode) and
 * the beneficiary (name, relationship, credentialsType/credentialsId, mailbox, contactNumber with
 * its country code).
 */
export interface InsuranceEntryInput {
  insuranceType?: string | null;
  insuranceLimit?: number | null;
  nationality?: string | null;
  region?: string | null;
  city?: string | null;
  address?: string | null;
  postalCode?: string | null;
  name?: string | null;
  relationship?: string | null;
  /** Certificate type (spec §3 document types: 0 ID card, 1 passport, 2 other); 0 when not given. */
  credentialsType?: number | null;
  credentialsId?: string | null;
  mailbox?: string | null;
  /** The beneficiary's phone's country code (digits, with or without +). */
  countryCode?: string | null;
  contactNumber?: string | null;
}

function required(value: string | null | undefined, field: string, max: number, issues: RuleIssue[]): void {
  const v = value?.trim() ?? '';
  if (!v) issues.push({ field, key: 'insurance.field_required' });
  else if (v.length > max) issues.push({ field, key: 'insurance.field_too_long', params: { max } });
}

/**
 * Whether an insured passenger's entry is complete (spec §5: "passenger and beneficiary info
 * must be complete; full name in English"). Every issue names its field (the spec's names).
 */
export function checkInsuranceEntry(input: InsuranceEntryInput): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (!input.insuranceType?.trim()) issues.push({ field: 'insuranceType', key: 'insurance.plan_required' });
  if (input.insuranceLimit !== null && input.insuranceLimit !== undefined) {
    if (!Number.isInteger(input.insuranceLimit) || input.insuranceLimit <= 0) {
      issues.push({ field: 'insuranceLimit', key: 'insurance.limit_invalid' });
    }
  }
  const nationality = input.nationality?.trim() ?? '';
  if (!nationality) issues.push({ field: 'nationality', key: 'insurance.field_required' });
  else if (!/^[A-Za-z]{2}$/.test(nationality))
    issues.push({ field: 'nationality', key: 'insurance.nationality_invalid' });
  required(input.region, 'region', TEXT_MAX.region, issues);
  required(input.city, 'city', TEXT_MAX.city, issues);
  required(input.address, 'address', TEXT_MAX.address, issues);
  const postal = input.postalCode?.trim() ?? '';
  if (!postal) issues.push({ field: 'postalCode', key: 'insurance.field_required' });
  else if (!POSTAL_CODE.test(postal))
    issues.push({ field: 'postalCode', key: 'insurance.postal_code_invalid' });
  issues.push(...checkBeneficiary(input));
  return issues;
}

/** The beneficiary part of an entry: full English name, relationship, certificate, phone with country code, e-mail. */
export function checkBeneficiary(input: InsuranceEntryInput): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const name = input.name?.trim() ?? '';
  if (!name) issues.push({ field: 'name', key: 'insurance.beneficiary_name_required' });
  else if (name.length > FULL_NAME_MAX || !FULL_NAME.test(name) || !name.includes(' ')) {
    issues.push({ field: 'name', key: 'insurance.beneficiary_name_english' });
  }
  const relationship = input.relationship?.trim() ?? '';
  if (!relationship) issues.push({ field: 'relationship', key: 'insurance.relationship_required' });
  else if (!(BENEFICIARY_RELATIONSHIPS as readonly string[]).includes(relationship)) {
    issues.push({ field: 'relationship', key: 'insurance.relationship_invalid' });
  }
  const certType = input.credentialsType ?? 0;
  if (![0, 1, 2].includes(certType))
    issues.push({ field: 'credentialsType', key: 'insurance.credentials_type_invalid' });
  else issues.push(...checkDocument(certType, input.credentialsId, 'credentialsId'));
  if (!input.contactNumber?.trim()) issues.push({ field: 'contactNumber', key: 'person.phone_invalid' });
  else {
    issues.push(
      ...checkPhone(
        input.countryCode,
        input.contactNumber,
        { required: true },
        {
          countryCode: 'countryCode',
          phone: 'contactNumber',
        },
      ),
    );
  }
  const mailbox = input.mailbox?.trim() ?? '';
  if (mailbox && (mailbox.length > 254 || !MAILBOX.test(mailbox))) {
    issues.push({ field: 'mailbox', key: 'insurance.mailbox_invalid' });
  }
  return issues;
}

/** One band of a plan's prices: the price per insured for trips of up to `upToDays` days. */
export interface PriceBand {
  upToDays: number;
  amount: number;
}

/**
 * The price per insured of a trip of `days` days: the first band (by `upToDays`) that covers it;
 * null when no band does (the plan does not sell that long a trip).
 */
export function bandPrice(bands: readonly PriceBand[], days: number): number | null {
  const band = [...bands].sort((a, b) => a.upToDays - b.upToDays).find((b) => days <= b.upToDays);
  return band ? band.amount : null;
}

/** A plan's bands: each more days than the last, each price at least the last's, the last reaching 90 days. */
export function checkPriceBands(bands: readonly PriceBand[], field = 'priceBands'): RuleIssue[] {
  if (bands.length === 0) return [{ field, key: 'insurance.bands_required' }];
  for (let i = 0; i < bands.length; i++) {
    const b = bands[i]!;
    const prev = bands[i - 1];
    if (!Number.isInteger(b.upToDays) || b.upToDays < 1 || b.upToDays > INSURED_DAYS_MAX) {
      return [
        {
          field: `${field}.${i}.upToDays`,
          key: 'insurance.band_days_invalid',
          params: { max: INSURED_DAYS_MAX },
        },
      ];
    }
    if (!Number.isInteger(b.amount) || b.amount <= 0) {
      return [{ field: `${field}.${i}.amount`, key: 'insurance.band_amount_invalid' }];
    }
    if (prev && (b.upToDays <= prev.upToDays || b.amount < prev.amount)) {
      return [{ field: `${field}.${i}.upToDays`, key: 'insurance.bands_order' }];
    }
  }
  if (bands.at(-1)!.upToDays !== INSURED_DAYS_MAX) {
    return [
      {
        field: `${field}.${bands.length - 1}.upToDays`,
        key: 'insurance.bands_reach_max',
        params: { max: INSURED_DAYS_MAX },
      },
    ];
  }
  return [];
}
