import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Infer } from '@wings/api-client';
import type { ZRouteInfoResponse } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';

export type RouteInfo = Infer<typeof ZRouteInfoResponse>;

/** GET travelsky/flightinfo/selectByFlight/{DEP-ARR}: distance, block time and time difference. */
export function getRouteInfo(depCode: string, arrCode: string, signal?: AbortSignal): Promise<RouteInfo> {
  return apiRequest<RouteInfo>(`/travelsky/flightinfo/selectByFlight/${depCode}-${arrCode}`, {
    signal,
    silent: true,
  });
}

export const routeInfoQueryOptions = (depCode: string, arrCode: string) =>
  queryOptions({
    queryKey: ['search', 'routeInfo', depCode, arrCode],
    queryFn: ({ signal }) => getRouteInfo(depCode, arrCode, signal),
    staleTime: 60 * 60_000,
    enabled: depCode.length === 3 && arrCode.length === 3,
    retry: false,
  });

/** Distance is a nice-to-have on the trip summary; its failure is silent. */
export function useRouteInfo(depCode: string, arrCode: string) {
  return useQuery(routeInfoQueryOptions(depCode, arrCode));
}
