import { ClientType, Language } from '@wings/contracts';
import { API_BASE, getAccessToken, renewAccessToken } from './access-token';
import { ApiError } from './api-error';
import { clientHooks } from './client-hooks';
import { adapterFor, type EnvelopeAdapter, type EnvelopeResult } from './envelopes';
import { NETWORK_ERROR_STATUS, TIMEOUT_STATUS, transportMessageKey } from './transport-errors';

export { withBodyContext } from './envelopes';

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

type FailureCatalogue = typeof import('./failure-catalogue');

/**
 * What wording a failure takes: the error catalogue (loaded now, the first time) and the server's
 * messages in the traveller's language (app/i18n loads them after the first paint). Null when the
 * catalogue cannot be loaded (offline before the app was ever cached).
 */
async function failureCatalogue(): Promise<FailureCatalogue | null> {
  await clientHooks.textsReady();
  try {
    return await import('./failure-catalogue');
  } catch {
    return null;
  }
}

function messageForCode(catalogue: FailureCatalogue, code: string): string {
  const entry = Object.values(catalogue.ErrorCodes).find((e) => e.code === code);
  return clientHooks.translate(entry?.key ?? 'system_error');
}

/**
 * The message a failed call shows: the server's, which already is spec §8's message for the call
 * and code (its own reason then in `data.detail`) and carries its parameters; without one, spec
 * §8's message for this call and code, else the code's own.
 */
async function failureMessage(
  path: string,
  code: string,
  serverMessage: string | undefined,
): Promise<string> {
  if (serverMessage) return serverMessage;
  const catalogue = await failureCatalogue();
  if (!catalogue) return clientHooks.translate(transportMessageKey(NETWORK_ERROR_STATUS));
  const mapped = catalogue.callErrorMessageKey(path, code);
  return mapped ? clientHooks.translate(mapped) : messageForCode(catalogue, code);
}

/** The system error (spec §8: 500, "system busy"), for a call that could not be made or replayed. */
async function systemError(code?: string): Promise<ApiError> {
  const catalogue = await failureCatalogue();
  if (!catalogue) return transportError(NETWORK_ERROR_STATUS);
  return new ApiError(code ?? catalogue.ErrorCodes.systemError.code, clientHooks.translate('system_error'));
}

function show(error: ApiError, options: RequestOptions): ApiError {
  if (options.silent || options.quietCodes?.includes(error.code)) return error;
  clientHooks.toast(error.message);
  return new ApiError(error.code, error.message, error.data, error.httpStatus, true);
}

function transportError(status: number): ApiError {
  return new ApiError(`http:${status}`, clientHooks.translate(transportMessageKey(status)), null, status);
}

/** One HTTP exchange: the reply read through its layer's adapter, or an ApiError for a transport failure. */
async function send(
  path: string,
  options: RequestOptions,
  token: string,
  adapter: EnvelopeAdapter,
): Promise<EnvelopeResult> {
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
      body: options.body === undefined ? undefined : JSON.stringify(adapter.body(options.body)),
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

  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  const envelope = adapter.unwrap(body);
  if (!res.ok) {
    // An error reply that still carries an envelope (e.g. 400 naming the field) says it best.
    const reply =
      body !== null && typeof body === 'object' ? (body as { message?: unknown; data?: unknown }) : {};
    if (typeof reply.message === 'string' && reply.message) {
      const code = envelope?.code ?? `http:${res.status}`;
      throw new ApiError(
        code,
        await failureMessage(path, code, reply.message),
        reply.data ?? null,
        res.status,
      );
    }
    throw transportError(res.status);
  }
  if (!envelope) throw transportError(-1);
  return adapter.read(envelope);
}

/**
 * Calls the API: adds the language, client source and access token headers, unwraps the
 * envelope of the path's layer (./envelopes.ts: main, member /fqt, staff /admin), renews the access token once on 2000/2007 and replays the call, handles login
 * expiry, and toasts failures in one place (docs/api.md Conventions, spec §7-§8).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let token: string;
  try {
    token = await getAccessToken();
  } catch {
    throw show(await systemError(), options);
  }
  const adapter = adapterFor(path);
  let replayed = false;
  for (;;) {
    let result: EnvelopeResult;
    try {
      result = await send(path, options, token, adapter);
    } catch (error) {
      if (error instanceof ApiError) throw show(error, options);
      throw error;
    }
    if (result.kind === 'renew-access-token') {
      if (replayed) throw show(await systemError(result.code), options);
      replayed = true;
      try {
        token = await renewAccessToken(token);
      } catch {
        throw show(await systemError(result.code), options);
      }
      continue;
    }
    if (result.kind === 'login-expired') {
      clientHooks.onLoginExpired();
      throw show(new ApiError(result.code, clientHooks.translate('session.expired')), {
        ...options,
        quietCodes: [],
      });
    }
    if (result.kind === 'failure') {
      throw show(
        new ApiError(result.code, await failureMessage(path, result.code, result.message), result.data),
        options,
      );
    }
    return result.data as T;
  }
}
