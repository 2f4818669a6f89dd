import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  callErrorMessageKey,
  ErrorCodes,
  type ErrorName,
  type FieldIssue,
  formatMessage,
  LOGIN_EXPIRED_DATA_STATUS,
} from '@wings/contracts';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { createAccountsService } from './modules/accounts/accounts.service';
import { accountsPlugin } from './modules/accounts/session.plugin';
import { bookingRoutes, createBookingService } from './modules/booking/booking.routes';
import { contentRoutes } from './modules/content/content.routes';
import { itineraryRoutes } from './modules/itinerary/itinerary.routes';
import { oauthRoutes } from './modules/oauth/oauth.routes';
import { sandboxEnabled } from './modules/oauth/providers';
import { sandboxOAuthRoutes } from './modules/oauth/sandbox.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { paymentsPlugin } from './modules/payments/payments.routes';
import { pricingPlugin } from './modules/pricing/pricing.routes';
import { createAirportZones } from './modules/shopping/airport-zones';
import { shoppingRoutes } from './modules/shopping/shopping.routes';
import { AccessTokenRepository } from './platform/auth/access-token.repository';
import { accessTokenRoutes } from './platform/auth/access-token.routes';
import { AccessTokenService } from './platform/auth/access-token.service';
import { type Database, isDatabaseUnavailable } from './platform/db';
import { AppError } from './platform/errors';
import { capConnectionsPerAddress, frameworkError, refuseNulCharacters } from './platform/http-guards';
import { languagePlugin } from './platform/i18n';
import { JobRunner } from './platform/jobs/jobs';
import { devMailboxRoutes } from './platform/mail/dev-mailbox.routes';
import { createMailer, type Mailer } from './platform/mail/mailer';
import { RateLimiter } from './platform/rate-limit';
import { readBodyContext } from './platform/request-context';
import { serverKeys } from './platform/secrets';
import { securityHeaders } from './platform/security-headers';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without an access token (health, docs, getAccessToken). */
    public?: boolean;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  /** The clock; tests move it. */
  now?: () => Date;
  /** Pino options, or false to stay quiet (tests). */
  logger?: boolean | { level: string };
  /** Outgoing mail; by default SMTP when SMTP_URL is set, else the dev mailbox. */
  mailer?: Mailer;
}

export const API_VERSION = '0.1.0';

/** The whole HTTP application: used by main.ts and, with app.inject, by the tests. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const now = deps.now ?? (() => new Date());
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    // A whole request, headers and body, must arrive within this time or it is answered 408 and
    // closed (a slow body once held a connection for 400 s). Node checks it every second here.
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, config.requestTimeoutMs),
    },
    frameworkErrors: frameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  capConnectionsPerAddress(app.server, config.maxConnectionsPerIp);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(languagePlugin);
  app.decorate('mailer', deps.mailer ?? createMailer({ config, db: database.db, logger: app.log }));

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('preValidation', refuseNulCharacters);
  // Spec §7: `language` and `apiBkSource` the main layer adds to object bodies (read, then removed).
  app.addHook('preValidation', readBodyContext);
  await app.register(fastifyHelmet, securityHeaders(config));

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Airline traveller API',
        description:
          'Search, booking, payment, tickets, after-sales and loyalty. Replies use the envelope { code, message, data }; code "0" is success.',
        version: API_VERSION,
      },
      components: {
        securitySchemes: { accessToken: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ accessToken: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });

  const tokens = new AccessTokenService(
    new AccessTokenRepository(database.db),
    { id: config.appId, secret: config.appSecret, ttlSeconds: config.accessTokenTtlSeconds },
    now,
    {
      limiter: new RateLimiter(database.db, now),
      perIpMinute: config.accessTokensPerIpMinute,
      perAppMinute: config.accessTokensPerAppMinute,
    },
  );

  // Every /api call needs a live access token, except those marked public (spec §7: 2000 / 2007).
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return;
    if (request.routeOptions.url === undefined || request.routeOptions.config.public) return;
    const auth = request.headers.authorization;
    const token = auth?.startsWith('Bearer ') ? auth.slice(7).trim() : undefined;
    const state = await tokens.check(token);
    if (state === 'missing') throw new AppError('accessTokenMissing');
    if (state === 'expired') throw new AppError('accessTokenExpired');
  });

  // Login sessions (`token` header), read after the access token so a missing one is reported first.
  const accounts = createAccountsService({ db: database.db, mailer: app.mailer, now, config });
  await app.register(accountsPlugin(accounts));

  // Background jobs on the same database (DESIGN.md §4); main.ts starts the workers, closing stops them.
  const jobs = new JobRunner({ pool: database.pool, log: app.log });
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => jobs.stop());
  // Airport time zones, read once for every module that needs them (the network's data).
  const airportZones = createAirportZones(database.db);
  const booking = createBookingService({
    zones: airportZones,
    db: database.db,
    now,
    jobs,
    accounts,
    log: app.log,
    orderPayMinutes: config.orderPayMinutes,
    guestNationalities: config.guestNationalities,
    limits: config.bookingLimits,
  });
  app.decorate('booking', booking);

  // Success replies get their message in the caller's language.
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    if (payload && typeof payload === 'object' && (payload as { code?: unknown }).code === '0') {
      const p = payload as { message?: string };
      if (!p.message) p.message = formatMessage('ok', request.lang);
    }
    return payload;
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const failure = withCallMessage(toFailure(error, request), error, request);
    if (failure.status >= 500) request.log.error({ err: error }, 'request failed');
    // A business failure caused by something outside (a mail server, a provider) is worth a line.
    else if (error instanceof AppError && error.cause) {
      request.log.warn({ err: error.cause, code: error.code }, `request failed: ${error.key}`);
    }
    // A failure is not the route's success shape: sent pre-serialized, past the route's schema.
    return reply
      .status(failure.status)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ code: failure.code, message: failure.message, data: failure.data }));
  });

  app.setNotFoundHandler((request, reply) => {
    const { code, key } = ErrorCodes.notFound;
    return reply.status(404).send({ code, message: formatMessage(key, request.lang), data: null });
  });

  app.get(
    '/api/health',
    {
      config: { public: true },
      schema: { summary: 'Liveness and database reachability', tags: ['platform'] },
    },
    async (request, reply) => {
      const up = await database.ping();
      const data = { status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down', version: API_VERSION };
      if (!up) {
        return reply.status(503).send({
          code: ErrorCodes.unavailable.code,
          message: formatMessage('system_error', request.lang),
          data,
        });
      }
      return { code: '0', message: '', data };
    },
  );

  // Decorates `app.pricing` (booking prices its orders through it) and serves the pricing calls under /api.
  await app.register(
    pricingPlugin({ db: database.db, now, offerMinutes: config.offerMinutes, zones: airportZones }),
  );
  // Decorates `app.payments` and serves payment calls, the sandbox gateway and ticketing jobs under /api.
  await app.register(paymentsPlugin({ config, db: database.db, jobs, now }));

  await app.register(
    async (api) => {
      await api.register(accessTokenRoutes(tokens));
      await api.register(contentRoutes({ db: database.db }));
      await api.register(accountsRoutes({ accounts, db: database.db, now }));
      await api.register(oauthRoutes({ config, db: database.db, accounts, now }));
      // The sandbox identity provider stands in for providers without keys, never in production.
      if (sandboxEnabled(config)) await api.register(sandboxOAuthRoutes({ config, now }));
      await api.register(shoppingRoutes({ db: database.db, now, cacheTtlMs: config.searchCacheTtlMs }));
      await api.register(bookingRoutes({ service: booking, jobs }));
      // Order grants are keyed with the server secret, never the (public) app secret.
      const grantKeys = serverKeys(config).orderGrant;
      await api.register(
        ordersRoutes({
          db: database.db,
          now,
          grantKeys,
          zones: airportZones,
          devPayOneCent: config.devPayOneCent,
        }),
      );
      await api.register(itineraryRoutes({ db: database.db, now, grantKeys, zones: airportZones }));
      // The dev mailbox exists only where mail is kept instead of sent (issue 3, Mail).
      if (config.env !== 'production' && !config.smtpUrl) {
        await api.register(devMailboxRoutes({ db: database.db }));
      }
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, config.webDist);

  // Nonces and tokens past their window are removed now and then; any process may do it.
  const purge = setInterval(() => {
    tokens.purgeExpired().catch((err) => app.log.warn({ err }, 'purging expired tokens failed'));
  }, 10 * 60_000);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));

  return app;
}

interface Failure {
  status: number;
  code: string;
  message: string;
  data: { fields?: FieldIssue[]; [key: string]: unknown } | null;
}

function catalogue(name: ErrorName, request: FastifyRequest, params: Record<string, string | number> = {}) {
  const entry: { code: string; key: string; httpStatus?: number } = ErrorCodes[name];
  return {
    status: entry.httpStatus ?? 200,
    code: entry.code,
    message: formatMessage(entry.key, request.lang, params),
  };
}

/**
 * Spec §8's per-call messages (contracts CALL_ERROR_MESSAGES): a failure of a listed call and code
 * carries the spec's message; its own text follows in `data.detail` and its key in `data.reason`.
 * A login-expired reply also says so in `data.status` (spec §7: 600), where the main layer reads it.
 */
function withCallMessage(failure: Failure, error: FastifyError | AppError, request: FastifyRequest): Failure {
  if (failure.code === ErrorCodes.loginExpired.code) {
    return { ...failure, data: { ...failure.data, status: LOGIN_EXPIRED_DATA_STATUS } };
  }
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

/** Maps any error to the envelope: catalogue errors keep their code, nothing internal leaks. */
function toFailure(error: FastifyError | AppError, request: FastifyRequest): Failure {
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

/** Serves the built traveller app at `/`: hashed assets cached for a year, index.html always revalidated. */
async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    app.get('/', { config: { public: true }, schema: { hide: true } }, async (_req, reply) =>
      reply
        .type('text/html')
        .send(
          '<!doctype html><meta charset="utf-8"><title>Build the web app</title><p>The traveller app is not built yet. Run <code>npm start</code> from the repository root, which builds it.</p>',
        ),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    // One route per built file: no catch-all, so an unknown /api path is a plain 404.
    wildcard: false,
    // Cache headers are ours (below), not the plugin's max-age=0 default.
    cacheControl: false,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.setHeader('cache-control', 'no-cache');
      }
    },
  });
}
