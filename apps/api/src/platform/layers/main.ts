import { callErrorMessageKey, ErrorCodes, formatMessage, LOGIN_EXPIRED_DATA_STATUS } from '@wings/contracts';
import type { FastifyError, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ok } from '../envelope';
import { AppError } from '../errors';
import { readBodyContext } from '../request-context';
import {
  type Failure,
  type LayerEnvelope,
  requireAccessToken,
  serveLayer,
  type TokenLayerDeps,
} from './shared';

/** Where the main layer is served (docs/architecture.md §3: `/api/travelsky`, `/api/ca`, `/api/pay`, ...). */
export const MAIN_PREFIX = '/api';

/**
 * The main layer's envelope (spec §7, docs/api.md Conventions): `{ code, message, data }`, code "0" on
 * success; login expiry is code 600, also in `data.status`; a failure of a call spec §8 lists
 * carries the spec's message for it.
 */
export const mainLayerEnvelope: LayerEnvelope = {
  ok,
  needsMessage: (payload): payload is { message: string } =>
    !!payload && typeof payload === 'object' && (payload as { code?: unknown }).code === ErrorCodes.ok.code,
  failure(failure, error, request) {
    const shaped = withCallMessage(failure, error, request);
    return { code: shaped.code, message: shaped.message, data: shaped.data };
  },
};

/**
 * Spec §8's per-call messages (contracts CALL_ERROR_MESSAGES): a failure of a listed call and code
 * carries the spec's message; its own text follows in `data.detail` and its key in `data.reason`.
 * A login-expired reply also says so in `data.status` (spec §7: 600), where the main layer reads it.
 */
function withCallMessage(
  failure: Failure,
  error: FastifyError | AppError | null,
  request: FastifyRequest,
): Failure {
  if (failure.code === ErrorCodes.loginExpired.code) {
    return { ...failure, data: { ...failure.data, status: LOGIN_EXPIRED_DATA_STATUS } };
  }
  if (error === null) return failure;
  const path = request.routeOptions.url;
  const key = path ? callErrorMessageKey(path, failure.code) : undefined;
  const own = error instanceof AppError ? error.key : ErrorCodes.systemError.key;
  if (!key || key === own) return failure;
  return {
    ...failure,
    message: formatMessage(key, request.lang),
    data: { ...failure.data, detail: failure.message, reason: own },
  };
}

/**
 * The main request layer, an encapsulated context at /api: the traveller app's calls, in the
 * main envelope, each needing a live app access token unless marked public (spec §7). The
 * session (`token` header) is read by the accounts module's hook, after the access token, so a
 * missing access token is reported first.
 */
export function mainLayer(deps: TokenLayerDeps): FastifyPluginAsync {
  return serveLayer(mainLayerEnvelope, deps, (layer) => {
    layer.addHook('onRequest', requireAccessToken(deps.tokens));
    // Spec §7: `language` and `apiBkSource` the main layer adds to object bodies (read, then removed).
    layer.addHook('preValidation', readBodyContext);
  });
}
