import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { type AddIncreaseServiceReply, type AddIncreaseServiceRequest, ErrorCodes } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';

/** Field problems go on their passenger and leg; an expired offer is explained by the page. */
const QUIET = [ErrorCodes.invalidRequest.code, ErrorCodes.offerExpired.code];

/** POST travelsky/ibe/addIncreaseService: the server checks and prices every add-on chosen. */
export function addIncreaseService(
  body: AddIncreaseServiceRequest,
  signal?: AbortSignal,
): Promise<AddIncreaseServiceReply> {
  return apiRequest<AddIncreaseServiceReply>('/travelsky/ibe/addIncreaseService', {
    method: 'POST',
    body,
    signal,
    quietCodes: QUIET,
  });
}

/** POST travelsky/ibe/addIncreaseServiceNext: the add-on step is complete; the price review shows. */
export function addIncreaseServiceNext(body: AddIncreaseServiceRequest): Promise<AddIncreaseServiceReply> {
  return apiRequest<AddIncreaseServiceReply>('/travelsky/ibe/addIncreaseServiceNext', {
    method: 'POST',
    body,
    quietCodes: QUIET,
  });
}

/**
 * The priced add-ons of a request, keyed on the request itself: a newer choice is a new key, so
 * the latest choice wins and an answer to an older one is never shown as current (its fetch is
 * aborted). Null: nothing chosen, nothing to price. The last answer stays while the next loads.
 */
export function usePricedAddons(request: AddIncreaseServiceRequest | null) {
  return useQuery({
    queryKey: ['booking', 'addIncreaseService', request],
    queryFn: ({ signal }) => addIncreaseService(request as AddIncreaseServiceRequest, signal),
    enabled: request !== null,
    staleTime: 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

export function useAddIncreaseServiceNext() {
  return useMutation({ mutationFn: addIncreaseServiceNext });
}
