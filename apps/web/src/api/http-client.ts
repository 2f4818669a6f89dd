import {
  ACCESS_TOKEN_CODES,
  ClientType,
  callErrorMessageKey,
  type Envelope,
  ErrorCodes,
  Language,
  LOGIN_EXPIRED_CODES,
} from '@wings/contracts';
import { API_BASE, getAccessToken, renewAccessToken } from './access-token';
import { ApiError } from './api-error';
import { clientHooks } from './client-hooks';
import { NETWORK_ERROR_STATUS, TIMEOUT_STATUS, transportMessageKey } from './transport-errors';

/** Network timeout of every call (spec §7, §9). */
export const REQUEST_TIMEOUT_MS = 60_000;

export interface RequestOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  signal?: AbortSignal;
  /** Business codes the caller shows itself (e.g. an empty state for 204): no toast for them. */
  quietCodes?: readonly string[];
  /** No toast at all (background calls whose failure is only logged). */
  silent?: boolean;
  /** Extra headers of this call (e.g. a guest's `orderToken` grant). */
  headers?: Record<string, string>;
}

const accessTokenCodes: readonly string[] = ACCESS_TOKEN_CODES;
const loginExpiredCodes: readonly string[] = LOGIN_EXPIRED_CODES;

function messageForCode(code: string): string {
  const entry = Object.values(ErrorCodes).find((e) => e.code === code);
  return clientHooks.translate(entry?.key ?? 'system_error');
}

/**
 * The message a failed call shows: the server's, which already is spec §8's message for the call
 * and code (its own reason then in `data.detail`) and carries its parameters; without one, spec
 * §8's message for this call and code, else the code's own.
 */
function failureMessage(path: string, code: string, serverMessage: string | undefined): string {
  if (serverMessage) return serverMessage;
  const mapped = callErrorMessageKey(path, code);
  return mapped ? clientHooks.translate(mapped) : messageForCode(code);
}

/** Spec §7: login expiry is read from `code`, and also from `data.status` (600). */
function loginExpired(envelope: Envelope<unknown>): boolean {
  if (loginExpiredCodes.includes(envelope.code)) return true;
  const data = envelope.data as { status?: unknown } | null | undefined;
  const status = data && typeof data === 'object' ? data.status : undefined;
  return (
    envelope.code !== ErrorCodes.ok.code && status !== undefined && loginExpiredCodes.includes(String(status))
  );
}

/**
 * Spec §7: for an object body the main layer adds `language` (0 zh, 1 en, 2 km) and `apiBkSource`
 * (the client type) as the headers carry them; fields the body already has are kept (register and
 * user/update send their own `language`). Arrays and other bodies go as they are.
 */
export function withBodyContext(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  return { language: Language[clientHooks.language()], apiBkSource: ClientType.h5, ...body };
}

function show(error: ApiError, options: RequestOptions): ApiError {
  if (options.silent || options.quietCodes?.includes(error.code)) return error;
  clientHooks.toast(error.message);
  return new ApiError(error.code, error.message, error.data, error.httpStatus, true);
}

function transportError(status: number): ApiError {
  return new ApiError(`http:${status}`, clientHooks.translate(transportMessageKey(status)), null, status);
}

/** One HTTP exchange: an envelope back, or an ApiError for a transport failure. */
async function send(path: string, options: RequestOptions, token: string): Promise<Envelope<unknown>> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort);

  const headers: Record<string, string> = {
    ...options.headers,
    language: String(Language[clientHooks.language()]),
    Authorization: `Bearer ${token}`,
    apiBkSource: ClientType.h5,
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  // The session rides in its own header; Authorization stays the app's access token.
  const session = clientHooks.sessionToken();
  if (session) headers.token = session;

  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(withBodyContext(options.body)),
      signal: controller.signal,
    });
  } catch (error) {
    // A caller that cancelled (a query that is no longer needed) gets its abort back, untoasted.
    if (options.signal?.aborted) throw error;
    throw transportError(timedOut ? TIMEOUT_STATUS : NETWORK_ERROR_STATUS);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }

  let body: Envelope<unknown> | null = null;
  try {
    body = (await res.json()) as Envelope<unknown>;
  } catch {
    body = null;
  }
  if (!res.ok) {
    // An error reply that still carries an envelope (e.g. 400 naming the field) says it best.
    if (body && typeof body.message === 'string' && body.message) {
      const code = String(body.code ?? `http:${res.status}`);
      throw new ApiError(code, failureMessage(path, code, body.message), body.data ?? null, res.status);
    }
    throw transportError(res.status);
  }
  if (!body || typeof body.code !== 'string') throw transportError(-1);
  return body;
}

/**
 * Calls the API: adds the language, client source and access token headers, unwraps the
 * envelope, renews the access token once on 2000/2007 and replays the call, handles login
 * expiry, and toasts failures in one place (DESIGN.md §5, spec §7-§8).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let token: string;
  try {
    token = await getAccessToken();
  } catch {
    throw show(new ApiError(ErrorCodes.systemError.code, clientHooks.translate('system_error')), options);
  }
  let replayed = false;
  for (;;) {
    let envelope: Envelope<unknown>;
    try {
      envelope = await send(path, options, token);
    } catch (error) {
      if (error instanceof ApiError) throw show(error, options);
      throw error;
    }
    const { code } = envelope;
    if (accessTokenCodes.includes(code)) {
      if (replayed) {
        throw show(new ApiError(code, clientHooks.translate('system_error')), options);
      }
      replayed = true;
      try {
        token = await renewAccessToken(token);
      } catch {
        throw show(new ApiError(code, clientHooks.translate('system_error')), options);
      }
      continue;
    }
    if (loginExpired(envelope)) {
      clientHooks.onLoginExpired();
      throw show(new ApiError(code, clientHooks.translate('session.expired')), {
        ...options,
        quietCodes: [],
      });
    }
    if (code !== ErrorCodes.ok.code) {
      throw show(
        new ApiError(code, failureMessage(path, code, envelope.message), envelope.data ?? null),
        options,
      );
    }
    return envelope.data as T;
  }
}
