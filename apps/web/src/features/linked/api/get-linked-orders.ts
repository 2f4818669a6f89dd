import { useQuery } from '@tanstack/react-query';
import type { LinkedOrderList } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { linkedKeys } from './linked-keys';

/** POST travelsky/user/memberrelateorder/getOrderList: the orders the traveller linked by PNR, newest first. */
export function getLinkedOrders(signal?: AbortSignal): Promise<LinkedOrderList> {
  return apiRequest<LinkedOrderList>('/travelsky/user/memberrelateorder/getOrderList', {
    method: 'POST',
    body: {},
    signal,
    silent: true,
  });
}

export function useLinkedOrders() {
  return useQuery({ queryKey: linkedKeys.orders, queryFn: ({ signal }) => getLinkedOrders(signal) });
}
