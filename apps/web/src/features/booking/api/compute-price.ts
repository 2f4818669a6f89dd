import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ErrorCodes, type PriceBreakdown } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';

/** POST travelsky/ibe/computePrice: fare, each tax by code, discount and total of offer + promo code. */
export function computePrice(
  body: { offerId: string; promoCode?: string | null },
  signal?: AbortSignal,
): Promise<PriceBreakdown> {
  return apiRequest<PriceBreakdown>('/travelsky/ibe/computePrice', {
    method: 'POST',
    body,
    signal,
    quietCodes: [ErrorCodes.offerExpired.code],
  });
}

export const computePriceOptions = (offerId: string, promoCode: string | null) =>
  queryOptions({
    queryKey: ['booking', 'computePrice', offerId, promoCode],
    queryFn: ({ signal }) => computePrice({ offerId, promoCode }, signal),
    staleTime: 60_000,
    retry: false,
  });

export function useComputePrice(offerId: string, promoCode: string | null) {
  return useQuery({ ...computePriceOptions(offerId, promoCode), placeholderData: keepPreviousData });
}
