import type { BookingPassenger, Contact, FieldIssue, Offer, PassengerTypeCode } from '@wings/contracts';
import {
  checkAgeForType,
  checkBirthday,
  checkContact,
  checkDocExpiry,
  checkDocument,
  checkEmail,
  checkGuestNationalities,
  checkMiddleName,
  checkName,
  checkParty,
  checkPhone,
  checkTitleForType,
  checkTitleGender,
  HUB_TIME_ZONE,
  localDate,
  PASSENGER_TYPE_CODE,
  type RuleIssue,
} from '@wings/rules';
import type { ChosenLeg, ContactDraft, PassengerDraft, ServerFieldError, SlotId } from './booking-store';

export type SlotKind = 'adult' | 'child' | 'infant';
const KINDS: readonly SlotKind[] = ['adult', 'child', 'infant'];

/** One passenger place of the booking, from the search counts. */
export interface Slot {
  id: SlotId;
  kind: SlotKind;
  /** 1 adult, 2 child, 3 infant. */
  type: PassengerTypeCode;
  /** 1-based within its kind: "Adult 1", "Child 1". */
  number: number;
  /** Position in the request's `passengers` array (adults, then children, then infants). */
  index: number;
}

/** The slots of a party [adults, children, infants] (spec §3: lists of adult, child and infant slots). */
export function slotsOf(counts: readonly number[]): Slot[] {
  const slots: Slot[] = [];
  KINDS.forEach((kind, k) => {
    for (let n = 0; n < (counts[k] ?? 0); n++) {
      slots.push({
        id: `${kind}-${n}`,
        kind,
        type: PASSENGER_TYPE_CODE[kind],
        number: n + 1,
        index: slots.length,
      });
    }
  });
  return slots;
}

export function slotById(slots: readonly Slot[], id: string | null): Slot | undefined {
  return slots.find((s) => s.id === id);
}

/** Local dates of the journey: ages count at the first departure, documents after the last. */
export interface JourneyDates {
  firstDeparture: string;
  lastDeparture: string;
}

export function journeyDates(
  offer: Offer | null,
  leave: ChosenLeg | null,
  back: ChosenLeg | null,
): JourneyDates | null {
  const departures = offer
    ? offer.segments.map((s) => s.depTime.slice(0, 10))
    : [leave, back].flatMap((leg) => (leg ? [leg.flight.depTime.slice(0, 10)] : []));
  if (departures.length === 0) return null;
  const sorted = [...departures].sort();
  return { firstDeparture: sorted[0]!, lastDeparture: sorted[sorted.length - 1]! };
}

/** Today in Phnom Penh (the hub): the rules' "today" for document expiry. */
export function todayInPhnomPenh(): string {
  return localDate(new Date(), HUB_TIME_ZONE);
}

export const EMPTY_DRAFT: PassengerDraft = {
  surname: '',
  givenName: '',
  middleName: '',
  title: null,
  gender: null,
  nationality: '',
  birthday: '',
  docType: 1,
  docNumber: '',
  docExpiry: '',
  email: '',
  countryCode: '+855',
  phone: '',
  savedPassengerId: null,
};

/**
 * Every rule of spec §5 for one passenger of this journey: names, a title that agrees with the
 * gender and fits the type (no Mrs for a child or an infant), nationality, a real birth date not
 * in the future nor over 120 years ago whose age at the first departure fits the slot (else the
 * message says which ages would), the document, an expiry more than six months after the last
 * departure, optional e-mail (no underscore) and phone.
 */
export function passengerRules(
  draft: PassengerDraft,
  slotType: PassengerTypeCode,
  journey: JourneyDates,
  today: string = todayInPhnomPenh(),
): RuleIssue[] {
  const issues = checkName(draft.surname, draft.givenName);
  issues.push(...checkMiddleName(draft.middleName));
  if (draft.title === null) issues.push({ field: 'title', key: 'person.title_required' });
  if (draft.gender === null) issues.push({ field: 'gender', key: 'common.enter_correct_data' });
  issues.push(...checkTitleGender(draft.title, draft.gender));
  issues.push(...checkTitleForType(draft.title, slotType));
  if (!/^[A-Za-z]{2}$/.test(draft.nationality.trim()))
    issues.push({ field: 'nationality', key: 'person.nationality_required' });
  const birthdayIssues = checkBirthday(draft.birthday, today);
  if (birthdayIssues.length > 0) issues.push(...birthdayIssues);
  else issues.push(...checkAgeForType(draft.birthday, slotType, journey.firstDeparture));
  issues.push(...checkDocument(draft.docType, draft.docNumber));
  issues.push(...checkDocExpiry(draft.docExpiry, { today, lastDeparture: journey.lastDeparture }));
  issues.push(...checkEmail(draft.email, 'email', { booking: true, required: false }));
  issues.push(...checkPhone(draft.phone.trim() ? draft.countryCode : null, draft.phone, { required: false }));
  return issues;
}

/** The wire form of a passenger: upper-case names and document, empty optional fields as null. */
export function toBookingPassenger(draft: PassengerDraft, type: PassengerTypeCode): BookingPassenger {
  const blank = (s: string) => s.trim() || null;
  return {
    passengerType: type,
    surname: draft.surname.trim().toUpperCase(),
    givenName: draft.givenName.trim().toUpperCase(),
    middleName: blank(draft.middleName.toUpperCase()),
    title: draft.title ?? 0,
    gender: draft.gender ?? 0,
    nationality: draft.nationality.trim().toUpperCase(),
    birthday: draft.birthday,
    docType: draft.docType,
    docNumber: draft.docNumber.trim().toUpperCase(),
    docExpiry: draft.docExpiry,
    email: blank(draft.email.toLowerCase()),
    countryCode: draft.phone.trim() ? draft.countryCode : null,
    phone: blank(draft.phone),
    savedPassengerId: draft.savedPassengerId,
  };
}

export function toContact(contact: ContactDraft): Contact {
  return {
    name: contact.name.trim().replace(/\s+/g, ' '),
    countryCode: contact.countryCode.trim(),
    phone: contact.phone.trim(),
    email: contact.email.trim().toLowerCase(),
  };
}

/** The contact's rules (spec §5): name of English letters and spaces, phone with code ≤ 20, e-mail. */
export function contactRules(contact: ContactDraft): RuleIssue[] {
  return checkContact(contact).map((issue) => ({ ...issue, field: issue.field.replace(/^contact\./, '') }));
}

/**
 * Rules over the whole party (spec §5): each slot's age at the first departure, an escort of
 * 16+, infants per adult, no duplicate names; and for guests the nationality limit, once the
 * server has said which nationalities a guest may book (`guestNationalities`, GET
 * booking/settings; undefined until then: the server still refuses with 609). Only slots that
 * have a draft take part. Fields are `passengers.<slot index>.<field>` or `passengers`.
 */
export function partyRules(
  slots: readonly Slot[],
  drafts: Partial<Record<SlotId, PassengerDraft>>,
  journey: JourneyDates,
  loggedIn: boolean,
  guestNationalities: readonly string[] | undefined,
): RuleIssue[] {
  const filled = slots.flatMap((slot) => {
    const d = drafts[slot.id];
    return d?.birthday && d.surname.trim() && d.givenName.trim() ? [{ slot, draft: d }] : [];
  });
  const renumber = (issue: RuleIssue): RuleIssue => {
    const m = /^passengers\.(\d+)\.(.+)$/.exec(issue.field);
    if (!m) return issue;
    const entry = filled[Number(m[1])];
    const params =
      issue.key === 'party.duplicate_name' && typeof issue.params?.index === 'number'
        ? { ...issue.params, index: (filled[issue.params.index - 1]?.slot.index ?? 0) + 1 }
        : issue.params;
    return { ...issue, field: `passengers.${entry?.slot.index ?? 0}.${m[2]}`, params };
  };
  const party = checkParty(
    filled.map(({ slot, draft }) => ({
      passengerType: slot.type,
      birthday: draft.birthday,
      surname: draft.surname,
      givenName: draft.givenName,
      middleName: draft.middleName,
    })),
    journey.firstDeparture,
  )
    // The slot page already reports its own age band; the party rules add the rest.
    .filter((issue) => !issue.field.endsWith('.birthday'))
    .map(renumber);
  const withNationality = slots.flatMap((slot) => {
    const n = drafts[slot.id]?.nationality;
    return n ? [{ slot, n }] : [];
  });
  const guests = (
    guestNationalities
      ? checkGuestNationalities(
          withNationality.map((x) => x.n),
          guestNationalities,
          loggedIn,
        )
      : []
  ).map((issue) => {
    const i = Number(/^passengers\.(\d+)\./.exec(issue.field)?.[1] ?? 0);
    return { ...issue, field: `passengers.${withNationality[i]?.slot.index ?? 0}.nationality` };
  });
  return [...party, ...guests];
}

export interface MappedFieldErrors {
  passengers: Partial<Record<SlotId, Record<string, ServerFieldError>>>;
  contact: Record<string, ServerFieldError>;
  /** Problems about the party as a whole (field `passengers`) or nothing the form knows. */
  general: ServerFieldError[];
}

/** Puts the server's `passengers.<i>.<name>` / `contact.<name>` problems back on their slot and field. */
export function mapServerFields(fields: readonly FieldIssue[], slots: readonly Slot[]): MappedFieldErrors {
  const out: MappedFieldErrors = { passengers: {}, contact: {}, general: [] };
  for (const f of fields) {
    const error = { key: f.key ?? '', message: f.message };
    const p = /^(?:body\.)?passengers\.(\d+)\.(\w+)/.exec(f.field);
    const c = /^(?:body\.)?contact\.(\w+)/.exec(f.field);
    const slot = p ? slots[Number(p[1])] : undefined;
    if (p && slot) {
      const name = p[2]!;
      const existing = out.passengers[slot.id] ?? {};
      if (!existing[name]) existing[name] = error;
      out.passengers[slot.id] = existing;
    } else if (c) {
      const name = c[1]!;
      if (!out.contact[name]) out.contact[name] = error;
    } else {
      out.general.push(error);
    }
  }
  return out;
}

/** Display name of a draft: "SOK DARA". */
export function draftName(draft: PassengerDraft | undefined): string {
  if (!draft) return '';
  return [draft.surname, draft.middleName, draft.givenName]
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean)
    .join(' ');
}

/** The label key of each passenger field, for messages listed outside the form. */
export const FIELD_LABEL_KEYS: Record<string, string> = {
  surname: 'person.surname',
  givenName: 'person.given_name',
  middleName: 'person.middle_name',
  title: 'person.title',
  gender: 'person.gender',
  nationality: 'person.nationality',
  birthday: 'person.birthday',
  passengerType: 'person.passenger_type',
  docType: 'person.doc_type',
  docNumber: 'person.doc_number',
  docExpiry: 'person.doc_expiry',
  email: 'account.email',
  countryCode: 'person.country_code',
  phone: 'person.phone',
};
