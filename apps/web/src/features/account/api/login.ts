import { useMutation } from '@tanstack/react-query';
import type { Infer } from '@wings/api-client';
import { ErrorCodes, type SessionResponse, type ZLoginRequest } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { useSessionStore } from '../session-store';

export type LoginRequest = Infer<typeof ZLoginRequest>;

/** POST travelsky/user/login (203 login_limit, 601 incorrect_token, 602 captcha_error + data.captchaRequired). */
export function login(body: LoginRequest): Promise<SessionResponse> {
  return apiRequest<SessionResponse>('/travelsky/user/login', {
    method: 'POST',
    body,
    // The form shows the captcha itself when one is asked for.
    quietCodes: [ErrorCodes.captchaError.code, ErrorCodes.invalidRequest.code],
  });
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => useSessionStore.getState().signIn(session),
  });
}
