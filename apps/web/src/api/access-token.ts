import { API_BASE } from '@wings/api-client';
import { type Envelope, type GetAccessTokenResponse, Language } from '@wings/contracts';
import { beijingTimestamp, signParams } from '@wings/rules';
import { clientHooks } from './client-hooks';

const ACCESS_TOKEN_PATH = '/travelsky/common/getAccessToken';
/** Storage key of the access token (spec §3: access_token). */
export const ACCESS_TOKEN_KEY = 'access_token';
/** Renew a little before the server's expiry so a call never leaves with a dying token. */
const EXPIRY_MARGIN_MS = 60_000;

const APP_ID = import.meta.env.VITE_APP_ID || 'wings-h5-demo';
const APP_SECRET = import.meta.env.VITE_APP_SECRET || 'demo-secret-change-me';

interface StoredToken {
  token: string;
  expiresAt: number;
}

function readStored(): StoredToken | null {
  try {
    const raw = localStorage.getItem(ACCESS_TOKEN_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as StoredToken;
    return typeof parsed.token === 'string' && typeof parsed.expiresAt === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

/** The stored token when it is still comfortably valid. */
export function currentAccessToken(): string | null {
  const stored = readStored();
  return stored && stored.expiresAt - EXPIRY_MARGIN_MS > Date.now() ? stored.token : null;
}

export function clearAccessToken(): void {
  localStorage.removeItem(ACCESS_TOKEN_KEY);
}

function randomNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** POST getAccessToken with the signed headers (spec §7): appId, nonce, timestamp, signType, sign. */
async function fetchAccessToken(): Promise<string> {
  const nonce = randomNonce();
  const timestamp = beijingTimestamp(new Date());
  const signType = 'MD5';
  const sign = signParams({ appId: APP_ID, nonce, timestamp, signType }, APP_SECRET);
  const res = await fetch(`${API_BASE}${ACCESS_TOKEN_PATH}`, {
    method: 'POST',
    headers: {
      appId: APP_ID,
      nonce,
      timestamp,
      signType,
      sign,
      language: String(Language[clientHooks.language()]),
    },
  });
  const body = (await res.json()) as Envelope<GetAccessTokenResponse | null>;
  if (!res.ok || body.code !== '0' || !body.data?.access_token) {
    throw new Error(`access token refused: ${body.code} ${body.message}`);
  }
  const stored: StoredToken = {
    token: body.data.access_token,
    expiresAt: Date.now() + body.data.expires_in * 1000,
  };
  localStorage.setItem(ACCESS_TOKEN_KEY, JSON.stringify(stored));
  return stored.token;
}

let inFlight: Promise<string> | null = null;

/**
 * A new access token, fetched once however many calls ask at the same time (spec §4: the
 * others wait and are replayed). `stale` is the token a failed call carried: when another
 * call has already replaced it, the newer token is returned without asking the server again.
 */
export function renewAccessToken(stale?: string | null): Promise<string> {
  const stored = readStored();
  if (stale && stored && stored.token !== stale && stored.expiresAt > Date.now()) {
    return Promise.resolve(stored.token);
  }
  if (!inFlight) {
    inFlight = fetchAccessToken().finally(() => {
      inFlight = null;
    });
  }
  return inFlight;
}

/** The stored token, or a new one when it is missing or about to expire. */
export function getAccessToken(): Promise<string> {
  const token = currentAccessToken();
  return token ? Promise.resolve(token) : renewAccessToken();
}
