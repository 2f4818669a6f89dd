import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Infer } from '@wings/api-client';
import type { ZGetFlightByDepartCityResponse } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';

export type GetDestinationsResponse = Infer<typeof ZGetFlightByDepartCityResponse>;
export type Destination = GetDestinationsResponse['destinations'][number];

/** GET travelsky/ibe/getFlightByDepartCity/{code}: where one can fly from an airport. */
export function getDestinations(depCode: string, signal?: AbortSignal): Promise<GetDestinationsResponse> {
  return apiRequest<GetDestinationsResponse>(
    `/travelsky/ibe/getFlightByDepartCity/${encodeURIComponent(depCode)}`,
    { signal },
  );
}

export const destinationsQueryOptions = (depCode: string) =>
  queryOptions({
    queryKey: ['search', 'destinations', depCode],
    queryFn: ({ signal }) => getDestinations(depCode, signal),
    staleTime: 30 * 60_000,
    enabled: depCode.length === 3,
  });

export function useDestinations(depCode: string) {
  return useQuery(destinationsQueryOptions(depCode));
}
