import type { TicketMatch } from '@wings/contracts';
import type { RuleIssue } from '@wings/rules';
import { normaliseTicketNumber, ticketNumberIssues, ticketPassengerNameIssues } from '@wings/rules';

/** A ticket number and its passenger's name as the traveller types them. */
export interface TicketForm extends Record<string, unknown> {
  ticketNo: string;
  passengerName: string;
}

export const EMPTY_TICKET_FORM: TicketForm = { ticketNo: '', passengerName: '' };

/**
 * The linking rules of a ticket (after-sales §5): the number required and of the airline's
 * format (13 digits starting with its code, the same rule the API answers 690 with), the name
 * required in English letters. Without the airline's code yet, only the digits are checked.
 */
export function ticketFormRules(airlineCode: string | null): (values: TicketForm) => RuleIssue[] {
  return (values) => [
    ...ticketNumberIssues(values.ticketNo, airlineCode),
    ...ticketPassengerNameIssues(values.passengerName),
  ];
}

/** The request body of what was typed: the number without spaces or dashes, the name trimmed. */
export function ticketRequestOf(values: TicketForm): { ticketNo: string; passengerName: string } {
  return { ticketNo: normaliseTicketNumber(values.ticketNo), passengerName: values.passengerName.trim() };
}

/** A page of one ticket (`?ticketNo=`): the linked ticket's detail. */
export function ticketHref(path: string, ticketNo: string): string {
  return `${path}?${new URLSearchParams({ ticketNo }).toString()}`;
}

/** What relevance-query hands relevance-list and relevance-detail (navigation state, never the address). */
export interface RelevanceState {
  /** What was typed, normalised: binding sends it again. */
  query: { ticketNo: string; passengerName: string };
  matches: TicketMatch[];
}
