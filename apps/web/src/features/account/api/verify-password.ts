import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../api/http-client';
import { FORM_QUIET_CODES } from './form-codes';

/** POST travelsky/user/verifyPassword: re-checks the password before the e-mail changes (4008 password_wrong). */
export function verifyPassword(body: { password: string }): Promise<unknown> {
  return apiRequest<unknown>('/travelsky/user/verifyPassword', {
    method: 'POST',
    body,
    quietCodes: FORM_QUIET_CODES,
  });
}

export function useVerifyPassword() {
  return useMutation({ mutationFn: verifyPassword });
}
