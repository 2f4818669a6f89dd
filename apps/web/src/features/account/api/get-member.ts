import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { useSessionStore } from '../session-store';

/** GET travelsky/user/getMember/{id}: the signed-in user's profile. */
export async function getMember(id: string, signal?: AbortSignal): Promise<User> {
  const user = await apiRequest<User>(`/travelsky/user/getMember/${encodeURIComponent(id)}`, { signal });
  useSessionStore.getState().setUser(user);
  return user;
}

export const memberQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['account', 'member', id],
    queryFn: ({ signal }) => getMember(id, signal),
  });

export function useMember() {
  const id = useSessionStore((s) => s.memberId) ?? '';
  return useQuery({ ...memberQueryOptions(id), enabled: Boolean(id) });
}
