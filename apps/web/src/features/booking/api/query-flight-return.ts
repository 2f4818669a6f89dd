import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryFlightResponse, QueryFlightReturnRequest } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { SEARCH_STATE_CODES } from './query-flight';

/** POST travelsky/ibe/queryFlightReturn: flights arrCode → depCode on retDate. */
export function queryFlightReturn(
  body: QueryFlightReturnRequest,
  signal?: AbortSignal,
): Promise<QueryFlightResponse> {
  return apiRequest<QueryFlightResponse>('/travelsky/ibe/queryFlightReturn', {
    method: 'POST',
    body,
    signal,
    quietCodes: SEARCH_STATE_CODES,
  });
}

export const queryFlightReturnOptions = (body: QueryFlightReturnRequest) =>
  queryOptions({
    queryKey: ['search', 'queryFlightReturn', body],
    queryFn: ({ signal }) => queryFlightReturn(body, signal),
    staleTime: 60_000,
    retry: false,
  });

export function useQueryFlightReturn(body: QueryFlightReturnRequest, enabled = true) {
  return useQuery({ ...queryFlightReturnOptions(body), enabled });
}
