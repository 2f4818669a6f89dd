import type { InsuranceEntry } from '@wings/contracts';
import { BENEFICIARY_RELATIONSHIPS, checkInsuranceEntry, type RuleIssue } from '@wings/rules';

/**
 * What the traveller types for one insured passenger (spec §3 `regionParams` without the plan):
 * where the insured lives and the beneficiary. Kept as typed, by passenger slot, so going back
 * and forth (or a reload) never loses it; the plan is added when insurance is confirmed.
 */
export interface InsuredInfoDraft {
  nationality: string;
  region: string;
  city: string;
  address: string;
  postalCode: string;
  /** The beneficiary's full name in English letters. */
  name: string;
  relationship: string;
  /** 0 ID card (the spec's default), 1 passport, 2 other. */
  credentialsType: 0 | 1 | 2;
  credentialsId: string;
  countryCode: string;
  contactNumber: string;
  mailbox: string;
}

export const EMPTY_INFO: InsuredInfoDraft = {
  nationality: '',
  region: '',
  city: '',
  address: '',
  postalCode: '',
  name: '',
  relationship: '',
  credentialsType: 0,
  credentialsId: '',
  countryCode: '+855',
  contactNumber: '',
  mailbox: '',
};

export { BENEFICIARY_RELATIONSHIPS };

/** The form's fields, in the order they are shown (the first in error is focused). */
export const INFO_FIELDS = [
  'nationality',
  'region',
  'city',
  'address',
  'postalCode',
  'name',
  'relationship',
  'credentialsType',
  'credentialsId',
  'countryCode',
  'contactNumber',
  'mailbox',
] as const;
const ON_FORM = new Set<string>(INFO_FIELDS);

/**
 * The shared rules (`checkInsuranceEntry`, the server's own) for the fields the traveller fills
 * in; the plan is checked where it is chosen. Same keys as the server's messages.
 */
export function infoIssues(info: Partial<InsuredInfoDraft> | undefined): RuleIssue[] {
  const draft = { ...EMPTY_INFO, ...info };
  return checkInsuranceEntry({ ...draft, insuranceType: 'PLAN', insuranceLimit: null }).filter((issue) =>
    ON_FORM.has(issue.field),
  );
}

/** True when every required detail of an insured passenger is there and right (spec §5). */
export function infoComplete(info: Partial<InsuredInfoDraft> | undefined): boolean {
  return info !== undefined && infoIssues(info).length === 0;
}

/** The booking's insurance entry of a passenger: the typed details with the chosen plan. */
export function toEntry(
  info: InsuredInfoDraft,
  plan: { insuranceType: string; insuranceLimit?: number | null },
): InsuranceEntry {
  const mailbox = info.mailbox.trim();
  return {
    insuranceType: plan.insuranceType,
    insuranceLimit: plan.insuranceLimit ?? null,
    nationality: info.nationality.trim().toUpperCase(),
    region: info.region.trim(),
    city: info.city.trim(),
    address: info.address.trim(),
    postalCode: info.postalCode.trim().toUpperCase(),
    name: info.name.trim().replace(/\s+/g, ' ').toUpperCase(),
    relationship: info.relationship,
    credentialsType: info.credentialsType,
    credentialsId: info.credentialsId.trim().toUpperCase(),
    mailbox: mailbox || null,
    countryCode: info.countryCode.trim(),
    contactNumber: info.contactNumber.trim(),
  };
}

/** The typed details back from an entry already in the booking (a passenger insured before). */
export function fromEntry(entry: InsuranceEntry): InsuredInfoDraft {
  const type = entry.credentialsType;
  return {
    nationality: entry.nationality,
    region: entry.region,
    city: entry.city,
    address: entry.address,
    postalCode: entry.postalCode,
    name: entry.name,
    relationship: entry.relationship,
    credentialsType: type === 1 || type === 2 ? type : 0,
    credentialsId: entry.credentialsId,
    countryCode: entry.countryCode,
    contactNumber: entry.contactNumber,
    mailbox: entry.mailbox ?? '',
  };
}
