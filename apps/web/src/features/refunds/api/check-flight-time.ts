import { useQuery } from '@tanstack/react-query';
import type { FlightTimeCheckResponse } from '@wings/contracts';
import { refundCall, refundKeys } from './refund-call';

/** flightTimeCheck: may the order be refunded online at all (request-no-tips), with the first block. */
export function useFlightTimeCheck(orderNo: string, language: string, enabled = true) {
  return useQuery({
    queryKey: [...refundKeys.order(orderNo), 'flightTimeCheck', language],
    queryFn: ({ signal }) =>
      refundCall<FlightTimeCheckResponse>('flightTimeCheck', orderNo, { orderNo }, { signal }),
    enabled: enabled && orderNo !== '',
    // The 4-hour cutoff runs on the clock: asked again each time the page opens.
    staleTime: 0,
    retry: false,
  });
}
