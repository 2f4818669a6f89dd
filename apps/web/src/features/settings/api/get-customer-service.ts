import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerService } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';

/**
 * GET settings/customer-service (not in the spec; docs/api.md): the customer-service hours,
 * phone and e-mail the admin keeps in the staff console. Silent: until it answers, and when it
 * cannot (offline), the app shows its bundled hours (texts `service.*`).
 */
export function getCustomerService(signal?: AbortSignal): Promise<CustomerService> {
  return apiRequest<CustomerService>('/settings/customer-service', { signal, silent: true });
}

export const customerServiceQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'customer-service'],
    queryFn: ({ signal }) => getCustomerService(signal),
    // A setting that rarely changes: read once in a while, kept while the app runs.
    staleTime: 30 * 60_000,
    gcTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });

/** The contact as the server last said, or undefined while unknown (loading, offline, failed). */
export function useCustomerService(): CustomerService | undefined {
  return useQuery(customerServiceQueryOptions()).data;
}
