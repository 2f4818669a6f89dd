import { useQuery } from '@tanstack/react-query';
import { ErrorCodes, type LinkedItem } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { linkedKeys } from './linked-keys';

/**
 * POST associate/queryAssociatedInfoByAssociatedNo: one of the traveller's links by its order
 * number or ticket number. 694 (not linked to this account) is shown by the detail pages.
 */
export function getLinkedItem(associatedNo: string, signal?: AbortSignal): Promise<LinkedItem> {
  return apiRequest<LinkedItem>('/ca/caweb/backend/associate/queryAssociatedInfoByAssociatedNo', {
    method: 'POST',
    body: { associatedNo },
    signal,
    quietCodes: [ErrorCodes.linkNotFound.code],
  });
}

export function useLinkedItem(associatedNo: string) {
  return useQuery({
    queryKey: linkedKeys.item(associatedNo),
    queryFn: ({ signal }) => getLinkedItem(associatedNo, signal),
    enabled: associatedNo !== '',
  });
}
