import { useMutation } from '@tanstack/react-query';
import type { Infer } from '@wings/api-client';
import type { ZChangePasswordRequest } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { FORM_QUIET_CODES } from './form-codes';

export type ChangePasswordRequest = Infer<typeof ZChangePasswordRequest>;

/** POST travelsky/user/changePassword (4006 old_password_wrong). */
export function changePassword(body: ChangePasswordRequest): Promise<unknown> {
  return apiRequest<unknown>('/travelsky/user/changePassword', {
    method: 'POST',
    body,
    quietCodes: FORM_QUIET_CODES,
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
