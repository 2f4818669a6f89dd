import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SeatMap, SeatMapRequest } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';

/**
 * POST travelsky/ibe/getSeatLeaveInfo: the seat map of one dated flight (layout, every seat with
 * its type, price and whether it is taken), and with a party the seats each passenger may not
 * take (`barred`) and the seats suggested for them (docs/api.md "Add-ons (issue 14): seat maps").
 */
export function getSeatMap(body: SeatMapRequest, signal?: AbortSignal): Promise<SeatMap> {
  // The page shows its own retry when the map cannot be read: no toast on top of it.
  return apiRequest<SeatMap>('/travelsky/ibe/getSeatLeaveInfo', {
    method: 'POST',
    body,
    signal,
    silent: true,
  });
}

/**
 * The map for one flight, cabin and party (with the seats already picked) in one language: the
 * reasons a seat is barred come in the traveller's language, so a switch reads the map again.
 */
export const seatMapQueryOptions = (request: SeatMapRequest, language: string) =>
  queryOptions({
    queryKey: ['seating', 'seatMap', request, language],
    queryFn: ({ signal }) => getSeatMap(request, signal),
    // Seats are taken by other travellers all the time: a map is fresh for half a minute.
    staleTime: 30_000,
    retry: false,
  });

/** The seat map; the last map stays on screen while a new pick reads the next one. */
export function useSeatMap(request: SeatMapRequest | null, language: string) {
  return useQuery({
    ...seatMapQueryOptions(request ?? { flightId: '0' }, language),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}
