import { useMutation } from '@tanstack/react-query';
import { ErrorCodes, type PayMethod, type PayUrlResponse } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { orderTokenHeaders } from '../order-session';

/** Codes pay-select explains itself: already paid (to the ticket) and expired (book again). */
export const PAY_URL_PAGE_CODES: readonly string[] = [
  ErrorCodes.orderAlreadyPaid.code,
  ErrorCodes.offerExpired.code,
];

/** POST travelsky/payment/getPayUrl/{orderNo}: a new payment and where to complete it. */
export function getPayUrl(orderNo: string, method: PayMethod): Promise<PayUrlResponse> {
  return apiRequest<PayUrlResponse>(`/travelsky/payment/getPayUrl/${encodeURIComponent(orderNo)}`, {
    method: 'POST',
    body: { method },
    headers: orderTokenHeaders(orderNo),
    quietCodes: PAY_URL_PAGE_CODES,
  });
}

export function useGetPayUrl() {
  return useMutation({
    mutationFn: ({ orderNo, method }: { orderNo: string; method: PayMethod }) => getPayUrl(orderNo, method),
  });
}
