import { ClientType, Language, MEMBER_LOGIN_EXPIRED_STATUS, MEMBER_OK_STATUS } from '@wings/contracts';
import { clientHooks } from './client-hooks';

/**
 * The request layers (docs/architecture.md §3, spec §7) and how the client reads each one's replies: the
 * main layer `{ code, message, data }` (code "0"; login expiry 600 / CAC3002, also in
 * `data.status`), the member layer under /fqt `{ status, message, data }` (status "200"; login
 * expiry CAF9999), the staff layer under /admin in the main shape. Whatever the layer, a reply
 * comes out as one `EnvelopeResult`, so the client handles success, access-token renewal, login
 * expiry and failures in one place.
 */
export type LayerName = 'main' | 'member' | 'staff';

/** A reply read through its layer's adapter. */
export type EnvelopeResult =
  | { kind: 'ok'; data: unknown }
  /** The access token is missing or expired (2000 / 2007): renew it once and replay. */
  | { kind: 'renew-access-token'; code: string }
  /** The login expired: log out, say so, go to login (spec §8). */
  | { kind: 'login-expired'; code: string }
  | { kind: 'failure'; code: string; message: string | undefined; data: unknown };

export interface EnvelopeAdapter {
  layer: LayerName;
  /** The layer's reply as code, message and data; null when the body is not this layer's envelope. */
  unwrap(body: unknown): { code: string; message: string | undefined; data: unknown } | null;
  /** What the client reads a reply as. */
  read(envelope: { code: string; message: string | undefined; data: unknown }): EnvelopeResult;
  /** The request body as this layer sends it (the main layer adds its context fields). */
  body(body: unknown): unknown;
}

// The catalogue's codes the client acts on (spec §7), written out: a value read from the
// catalogue (contracts errors.ts) keeps all of it, 1.5 KB gzip, in the first load, where no call
// has failed yet. envelopes.test.ts keeps each equal to the catalogue's.

/** Success (`ErrorCodes.ok`). */
export const MAIN_OK_CODE = '0';
/** Renew the access token and replay (`ACCESS_TOKEN_CODES`: missing, expired). */
export const RENEW_ACCESS_TOKEN_CODES: readonly string[] = ['2000', '2007'];
/** The login has expired (`LOGIN_EXPIRED_CODES`). */
export const EXPIRED_LOGIN_CODES: readonly string[] = ['600', 'CAC3002', 'CAF9999'];

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function unwrapBy(field: 'code' | 'status') {
  return (body: unknown) => {
    if (!isObject(body) || typeof body[field] !== 'string') return null;
    return {
      code: body[field] as string,
      message: typeof body.message === 'string' ? body.message : undefined,
      data: body.data ?? null,
    };
  };
}

/**
 * Spec §7: for an object body the main layer adds `language` (0 zh, 1 en, 2 km) and `apiBkSource`
 * (the client type) as the headers carry them; fields the body already has are kept (register and
 * user/update send their own `language`). Arrays and other bodies go as they are.
 */
export function withBodyContext(body: unknown): unknown {
  if (!isObject(body)) return body;
  return { language: Language[clientHooks.language()], apiBkSource: ClientType.h5, ...body };
}

/** The main layer's reading (spec §7): login expiry is read from `code`, and also from `data.status` (600). */
function readMain(envelope: { code: string; message: string | undefined; data: unknown }): EnvelopeResult {
  const { code, message, data } = envelope;
  if (code === MAIN_OK_CODE) return { kind: 'ok', data };
  if (RENEW_ACCESS_TOKEN_CODES.includes(code)) return { kind: 'renew-access-token', code };
  const status = isObject(data) ? data.status : undefined;
  if (
    EXPIRED_LOGIN_CODES.includes(code) ||
    (status !== undefined && EXPIRED_LOGIN_CODES.includes(String(status)))
  ) {
    return { kind: 'login-expired', code };
  }
  return { kind: 'failure', code, message, data };
}

export const mainAdapter: EnvelopeAdapter = {
  layer: 'main',
  unwrap: unwrapBy('code'),
  read: readMain,
  body: withBodyContext,
};

/**
 * The member layer (spec §7): `status` "200" is success and 'CAF9999' login expiry; the access
 * token codes are the main layer's. It sends its body as it is (its context travels in headers).
 */
export const memberAdapter: EnvelopeAdapter = {
  layer: 'member',
  unwrap: unwrapBy('status'),
  read({ code, message, data }) {
    if (code === MEMBER_OK_STATUS) return { kind: 'ok', data };
    if (RENEW_ACCESS_TOKEN_CODES.includes(code)) return { kind: 'renew-access-token', code };
    if (code === MEMBER_LOGIN_EXPIRED_STATUS) return { kind: 'login-expired', code };
    return { kind: 'failure', code, message, data };
  },
  body: (body) => body,
};

/** The staff layer (the console's calls, issue 13) answers in the main shape; its bodies go as they are. */
export const staffAdapter: EnvelopeAdapter = { ...mainAdapter, layer: 'staff', body: (body) => body };

/** The adapter of the layer a path (below /api) belongs to, as the server routes it. */
export function adapterFor(path: string): EnvelopeAdapter {
  if (path === '/fqt' || path.startsWith('/fqt/')) return memberAdapter;
  if (path === '/admin' || path.startsWith('/admin/')) return staffAdapter;
  return mainAdapter;
}
