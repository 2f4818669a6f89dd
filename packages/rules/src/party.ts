import { checkEmail } from './account';
import type { RuleIssue } from './issue';
import { countriesParam } from './message-params';
import {
  ageInYears,
  checkAgeForType,
  checkPhone,
  ESCORT_AGE,
  fullNameKey,
  isCalendarDate,
  PASSENGER_TYPE_CODE,
} from './person';

/**
 * Rules about the whole party of one booking (spec §5): each passenger's age must fit the
 * slot they fill, measured at the first segment's local departure date; at least one
 * passenger is 16 or older and so can accompany those under 16; no more infants than adults;
 * no two passengers with the same name (the whole name compared as people read it: see
 * `fullNameKey`).
 */
export interface PartyMember {
  /** 1 adult, 2 child, 3 infant: the slot being filled. */
  passengerType: number;
  birthday: string;
  surname: string;
  givenName: string;
  middleName?: string | null;
}

export function checkParty(members: readonly PartyMember[], firstDeparture: string): RuleIssue[] {
  const issues: RuleIssue[] = [];
  members.forEach((m, i) => {
    if (!isCalendarDate(m.birthday)) {
      issues.push({ field: `passengers.${i}.birthday`, key: 'person.birthday_invalid' });
      return;
    }
    issues.push(...checkAgeForType(m.birthday, m.passengerType, firstDeparture, `passengers.${i}.birthday`));
  });

  const escorts = members.filter((m) => ageInYears(m.birthday, firstDeparture) >= ESCORT_AGE).length;
  if (members.length > 0 && escorts === 0) {
    issues.push({ field: 'passengers', key: 'party.escort_required', params: { age: ESCORT_AGE } });
  }
  const adults = members.filter((m) => m.passengerType === PASSENGER_TYPE_CODE.adult).length;
  const infants = members.filter((m) => m.passengerType === PASSENGER_TYPE_CODE.infant).length;
  if (infants > adults) issues.push({ field: 'passengers', key: 'search.infants_exceed_adults' });

  const seen = new Map<string, number>();
  members.forEach((m, i) => {
    const name = fullNameKey(m.surname, m.givenName, m.middleName);
    const first = seen.get(name);
    if (first === undefined) seen.set(name, i);
    else
      issues.push({
        field: `passengers.${i}.surname`,
        key: 'party.duplicate_name',
        params: { index: first + 1 },
      });
  });
  return issues;
}

/** The booking contact (spec §5): a name of English letters and spaces, a phone with country code, an e-mail without underscore; all required. */
export function checkContact(contact: {
  name?: string | null;
  countryCode?: string | null;
  phone?: string | null;
  email?: string | null;
}): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const name = contact.name?.trim() ?? '';
  if (!name) issues.push({ field: 'contact.name', key: 'party.contact_name_required' });
  else if (!/^[A-Za-z]+(?: [A-Za-z]+)*$/.test(name) || name.length > 60) {
    issues.push({ field: 'contact.name', key: 'person.name_letters' });
  }
  issues.push(
    ...checkPhone(
      contact.countryCode,
      contact.phone,
      { required: true },
      {
        countryCode: 'contact.countryCode',
        phone: 'contact.phone',
      },
    ),
  );
  issues.push(...checkEmail(contact.email, 'contact.email', { booking: true }));
  return issues;
}

/**
 * Guests may book only passengers of a few nationalities (spec §5, §6); the list is
 * configuration and the limit is lifted once the traveller logs in. The message names the
 * countries in the reader's language ("Cambodia, China, Thailand", "柬埔寨、中国、泰国").
 */
export function checkGuestNationalities(
  nationalities: readonly string[],
  allowed: readonly string[],
  loggedIn: boolean,
): RuleIssue[] {
  if (loggedIn) return [];
  const open = new Set(allowed.map((a) => a.toUpperCase()));
  const names = countriesParam([...open]);
  return nationalities.flatMap((n, i) =>
    open.has(n.toUpperCase())
      ? []
      : [{ field: `passengers.${i}.nationality`, key: 'passenger_limit', params: { nationalities: names } }],
  );
}
