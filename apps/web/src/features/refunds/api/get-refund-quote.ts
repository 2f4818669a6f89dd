import { useQuery } from '@tanstack/react-query';
import type { RefundQuote, RefundQuoteRequest } from '@wings/contracts';
import { refundCall, refundKeys } from './refund-call';

/** refundSchedule: what the chosen passengers get back for the reason (nothing is stored). */
export function useRefundQuote(req: RefundQuoteRequest | null, language: string) {
  return useQuery({
    queryKey: [...refundKeys.order(req?.orderNo ?? ''), 'refundSchedule', req, language],
    queryFn: ({ signal }) =>
      refundCall<RefundQuote>('refundSchedule', req?.orderNo ?? '', req ?? {}, { signal }),
    enabled: req !== null,
    // A quote stays good while the traveller reads it and its amount detail; the server prices again on submit.
    staleTime: 60_000,
    retry: false,
  });
}
