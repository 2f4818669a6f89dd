import { ErrorCodes, MEMBER_LOGIN_EXPIRED_STATUS, MEMBER_OK_STATUS } from '@wings/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { memberOk } from '../envelope';
import { type LayerEnvelope, requireAccessToken, serveLayer, type TokenLayerDeps } from './shared';

/** Where the member (loyalty) layer is served (spec §7: `/fqt`). */
export const MEMBER_PREFIX = '/api/fqt';

/**
 * The member layer's envelope (spec §7): `{ status, message, data }`, status "200" on success,
 * else the failure's catalogue code, except login expiry, which the member layer says as
 * 'CAF9999' (a service throws the one `loginExpired`; each layer says it its own way).
 */
export const memberLayerEnvelope: LayerEnvelope = {
  ok: memberOk,
  needsMessage: (payload): payload is { message: string } =>
    !!payload && typeof payload === 'object' && (payload as { status?: unknown }).status === MEMBER_OK_STATUS,
  failure(failure) {
    const status = failure.code === ErrorCodes.loginExpired.code ? MEMBER_LOGIN_EXPIRED_STATUS : failure.code;
    return { status, message: failure.message, data: failure.data };
  },
};

/**
 * The member request layer, an encapsulated context at /api/fqt (the loyalty programme's calls,
 * spec §7). Like the main layer it needs a live app access token (the member client obtains
 * and renews it the same way, answered here as status 2000 / 2007); the member session in the
 * `vipToken` header is read by the loyalty module's hook (modules/loyalty/member-session.ts).
 */
export function memberLayer(deps: TokenLayerDeps): FastifyPluginAsync {
  return serveLayer(memberLayerEnvelope, deps, (layer) => {
    layer.addHook('onRequest', requireAccessToken(deps.tokens));
  });
}
