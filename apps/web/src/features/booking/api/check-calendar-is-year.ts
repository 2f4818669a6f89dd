import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Infer } from '@wings/api-client';
import type { ZCheckCalendarResponse } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';

export type CheckCalendarResponse = Infer<typeof ZCheckCalendarResponse>;

/** POST ca/caweb/backend/price/checkCalendarIsYear: the bookable window of a route. */
export function checkCalendarIsYear(
  body: { depCode: string; arrCode: string },
  signal?: AbortSignal,
): Promise<CheckCalendarResponse> {
  return apiRequest<CheckCalendarResponse>('/ca/caweb/backend/price/checkCalendarIsYear', {
    method: 'POST',
    body,
    signal,
    silent: true,
  });
}

export const checkCalendarQueryOptions = (body: { depCode: string; arrCode: string }) =>
  queryOptions({
    queryKey: ['search', 'checkCalendar', body],
    queryFn: ({ signal }) => checkCalendarIsYear(body, signal),
    staleTime: 30 * 60_000,
    enabled: body.depCode.length === 3 && body.arrCode.length === 3 && body.depCode !== body.arrCode,
    retry: false,
  });

export function useCheckCalendar(body: { depCode: string; arrCode: string }) {
  return useQuery(checkCalendarQueryOptions(body));
}
