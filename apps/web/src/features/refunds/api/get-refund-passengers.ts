import { useQuery } from '@tanstack/react-query';
import type { RefundPassengersResponse } from '@wings/contracts';
import { refundCall, refundKeys } from './refund-call';

/** queryPassengerInfo: the order's passengers, each refundable or why not (request-refund-passenger). */
export function useRefundPassengers(orderNo: string, language: string, enabled = true) {
  return useQuery({
    queryKey: [...refundKeys.order(orderNo), 'queryPassengerInfo', language],
    queryFn: ({ signal }) =>
      refundCall<RefundPassengersResponse>('queryPassengerInfo', orderNo, { orderNo }, { signal }),
    enabled: enabled && orderNo !== '',
    staleTime: 0,
    retry: false,
  });
}
