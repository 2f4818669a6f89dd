import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedPassenger, SavedPassengerInput } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { FORM_QUIET_CODES } from './form-codes';

/** POST travelsky/user/memberpassenger/update: changes one of the user's saved passengers. */
export function updateSavedPassenger(body: SavedPassengerInput & { id: string }): Promise<SavedPassenger> {
  return apiRequest<SavedPassenger>('/travelsky/user/memberpassenger/update', {
    method: 'POST',
    body,
    quietCodes: FORM_QUIET_CODES,
  });
}

export function useUpdateSavedPassenger() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateSavedPassenger,
    onSuccess: () => client.invalidateQueries({ queryKey: ['account', 'passengers'] }),
  });
}
