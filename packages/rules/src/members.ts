import { daysBetween } from './dates';
import type { RuleIssue } from './issue';
import { ageInYears, checkDocument } from './person';

/**
 * Rules of the member programme's records (issue 17; after-sales-and-loyalty.md §5 member
 * documents, beneficiaries, main records and the member password). The member app's forms and
 * the `/fqt` API apply the same functions.
 */

/** The third rejection of a registration blocks the account (spec §4 "repeated rejection"). */
export const MEMBER_REJECTIONS_TO_BLOCK = 3;
/** Members are adults: 18 or older on the day they register. */
export const MEMBER_MIN_AGE = 18;
/** The most contacts of each kind (e-mail, phone) a member keeps, the main one included. */
export const MEMBER_CONTACTS_MAX = 5;
/** The most addresses a member keeps. */
export const MEMBER_ADDRESSES_MAX = 5;
/** The most beneficiaries (nominees) a member names. */
export const MEMBER_BENEFICIARIES_MAX = 5;
/** The allowed set of documents: one Cambodian ID card (0) and one passport (1). */
export const MEMBER_DOCUMENT_TYPES = [0, 1] as const;

/**
 * Member password (§5): exactly 6 digits, not one digit six times (888888), not a run up or down
 * (123456, 654321; 890123 counts as a run, wrapping 9 to 0).
 */
export function checkMemberPassword(password: string | undefined, field = 'password'): RuleIssue[] {
  if (!password || !/^\d{6}$/.test(password)) return [{ field, key: 'member.password_format' }];
  if (/^(\d)\1{5}$/.test(password)) return [{ field, key: 'member.password_same_digits' }];
  const digits = [...password].map(Number);
  const steps = digits.slice(1).map((d, i) => (d - digits[i]! + 10) % 10);
  if (steps.every((s) => s === 1) || steps.every((s) => s === 9)) {
    return [{ field, key: 'member.password_sequential' }];
  }
  return [];
}

/** The two entries of a new member password match. */
export function checkMemberPasswordPair(
  password: string | undefined,
  confirm: string | undefined,
  field = 'confirmPassword',
): RuleIssue[] {
  return password === confirm ? [] : [{ field, key: 'account.password_mismatch' }];
}

/**
 * A validity period (§5: documents and beneficiaries need one): both dates, the end after the
 * start, the start not after today and the end not before it.
 */
export function checkValidity(
  validFrom: string | null | undefined,
  validTo: string | null | undefined,
  today: string,
  fields: { validFrom?: string; validTo?: string } = {},
): RuleIssue[] {
  const fromField = fields.validFrom ?? 'validFrom';
  const toField = fields.validTo ?? 'validTo';
  const issues: RuleIssue[] = [];
  if (!validFrom) issues.push({ field: fromField, key: 'member.validity_required' });
  if (!validTo) issues.push({ field: toField, key: 'member.validity_required' });
  if (!validFrom || !validTo) return issues;
  if (daysBetween(today, validFrom) > 0) issues.push({ field: fromField, key: 'member.valid_from_future' });
  if (daysBetween(validFrom, validTo) <= 0) issues.push({ field: toField, key: 'member.validity_order' });
  else if (daysBetween(today, validTo) < 0) issues.push({ field: toField, key: 'member.document_expired' });
  return issues;
}

/** A member document's photos (§5): an ID card needs front and back, a passport its photo page. */
export function missingDocumentPhotos(doc: {
  documentType: number;
  frontPhotoId?: string | null;
  backPhotoId?: string | null;
}): ('frontPhotoId' | 'backPhotoId')[] {
  const missing: ('frontPhotoId' | 'backPhotoId')[] = [];
  if (!doc.frontPhotoId) missing.push('frontPhotoId');
  if (doc.documentType === 0 && !doc.backPhotoId) missing.push('backPhotoId');
  return missing;
}

export interface MemberDocumentFields {
  documentType: number;
  documentNo?: string | null;
  validFrom?: string | null;
  validTo?: string | null;
  frontPhotoId?: string | null;
  backPhotoId?: string | null;
}

/**
 * Every field of a member document (§5): its number's format, its validity period and the photos
 * its type needs. `prefix` names nested fields (`document.` in the registration form).
 */
export function checkMemberDocument(doc: MemberDocumentFields, today: string, prefix = ''): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (!MEMBER_DOCUMENT_TYPES.includes(doc.documentType as 0 | 1)) {
    issues.push({ field: `${prefix}documentType`, key: 'common.enter_correct_data' });
  }
  issues.push(...checkDocument(doc.documentType, doc.documentNo, `${prefix}documentNo`));
  issues.push(
    ...checkValidity(doc.validFrom, doc.validTo, today, {
      validFrom: `${prefix}validFrom`,
      validTo: `${prefix}validTo`,
    }),
  );
  for (const field of missingDocumentPhotos(doc)) {
    issues.push({ field: `${prefix}${field}`, key: 'member.document_photo_missing' });
  }
  return issues;
}

/**
 * Whether a document of `documentType` may be added next to the member's `existing` types (§5):
 * `full` once the allowed set exists ("cannot add more documents"), `type_exists` for a second
 * of a type, else null.
 */
export function documentAddProblem(
  existing: readonly number[],
  documentType: number,
): 'full' | 'type_exists' | null {
  if (MEMBER_DOCUMENT_TYPES.every((type) => existing.includes(type))) return 'full';
  if (existing.includes(documentType)) return 'type_exists';
  return null;
}

/** A member is 18 or older on `today` (their registration day). */
export function checkMemberAge(
  birthday: string | null | undefined,
  today: string,
  field = 'birthday',
): RuleIssue[] {
  if (!birthday) return [{ field, key: 'person.birthday_required' }];
  if (daysBetween(today, birthday) > 0) return [{ field, key: 'person.birthday_future' }];
  return ageInYears(birthday, today) >= MEMBER_MIN_AGE ? [] : [{ field, key: 'member.adult_only' }];
}

export interface AddressFields {
  country?: string | null;
  province?: string | null;
  city?: string | null;
  postcode?: string | null;
  detail?: string | null;
}

/** An address needs its country, city and detail; province and postcode may be empty where none exist. */
export function checkAddress(address: AddressFields, prefix = ''): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (!/^[A-Za-z]{2}$/.test(address.country?.trim() ?? '')) {
    issues.push({ field: `${prefix}country`, key: 'member.address_required' });
  }
  if (!address.city?.trim()) issues.push({ field: `${prefix}city`, key: 'member.address_required' });
  if (!address.detail?.trim()) issues.push({ field: `${prefix}detail`, key: 'member.address_required' });
  return issues;
}

/**
 * The main-record rules (§5): what a change of the member's addresses (or main e-mail / phone)
 * would break. `main_delete` (delete_address_impor) for deleting the main one; `main_exists`
 * (change_address_impor) for a second main address; `full` past the most allowed.
 */
export function mainRecordProblem(
  change:
    | { kind: 'delete'; main: boolean }
    | { kind: 'save'; main: boolean; otherMain: boolean; count: number; max: number }
    | { kind: 'update'; main: boolean; wasMain: boolean; otherMain: boolean },
): 'main_delete' | 'main_exists' | 'full' | null {
  switch (change.kind) {
    case 'delete':
      return change.main ? 'main_delete' : null;
    case 'save':
      if (change.count >= change.max) return 'full';
      return change.main && change.otherMain ? 'main_exists' : null;
    case 'update':
      // The main one stays main (it cannot be un-set any more than deleted); another cannot become a second.
      if (change.wasMain && !change.main) return 'main_delete';
      return change.main && change.otherMain ? 'main_exists' : null;
  }
}

/** A beneficiary needs at least one identification (§5); each is checked like a member document. */
export function checkMemberBeneficiary(
  b: {
    identifications: readonly Omit<MemberDocumentFields, 'validFrom'>[];
    validFrom?: string | null;
    validTo?: string | null;
  },
  today: string,
): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (b.identifications.length === 0) {
    issues.push({ field: 'identifications', key: 'member.beneficiary_document_required' });
  }
  b.identifications.forEach((id, i) => {
    const prefix = `identifications.${i}.`;
    issues.push(...checkDocument(id.documentType, id.documentNo, `${prefix}documentNo`));
    if (!id.validTo) issues.push({ field: `${prefix}validTo`, key: 'member.validity_required' });
    else if (daysBetween(today, id.validTo) < 0)
      issues.push({ field: `${prefix}validTo`, key: 'member.document_expired' });
    for (const field of missingDocumentPhotos(id)) {
      issues.push({ field: `${prefix}${field}`, key: 'member.document_photo_missing' });
    }
  });
  const types = b.identifications.map((id) => id.documentType);
  if (new Set(types).size !== types.length) {
    issues.push({ field: 'identifications', key: 'member.document_type_exists' });
  }
  issues.push(...checkValidity(b.validFrom, b.validTo, today));
  return issues;
}

/**
 * A member card number: 10 digits, `8` then an 8-digit serial, then a Luhn check digit, so a
 * mistyped card is caught before any look-up.
 */
export function memberCardNo(serial: number): string {
  const body = `8${String(serial).padStart(8, '0')}`;
  if (body.length !== 9) throw new Error(`member serial ${serial} does not fit 8 digits`);
  return `${body}${luhnDigit(body)}`;
}

/** Whether `value` is a well-formed member card number (its check digit right). */
export function isMemberCardNo(value: string): boolean {
  return /^8\d{9}$/.test(value) && luhnDigit(value.slice(0, 9)) === Number(value[9]);
}

function luhnDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}
