import { queryOptions, useQuery } from '@tanstack/react-query';
import { ErrorCodes, type InsuranceGradeResponse } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';

/**
 * POST travelsky/insurance/getInsuranceGrade: the plans, priced per insured for the booking's
 * trip when an offer is given (without one, unpriced: the public-services page). A trip of 91
 * days or more (400, `insurance.days_too_many` on offerId), an expired offer (301) and an insurer
 * that cannot sell now (650) are the page's to explain, so no toast for them.
 */
export function getInsuranceGrade(
  offerId: string | null,
  signal?: AbortSignal,
): Promise<InsuranceGradeResponse> {
  return apiRequest<InsuranceGradeResponse>('/travelsky/insurance/getInsuranceGrade', {
    method: 'POST',
    body: offerId ? { offerId } : {},
    signal,
    quietCodes: [
      ErrorCodes.invalidRequest.code,
      ErrorCodes.offerExpired.code,
      ErrorCodes.insuranceAbnormal.code,
    ],
  });
}

export const insuranceGradeOptions = (offerId: string | null) =>
  queryOptions({
    queryKey: ['insurance', 'grades', offerId],
    queryFn: ({ signal }) => getInsuranceGrade(offerId, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useInsuranceGrades(offerId: string | null, enabled = true) {
  return useQuery({ ...insuranceGradeOptions(offerId), enabled });
}
