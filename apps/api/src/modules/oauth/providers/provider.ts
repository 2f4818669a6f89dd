import type { ProviderName } from '@wings/contracts';
import { AppError } from '../../../platform/errors';

export { PROVIDER_NAMES, type ProviderName } from '@wings/contracts';

/** What a provider tells us about the person who signed in. */
export interface ProviderProfile {
  /** The provider's stable id of the person (Facebook id, WeChat unionid or openid, Apple sub). */
  subject: string;
  email: string | null;
  /** True only when the provider vouches that the person controls the address. */
  emailVerified: boolean;
  displayName: string | null;
}

/** One third-party identity provider, following its documented authorization-code flow. */
export interface OAuthProvider {
  name: ProviderName;
  /** The provider's consent URL the browser is sent to. `verifier` is the nonce where one is used. */
  authorizeUrl(state: string, redirectUri: string, verifier?: string): string;
  /** Trades the callback's code for the person's profile; throws AppError('oauthFailed') on any failure. */
  exchange(code: string, redirectUri: string, verifier?: string): Promise<ProviderProfile>;
}

/** A provider that cannot be reached or refused the exchange: always answered as 4010 oauth_failed. */
export function providerFailure(provider: string, reason: string, cause?: unknown): AppError {
  return new AppError('oauthFailed', { cause: new Error(`${provider}: ${reason}`, { cause }) });
}

const TIMEOUT_MS = 10_000;

/** A JSON call to a provider with a timeout; any transport or parse failure becomes oauthFailed. */
export async function fetchJson(
  provider: string,
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    throw providerFailure(provider, 'unreachable', err);
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch (err) {
    throw providerFailure(provider, `answered ${res.status} without JSON`, err);
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw providerFailure(provider, `answered ${res.status} with an unexpected body`);
  }
  return { status: res.status, body: body as Record<string, unknown> };
}

export function str(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/** Lower-cases and trims an e-mail; null when it does not look like one. */
export function normaliseEmail(value: unknown): string | null {
  const s = str(value)?.trim().toLowerCase() ?? null;
  return s && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s) && s.length <= 254 ? s : null;
}

export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`;
}
