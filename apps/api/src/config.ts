import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { type AccountsConfig, accountsSettings } from './modules/accounts/accounts.config';
import { type BookingConfig, bookingSettings } from './modules/booking/booking.config';
import { type InsuranceConfig, insuranceSettings } from './modules/insurance/insurance.config';
import { type LoyaltyConfig, loyaltySettings } from './modules/loyalty/loyalty.config';
import { type NetworkConfig, networkSettings } from './modules/network/network.config';
import { type OAuthConfig, oauthSettings } from './modules/oauth/oauth.config';
import { type PaymentsConfig, paymentsSettings } from './modules/payments/payments.config';
import { type PricingConfig, pricingSettings } from './modules/pricing/pricing.config';
import { type RefundsConfig, refundsSettings } from './modules/refunds/refunds.config';
import { type ShoppingConfig, shoppingSettings } from './modules/shopping/shopping.config';
import { type TicketsConfig, ticketsSettings } from './modules/tickets/tickets.config';
import { defineSettings, type SettingsBase, type SliceOf } from './platform/settings';

export type { AccountsConfig } from './modules/accounts/accounts.config';
export type { BookingConfig } from './modules/booking/booking.config';
export type { InsuranceConfig } from './modules/insurance/insurance.config';
export type { NetworkConfig } from './modules/network/network.config';
export type { OAuthConfig } from './modules/oauth/oauth.config';
export type { AbaConfig, PaymentsConfig, WechatPayConfig } from './modules/payments/payments.config';
export { ABA_SANDBOX_URL } from './modules/payments/payments.config';
export type { PricingConfig } from './modules/pricing/pricing.config';
export type { RefundsConfig } from './modules/refunds/refunds.config';
export type { ShoppingConfig } from './modules/shopping/shopping.config';
export type { TicketsConfig } from './modules/tickets/tickets.config';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(apiRoot, '../..');

/** The demo app credentials, used only outside production (written in the README). */
export const DEMO_APP_ID = 'wings-h5-demo';
export const DEMO_APP_SECRET = 'demo-secret-change-me';

/*
 * The configuration is composed of slices (issue 11 §2). The platform's slices below (the
 * server, its database, the secrets, access tokens, mail) are read by platform code and stay at
 * the top of `Config` (`config.port`, `config.appSecret` ...). Each module owns the slice of its
 * settings in `modules/<area>/<area>.config.ts` and is handed only that slice
 * (`config.booking`, `config.payments` ...). Every variable is listed in docs/operations.md.
 */

/** The HTTP server: where it listens, what it serves, and its limits at the edge. */
const serverSettings = defineSettings({
  env: z.object({
    PORT: z.coerce.number().int().min(1).max(65535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** The address travellers reach the app at, used in links and printed at start. */
    PUBLIC_URL: z.url().optional(),
    /** Built traveller app to serve at `/`. */
    WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
    /** Built staff console to serve at `/console/`. */
    CONSOLE_DIST: z.string().default(path.join(repoRoot, 'apps/console/dist')),
    /**
     * Whether to believe X-Forwarded-For for the client address used by rate limits: `false`
     * (default: clients connect directly), `true` (any proxy), a hop count, or proxy addresses.
     */
    TRUST_PROXY: z.string().default('false'),
    /**
     * Milliseconds a client has to send a whole request, headers and body (issue 9: a slow body
     * once held a connection for 400 s). Past it the connection is answered 408 and closed.
     */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    /**
     * Open connections one address may hold at once; more are closed at accept. It counts the
     * direct peer, so behind a load balancer set 0 (off) and cap at the balancer.
     */
    MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).default(128),
    /**
     * API processes on this machine: `1` serves from the starting process alone; N from 2 to 64
     * prepares the database once, then forks N worker processes sharing the port (node:cluster);
     * `auto` is one per core. docs/operations.md, "Several processes on one machine".
     */
    WEB_CONCURRENCY: z
      .string()
      .trim()
      .refine(
        (v) => v === 'auto' || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 64),
        'must be auto or a whole number from 1 to 64',
      )
      .default('1'),
  }),
  check(c, ctx, { production }) {
    // Gateways post notifications to it and send travellers back to it after paying.
    if (production && !c.PUBLIC_URL?.startsWith('https://')) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'must be the https:// address travellers and payment gateways reach, in production',
      });
    }
  },
  read: (c) => ({
    port: c.PORT,
    host: c.HOST,
    logLevel: c.LOG_LEVEL,
    publicUrl: c.PUBLIC_URL,
    webDist: path.resolve(c.WEB_DIST),
    consoleDist: path.resolve(c.CONSOLE_DIST),
    trustProxy: parseTrustProxy(c.TRUST_PROXY),
    requestTimeoutMs: c.REQUEST_TIMEOUT_MS,
    /** 0 means no cap. */
    maxConnectionsPerIp: c.MAX_CONNECTIONS_PER_IP,
    /** API processes to run (1: no workers); `auto` read as the number of cores. */
    processes: c.WEB_CONCURRENCY === 'auto' ? os.availableParallelism() : Number(c.WEB_CONCURRENCY),
  }),
});

/** The database: an external PostgreSQL, or the embedded one under DATA_DIR. */
const databaseSettings = defineSettings({
  env: z.object({
    /** Where all local state lives: the embedded database and, later, files. */
    DATA_DIR: z.string().min(1).default('./.data'),
    /** An external PostgreSQL; when unset the embedded one under DATA_DIR is used. */
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    /**
     * Connections each API process may open to PostgreSQL (requests and jobs share them). Every
     * process of every machine counts: processes x this must stay under the server's
     * max_connections (docs/operations.md, "Several processes on one machine").
     */
    DATABASE_POOL_MAX: z.coerce.number().int().min(2).max(200).default(10),
  }),
  read: (c) => ({
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    databasePoolMax: c.DATABASE_POOL_MAX,
  }),
});

/** The app's credentials (public: the browser bundle signs with them) and the server's own secret. */
const secretsSettings = defineSettings({
  env: z.object({
    APP_ID: z.string().min(1).optional(),
    APP_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    /**
     * The server's own secret (issue 9.15): keys order grants, e-mail code digests and the
     * sandboxes' signatures. APP_SECRET ships in the browser bundle, so it must never be this.
     * Required in production; elsewhere, when unset, one is generated into DATA_DIR/server-secret.
     */
    SERVER_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** The secret before the last rotation: what it keyed still verifies while it is set. */
    SERVER_SECRET_PREVIOUS: z.string().min(32, 'must be at least 32 characters').optional(),
  }),
  check(c, ctx, { production }) {
    // The app secret is public (the browser bundle signs getAccessToken with it).
    for (const key of ['SERVER_SECRET', 'SERVER_SECRET_PREVIOUS'] as const) {
      if (c[key] && c[key] === (c.APP_SECRET ?? DEMO_APP_SECRET)) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'must not be the APP_SECRET (which is public)',
        });
      }
    }
    if (!production) return;
    for (const key of ['APP_ID', 'APP_SECRET', 'SERVER_SECRET'] as const) {
      if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required in production' });
    }
    if (c.APP_SECRET === DEMO_APP_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_SECRET'],
        message: 'must not be the demo secret in production',
      });
    }
  },
  read: (c) => ({
    appId: c.APP_ID ?? DEMO_APP_ID,
    appSecret: c.APP_SECRET ?? DEMO_APP_SECRET,
    /** Unset only outside production until main.ts generates one (platform/secrets.ts). */
    serverSecret: c.SERVER_SECRET,
    serverSecretPrevious: c.SERVER_SECRET_PREVIOUS,
  }),
});

/** App access tokens (spec §7): their life and how many may be minted. */
const accessTokenSettings = defineSettings({
  env: z.object({
    /** Life of an app access token, seconds (issue 2: 2 hours). */
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(7200),
    /**
     * Access tokens one client address may mint a minute (issue 9: 300 were minted in 2 s). A
     * browser mints one per 2-hour token, so 20 leaves room for a shared NAT.
     */
    ACCESS_TOKENS_PER_IP_MINUTE: z.coerce.number().int().min(1).default(20),
    /**
     * Access tokens one app may mint a minute, from all addresses: a ceiling on the token table
     * that a real app, minting one per visitor per 2 hours, never reaches.
     */
    ACCESS_TOKENS_PER_APP_MINUTE: z.coerce.number().int().min(1).default(1200),
  }),
  read: (c) => ({
    accessTokenTtlSeconds: c.ACCESS_TOKEN_TTL_SECONDS,
    accessTokensPerIpMinute: c.ACCESS_TOKENS_PER_IP_MINUTE,
    accessTokensPerAppMinute: c.ACCESS_TOKENS_PER_APP_MINUTE,
  }),
});

/** Outgoing mail. */
const mailSettings = defineSettings({
  env: z.object({
    /** Outgoing mail server, e.g. smtps://user:pass@smtp.example.com:465; unset keeps mail in the dev mailbox. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Wings Airways <no-reply@wings-airways.example>'),
  }),
  read: (c) => ({ smtpUrl: c.SMTP_URL, mailFrom: c.MAIL_FROM }),
});

/** Text messages (member codes): a provider's HTTP endpoint, else the dev outbox (platform/sms). */
const smsSettings = defineSettings({
  env: z.object({
    /** The SMS provider's send endpoint (HTTPS, JSON `{ to, text }`); unset keeps SMS in the dev outbox. */
    SMS_URL: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
    /** The provider's API key, sent as a bearer token. */
    SMS_TOKEN: z.string().min(8).optional(),
    /** The sender name or number the provider shows. */
    SMS_FROM: z.string().min(1).max(20).default('WingsAir'),
  }),
  check(env, ctx) {
    if (env.SMS_URL && !env.SMS_TOKEN) {
      ctx.addIssue({ code: 'custom', path: ['SMS_TOKEN'], message: 'is required with SMS_URL' });
    }
  },
  read: (c) => ({ smsUrl: c.SMS_URL, smsToken: c.SMS_TOKEN, smsFrom: c.SMS_FROM }),
});

/** Uploaded files (member document photos): a directory, or an S3-compatible store (platform/files). */
const filesSettings = defineSettings({
  env: z.object({
    /** The directory of uploaded files when no object store is set (created when missing). */
    FILES_DIR: z.string().min(1).default('.data/files'),
    /** An S3-compatible endpoint (https://s3.ap-southeast-1.amazonaws.com, a MinIO address ...). */
    FILES_S3_ENDPOINT: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
    FILES_S3_BUCKET: z.string().min(3).max(63).optional(),
    FILES_S3_REGION: z.string().min(1).default('us-east-1'),
    FILES_S3_ACCESS_KEY: z.string().min(1).optional(),
    FILES_S3_SECRET_KEY: z.string().min(1).optional(),
  }),
  check(env, ctx) {
    if (env.FILES_S3_ENDPOINT) {
      for (const name of ['FILES_S3_BUCKET', 'FILES_S3_ACCESS_KEY', 'FILES_S3_SECRET_KEY'] as const) {
        if (!env[name])
          ctx.addIssue({ code: 'custom', path: [name], message: 'is required with FILES_S3_ENDPOINT' });
      }
    }
  },
  read: (c) => ({
    filesDir: c.FILES_DIR,
    filesS3:
      c.FILES_S3_ENDPOINT && c.FILES_S3_BUCKET && c.FILES_S3_ACCESS_KEY && c.FILES_S3_SECRET_KEY
        ? {
            endpoint: c.FILES_S3_ENDPOINT,
            bucket: c.FILES_S3_BUCKET,
            region: c.FILES_S3_REGION,
            accessKey: c.FILES_S3_ACCESS_KEY,
            secretKey: c.FILES_S3_SECRET_KEY,
          }
        : undefined,
  }),
});

/** Every slice, the platform's and the modules', for their checks. */
const allSlices = [
  serverSettings,
  databaseSettings,
  secretsSettings,
  accessTokenSettings,
  mailSettings,
  smsSettings,
  filesSettings,
  accountsSettings,
  loyaltySettings,
  oauthSettings,
  shoppingSettings,
  pricingSettings,
  bookingSettings,
  paymentsSettings,
  ticketsSettings,
  networkSettings,
  insuranceSettings,
  refundsSettings,
];

const ZNodeEnv = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
});

/** Every variable of every slice, with the checks of each slice. */
const ZConfig = z
  .object({
    ...ZNodeEnv.shape,
    ...serverSettings.env.shape,
    ...databaseSettings.env.shape,
    ...secretsSettings.env.shape,
    ...accessTokenSettings.env.shape,
    ...mailSettings.env.shape,
    ...smsSettings.env.shape,
    ...filesSettings.env.shape,
    ...accountsSettings.env.shape,
    ...loyaltySettings.env.shape,
    ...oauthSettings.env.shape,
    ...shoppingSettings.env.shape,
    ...pricingSettings.env.shape,
    ...bookingSettings.env.shape,
    ...paymentsSettings.env.shape,
    ...ticketsSettings.env.shape,
    ...networkSettings.env.shape,
    ...insuranceSettings.env.shape,
    ...refundsSettings.env.shape,
  })
  .superRefine((c, ctx) => {
    const base = baseOf(c.NODE_ENV);
    // Each slice checks its own variables, which the whole parsed object carries.
    for (const slice of allSlices) slice.check?.(c, ctx, base);
  });

function baseOf(env: SettingsBase['env']): SettingsBase {
  return { env, production: env === 'production' };
}

type PlatformConfig = { env: SettingsBase['env'] } & SliceOf<typeof serverSettings> &
  SliceOf<typeof databaseSettings> &
  SliceOf<typeof secretsSettings> &
  SliceOf<typeof accessTokenSettings> &
  SliceOf<typeof mailSettings> &
  SliceOf<typeof smsSettings> &
  SliceOf<typeof filesSettings>;

/** The whole configuration: the platform's settings, and one slice per module. */
export interface Config extends PlatformConfig {
  accounts: AccountsConfig;
  /** The member programme: member sessions (modules/loyalty/loyalty.config.ts). */
  loyalty: LoyaltyConfig;
  /** Third-party login providers (modules/oauth/oauth.config.ts). */
  oauth: OAuthConfig;
  shopping: ShoppingConfig;
  pricing: PricingConfig;
  booking: BookingConfig;
  payments: PaymentsConfig;
  tickets: TicketsConfig;
  /** The network's slice: hub zone, demo seed (modules/network/network.config.ts). */
  network: NetworkConfig;
  /** Travel insurance: which insurer sells (modules/insurance/insurance.config.ts). */
  insurance: InsuranceConfig;
  /** Online refunds: each gateway's days to return money (modules/refunds/refunds.config.ts). */
  refunds: RefundsConfig;
}

export class ConfigError extends Error {}

/** Reads and validates every setting; a bad value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZConfig.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(config)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const base = baseOf(c.NODE_ENV);
  return {
    env: c.NODE_ENV,
    ...serverSettings.read(c, base),
    ...databaseSettings.read(c, base),
    ...secretsSettings.read(c, base),
    ...accessTokenSettings.read(c, base),
    ...mailSettings.read(c, base),
    ...smsSettings.read(c, base),
    ...filesSettings.read(c, base),
    accounts: accountsSettings.read(c, base),
    loyalty: loyaltySettings.read(c, base),
    oauth: oauthSettings.read(c, base),
    shopping: shoppingSettings.read(c, base),
    pricing: pricingSettings.read(c, base),
    booking: bookingSettings.read(c, base),
    payments: paymentsSettings.read(c, base),
    tickets: ticketsSettings.read(c, base),
    network: networkSettings.read(c, base),
    insurance: insuranceSettings.read(c, base),
    refunds: refundsSettings.read(c, base),
  };
}

/** The configuration of a command-line start: a bad setting prints its message and exits 2. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
}

function parseTrustProxy(value: string): boolean | string | ((address: string, hop: number) => boolean) {
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
}
