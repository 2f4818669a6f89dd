import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedPassenger } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { useSessionStore } from '../session-store';

/** GET travelsky/user/memberpassenger/selectByMemberId/{userId}: the user's saved passengers. */
export function getSavedPassengers(
  userId: string,
  signal?: AbortSignal,
): Promise<{ passengers: SavedPassenger[] }> {
  return apiRequest<{ passengers: SavedPassenger[] }>(
    `/travelsky/user/memberpassenger/selectByMemberId/${encodeURIComponent(userId)}`,
    { signal },
  );
}

export const savedPassengersQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['account', 'passengers', userId],
    queryFn: ({ signal }) => getSavedPassengers(userId, signal),
    select: (data) => data.passengers,
  });

export function useSavedPassengers() {
  const id = useSessionStore((s) => s.memberId) ?? '';
  return useQuery({ ...savedPassengersQueryOptions(id), enabled: Boolean(id) });
}
