import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../errors';
import { mainLayerEnvelope } from './main';
import { type LayerDeps, type LayerEnvelope, serveLayer } from './shared';

/** Where the staff (back-office) layer is served (docs/architecture.md §3: `/api/admin`). */
export const STAFF_PREFIX = '/api/admin';

/**
 * The staff layer's envelope: the main layer's shape (`{ code, message, data }`, code "0" on
 * success, login expiry 600 also in `data.status`), so the console reads it with the main client.
 */
export const staffLayerEnvelope: LayerEnvelope = mainLayerEnvelope;

/**
 * Staff authentication until the console issue brings staff sessions with roles: no staff member
 * can be logged in yet, so every call but a public one answers not-logged-in (600). The traveller
 * app's access token is not asked for here: the console is not that app and authenticates its
 * staff by their own session.
 */
export const requireStaffSession: onRequestAsyncHookHandler = async (request) => {
  if (request.routeOptions.url === undefined || request.routeOptions.config.public) return;
  throw new AppError('loginExpired');
};

/** The staff request layer, an encapsulated context at /api/admin: only its health call for now. */
export function staffLayer(deps: LayerDeps): FastifyPluginAsync {
  return serveLayer(staffLayerEnvelope, deps, (layer) => {
    layer.addHook('onRequest', requireStaffSession);
  });
}
