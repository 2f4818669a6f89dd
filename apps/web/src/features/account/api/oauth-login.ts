import { useMutation } from '@tanstack/react-query';
import type { SessionResponse } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { useSessionStore } from '../session-store';

export type OauthProvider = 'facebook' | 'wechat' | 'apple';
export const OAUTH_PROVIDERS: readonly OauthProvider[] = ['facebook', 'wechat', 'apple'];

/** Where the browser goes to start a third-party login; the API comes back to the oauth-callback page. */
export function oauthAuthorizeUrl(provider: OauthProvider, returnTo: string): string {
  return `/api/travelsky/thirdoauth/${provider}/authorize?returnTo=${encodeURIComponent(returnTo)}`;
}

export type OauthLoginResponse = SessionResponse & { needsEmail: boolean };

/** POST travelsky/thirdoauth/login: trades the one-time ticket for a session. */
export function oauthLogin(body: { ticket: string }): Promise<OauthLoginResponse> {
  return apiRequest<OauthLoginResponse>('/travelsky/thirdoauth/login', { method: 'POST', body });
}

export function useOauthLogin() {
  return useMutation({
    mutationFn: oauthLogin,
    onSuccess: (session) => useSessionStore.getState().signIn(session),
  });
}
