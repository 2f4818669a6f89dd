import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Promotion } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';

/** POST ca/caweb/backend/usePromoCode/queryCodeList: promotions open to this journey. */
export function queryPromoCodes(offerId: string, signal?: AbortSignal): Promise<{ promotions: Promotion[] }> {
  return apiRequest<{ promotions: Promotion[] }>('/ca/caweb/backend/usePromoCode/queryCodeList', {
    method: 'POST',
    body: { offerId },
    signal,
    // The list is a convenience: without it the code can still be typed.
    silent: true,
  });
}

export const promoCodesOptions = (offerId: string) =>
  queryOptions({
    queryKey: ['booking', 'promoCodes', offerId],
    queryFn: ({ signal }) => queryPromoCodes(offerId, signal),
    select: (data) => data.promotions,
    staleTime: 5 * 60_000,
    retry: false,
  });

export function usePromoCodes(offerId: string) {
  return useQuery(promoCodesOptions(offerId));
}
