import { useInfiniteQuery } from '@tanstack/react-query';
import type { MemberOrderList, OrderStatus } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';

/** Orders per page of the member list. */
export const MEMBER_ORDERS_PAGE_SIZE = 10;

/** POST travelsky/user/getMemberOrder: the logged-in user's orders, newest first, paged. */
export function getMemberOrders(
  page: number,
  status: OrderStatus | undefined,
  signal?: AbortSignal,
): Promise<MemberOrderList> {
  return apiRequest<MemberOrderList>('/travelsky/user/getMemberOrder', {
    method: 'POST',
    body: { page, pageSize: MEMBER_ORDERS_PAGE_SIZE, ...(status === undefined ? {} : { status }) },
    signal,
  });
}

/** Pages of the member's orders with one status (or all), loaded one more at a time. */
export function useMemberOrders(status: OrderStatus | undefined, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['orders', 'member', status ?? 'all'],
    queryFn: ({ pageParam, signal }) => getMemberOrders(pageParam, status, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.orders.length, 0);
      return loaded < last.total && last.orders.length > 0 ? last.page + 1 : undefined;
    },
    enabled,
  });
}
