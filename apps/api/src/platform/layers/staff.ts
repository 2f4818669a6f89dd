import type { StaffRole } from '@wings/contracts';
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyRequest,
  preValidationAsyncHookHandler,
} from 'fastify';
import type { AuditActor } from '../audit/audit-log';
import { AppError } from '../errors';
import { mainLayerEnvelope } from './main';
import { type LayerDeps, type LayerEnvelope, serveLayer } from './shared';

/** Where the staff (back-office) layer is served (docs/architecture.md §3: `/api/admin`). */
export const STAFF_PREFIX = '/api/admin';

/** A signed-in staff member, as the staff layer's calls see them. */
export interface StaffPrincipal {
  id: string;
  email: string;
  name: string;
  roles: readonly StaffRole[];
  /** The session the request came with (logout ends it). */
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Staff layer: the roles that may make this call (issue 13: every admin route declares its
     * roles; every other role is refused with 403). A route without roles must be `public`.
     */
    roles?: readonly StaffRole[];
  }
  interface FastifyRequest {
    /** The signed-in staff member of a staff-layer call (set by the staff module), or null. */
    staff: StaffPrincipal | null;
  }
}

/**
 * The staff layer's envelope: the main layer's shape (`{ code, message, data }`, code "0" on
 * success, login expiry 600 also in `data.status`), so the console reads it with the main client.
 */
export const staffLayerEnvelope: LayerEnvelope = mainLayerEnvelope;

/** The signed-in member of a staff call that is not public; the layer has already refused others. */
export function staffOf(request: FastifyRequest): StaffPrincipal {
  if (!request.staff) throw new AppError('loginExpired');
  return request.staff;
}

/**
 * Who makes a staff call, as the services and the audit log name them: the signed-in member,
 * their roles, and the address the call came from.
 */
export interface StaffCaller {
  id: string;
  email: string;
  roles: readonly StaffRole[];
  ip: string | null;
}

/** The caller of a staff call that is not public (see `staffOf`). */
export function staffCallerOf(request: FastifyRequest): StaffCaller {
  const staff = staffOf(request);
  return { id: staff.id, email: staff.email, roles: staff.roles, ip: request.ip ?? null };
}

/** A change made by the caller of a staff call: the audit row's actor and address. */
export interface StaffChange {
  actor: AuditActor;
  ip: string | null;
}

export function staffChangeOf(request: FastifyRequest): StaffChange {
  const { id, email, ip } = staffCallerOf(request);
  return { actor: { id, email }, ip };
}

/**
 * The layer's gate, after the staff module's authentication (an onRequest hook, which sets
 * `request.staff` from the session cookie) and before validation: a call that is not public
 * needs a signed-in member (600 otherwise), holding one of the call's roles (403 otherwise).
 * Without the staff module nobody is ever signed in, so every call but a public one is refused.
 */
export const requireStaffRole: preValidationAsyncHookHandler = async (request) => {
  const config = request.routeOptions.config;
  if (request.routeOptions.url === undefined || config.public) return;
  const staff = request.staff;
  if (!staff) throw new AppError('loginExpired');
  const allowed = config.roles ?? [];
  if (!staff.roles.some((role) => allowed.includes(role))) throw new AppError('staffForbidden');
};

/**
 * Refuses to start when a staff route names no roles and is not public: a call nobody thought
 * about must not be open to every role (issue 13).
 */
function requireDeclaredRoles(layer: FastifyInstance, table: StaffRouteInfo[]): void {
  layer.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { public?: boolean; roles?: readonly StaffRole[] };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (config.public) {
      for (const method of methods) table.push({ method, url: route.url, roles: null });
      return;
    }
    if (!config.roles || config.roles.length === 0) {
      throw new Error(
        `staff route ${route.method} ${route.url} declares no roles (config.roles) and is not public`,
      );
    }
    for (const method of methods) table.push({ method, url: route.url, roles: config.roles });
  });
}

/** A staff call as declared: its method, its path, and the roles that may make it (null: public). */
export interface StaffRouteInfo {
  method: string;
  url: string;
  roles: readonly StaffRole[] | null;
}

/**
 * The staff request layer, an encapsulated context at /api/admin. Each call it serves is listed in
 * `routeTable` as it is declared (the per-route role test walks it).
 */
export function staffLayer(deps: LayerDeps & { routeTable?: StaffRouteInfo[] }): FastifyPluginAsync {
  return serveLayer(staffLayerEnvelope, deps, (layer) => {
    layer.decorateRequest('staff', null);
    requireDeclaredRoles(layer, deps.routeTable ?? []);
    layer.addHook('preValidation', requireStaffRole);
  });
}
