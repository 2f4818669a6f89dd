import { Language } from '@wings/contracts';
import { ApiError } from './api-error';
import { clientHooks } from './client-hooks';
import type { EnvelopeAdapter, EnvelopeResult } from './envelopes';
import { NETWORK_ERROR_STATUS, TIMEOUT_STATUS, transportMessageKey } from './transport-errors';

/** Network timeout of every call (spec §7, §9). */
export const REQUEST_TIMEOUT_MS = 60_000;

/** Where the API answers, on the origin that served the app. */
export const API_BASE = '/api';

/** One call as the request core sends it. */
export interface ExchangeOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Headers of this call (the traveller app's access token and session; the console's marker). */
  headers?: Record<string, string>;
}

/** The ApiError of a transport failure (no envelope): `http:<status>`, worded by the transport table. */
export function transportError(status: number): ApiError {
  return new ApiError(`http:${status}`, clientHooks.translate(transportMessageKey(status)), null, status);
}

/**
 * One HTTP exchange with the API: sends JSON with the `language` header (0 zh, 1 en, 2 km) and the
 * call's headers, gives up after REQUEST_TIMEOUT_MS, and reads the reply through its layer's
 * adapter. A transport failure (no reply, a timeout, an HTTP error without an envelope) throws an
 * ApiError; an HTTP error that still carries a message (a 400 naming the field, a 403 of a role)
 * throws one with that message, its code and data. What an app does with the result (renew a
 * token, sign out, toast) is the app's.
 */
export async function exchange(
  path: string,
  options: ExchangeOptions,
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
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

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
      throw new ApiError(
        envelope?.code ?? `http:${res.status}`,
        reply.message,
        reply.data ?? null,
        res.status,
      );
    }
    throw transportError(res.status);
  }
  if (!envelope) throw transportError(-1);
  return adapter.read(envelope);
}
