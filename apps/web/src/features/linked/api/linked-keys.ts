import { isApiError } from '@wings/api-client';
import { ErrorCodes } from '@wings/contracts';

/**
 * Linked orders and tickets (issue 15; docs/api.md "Linked orders and tickets (issue 15)"): the
 * query keys every call of this feature shares, and the codes the pages explain in place.
 */
export const linkedKeys = {
  all: ['linked'] as const,
  orders: ['linked', 'orders'] as const,
  tickets: ['linked', 'tickets'] as const,
  item: (associatedNo: string) => ['linked', 'item', associatedNo] as const,
};

/** Codes a linking form shows beside the form (the server's message), not as a toast. */
export const LINK_FORM_CODES: readonly string[] = [
  ErrorCodes.linkTicketFormat.code,
  ErrorCodes.linkTicketNotFound.code,
  ErrorCodes.linkNoOrder.code,
  ErrorCodes.linkOwnOrder.code,
  ErrorCodes.linkLimit.code,
];

/** The server's message of a refused link or look-up the form explains itself (690-695), or null. */
export function linkRefusal(error: unknown): string | null {
  return isApiError(error) && LINK_FORM_CODES.includes(error.code) ? error.message : null;
}
