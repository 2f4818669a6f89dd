import { ErrorCodes, type ErrorName, type FieldIssue, formatMessage } from '@wings/contracts';
import type {
  FastifyError,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
} from 'fastify';
import { type FastifyPluginAsyncZod, hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { AccessTokenService } from '../auth/access-token.service';
import { isDatabaseUnavailable } from '../db';
import { AppError } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without the layer's authentication (health, docs, getAccessToken, gateway callbacks). */
    public?: boolean;
  }
}

/** The version every layer's health call reports. */
export const API_VERSION = '0.1.0';

/**
 * A failure before it takes a layer's shape: the HTTP status (200 for a business failure,
 * docs/api.md Conventions), the catalogue code, the message in the caller's language and the data.
 */
export interface Failure {
  status: number;
  code: string;
  message: string;
  data: { fields?: FieldIssue[]; [key: string]: unknown } | null;
}

/**
 * What makes a request layer's replies its own (docs/architecture.md §3, spec §7): how a success and a
 * failure look. The error, not-found and success-message handling around it are shared.
 */
export interface LayerEnvelope {
  /** A success reply with its message still empty (filled in the caller's language on the way out). */
  ok<T>(data: T): object;
  /** Whether a reply is this layer's success whose message is still to be filled. */
  needsMessage(payload: unknown): payload is { message: string };
  /** The body of a failure in this layer's shape. */
  failure(failure: Failure, error: FastifyError | AppError | null, request: FastifyRequest): object;
}

/** A module's calls in a layer: a plugin registered inside the layer's context (its prefix, envelope, hooks). */
export type LayerRoutes =
  | FastifyPluginAsync
  | FastifyPluginAsyncZod
  | ((instance: FastifyInstance) => Promise<void>);

/** What the modules serve in one layer (collected by app.layers, see ./index.ts). */
export interface LayerParts {
  /**
   * The modules' authentication hooks of the layer (e.g. the traveller session of the main
   * layer), run on every request of the layer after its own checks (the access token), in order.
   */
  authenticate: readonly onRequestAsyncHookHandler[];
  /** The modules' routes, registered in this order. */
  routes: readonly LayerRoutes[];
}

/** Adds the modules' authentication hooks to a layer's context, then registers their routes. */
export async function serveParts(layer: FastifyInstance, parts: LayerParts): Promise<void> {
  for (const hook of parts.authenticate) layer.addHook('onRequest', hook);
  for (const routes of parts.routes) await layer.register(routes);
}

/** What every layer needs to answer its health call. */
export interface HealthProbe {
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
}

/** What a layer is given: the database its health call pings, what the modules serve in it. */
export interface LayerDeps {
  database: HealthProbe;
  /** What the modules serve in this layer (app.layers), registered in this context. */
  parts: LayerParts;
}

/** What a layer whose calls need a live app access token (main, member) is given. */
export interface TokenLayerDeps extends LayerDeps {
  tokens: Pick<AccessTokenService, 'check'>;
}

/**
 * A request layer as an encapsulated context: its envelope, its own request hooks (`hooks`,
 * added before any route, so every call of the layer runs them), its health call, then what
 * the modules serve in it.
 */
export function serveLayer(
  envelope: LayerEnvelope,
  deps: LayerDeps,
  hooks: (layer: FastifyInstance) => void,
): FastifyPluginAsync {
  return async (layer) => {
    useEnvelope(layer, envelope);
    hooks(layer);
    await layer.register(healthRoute(envelope, deps.database));
    await serveParts(layer, deps.parts);
  };
}

/**
 * Gives an encapsulated context a layer's envelope: its error handler (every error, one shape, in
 * the caller's language, nothing internal leaking), its not-found reply for paths inside its
 * prefix, and the success message filled in the caller's language.
 */
export function useEnvelope(layer: FastifyInstance, envelope: LayerEnvelope): void {
  layer.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    if (envelope.needsMessage(payload) && !payload.message) {
      payload.message = formatMessage('ok', request.lang);
    }
    return payload;
  });
  answerFailures(layer, envelope);
}

/**
 * A context's error handler and not-found reply in an envelope: what a layer has, and what the
 * root has for the paths outside every layer (the built web app's missing files, the docs).
 */
export function answerFailures(layer: FastifyInstance, envelope: LayerEnvelope): void {
  layer.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const failure = toFailure(error, request);
    if (failure.status >= 500) request.log.error({ err: error }, 'request failed');
    // A business failure caused by something outside (a mail server, a provider) is worth a line.
    else if (error instanceof AppError && error.cause) {
      request.log.warn({ err: error.cause, code: error.code }, `request failed: ${error.key}`);
    }
    return sendFailure(reply, failure.status, envelope.failure(failure, error, request));
  });

  layer.setNotFoundHandler((request, reply) => {
    const failure: Failure = { ...catalogue('notFound', request), data: null };
    return sendFailure(reply, failure.status, envelope.failure(failure, null, request));
  });
}

/** A failure is not the route's success shape: sent pre-serialized, past the route's schema. */
function sendFailure(reply: FastifyReply, status: number, body: object) {
  return reply.status(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

/**
 * The layer's health call: liveness and database reachability, public (a load balancer's
 * probe carries no token), 503 in the layer's failure shape while the database is down. `pid`
 * names the process that answered: with several processes behind one port (WEB_CONCURRENCY) it
 * tells them apart and matches the `pid` of their log lines.
 */
export function healthRoute(envelope: LayerEnvelope, database: HealthProbe): LayerRoutes {
  return async (layer: FastifyInstance) => {
    layer.get(
      '/health',
      {
        config: { public: true },
        schema: { summary: 'Liveness and database reachability', tags: ['platform'] },
      },
      async (request, reply) => {
        const up = await database.ping();
        const data = {
          status: up ? 'ok' : 'degraded',
          database: up ? 'up' : 'down',
          version: API_VERSION,
          pid: process.pid,
        };
        if (!up) {
          const failure: Failure = { ...catalogue('unavailable', request), data };
          return sendFailure(reply, failure.status, envelope.failure(failure, null, request));
        }
        return envelope.ok(data);
      },
    );
  };
}

/**
 * Every call of a layer needs a live app access token (spec §7: 2000 missing, 2007 expired; the
 * client renews it once), except routes marked public and paths no route serves (a 404 stays 404).
 */
export function requireAccessToken(tokens: Pick<AccessTokenService, 'check'>): onRequestAsyncHookHandler {
  return async (request) => {
    if (request.routeOptions.url === undefined || request.routeOptions.config.public) return;
    const auth = request.headers.authorization;
    const token = auth?.startsWith('Bearer ') ? auth.slice(7).trim() : undefined;
    const state = await tokens.check(token);
    if (state === 'missing') throw new AppError('accessTokenMissing');
    if (state === 'expired') throw new AppError('accessTokenExpired');
  };
}

/** A catalogue entry as a failure's status, code and message in the caller's language. */
export function catalogue(
  name: ErrorName,
  request: FastifyRequest,
  params: Record<string, string | number> = {},
): Omit<Failure, 'data'> {
  const entry: { code: string; key: string; httpStatus?: number } = ErrorCodes[name];
  return {
    status: entry.httpStatus ?? 200,
    code: entry.code,
    message: formatMessage(entry.key, request.lang, params),
  };
}

/** Maps any error to a failure: catalogue errors keep their code, nothing internal leaks. */
export function toFailure(error: FastifyError | AppError, request: FastifyRequest): Failure {
  const lang = request.lang;
  if (error instanceof AppError) {
    const fields = error.fields.map((f) => ({
      field: f.field,
      key: f.key,
      message: formatMessage(f.key, lang, f.params),
    }));
    const first = fields[0];
    const message =
      error.errorName === 'invalidRequest' && first
        ? first.message
        : formatMessage(error.key, lang, error.params);
    const data = fields.length || error.data ? { ...error.data, ...(fields.length ? { fields } : {}) } : null;
    return { status: error.httpStatus, code: error.code, message, data };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = error.validationContext ?? 'body';
    const fields = error.validation.map((v) => {
      const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || where;
      return { field, key: 'invalid_request', message: `${field}: ${v.message}` };
    });
    const detail = fields.map((f) => f.message).join('; ');
    return { ...catalogue('invalidRequest', request, { detail }), data: { fields } };
  }
  const status = error.statusCode ?? 500;
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    const detail =
      lang === 'zh'
        ? '请求体不是有效的 JSON'
        : lang === 'km'
          ? 'body មិនមែនជា JSON ត្រឹមត្រូវ'
          : 'the body is not valid JSON';
    return { ...catalogue('invalidRequest', request, { detail }), data: { fields: [] } };
  }
  if (status === 413) return { ...catalogue('payloadTooLarge', request), data: null };
  if (status === 415) return { ...catalogue('unsupportedMediaType', request), data: null };
  if (status >= 400 && status < 500) {
    return { ...catalogue('invalidRequest', request, { detail: error.message }), status: status, data: null };
  }
  // The database is gone for now (restart, fail-over, connection killed): the call may be retried.
  if (status === 503 || isDatabaseUnavailable(error)) {
    return { ...catalogue('unavailable', request), data: null };
  }
  return { ...catalogue('systemError', request), data: null };
}
