import { useMutation } from '@tanstack/react-query';
import type { Infer } from '@wings/api-client';
import type { SessionResponse, ZRegisterRequest } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { useSessionStore } from '../session-store';
import { FORM_QUIET_CODES } from './form-codes';

export type RegisterRequest = Infer<typeof ZRegisterRequest>;

/** POST travelsky/user/register: a new account, signed in at once (4001 phone_exist, 4002 email_exist). */
export function register(body: RegisterRequest): Promise<SessionResponse> {
  return apiRequest<SessionResponse>('/travelsky/user/register', {
    method: 'POST',
    body,
    quietCodes: FORM_QUIET_CODES,
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: register,
    onSuccess: (session) => useSessionStore.getState().signIn(session),
  });
}
