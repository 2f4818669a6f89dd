import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../api/http-client';
import { useSessionStore } from '../session-store';

/** GET travelsky/user/logout: revokes the session on the server. */
export function logout(): Promise<unknown> {
  return apiRequest<unknown>('/travelsky/user/logout', { silent: true });
}

/** Logs out on the server, then clears the device's session whatever the reply (spec §4). */
export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => logout().catch(() => null),
    onSettled: () => {
      useSessionStore.getState().logout();
      client.removeQueries({ queryKey: ['account'] });
    },
  });
}
