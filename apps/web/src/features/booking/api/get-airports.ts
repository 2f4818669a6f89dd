import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Infer } from '@wings/api-client';
import type { Airport, ZGetAirportResponse } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';

export type GetAirportsResponse = Infer<typeof ZGetAirportResponse>;

/** GET travelsky/ibe/getAirport: every airport of the network. */
export function getAirports(signal?: AbortSignal): Promise<GetAirportsResponse> {
  return apiRequest<GetAirportsResponse>('/travelsky/ibe/getAirport', { signal });
}

export const airportsQueryOptions = () =>
  queryOptions({
    queryKey: ['search', 'airports'],
    queryFn: ({ signal }) => getAirports(signal),
    staleTime: 30 * 60_000,
    select: (data): Airport[] => data.airports,
  });

export function useAirports() {
  return useQuery(airportsQueryOptions());
}
