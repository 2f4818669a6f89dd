import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PassengerCounts, PriceCalendarResponse } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';

export interface AroundPriceParams {
  depCode: string;
  arrCode: string;
  depDate: string;
  passengers: PassengerCounts;
}

/** POST ca/caweb/backend/price/getAroundPriceCalendar: the day and three days either side. */
export function getAroundPriceCalendar(
  body: AroundPriceParams,
  signal?: AbortSignal,
): Promise<PriceCalendarResponse> {
  return apiRequest<PriceCalendarResponse>('/ca/caweb/backend/price/getAroundPriceCalendar', {
    method: 'POST',
    body,
    signal,
    silent: true,
  });
}

export const aroundPriceQueryOptions = (body: AroundPriceParams) =>
  queryOptions({
    queryKey: ['search', 'aroundPrice', body],
    queryFn: ({ signal }) => getAroundPriceCalendar(body, signal),
    staleTime: 60_000,
    retry: false,
  });

export function useAroundPriceCalendar(body: AroundPriceParams, enabled = true) {
  return useQuery({ ...aroundPriceQueryOptions(body), enabled });
}
