import { useQuery } from '@tanstack/react-query';
import type { RefundOrderView } from '@wings/contracts';
import { refundCall, refundKeys } from './refund-call';

/**
 * getRefundDetail: one refund order with its timeline. `orderNo`, when known, carries a guest's
 * grant for the order; 682 (no such refund for this caller) is the page's to explain.
 */
export function useRefundDetail(refundNo: string, orderNo: string) {
  return useQuery({
    queryKey: refundKeys.detail(refundNo),
    queryFn: ({ signal }) =>
      refundCall<RefundOrderView>('getRefundDetail', orderNo, { refundNo }, { signal, quiet: true }),
    enabled: refundNo !== '',
    staleTime: 10_000,
    retry: false,
  });
}
