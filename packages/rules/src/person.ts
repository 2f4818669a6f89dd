import { checkEmail } from './account';
import { daysBetween } from './dates';
import type { RuleIssue } from './issue';
import { dateParam } from './message-params';

/**
 * Rules about a person travelling (spec §5 "Passengers", after-sales §5): names, age bands,
 * documents, phone. Used by the saved-passenger form and API now, and by booking later.
 */

/** Surnames: English letters, optionally with spaces, hyphens or apostrophes inside (O'Neil, Ngo-Tran). */
const SURNAME = /^[A-Za-z]+(?:[ '-][A-Za-z]+)*$/;
/** Given names: English letters and single spaces (pinyin for Chinese names: "Xiao Ming"). */
const GIVEN_NAME = /^[A-Za-z]+(?: [A-Za-z]+)*$/;
export const NAME_MAX = 40;

export function checkName(
  surname: string | null | undefined,
  givenName: string | null | undefined,
  fields: { surname?: string; givenName?: string } = {},
): RuleIssue[] {
  const sField = fields.surname ?? 'surname';
  const gField = fields.givenName ?? 'givenName';
  const issues: RuleIssue[] = [];
  const s = surname?.trim() ?? '';
  const g = givenName?.trim() ?? '';
  if (!s) issues.push({ field: sField, key: 'person.surname_required' });
  else if (s.length > NAME_MAX || !SURNAME.test(s))
    issues.push({ field: sField, key: 'person.name_letters' });
  if (!g) issues.push({ field: gField, key: 'person.given_name_required' });
  else if (g.length > NAME_MAX || !GIVEN_NAME.test(g))
    issues.push({ field: gField, key: 'person.name_letters' });
  return issues;
}

/** Middle names: like given names, English letters and single spaces (optional). */
export function checkMiddleName(middleName: string | null | undefined, field = 'middleName'): RuleIssue[] {
  const m = middleName?.trim() ?? '';
  if (!m) return [];
  return m.length > NAME_MAX || !GIVEN_NAME.test(m) ? [{ field, key: 'person.name_letters' }] : [];
}

/**
 * The words of a whole name as people compare them (decisions.md "Same passenger name"):
 * surname, given names, then middle names (the passport order: `SURNAME<<GIVEN MIDDLE`), so
 * where the surname/given/middle split falls does not matter; case-insensitive; accents
 * folded (é = e); hyphens split words (Ngo-Tran = Ngo Tran) and apostrophes are dropped
 * (O'Neil = ONeil). `Van Dam / Anne` and `Van / Dam Anne` give the same key.
 */
export function fullNameKey(
  surname: string | null | undefined,
  givenName: string | null | undefined,
  middleName?: string | null,
): string {
  return [surname, givenName, middleName]
    .map((part) => part ?? '')
    .join(' ')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/['\u2019]/g, '')
    .replace(/-/g, ' ')
    .toUpperCase()
    .split(/\s+/)
    .filter(Boolean)
    .join(' ');
}

/** Oldest accepted age: a birth date more than this many years before today is a typo (decisions.md). */
export const BIRTH_YEARS_MAX = 120;

/** A real `YYYY-MM-DD` calendar date (not 2026-02-30, not 2026-13-01). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return false;
  const lastDay = new Date(Date.UTC(2000, mo, 0)).getUTCDate(); // 29 for February
  if (d > lastDay) return false;
  return !(mo === 2 && d === 29 && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)));
}

/** The earliest accepted birth date on `today`: the same day `BIRTH_YEARS_MAX` years before. */
export function earliestBirthday(today: string): string {
  return addMonths(today, -12 * BIRTH_YEARS_MAX);
}

/**
 * A date of birth on `today` (the local date of the check): given, a real calendar date,
 * not after today, and not more than `BIRTH_YEARS_MAX` years before it.
 */
export function checkBirthday(
  birthday: string | null | undefined,
  today: string,
  field = 'birthday',
): RuleIssue[] {
  const value = birthday?.trim() ?? '';
  if (!value) return [{ field, key: 'person.birthday_required' }];
  if (!isCalendarDate(value)) return [{ field, key: 'person.birthday_invalid' }];
  if (value > today) return [{ field, key: 'person.birthday_future' }];
  if (value < earliestBirthday(today)) {
    return [{ field, key: 'person.birthday_too_old', params: { years: BIRTH_YEARS_MAX } }];
  }
  return [];
}

/** Title and gender codes (spec §3): title mr 0, miss 1, mrs 2; gender male 0, female 1. */
export const TITLE_CODE = { mr: 0, miss: 1, mrs: 2 } as const;
export const GENDER_CODE = { male: 0, female: 1 } as const;
/** The gender each title is for: Mr male; Miss and Mrs female (the spec has no other titles). */
const TITLE_GENDER: Record<number, number> = {
  [TITLE_CODE.mr]: GENDER_CODE.male,
  [TITLE_CODE.miss]: GENDER_CODE.female,
  [TITLE_CODE.mrs]: GENDER_CODE.female,
};

/** The title must agree with the gender; a missing or unknown code is reported by its own rule. */
export function checkTitleGender(
  title: number | null | undefined,
  gender: number | null | undefined,
  field = 'title',
): RuleIssue[] {
  if (title === null || title === undefined || gender === null || gender === undefined) return [];
  const expected = TITLE_GENDER[title];
  if (expected === undefined || (gender !== GENDER_CODE.male && gender !== GENDER_CODE.female)) return [];
  return expected === gender ? [] : [{ field, key: 'person.title_gender_mismatch' }];
}

export type TitleCode = (typeof TITLE_CODE)[keyof typeof TITLE_CODE];
const ALL_TITLES: readonly TitleCode[] = [TITLE_CODE.mr, TITLE_CODE.miss, TITLE_CODE.mrs];
const MINOR_TITLES: readonly TitleCode[] = [TITLE_CODE.mr, TITLE_CODE.miss];

/**
 * The titles a passenger type may have (spec §3 lists Mr, Miss and Mrs only): Mrs is a married
 * woman's title, so a child or an infant is Mr (a boy) or Miss (a girl). An adult, an unknown
 * or a missing type is offered all three (the type has its own rule).
 */
export function titlesFor(passengerType: number | null | undefined): readonly TitleCode[] {
  return passengerType === PASSENGER_TYPE_CODE.child || passengerType === PASSENGER_TYPE_CODE.infant
    ? MINOR_TITLES
    : ALL_TITLES;
}

/** The title must be one the passenger type may have (`titlesFor`): no Mrs for a child or an infant. */
export function checkTitleForType(
  title: number | null | undefined,
  passengerType: number | null | undefined,
  field = 'title',
): RuleIssue[] {
  if (title === null || title === undefined || !(ALL_TITLES as readonly number[]).includes(title)) return [];
  return (titlesFor(passengerType) as readonly number[]).includes(title)
    ? []
    : [{ field, key: 'person.title_adults_only' }];
}

/** Whole years between a birth date and a date (the birthday counts on the day). */
export function ageInYears(birthday: string, on: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [y, m, d] = on.split('-').map(Number) as [number, number, number];
  let years = y - by;
  if (m < bm || (m === bm && d < bd)) years -= 1;
  return years;
}

export type PassengerBand = 'adult' | 'child' | 'infant' | 'too_young' | 'not_born';

/** Age bands at a date (spec §5): adult 12+, child 2 to under 12, infant over 14 days and under 2. */
export const ADULT_AGE = 12;
export const CHILD_AGE = 2;
export const INFANT_MIN_DAYS = 14;
/** Someone this old may accompany a passenger under 16 (spec §5). */
export const ESCORT_AGE = 16;

export function passengerTypeOn(birthday: string, on: string): PassengerBand {
  const days = daysBetween(birthday, on);
  if (days < 0) return 'not_born';
  const years = ageInYears(birthday, on);
  if (years >= ADULT_AGE) return 'adult';
  if (years >= CHILD_AGE) return 'child';
  return days > INFANT_MIN_DAYS ? 'infant' : 'too_young';
}

export const PASSENGER_TYPE_CODE = { adult: 1, child: 2, infant: 3 } as const;

const BAND_OF_TYPE: Record<number, 'adult' | 'child' | 'infant'> = { 1: 'adult', 2: 'child', 3: 'infant' };

/**
 * A birth date must make the passenger the type they are booked as on `on` (the first
 * departure's local date; today for a saved passenger). A mismatch says which ages fit that
 * type on that date ("A child must be 2 to 11 years old on 23 Dec 2026"), so the message keeps
 * telling what would be right. Too young to fly and not yet born have their own messages; an
 * unknown type is reported by its own rule.
 */
export function checkAgeForType(
  birthday: string,
  passengerType: number,
  on: string,
  field = 'birthday',
): RuleIssue[] {
  const band = passengerTypeOn(birthday, on);
  if (band === 'too_young') return [{ field, key: 'person.infant_too_young' }];
  if (band === 'not_born') return [{ field, key: 'person.birthday_future' }];
  const wanted = BAND_OF_TYPE[passengerType];
  if (!wanted || wanted === band) return [];
  return [{ field, key: `person.type_mismatch_${wanted}`, params: { date: dateParam(on) } }];
}

/** Document types (spec §3): 0 ID card, 1 passport, 2 other. */
const DOC_FORMAT: Record<number, RegExp> = {
  0: /^[A-Z0-9]{6,18}$/,
  1: /^[A-Z0-9]{5,15}$/,
  2: /^[A-Z0-9-]{4,20}$/,
};

export function checkDocument(
  docType: number | null | undefined,
  docNumber: string | null | undefined,
  field = 'docNumber',
): RuleIssue[] {
  const number = docNumber?.trim().toUpperCase() ?? '';
  if (!number) return [{ field, key: 'person.doc_number_required' }];
  const format = DOC_FORMAT[docType ?? -1];
  return format?.test(number) ? [] : [{ field, key: 'person.doc_number_format' }];
}

/** `date` plus whole calendar months, clamped to the month's last day (31 Aug + 6 months = 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const ty = Math.floor(total / 12);
  const tm = (total % 12) + 1;
  const lastDay = new Date(Date.UTC(ty, tm, 0)).getUTCDate();
  return `${ty}-${String(tm).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

/**
 * A document must be valid today and, when a journey is known, for MORE than six months
 * after its last departure (spec §5: "more than half a year after the departure date").
 */
export function checkDocExpiry(
  expiry: string | null | undefined,
  at: { today: string; lastDeparture?: string },
  field = 'docExpiry',
): RuleIssue[] {
  if (!expiry) return [{ field, key: 'person.doc_expiry_required' }];
  if (daysBetween(at.today, expiry) < 0) return [{ field, key: 'person.doc_expired' }];
  if (at.lastDeparture && daysBetween(addMonths(at.lastDeparture, 6), expiry) <= 0) {
    return [{ field, key: 'person.doc_expiry_too_soon' }];
  }
  return [];
}

/** Country code plus number together at most this long (spec §5, §9). */
export const PHONE_WITH_CODE_MAX = 20;

/**
 * Phone: digits only; a country code required with it; both together at most 20 characters,
 * counting the code as written internationally with its `+` (`+855` is 4), whether or not
 * the caller typed the `+`.
 */
export function checkPhone(
  countryCode: string | null | undefined,
  phone: string | null | undefined,
  opts: { required: boolean },
  fields: { countryCode?: string; phone?: string } = {},
): RuleIssue[] {
  const cField = fields.countryCode ?? 'countryCode';
  const pField = fields.phone ?? 'phone';
  const number = phone?.trim() ?? '';
  const code = (countryCode?.trim() ?? '').replace(/^\+/, '');
  if (!number) return opts.required ? [{ field: pField, key: 'person.phone_invalid' }] : [];
  const issues: RuleIssue[] = [];
  if (!code) issues.push({ field: cField, key: 'person.country_code_required' });
  else if (!/^\d{1,4}$/.test(code)) issues.push({ field: cField, key: 'person.country_code_required' });
  if (!/^\d{4,20}$/.test(number)) issues.push({ field: pField, key: 'person.phone_invalid' });
  else if (1 + code.length + number.length > PHONE_WITH_CODE_MAX) {
    issues.push({ field: pField, key: 'person.phone_too_long', params: { max: PHONE_WITH_CODE_MAX } });
  }
  return issues;
}

export interface PersonInput {
  surname?: string | null;
  givenName?: string | null;
  middleName?: string | null;
  passengerType?: number | null;
  title?: number | null;
  gender?: number | null;
  nationality?: string | null;
  birthday?: string | null;
  docType?: number | null;
  docNumber?: string | null;
  docExpiry?: string | null;
  email?: string | null;
  countryCode?: string | null;
  phone?: string | null;
}

/**
 * Every field of a saved passenger (spec §3, §5), as the form and the API check it.
 * `today` is the local date in Phnom Penh; the type must match the age today.
 */
export function checkSavedPassenger(input: PersonInput, today: string): RuleIssue[] {
  const issues = checkName(input.surname, input.givenName);
  issues.push(...checkMiddleName(input.middleName));
  if (input.title === null || input.title === undefined || ![0, 1, 2].includes(input.title)) {
    issues.push({ field: 'title', key: 'person.title_required' });
  }
  if (input.gender === null || input.gender === undefined || ![0, 1].includes(input.gender)) {
    issues.push({ field: 'gender', key: 'common.enter_correct_data' });
  }
  issues.push(...checkTitleGender(input.title, input.gender));
  issues.push(...checkTitleForType(input.title, input.passengerType));
  if (!input.nationality || !/^[A-Za-z]{2}$/.test(input.nationality.trim())) {
    issues.push({ field: 'nationality', key: 'person.nationality_required' });
  }
  const birthdayIssues = checkBirthday(input.birthday, today);
  if (birthdayIssues.length > 0 || !input.birthday) {
    issues.push(...birthdayIssues);
  } else if (passengerTypeOn(input.birthday, today) === 'too_young') {
    issues.push({ field: 'birthday', key: 'person.infant_too_young' });
  } else if (input.passengerType !== undefined && input.passengerType !== null) {
    // The type is what the traveller chose for this age: the message is on the type.
    issues.push(...checkAgeForType(input.birthday, input.passengerType, today, 'passengerType'));
  }
  if (
    input.passengerType === null ||
    input.passengerType === undefined ||
    ![1, 2, 3].includes(input.passengerType)
  ) {
    issues.push({ field: 'passengerType', key: 'common.enter_correct_data' });
  }
  issues.push(...checkDocument(input.docType, input.docNumber));
  issues.push(...checkDocExpiry(input.docExpiry, { today }));
  issues.push(...checkEmail(input.email, 'email', { booking: true, required: false }));
  issues.push(...checkPhone(input.countryCode, input.phone, { required: false }));
  return issues;
}
