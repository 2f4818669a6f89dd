import { useMutation } from '@tanstack/react-query';
import type { Infer } from '@wings/api-client';
import { ErrorCodes, type SavedOrder, type ZSaveTicketOrderRequest } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';

export type SaveTicketOrderRequest = Infer<typeof ZSaveTicketOrderRequest>;

/** Codes the review page explains itself (with a login button, a captcha, or a way back to search). */
export const SAVE_ORDER_PAGE_CODES: readonly string[] = [
  ErrorCodes.invalidRequest.code,
  ErrorCodes.captchaError.code,
  ErrorCodes.passengerLimit.code,
  ErrorCodes.offerExpired.code,
  ErrorCodes.seatsSoldOut.code,
  ErrorCodes.flightScheduleChanged.code,
  ErrorCodes.unpaidOrdersLimit.code,
  ErrorCodes.idempotencyKeyReused.code,
  // A chosen seat taken meanwhile: the page sends the traveller back to that leg's seat map.
  ErrorCodes.seatTaken.code,
];

/**
 * POST travelsky/ibe/saveTicketOrder: creates the unpaid order and holds its seats. The same
 * idempotency key with the same request (a double tap, a retry) gives the same order; with
 * another request it is refused (615), so a changed request needs a new key.
 */
export function saveTicketOrder(body: SaveTicketOrderRequest): Promise<SavedOrder> {
  return apiRequest<SavedOrder>('/travelsky/ibe/saveTicketOrder', {
    method: 'POST',
    body,
    quietCodes: SAVE_ORDER_PAGE_CODES,
  });
}

export function useSaveTicketOrder() {
  return useMutation({ mutationFn: saveTicketOrder });
}
