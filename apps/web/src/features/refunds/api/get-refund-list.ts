import { useQuery } from '@tanstack/react-query';
import type { RefundListResponse } from '@wings/contracts';
import { refundCall, refundKeys } from './refund-call';

/** How many refund orders the list shows (the server's page size; a traveller rarely has more). */
export const REFUND_LIST_PAGE_SIZE = 50;

/** getRefundList: the caller's refund orders, newest first; `orderNo` narrows them to one order (a guest's grant). */
export function useRefundList(orderNo: string, language: string, enabled = true) {
  return useQuery({
    queryKey: [...refundKeys.list(), orderNo, language],
    queryFn: ({ signal }) =>
      refundCall<RefundListResponse>(
        'getRefundList',
        orderNo,
        { ...(orderNo ? { orderNo } : {}), pageNum: 1, pageSize: REFUND_LIST_PAGE_SIZE },
        { signal },
      ),
    enabled,
    staleTime: 10_000,
    retry: false,
  });
}
