import type { RuleIssue } from './issue';

/**
 * E-ticket numbers (after-sales §5, issue 15): 13 digits, the airline's 3-digit ticketing code
 * (config TICKET_AIRLINE_CODE) then a 10-digit serial. Linking a ticket checks the number's
 * format before anything is looked up: the form as the traveller types, the API again.
 */
export const TICKET_NUMBER_PATTERN = /^\d{13}$/;

/** A ticket number as travellers write it: spaces and dashes (`881-2345678901`) dropped. */
export function normaliseTicketNumber(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/**
 * Why a ticket number cannot be one of ours, or none: `ticket_no_required` when empty,
 * `linked.ticket_no_format` (error 690's message) when it is not 13 digits or does not start
 * with `airlineCode`. Without the code (the app before the server said it) only the digits are checked.
 */
export function ticketNumberIssues(
  value: string | undefined,
  airlineCode: string | null,
  field = 'ticketNo',
): RuleIssue[] {
  const ticketNo = normaliseTicketNumber(value ?? '');
  if (!ticketNo) return [{ field, key: 'linked.ticket_no_required' }];
  if (!TICKET_NUMBER_PATTERN.test(ticketNo) || (airlineCode !== null && !ticketNo.startsWith(airlineCode))) {
    return [{ field, key: 'linked.ticket_no_format' }];
  }
  return [];
}

/** A name as the ticket compares it: upper-case Latin letters only (spaces, `/`, `-`, `'` dropped). */
function nameKey(value: string): string {
  return value.toUpperCase().replace(/[^A-Z]/g, '');
}

/**
 * Whether a name typed by the traveller is the ticket's passenger: surname and given name in
 * either order, with or without the middle name, written with spaces or a slash
 * (`SOK/DARA`, `Dara Sok`), whatever the case.
 */
export function passengerNameMatches(
  typed: string,
  passenger: { surname: string; givenName: string; middleName?: string | null },
): boolean {
  const key = nameKey(typed);
  if (!key) return false;
  const s = nameKey(passenger.surname);
  const g = nameKey(passenger.givenName);
  const m = nameKey(passenger.middleName ?? '');
  const forms = [s + g, g + s];
  if (m) forms.push(s + m + g, s + g + m, g + m + s);
  return forms.includes(key);
}

/**
 * Why a passenger name typed to find a ticket will not do: `linked.name_required` when empty,
 * `linked.name_format` unless it is English letters (pinyin for Chinese names) with spaces,
 * `/`, `-` or `'` between them, at most 60 characters.
 */
export function ticketPassengerNameIssues(value: string | undefined, field = 'passengerName'): RuleIssue[] {
  const name = (value ?? '').trim();
  if (!name) return [{ field, key: 'linked.name_required' }];
  if (name.length > 60 || !/^[A-Za-z]+(?:[ /'-]+[A-Za-z]+)*$/.test(name)) {
    return [{ field, key: 'linked.name_format' }];
  }
  return [];
}
