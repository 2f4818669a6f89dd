import { useMutation } from '@tanstack/react-query';
import type { SendItineraryResponse } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { orderTokenHeaders } from '../order-session';

/** sendItinerary's codes (after-sales-and-loyalty.md §8): 608 pay first, the others a system error. */
export const ITINERARY_PAY_FIRST_CODE = '608';
export const ITINERARY_SYSTEM_ERROR_CODES: readonly string[] = ['204', '605', '606', '607'];

/** The message key of a failed send, or null for a failure the client already explained. */
export function itineraryErrorKey(code: string): string | null {
  if (code === ITINERARY_PAY_FIRST_CODE) return 'order.pay_first';
  if (ITINERARY_SYSTEM_ERROR_CODES.includes(code)) return 'system_error';
  return null;
}

/** POST travelsky/ibe/sendEItineraryByOrder: mails the e-itinerary of a paid order to its contact. */
export function sendItinerary(orderNo: string): Promise<SendItineraryResponse> {
  return apiRequest<SendItineraryResponse>('/travelsky/ibe/sendEItineraryByOrder', {
    method: 'POST',
    body: { orderNo },
    headers: orderTokenHeaders(orderNo),
    quietCodes: [ITINERARY_PAY_FIRST_CODE, ...ITINERARY_SYSTEM_ERROR_CODES],
  });
}

export function useSendItinerary() {
  return useMutation({ mutationFn: sendItinerary });
}
