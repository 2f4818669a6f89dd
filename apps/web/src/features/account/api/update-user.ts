import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Infer } from '@wings/api-client';
import type { User, ZUpdateUserRequest } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { useSessionStore } from '../session-store';
import { FORM_QUIET_CODES } from './form-codes';
import { memberQueryOptions } from './get-member';

export type UpdateUserRequest = Infer<typeof ZUpdateUserRequest>;

/** POST travelsky/user/update: the profile; absent fields stay as they are. */
export function updateUser(body: UpdateUserRequest): Promise<User> {
  return apiRequest<User>('/travelsky/user/update', { method: 'POST', body, quietCodes: FORM_QUIET_CODES });
}

export function useUpdateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => {
      useSessionStore.getState().setUser(user);
      client.setQueryData(memberQueryOptions(user.id).queryKey, user);
    },
  });
}
