import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { AccessTokenService } from '../auth/access-token.service';
import { MAIN_PREFIX, mainLayer } from './main';
import { MEMBER_PREFIX, memberLayer } from './member';
import type { HealthProbe, LayerParts, LayerRoutes } from './shared';
import { STAFF_PREFIX, type StaffRouteInfo, staffLayer } from './staff';

export { fastJsonOf, fastJsonSerializer } from './fast-json';
export { MAIN_PREFIX, mainLayer, mainLayerEnvelope } from './main';
export { MEMBER_PREFIX, memberLayer, memberLayerEnvelope } from './member';
export type { Failure, HealthProbe, LayerEnvelope, LayerParts, LayerRoutes } from './shared';
export { API_VERSION, answerFailures, requireAccessToken, toFailure, useEnvelope } from './shared';
export {
  requireStaffRole,
  STAFF_PREFIX,
  type StaffCaller,
  type StaffChange,
  type StaffPrincipal,
  type StaffRouteInfo,
  staffCallerOf,
  staffChangeOf,
  staffLayer,
  staffLayerEnvelope,
  staffOf,
} from './staff';

/** The request layers (docs/architecture.md §3): main `/api`, member `/api/fqt`, staff `/api/admin`. */
export type LayerName = 'main' | 'member' | 'staff';

/**
 * Where modules put what they serve: a module plugin adds its routes (and, for a layer's
 * authentication, its hooks) to a layer here while the app is built; `mountLayers` then
 * registers each layer as an encapsulated context holding them. A module never registers
 * routes on the root instance, so no call escapes its layer's envelope and authentication.
 */
export interface LayerRegistry {
  /** Serves a module's calls in a layer (a plugin registered inside the layer's context). */
  add(layer: LayerName, routes: LayerRoutes): void;
  /** Adds a module's authentication hook to every request of a layer, after the layer's own checks. */
  authenticate(layer: LayerName, hook: onRequestAsyncHookHandler): void;
  /** What the modules added to a layer so far. */
  parts(layer: LayerName): LayerParts;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The request layers' registry: modules add their routes to a layer (platform/layers). */
    layers: LayerRegistry;
    /** Every call of the staff layer with the roles it declares, filled as the layer mounts. */
    staffRoutes: readonly StaffRouteInfo[];
  }
}

export function createLayerRegistry(): LayerRegistry {
  const parts: Record<LayerName, { authenticate: onRequestAsyncHookHandler[]; routes: LayerRoutes[] }> = {
    main: { authenticate: [], routes: [] },
    member: { authenticate: [], routes: [] },
    staff: { authenticate: [], routes: [] },
  };
  let mounted = false;
  const open = (layer: LayerName) => {
    if (mounted) throw new Error(`the ${layer} layer is already mounted: register modules before the layers`);
    return parts[layer];
  };
  return {
    add: (layer, routes) => void open(layer).routes.push(routes),
    authenticate: (layer, hook) => void open(layer).authenticate.push(hook),
    parts(layer) {
      mounted = true;
      return { authenticate: [...parts[layer].authenticate], routes: [...parts[layer].routes] };
    },
  };
}

/** Decorates the root with the layers' registry; modules depend on it by name. */
export const layersPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('layers', createLayerRegistry());
  },
  { name: 'layers' },
);

/**
 * Registers the three request layers, each an encapsulated context with its prefix, envelope,
 * error and not-found handlers and authentication, holding what the modules added to it. Call it
 * after every module is registered.
 */
export async function mountLayers(
  app: FastifyInstance,
  deps: { database: HealthProbe; tokens: Pick<AccessTokenService, 'check'> },
): Promise<void> {
  const { database, tokens } = deps;
  await app.register(mainLayer({ database, tokens, parts: app.layers.parts('main') }), {
    prefix: MAIN_PREFIX,
  });
  await app.register(memberLayer({ database, tokens, parts: app.layers.parts('member') }), {
    prefix: MEMBER_PREFIX,
  });
  const staffRoutes: StaffRouteInfo[] = [];
  app.decorate('staffRoutes', staffRoutes);
  await app.register(staffLayer({ database, parts: app.layers.parts('staff'), routeTable: staffRoutes }), {
    prefix: STAFF_PREFIX,
  });
}
