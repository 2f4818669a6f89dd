import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  type BookingServices,
  ErrorCodes,
  type PassengerTypeCode,
  type PriceBreakdown,
} from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';

/** The add-ons to price in (issue 14): the choices and the passengers they belong to, in slot order. */
export interface PricedServices {
  services: BookingServices;
  passengers: { passengerType: PassengerTypeCode; birthday: string }[];
}

/** POST travelsky/ibe/computePrice: fare, each tax by code, discount, add-ons and total of offer + promo code. */
export function computePrice(
  body: { offerId: string; promoCode?: string | null } & Partial<PricedServices>,
  signal?: AbortSignal,
): Promise<PriceBreakdown> {
  return apiRequest<PriceBreakdown>('/travelsky/ibe/computePrice', {
    method: 'POST',
    body,
    signal,
    // A refused add-on (400 on its field) is explained by the review page.
    quietCodes: [ErrorCodes.offerExpired.code, ErrorCodes.invalidRequest.code],
  });
}

export const computePriceOptions = (
  offerId: string,
  promoCode: string | null,
  addons: PricedServices | null = null,
) =>
  queryOptions({
    queryKey: ['booking', 'computePrice', offerId, promoCode, addons],
    queryFn: ({ signal }) => computePrice({ offerId, promoCode, ...(addons ?? {}) }, signal),
    staleTime: 60_000,
    retry: false,
  });

export function useComputePrice(
  offerId: string,
  promoCode: string | null,
  addons: PricedServices | null = null,
) {
  return useQuery({ ...computePriceOptions(offerId, promoCode, addons), placeholderData: keepPreviousData });
}
