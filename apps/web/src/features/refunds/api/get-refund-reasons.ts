import { useQuery } from '@tanstack/react-query';
import type { RefundReasonListResponse } from '@wings/contracts';
import { refundCall } from './refund-call';

/** getUserReasonList: the reasons a traveller may give, personal and flight, in their language. */
export function useRefundReasons(orderNo: string, language: string) {
  return useQuery({
    queryKey: ['refunds', 'reasons', language],
    queryFn: ({ signal }) =>
      refundCall<RefundReasonListResponse>('getUserReasonList', orderNo, orderNo ? { orderNo } : {}, {
        signal,
      }),
    staleTime: 10 * 60_000,
    retry: false,
  });
}
