import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FareRule } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';

/** GET ca/caweb/backend/userInfo/getTicketRuleInfo: the fare rules of a family on a route, in three languages. */
export function getTicketRuleInfo(
  depCode: string,
  arrCode: string,
  family: string,
  signal?: AbortSignal,
): Promise<{ rules: FareRule[] }> {
  const query = new URLSearchParams({ depCode, arrCode, family });
  return apiRequest<{ rules: FareRule[] }>(`/ca/caweb/backend/userInfo/getTicketRuleInfo?${query}`, {
    signal,
    silent: true,
  });
}

export const ticketRuleOptions = (depCode: string, arrCode: string, family: string) =>
  queryOptions({
    queryKey: ['booking', 'ticketRules', depCode, arrCode, family],
    queryFn: ({ signal }) => getTicketRuleInfo(depCode, arrCode, family, signal),
    select: (data) => data.rules.find((r) => r.family === family) ?? data.rules[0] ?? null,
    staleTime: 10 * 60_000,
    retry: false,
  });

export function useTicketRule(depCode: string, arrCode: string, family: string, enabled: boolean) {
  return useQuery({ ...ticketRuleOptions(depCode, arrCode, family), enabled });
}
