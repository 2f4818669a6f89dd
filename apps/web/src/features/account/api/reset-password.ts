import { useMutation } from '@tanstack/react-query';
import type { Infer } from '@wings/api-client';
import type { ZResetPasswordRequest } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { FORM_QUIET_CODES } from './form-codes';

export type ResetPasswordRequest = Infer<typeof ZResetPasswordRequest>;

/** POST travelsky/user/resetPassword: a new password with the reset code. */
export function resetPassword(body: ResetPasswordRequest): Promise<unknown> {
  return apiRequest<unknown>('/travelsky/user/resetPassword', {
    method: 'POST',
    body,
    quietCodes: FORM_QUIET_CODES,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
