import { useMutation } from '@tanstack/react-query';
import type { ProviderName, SessionResponse } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { useSessionStore } from '../session-store';

export type OauthProvider = ProviderName;
/**
 * The contracts' `PROVIDER_NAMES`, written out: a value read from that module keeps the schemas
 * it declares, and Zod (20 KB gzip and more) with them, in the login page's download (oauth-login.test.ts
 * keeps the two lists equal).
 */
export const OAUTH_PROVIDERS = ['facebook', 'wechat', 'apple'] as const satisfies readonly OauthProvider[];

/** sessionStorage key of the nonce that ties a third-party ticket to this browser tab. */
export const OAUTH_NONCE_KEY = 'oauth_nonce';

function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * Where the browser goes to start a third-party login; the API comes back to the
 * oauth-callback page. A fresh nonce is kept in this tab and must be shown again with the
 * ticket, so a ticket planted from elsewhere cannot sign this browser in (login CSRF).
 */
export function oauthAuthorizeUrl(provider: OauthProvider, returnTo: string): string {
  const nonce = randomNonce();
  sessionStorage.setItem(OAUTH_NONCE_KEY, nonce);
  return `/api/travelsky/thirdoauth/${provider}/authorize?returnTo=${encodeURIComponent(returnTo)}&nonce=${nonce}`;
}

export type OauthLoginResponse = SessionResponse & { needsEmail: boolean };

/** POST travelsky/thirdoauth/login: trades the one-time ticket (and this tab's nonce) for a session. */
export function oauthLogin(body: { ticket: string }): Promise<OauthLoginResponse> {
  const nonce = sessionStorage.getItem(OAUTH_NONCE_KEY);
  sessionStorage.removeItem(OAUTH_NONCE_KEY);
  return apiRequest<OauthLoginResponse>('/travelsky/thirdoauth/login', {
    method: 'POST',
    body: nonce ? { ...body, nonce } : body,
  });
}

export function useOauthLogin() {
  return useMutation({
    mutationFn: oauthLogin,
    onSuccess: (session) => useSessionStore.getState().signIn(session),
  });
}
