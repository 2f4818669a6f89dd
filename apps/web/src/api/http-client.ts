import {
  ApiError,
  adapterFor,
  type EnvelopeAdapter,
  type EnvelopeResult,
  exchange,
  NETWORK_ERROR_STATUS,
  transportError,
  transportMessageKey,
} from '@wings/api-client';
import { ClientType } from '@wings/contracts';
import { getAccessToken, renewAccessToken } from './access-token';
import { clientHooks } from './client-hooks';

export { REQUEST_TIMEOUT_MS, withBodyContext } from '@wings/api-client';

/**
 * The member layer's headers (contracts members.ts MEMBER_TOKEN_HEADER, CLIENT_SOURCE_HEADER),
 * written out: importing the member contracts would bring their schemas into the first load.
 * http-client.test.ts keeps them equal.
 */
export const MEMBER_TOKEN_HEADER = 'vipToken';
export const CLIENT_SOURCE_HEADER = 'clientSource';

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

/**
 * One HTTP exchange through the shared request core (`@wings/api-client`) with the traveller app's
 * headers: its access token, client source and, when signed in, the session token.
 */
function send(
  path: string,
  options: RequestOptions,
  token: string,
  adapter: EnvelopeAdapter,
): Promise<EnvelopeResult> {
  const headers: Record<string, string> = {
    ...options.headers,
    Authorization: `Bearer ${token}`,
    apiBkSource: ClientType.h5,
  };
  // The session rides in its own header; Authorization stays the app's access token.
  const session = clientHooks.sessionToken();
  if (session) headers.token = session;
  if (adapter.layer === 'member') {
    // The member layer (spec §7 /fqt): the member session and the client source in their headers.
    headers[CLIENT_SOURCE_HEADER] = ClientType.h5;
    const member = clientHooks.memberToken();
    if (member) headers[MEMBER_TOKEN_HEADER] = member;
  }
  return exchange(
    path,
    { method: options.method, body: options.body, signal: options.signal, headers },
    adapter,
  );
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
    if (result.kind === 'login-expired' && adapter.layer === 'member') {
      // CAF9999: the member session ended; the app account stays signed in (spec §8).
      clientHooks.onMemberLoginExpired();
      throw show(new ApiError(result.code, clientHooks.translate('members.login_expired')), {
        ...options,
        quietCodes: [],
      });
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
