import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyCompress, { type FastifyCompressOptions } from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { accountsModule } from './modules/accounts';
import { addonsModule } from './modules/addons';
import { bookingModule } from './modules/booking';
import { changesCallsModule, changesModule } from './modules/changes';
import { checkInModule } from './modules/check-in';
import { contentModule } from './modules/content';
import { dashboardAdminModule } from './modules/dashboard';
import { exchangeRatesModule } from './modules/exchange-rates';
import { insuranceModule } from './modules/insurance';
import { inventoryModule } from './modules/inventory';
import { itineraryModule } from './modules/itinerary';
import { loyaltyModule } from './modules/loyalty';
import { mileageModule } from './modules/mileage';
import { networkAdminModule, networkModule } from './modules/network';
import { oauthModule } from './modules/oauth';
import { paymentsModule } from './modules/payments';
import { pricingModule } from './modules/pricing';
import { refundsCallsModule, refundsModule } from './modules/refunds';
import { seatingModule } from './modules/seating';
import { secondaryServicesCallsModule, secondaryServicesModule } from './modules/secondary-services';
import { settingsModule } from './modules/settings';
import { shoppingModule } from './modules/shopping';
import { staffModule } from './modules/staff';
import { ticketsModule } from './modules/tickets';
import { AuditLog } from './platform/audit/audit-log';
import { AccessTokenRepository } from './platform/auth/access-token.repository';
import { accessTokenRoutes } from './platform/auth/access-token.routes';
import { AccessTokenService } from './platform/auth/access-token.service';
import type { Database } from './platform/db';
import { DevClock, devClockRoutes } from './platform/dev-clock';
import { devJobsRoutes } from './platform/dev-jobs';
import { createFileStore } from './platform/files/file-store';
import { capConnectionsPerAddress, frameworkError, refuseNulCharacters } from './platform/http-guards';
import { languagePlugin } from './platform/i18n';
import { JobRunner } from './platform/jobs/jobs';
import { API_VERSION, answerFailures, layersPlugin, mainLayerEnvelope, mountLayers } from './platform/layers';
import { devMailboxRoutes } from './platform/mail/dev-mailbox.routes';
import { createMailer, type Mailer } from './platform/mail/mailer';
import type { Platform } from './platform/module';
import { Notifications } from './platform/notifications';
import { RateLimiter } from './platform/rate-limit';
import { serverKeys } from './platform/secrets';
import { addSecurityHeaders } from './platform/security-headers';
import { devSmsRoutes } from './platform/sms/dev-sms.routes';
import { createSmsSender } from './platform/sms/sms';

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

export { API_VERSION };

/** The whole HTTP application: used by main.ts and, with app.inject, by the tests. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const wallClock = deps.now ?? (() => new Date());
  // Outside production the clock may run ahead by the development clock's offset (platform/dev-clock.ts).
  const devClock =
    config.env !== 'production'
      ? new DevClock(database.db, wallClock, { warn: (obj, msg) => app.log.warn(obj, msg) })
      : null;
  const now = devClock?.now ?? wallClock;
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
  // Replies of 1 KB or more (JSON, the docs, the dev pages) in brotli or gzip when the client
  // accepts it, with `Vary: accept-encoding`; registered before every route, which it then covers.
  // The built web app's files come compressed from the build (registerWebApp), and a reply that
  // already has a Content-Encoding or is not text (the itinerary PDF) is left alone.
  await app.register(fastifyCompress, compressReplies);
  // Paths outside every request layer (the web app's missing files, the docs) answer in the main envelope.
  answerFailures(app, mainLayerEnvelope);
  // The request layers' registry: modules add their calls to a layer, mounted after them (below).
  await app.register(layersPlugin);
  addSecurityHeaders(app, config);

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
    // Access tokens keep the wall clock: the device signs its token request with its own time.
    wallClock,
    {
      limiter: new RateLimiter(database.db, wallClock),
      perIpMinute: config.accessTokensPerIpMinute,
      perAppMinute: config.accessTokensPerAppMinute,
    },
    devClock?.now ?? null,
  );

  // Background jobs on the same database (docs/architecture.md §5); main.ts starts the workers, closing stops them.
  const jobs = new JobRunner({ pool: database.pool, log: app.log });
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => jobs.stop());

  // What every module is built from (platform/module.ts), with its own settings slice (config.ts).
  const platform: Platform = {
    db: database.db,
    now,
    jobs,
    mailer: app.mailer,
    log: app.log,
    // Keyed with the server secret, never the (public) app secret, one key per purpose.
    keys: serverKeys(config),
    env: config.env,
    baseUrl: (config.publicUrl ?? `http://127.0.0.1:${config.port}`).replace(/\/+$/, ''),
    publicUrl: config.publicUrl?.replace(/\/+$/, ''),
    audit: new AuditLog(database.db, now),
    notifications: new Notifications({ db: database.db, log: app.log }),
    // Member codes by SMS: a provider with SMS_URL, else the dev outbox at /api/dev/sms.
    sms: createSmsSender({ config, db: database.db, logger: app.log }),
    // Member document photos: FILES_DIR, or an S3-compatible store by configuration.
    files: createFileStore(config),
  };
  devClock?.listen(platform.notifications);
  // One connection per process listens for every module's channel, from ready to close.
  app.addHook('onReady', () => platform.notifications.start());
  app.addHook('onClose', () => platform.notifications.stop());

  // The modules, each a named plugin that builds its services from the platform and the modules it
  // names as dependencies (Fastify refuses to start if one is missing or comes later), registers
  // its jobs and adds its calls to a request layer (docs/decisions.md, issue 11).
  await app.register(networkModule, { platform, config: config.network });
  // The airline's settings (the customer-service contact): e-mails and the itinerary read it.
  await app.register(settingsModule, { platform, config: { seedDemo: config.network.seedDemo } });
  await app.register(inventoryModule, { platform, config: undefined });
  await app.register(exchangeRatesModule, { platform, config: undefined });
  await app.register(ticketsModule, { platform, config: undefined });
  await app.register(accountsModule, { platform, config: config.accounts });
  await app.register(oauthModule, { platform, config: config.oauth });
  // The member programme (issue 17): members, their records and photos; booking reads card numbers from it.
  await app.register(loyaltyModule, { platform, config: config.loyalty });
  await app.register(contentModule, { platform, config: undefined });
  await app.register(shoppingModule, { platform, config: config.shopping });
  await app.register(pricingModule, { platform, config: config.pricing });
  // The add-on catalogue (issue 14): its prices of an offer's legs; seating's seat prices come from it.
  await app.register(addonsModule, { platform, config: undefined });
  // Travel insurance: plans, the insurer (sandbox outside production) and quotes of pricing's offers.
  await app.register(insuranceModule, {
    platform,
    config: { ...config.insurance, seedDemo: config.network.seedDemo },
  });
  // Seat maps and seat assignments (issue 14); booking holds seats through it in its transaction.
  await app.register(seatingModule, { platform, config: undefined });
  await app.register(bookingModule, {
    platform,
    config: {
      ...config.booking,
      airlineCode: config.tickets.airlineCode,
      devPayOneCent: config.payments.devPayOneCent,
    },
  });
  // Add-ons bought after ticketing (issue 14): the owner of the payable kind `addon`, before payments.
  const secondaryServices = { airlineCode: config.tickets.airlineCode };
  await app.register(secondaryServicesModule, { platform, config: secondaryServices });
  // Online refunds (issue 15), part one: how a refund order learns its money is back (payments calls it).
  await app.register(refundsModule, { platform, config: config.refunds });
  // Changes of date (issue 16), part one: the owner of the payable kind `change`, before payments.
  await app.register(changesModule, { platform, config: undefined });
  // Payments pays payables; booking owns the kind `order` (payments never imports booking).
  await app.register(paymentsModule, {
    platform,
    config: { ...config.payments, wechatOfficialAccount: config.oauth.wechat },
    owners: [app.orderPayables, app.addonPayables, app.changePayables],
    refundListeners: [app.refundMoney],
  });
  // The add-on calls and their expiry sweep, which pay and refund through payments.
  await app.register(secondaryServicesCallsModule, { platform, config: secondaryServices });
  // The refund calls, the staff audit and the sweep: tickets, seats and money through their modules.
  await app.register(refundsCallsModule, { platform, config: config.refunds });
  await app.register(itineraryModule, { platform, config: undefined });
  // The change calls, the free moves after the airline changed a flight, their console and sweep.
  await app.register(changesCallsModule, { platform, config: { airlineCode: config.tickets.airlineCode } });
  // Online check-in, boarding passes and the departure close (issue 15).
  await app.register(checkInModule, { platform, config: undefined });
  // The mileage programme (issue 18): after booking and tickets, whose flown coupons it credits.
  await app.register(mileageModule, { platform, config: undefined });
  // The network's staff calls: a flight change writes the orders' history through booking.
  await app.register(networkAdminModule, { platform, config: undefined });
  // The staff dashboard: figures of booking, payments and inventory, each read through its module.
  await app.register(dashboardAdminModule, { platform, config: undefined });
  // Staff accounts, sign-in and sessions of the console (/api/admin), and the audit log's reads.
  await app.register(staffModule, {
    platform,
    config: { seedDemo: config.network.seedDemo, secureCookie: config.env === 'production' },
  });

  // The platform's own calls: app access tokens and, where mail is kept instead of sent, the dev mailbox.
  app.layers.add('main', accessTokenRoutes(tokens));
  if (config.env !== 'production' && !config.smtpUrl) {
    app.layers.add('main', devMailboxRoutes({ db: database.db }));
  }
  // Likewise texts kept instead of sent (no SMS_URL): the dev SMS outbox.
  if (config.env !== 'production' && !config.smsUrl) {
    app.layers.add('main', devSmsRoutes({ db: database.db }));
  }
  if (devClock) {
    app.layers.add('main', devClockRoutes({ clock: devClock, notifications: platform.notifications }));
    // With it, a job run now rather than at its next slot (a journey's departure close, accrual).
    app.layers.add('main', devJobsRoutes({ jobs: platform.jobs }));
  }

  // The request layers, each an encapsulated context with its envelope and authentication.
  await mountLayers(app, { database, tokens });

  await registerWebApp(app, config.webDist);
  await registerConsoleApp(app, config.consoleDist);

  // Nonces and tokens past their window are removed now and then; any process may do it.
  const purge = setInterval(() => {
    tokens.purgeExpired().catch((err) => app.log.warn({ err }, 'purging expired tokens failed'));
  }, 10 * 60_000);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));

  return app;
}

/**
 * How replies are compressed (@fastify/compress): brotli at quality 4 (the plugin's default,
 * fast enough per request) or gzip, from 1 KB. Request bodies are never decompressed: no client
 * sends them compressed, and the payment gateways' notifications must reach their signature
 * check as the exact bytes sent (a Content-Encoding on them is not ours to interpret).
 */
const compressReplies = {
  encodings: ['br', 'gzip'],
  threshold: 1024,
  globalDecompression: false,
} satisfies FastifyCompressOptions;

/** Where the staff console is served (BrowserRouter's basename in apps/console). */
export const CONSOLE_PATH = '/console';

/**
 * Serves the built staff console at `/console/` like the traveller app (hashed assets immutable,
 * brotli or gzip from the build, `Vary: accept-encoding`), and its index.html, never cached stale,
 * for every other path below it: the console routes in the browser (`/console/staff`,
 * `/console/orders/X1`), so a reload or a shared link opens the same page.
 */
async function registerConsoleApp(app: FastifyInstance, consoleDist: string): Promise<void> {
  const indexFile = path.join(consoleDist, 'index.html');
  const built = existsSync(indexFile);
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    // A built file that is not there (an old hash) is a 404, never the page in its place.
    if (request.url.startsWith(`${CONSOLE_PATH}/assets/`)) return reply.callNotFound();
    if (!built) {
      return reply
        .code(503)
        .type('text/html')
        .header('cache-control', 'no-store')
        .send(
          '<!doctype html><meta charset="utf-8"><title>Build the console</title><p>The staff console is not built yet. Run <code>npm start</code> from the repository root, which builds it.</p>',
        );
    }
    // Read on each visit (about a kilobyte): a rebuilt console is served at once, never a stale page.
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .send(await readFile(indexFile));
  };
  const route = { config: { public: true }, schema: { hide: true } };
  app.get(CONSOLE_PATH, route, (_req, reply) => reply.redirect(`${CONSOLE_PATH}/`));
  if (built) {
    await app.register(fastifyStatic, {
      root: consoleDist,
      prefix: `${CONSOLE_PATH}/`,
      // The traveller app's registration owns the reply decorators (sendFile).
      decorateReply: false,
      wildcard: false,
      cacheControl: false,
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz', 'index.html'],
      setHeaders(res, filePath) {
        res.setHeader('vary', 'accept-encoding');
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  // A built file's own route wins over this one; everything else below /console/ is the app.
  app.get(`${CONSOLE_PATH}/`, route, page);
  app.get(`${CONSOLE_PATH}/*`, route, page);
}

/**
 * Serves the built traveller app at `/`: hashed assets cached for a year, index.html and sw.js
 * always revalidated. A client that accepts brotli or gzip gets the `.br` or `.gz` file the
 * build wrote beside each text file (apps/web/compress-assets.ts), with `Content-Encoding`;
 * every answer says `Vary: accept-encoding` so a cache keeps the variants apart.
 */
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
    preCompressed: true,
    // The compressed copies are sent in place of their file, never at URLs of their own.
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders(res, filePath) {
      res.setHeader('vary', 'accept-encoding');
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.setHeader('cache-control', 'no-cache');
      }
    },
  });
}
