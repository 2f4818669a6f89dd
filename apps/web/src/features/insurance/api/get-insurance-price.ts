import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ErrorCodes, type InsurancePriceResponse } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';

/** The most people one getInsurancePrice call prices (the contract's insuredCount, 1–9). */
export const INSURED_COUNT_MAX = 9;

/**
 * POST travelsky/insurance/getInsurancePrice: one plan's price for the booking's trip and a
 * number of insured people (the server's price; the app never adds it up itself).
 */
export function getInsurancePrice(
  body: { insuranceType: string; offerId: string; insuredCount: number },
  signal?: AbortSignal,
): Promise<InsurancePriceResponse> {
  return apiRequest<InsurancePriceResponse>('/travelsky/insurance/getInsurancePrice', {
    method: 'POST',
    body,
    signal,
    quietCodes: [
      ErrorCodes.invalidRequest.code,
      ErrorCodes.offerExpired.code,
      ErrorCodes.insuranceAbnormal.code,
    ],
  });
}

export const insurancePriceOptions = (offerId: string, insuranceType: string, insuredCount: number) =>
  queryOptions({
    queryKey: ['insurance', 'price', offerId, insuranceType, insuredCount],
    queryFn: ({ signal }) => getInsurancePrice({ offerId, insuranceType, insuredCount }, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** The price of `insuranceType` for `insuredCount` people; idle while no plan or nobody is chosen. */
export function useInsurancePrice(offerId: string, insuranceType: string | null, insuredCount: number) {
  const enabled = Boolean(insuranceType) && insuredCount >= 1 && insuredCount <= INSURED_COUNT_MAX;
  return useQuery({
    ...insurancePriceOptions(offerId, insuranceType ?? '', insuredCount),
    enabled,
    placeholderData: keepPreviousData,
  });
}
