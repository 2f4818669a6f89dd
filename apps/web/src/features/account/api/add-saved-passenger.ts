import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedPassenger, SavedPassengerInput } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { FORM_QUIET_CODES } from './form-codes';

/** POST travelsky/user/memberpassenger/insert: a new saved passenger. */
export function addSavedPassenger(body: SavedPassengerInput): Promise<SavedPassenger> {
  return apiRequest<SavedPassenger>('/travelsky/user/memberpassenger/insert', {
    method: 'POST',
    body,
    quietCodes: FORM_QUIET_CODES,
  });
}

export function useAddSavedPassenger() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addSavedPassenger,
    onSuccess: () => client.invalidateQueries({ queryKey: ['account', 'passengers'] }),
  });
}
