import {
  type LanguageTag,
  PassengerType,
  PassengerTypeAlt,
  type PassengerTypeAltCode,
  type PassengerTypeCode,
  PassengerTypeLabel,
  type PassengerTypeName,
  PassengerTypeWordsZh,
  TripType,
} from '@wings/contracts';
import { ageInYears } from './person';

/**
 * Passenger types and trip types in the spec's numberings (booking-and-account.md §3), and the
 * 18-year adult check for reference dates (§5). The stored codes live in packages/contracts
 * (enums.ts); these are the rules that read and convert them.
 */

const NAMES: readonly PassengerTypeName[] = ['adult', 'child', 'infant'];

/** The type name of a code of the first numbering (adult 1, child 2, infant 3), or null. */
export function passengerTypeName(code: number): PassengerTypeName | null {
  return NAMES.find((name) => PassengerType[name] === code) ?? null;
}

/**
 * A code of the second numbering (adult 0, child 1, unaccompanied child 2, infant 3) in the first.
 * An unaccompanied child is a child there; an unknown code is null.
 */
export function passengerTypeFromAlt(code: number): PassengerTypeCode | null {
  switch (code) {
    case PassengerTypeAlt.adult:
      return PassengerType.adult;
    case PassengerTypeAlt.child:
    case PassengerTypeAlt.unaccompaniedChild:
      return PassengerType.child;
    case PassengerTypeAlt.infant:
      return PassengerType.infant;
    default:
      return null;
  }
}

/** A code of the first numbering in the second; `unaccompanied` marks a child travelling alone. */
export function passengerTypeToAlt(
  code: number,
  options: { unaccompanied?: boolean } = {},
): PassengerTypeAltCode | null {
  switch (code) {
    case PassengerType.adult:
      return PassengerTypeAlt.adult;
    case PassengerType.child:
      return options.unaccompanied ? PassengerTypeAlt.unaccompaniedChild : PassengerTypeAlt.child;
    case PassengerType.infant:
      return PassengerTypeAlt.infant;
    default:
      return null;
  }
}

/**
 * The short label of a passenger type (§3): the Chinese word in zh, ADT / CHD / INF in the
 * non-Chinese locales. An unknown code gives an empty string.
 */
export function passengerTypeLabel(code: number, lang: LanguageTag): string {
  const name = passengerTypeName(code);
  if (!name) return '';
  return lang === 'zh' ? PassengerTypeWordsZh[name][0] : PassengerTypeLabel[name];
}

/**
 * The passenger type a label names (§3: labels are also recognised by Chinese words): ADT / CHD /
 * INF, adult / child / infant (any case), or one of the Chinese words. Null when it names none.
 */
export function passengerTypeFromLabel(label: string): PassengerTypeCode | null {
  const text = label.trim();
  if (!text) return null;
  const upper = text.toUpperCase();
  for (const name of NAMES) {
    if (upper === PassengerTypeLabel[name] || upper === name.toUpperCase()) return PassengerType[name];
    if ((PassengerTypeWordsZh[name] as readonly string[]).includes(text)) return PassengerType[name];
  }
  return null;
}

/** The age from which a passenger counts as an adult in reference-date checks (§5, §9 exit rows). */
export const FULL_ADULT_AGE = 18;

/**
 * Whether someone born on `birthday` is 18 or older on `referenceDate` (both `YYYY-MM-DD`; the
 * birthday counts on the day). §5: "An adult check based on 18 years exists for reference-date
 * checks"; the seat rules bar passengers under 18 from exit rows (§5, §9).
 */
export function isFullAdultOn(birthday: string, referenceDate: string): boolean {
  return ageInYears(birthday, referenceDate) >= FULL_ADULT_AGE;
}

/**
 * Whether a trip type asks for a round trip: 2 (round) as the spec numbers it, or 1 (return), which
 * this API took for a round trip before the spec's numbering was followed (docs/decisions.md).
 */
export function isRoundTrip(tripType: number | undefined): boolean {
  return tripType === TripType.round || tripType === TripType.return;
}
