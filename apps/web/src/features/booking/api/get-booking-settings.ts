import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingSettings } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';

/**
 * GET booking/settings: what the booking form needs from the server's configuration, the
 * nationalities a guest may book (GUEST_NATIONALITIES). The app keeps no copy of its own.
 */
export function getBookingSettings(signal?: AbortSignal): Promise<BookingSettings> {
  return apiRequest<BookingSettings>('/booking/settings', { signal, silent: true });
}

export const bookingSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['booking', 'settings'],
    queryFn: ({ signal }) => getBookingSettings(signal),
    // Configuration: read once a session, kept while the app runs (also offline once read).
    staleTime: 30 * 60_000,
    gcTime: Number.POSITIVE_INFINITY,
  });

/**
 * The nationalities a guest may book, or undefined until the server has said: the form then
 * checks nothing early, and the server still refuses a guest outside them (609 passenger_limit).
 */
export function useGuestNationalities(): readonly string[] | undefined {
  return useQuery({ ...bookingSettingsQueryOptions(), select: (s) => s.guestNationalities }).data;
}

/**
 * The airline's ticketing code (TICKET_AIRLINE_CODE), or null until the server has said: a
 * ticket number to link is then checked for its 13 digits only, and the server checks the rest
 * (690).
 */
export function useTicketAirlineCode(): string | null {
  return useQuery({ ...bookingSettingsQueryOptions(), select: (s) => s.ticketAirlineCode }).data ?? null;
}
