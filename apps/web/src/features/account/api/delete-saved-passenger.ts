import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../api/http-client';

/** POST travelsky/user/memberpassenger/delete/{id}: removes one of the user's saved passengers. */
export function deleteSavedPassenger(id: string): Promise<unknown> {
  return apiRequest<unknown>(`/travelsky/user/memberpassenger/delete/${encodeURIComponent(id)}`, {
    method: 'POST',
    body: {},
  });
}

export function useDeleteSavedPassenger() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedPassenger,
    onSuccess: () => client.invalidateQueries({ queryKey: ['account', 'passengers'] }),
  });
}
