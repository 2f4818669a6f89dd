import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ErrorCodes, type OrderAccessUpgradeRequest, type OrderLookupResponse } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { orderTokenHeaders, rememberOrderGrant } from '../order-session';
import { orderDetailQueryOptions } from './get-order-detail';

/**
 * POST travelsky/ibe/upgradeOrderAccess: a guest holding a limited grant (found by PNR +
 * surname) proves one passenger's document number and gets a full grant, which replaces the
 * limited one on this device. A wrong number is a 400 naming `docNumber`, shown on the field.
 */
export async function upgradeOrderAccess(body: OrderAccessUpgradeRequest): Promise<OrderLookupResponse> {
  const granted = await apiRequest<OrderLookupResponse>('/travelsky/ibe/upgradeOrderAccess', {
    method: 'POST',
    body,
    headers: orderTokenHeaders(body.orderNo),
    quietCodes: [ErrorCodes.invalidRequest.code],
  });
  rememberOrderGrant(granted.orderNo, granted.accessToken, granted.accessTokenExpiresAt);
  return granted;
}

/** Upgrades, then reloads the order's detail with the full grant. */
export function useUpgradeOrderAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upgradeOrderAccess,
    onSuccess: (granted) =>
      queryClient.invalidateQueries({ queryKey: orderDetailQueryOptions(granted.orderNo).queryKey }),
  });
}
