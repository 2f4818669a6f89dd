import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AddonMenuReply, ErrorCodes } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';

/**
 * GET travelsky/ibe/backService/{offerId}: the whole add-on menu of the offer, leg by leg
 * (baggage steps, priority boarding, seat types, the refundable upgrade), read once per offer.
 */
export function getAddonMenu(offerId: string, signal?: AbortSignal): Promise<AddonMenuReply> {
  return apiRequest<AddonMenuReply>(`/travelsky/ibe/backService/${encodeURIComponent(offerId)}`, {
    signal,
    // An expired offer is explained by the page, with a way back to the results.
    quietCodes: [ErrorCodes.offerExpired.code],
  });
}

export const addonMenuOptions = (offerId: string) =>
  queryOptions({
    queryKey: ['booking', 'addonMenu', offerId],
    queryFn: ({ signal }) => getAddonMenu(offerId, signal),
    // The catalogue does not change within an offer's 20 minutes.
    staleTime: 20 * 60_000,
    retry: false,
  });

export function useAddonMenu(offerId: string | null) {
  return useQuery({ ...addonMenuOptions(offerId ?? ''), enabled: Boolean(offerId) });
}
