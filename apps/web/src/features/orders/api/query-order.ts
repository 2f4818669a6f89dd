import { useMutation } from '@tanstack/react-query';
import { ErrorCodes, type OrderLookupRequest, type OrderLookupResponse } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { rememberOrderGrant } from '../order-session';

/**
 * POST travelsky/ibe/queryOrderByOrderNo: a guest finds an order by order number + document
 * number, or PNR + surname. The answer's 2-hour grant is remembered for the detail pages.
 * CAS912 (order does not exist) is shown by the search page next to the form.
 */
export async function queryOrder(body: OrderLookupRequest): Promise<OrderLookupResponse> {
  const found = await apiRequest<OrderLookupResponse>('/travelsky/ibe/queryOrderByOrderNo', {
    method: 'POST',
    body,
    quietCodes: [ErrorCodes.orderNotFound.code],
  });
  rememberOrderGrant(found.orderNo, found.accessToken, found.accessTokenExpiresAt);
  return found;
}

export function useQueryOrder() {
  return useMutation({ mutationFn: queryOrder });
}
