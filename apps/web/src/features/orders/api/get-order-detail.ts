import { queryOptions, useQuery } from '@tanstack/react-query';
import { ErrorCodes, type OrderDetail } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { orderTokenHeaders } from '../order-session';

/**
 * GET travelsky/ibe/getOrderDetail/{orderNo}: the order for its logged-in owner, or for a guest
 * holding a grant (sent as `orderToken`). CAS912 (no such order, or not this caller's) is the
 * page's to explain: it offers the order look-up instead of a toast.
 */
export function getOrderDetail(orderNo: string, signal?: AbortSignal): Promise<OrderDetail> {
  return apiRequest<OrderDetail>(`/travelsky/ibe/getOrderDetail/${encodeURIComponent(orderNo)}`, {
    signal,
    headers: orderTokenHeaders(orderNo),
    quietCodes: [ErrorCodes.orderNotFound.code],
  });
}

export const orderDetailQueryOptions = (orderNo: string) =>
  queryOptions({
    queryKey: ['orders', 'detail', orderNo],
    queryFn: ({ signal }) => getOrderDetail(orderNo, signal),
    staleTime: 10_000,
  });

export function useOrderDetail(orderNo: string, enabled = true) {
  return useQuery({ ...orderDetailQueryOptions(orderNo), enabled: enabled && orderNo !== '' });
}
