import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PassengerCounts, PriceCalendarResponse } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';

export interface PriceCalendarParams {
  depCode: string;
  arrCode: string;
  /** `YYYY-MM` */
  month: string;
  passengers: PassengerCounts;
}

/** POST ca/caweb/backend/price/getPriceCalendar: lowest adult price per day of a month. */
export function getPriceCalendar(
  body: PriceCalendarParams,
  signal?: AbortSignal,
): Promise<PriceCalendarResponse> {
  return apiRequest<PriceCalendarResponse>('/ca/caweb/backend/price/getPriceCalendar', {
    method: 'POST',
    body,
    signal,
    silent: true,
  });
}

export const priceCalendarQueryOptions = (body: PriceCalendarParams) =>
  queryOptions({
    queryKey: ['search', 'priceCalendar', body],
    queryFn: ({ signal }) => getPriceCalendar(body, signal),
    staleTime: 5 * 60_000,
    enabled: body.depCode.length === 3 && body.arrCode.length === 3 && body.depCode !== body.arrCode,
    retry: false,
  });

/** Prices are a help, not a must: the calendar works without them, so failures stay silent. */
export function usePriceCalendar(body: PriceCalendarParams) {
  return useQuery(priceCalendarQueryOptions(body));
}
