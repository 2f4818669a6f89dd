import { queryOptions, useQuery } from '@tanstack/react-query';
import { ErrorCodes, type QueryFlightRequest, type QueryFlightResponse } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';

/** Codes the results page shows as a designed state instead of a toast. */
export const SEARCH_STATE_CODES = [
  ErrorCodes.flightNotFound.code,
  ErrorCodes.flightSelectLimit.code,
  ErrorCodes.noRoundTrip.code,
] as const;

/** POST travelsky/ibe/queryFlight: flights of the outbound (or only) leg. */
export function queryFlight(body: QueryFlightRequest, signal?: AbortSignal): Promise<QueryFlightResponse> {
  return apiRequest<QueryFlightResponse>('/travelsky/ibe/queryFlight', {
    method: 'POST',
    body,
    signal,
    quietCodes: SEARCH_STATE_CODES,
  });
}

export const queryFlightOptions = (body: QueryFlightRequest) =>
  queryOptions({
    queryKey: ['search', 'queryFlight', body],
    queryFn: ({ signal }) => queryFlight(body, signal),
    staleTime: 60_000,
    retry: false,
  });

export function useQueryFlight(body: QueryFlightRequest, enabled = true) {
  return useQuery({ ...queryFlightOptions(body), enabled });
}
