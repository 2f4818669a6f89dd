import { createPrivateKey, createPublicKey } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(apiRoot, '../..');

/** The demo app credentials, used only outside production (written in the README). */
export const DEMO_APP_ID = 'wings-h5-demo';
export const DEMO_APP_SECRET = 'demo-secret-change-me';

const ZConfig = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    /** Where all local state lives: the embedded database and, later, files. */
    DATA_DIR: z.string().min(1).default('./.data'),
    /** An external PostgreSQL; when unset the embedded one under DATA_DIR is used. */
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
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
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** The address travellers reach the app at, used in links and printed at start. */
    PUBLIC_URL: z.url().optional(),
    /** Built traveller app to serve at `/`. */
    WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
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
    /** How long a search result may be served from memory, milliseconds; 0 turns the cache off. */
    SEARCH_CACHE_TTL_MS: z.coerce.number().int().min(0).default(5000),
    /** Outgoing mail server, e.g. smtps://user:pass@smtp.example.com:465; unset keeps mail in the dev mailbox. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Wings Airways <no-reply@wings-airways.example>'),
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
    /** Minutes an unpaid order holds its seats before it is canceled (issue 4: 20). */
    ORDER_PAY_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(20),
    /**
     * Hold limits (issue 9: one account held 153 of 155 seats of a flight unpaid): unpaid orders
     * one account or guest address may have at once, the seats they may hold over all flights (a
     * return's seat counts on each flight), and on one dated flight. 0 turns a limit off.
     * docs/operations.md "Limits" says why these values.
     */
    BOOKING_MAX_UNPAID_ORDERS: z.coerce.number().int().min(0).max(1000).default(3),
    BOOKING_MAX_UNPAID_SEATS: z.coerce.number().int().min(0).max(10_000).default(18),
    BOOKING_MAX_UNPAID_SEATS_PER_FLIGHT: z.coerce.number().int().min(0).max(10_000).default(9),
    /** Minutes a priced offer keeps its price (issue 4: 20). */
    OFFER_MINUTES: z.coerce.number().int().min(1).max(120).default(20),
    /** The nationalities a guest may book (spec §5: three; lifted after login), ISO codes. */
    GUEST_NATIONALITIES: z
      .string()
      .regex(/^[A-Za-z]{2}(,[A-Za-z]{2})*$/, 'must be ISO country codes separated by commas, e.g. KH,CN,TH')
      .default('KH,CN,TH'),
    /** Outside production only: every captcha shows this text, so browser journeys can solve it. */
    CAPTCHA_TEST_TEXT: z
      .string()
      .regex(/^[A-Za-z2-9]{4}$/, 'must be 4 letters or digits')
      .optional(),
    /** The airline's 3-digit ticketing code, the first part of every 13-digit e-ticket number. */
    TICKET_AIRLINE_CODE: z
      .string()
      .regex(/^\d{3}$/, 'must be 3 digits')
      .default('881'),
    /** Development only: every payment asks for 0.01 (spec §9). Refused in production. */
    DEV_PAY_ONE_CENT: z.enum(['true', 'false']).default('false'),
    /** Days a login session lives, sliding with each use (issue 3: 30). */
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** Third-party login through the local sandbox identity provider; on by default outside production. */
    OAUTH_SANDBOX: z.enum(['true', 'false']).optional(),
    FACEBOOK_APP_ID: z.string().min(1).optional(),
    FACEBOOK_APP_SECRET: z.string().min(1).optional(),
    /** Base URLs of the providers, overridable so tests can drive the adapters against local fakes. */
    FACEBOOK_AUTH_URL: z.url().default('https://www.facebook.com'),
    FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com'),
    WECHAT_APP_ID: z.string().min(1).optional(),
    WECHAT_APP_SECRET: z.string().min(1).optional(),
    WECHAT_AUTH_URL: z.url().default('https://open.weixin.qq.com'),
    WECHAT_API_URL: z.url().default('https://api.weixin.qq.com'),
    APPLE_CLIENT_ID: z.string().min(1).optional(),
    APPLE_TEAM_ID: z.string().min(1).optional(),
    APPLE_KEY_ID: z.string().min(1).optional(),
    /** The Sign in with Apple private key (PKCS#8 PEM, newlines as \\n allowed). */
    APPLE_PRIVATE_KEY: z.string().min(1).optional(),
    APPLE_AUTH_URL: z.url().default('https://appleid.apple.com'),
    /**
     * The gateway of card, ABA Pay and KHQR payments: `sandbox` (the local one; default outside
     * production, never registered in production) or `aba` (ABA PayWay; required in production).
     */
    PAYMENT_GATEWAY: z.enum(['sandbox', 'aba']).optional(),
    /** ABA PayWay e-commerce checkout: the merchant id and the API key (HMAC-SHA512 key) ABA issues. */
    ABA_MERCHANT_ID: z.string().min(1).max(30).optional(),
    ABA_API_KEY: z.string().min(1).optional(),
    /** PayWay's host; its sandbox by default, so production must name it. */
    ABA_API_URL: z.url().optional(),
    /** The RSA public key ABA issues for the refund call's merchant_auth (PEM, newlines as \\n allowed). */
    ABA_RSA_PUBLIC_KEY: z.string().min(1).optional(),
    /** WeChat Pay API v3 (all or none): the merchant number and the app id payments are made for. */
    WECHAT_PAY_MCH_ID: z.string().min(1).optional(),
    WECHAT_PAY_APP_ID: z.string().min(1).optional(),
    /** The merchant API private key (PKCS#8 PEM, newlines as \\n allowed) and its certificate serial. */
    WECHAT_PAY_PRIVATE_KEY: z.string().min(1).optional(),
    WECHAT_PAY_CERT_SERIAL: z.string().min(1).optional(),
    /** The APIv3 key that encrypts notifications: exactly 32 bytes. */
    WECHAT_PAY_API_V3_KEY: z
      .string()
      .refine((k) => Buffer.byteLength(k, 'utf8') === 32, 'must be exactly 32 bytes')
      .optional(),
    /** The WeChat Pay public key (or platform certificate), PEM, and its id (PUB_KEY_ID_…) or serial. */
    WECHAT_PAY_PLATFORM_PUBLIC_KEY: z.string().min(1).optional(),
    WECHAT_PAY_PLATFORM_SERIAL: z.string().min(1).optional(),
    WECHAT_PAY_API_URL: z.url().default('https://api.mch.weixin.qq.com'),
  })
  .superRefine((c, ctx) => {
    checkWechatPay(c, ctx);
    checkPaymentGateway(c, ctx);
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
    if (c.NODE_ENV === 'production') {
      for (const key of ['APP_ID', 'APP_SECRET', 'SERVER_SECRET'] as const) {
        if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required in production' });
      }
      if (c.DEV_PAY_ONE_CENT === 'true') {
        ctx.addIssue({ code: 'custom', path: ['DEV_PAY_ONE_CENT'], message: 'must not be on in production' });
      }
      // Gateways post notifications to it and send travellers back to it after paying.
      if (!c.PUBLIC_URL?.startsWith('https://')) {
        ctx.addIssue({
          code: 'custom',
          path: ['PUBLIC_URL'],
          message: 'must be the https:// address travellers and payment gateways reach, in production',
        });
      }
      if (c.CAPTCHA_TEST_TEXT) {
        ctx.addIssue({
          code: 'custom',
          path: ['CAPTCHA_TEST_TEXT'],
          message: 'must not be set in production',
        });
      }
      if (c.OAUTH_SANDBOX === 'true') {
        ctx.addIssue({ code: 'custom', path: ['OAUTH_SANDBOX'], message: 'must not be on in production' });
      }
      if (c.APP_SECRET === DEMO_APP_SECRET) {
        ctx.addIssue({
          code: 'custom',
          path: ['APP_SECRET'],
          message: 'must not be the demo secret in production',
        });
      }
    }
  });

const WECHAT_PAY_KEYS = [
  'WECHAT_PAY_MCH_ID',
  'WECHAT_PAY_APP_ID',
  'WECHAT_PAY_PRIVATE_KEY',
  'WECHAT_PAY_CERT_SERIAL',
  'WECHAT_PAY_API_V3_KEY',
  'WECHAT_PAY_PLATFORM_PUBLIC_KEY',
  'WECHAT_PAY_PLATFORM_SERIAL',
] as const;

/** WeChat Pay is configured with every key or none; the keys must parse, so a bad one stops the start. */
function checkWechatPay(
  c: Partial<Record<(typeof WECHAT_PAY_KEYS)[number], string>>,
  ctx: z.RefinementCtx,
): void {
  const given = WECHAT_PAY_KEYS.filter((k) => c[k]);
  if (given.length === 0) return;
  for (const key of WECHAT_PAY_KEYS) {
    if (!c[key]) {
      ctx.addIssue({ code: 'custom', path: [key], message: 'is required when any WECHAT_PAY_* key is set' });
    }
  }
  const pem = (v: string) => v.replace(/\\n/g, '\n');
  if (c.WECHAT_PAY_PRIVATE_KEY) {
    try {
      if (createPrivateKey(pem(c.WECHAT_PAY_PRIVATE_KEY)).asymmetricKeyType !== 'rsa')
        throw new Error('not RSA');
    } catch {
      ctx.addIssue({
        code: 'custom',
        path: ['WECHAT_PAY_PRIVATE_KEY'],
        message: 'must be a PEM RSA private key',
      });
    }
  }
  if (c.WECHAT_PAY_PLATFORM_PUBLIC_KEY) {
    try {
      if (createPublicKey(pem(c.WECHAT_PAY_PLATFORM_PUBLIC_KEY)).asymmetricKeyType !== 'rsa') {
        throw new Error('not RSA');
      }
    } catch {
      ctx.addIssue({
        code: 'custom',
        path: ['WECHAT_PAY_PLATFORM_PUBLIC_KEY'],
        message: 'must be a PEM RSA public key or certificate',
      });
    }
  }
}

export interface Config {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appId: string;
  appSecret: string;
  /** Unset only outside production until main.ts generates one (platform/secrets.ts). */
  serverSecret: string | undefined;
  serverSecretPrevious: string | undefined;
  logLevel: string;
  publicUrl: string | undefined;
  webDist: string;
  accessTokenTtlSeconds: number;
  accessTokensPerIpMinute: number;
  accessTokensPerAppMinute: number;
  searchCacheTtlMs: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  sessionTtlDays: number;
  ticketAirlineCode: string;
  devPayOneCent: boolean;
  captchaTestText: string | undefined;
  orderPayMinutes: number;
  /** What one account or guest address may hold unpaid at once; 0 turns a limit off. */
  bookingLimits: { unpaidOrders: number; unpaidSeats: number; seatsPerFlight: number };
  offerMinutes: number;
  guestNationalities: string[];
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  requestTimeoutMs: number;
  /** 0 means no cap. */
  maxConnectionsPerIp: number;
  oauth: OAuthConfig;
  /** WeChat Pay API v3; null when not configured (the gateway is then not offered). */
  wechatPay: WechatPayConfig | null;
  payments: PaymentGatewayConfig;
}

/** PayWay's sandbox host: the default ABA_API_URL outside production. */
export const ABA_SANDBOX_URL = 'https://checkout-sandbox.payway.com.kh';

/**
 * PAYMENT_GATEWAY=aba needs its keys; production needs aba (the sandbox gateway is never
 * registered there) and an explicit ABA_API_URL (the default is PayWay's sandbox).
 */
function checkPaymentGateway(
  c: {
    NODE_ENV: string;
    PAYMENT_GATEWAY?: 'sandbox' | 'aba';
    ABA_MERCHANT_ID?: string;
    ABA_API_KEY?: string;
    ABA_API_URL?: string;
    ABA_RSA_PUBLIC_KEY?: string;
  },
  ctx: z.RefinementCtx,
): void {
  const production = c.NODE_ENV === 'production';
  if (production && c.PAYMENT_GATEWAY === 'sandbox') {
    ctx.addIssue({ code: 'custom', path: ['PAYMENT_GATEWAY'], message: 'must be aba in production' });
  }
  if (!production && c.PAYMENT_GATEWAY !== 'aba') return;
  const why = production ? 'is required in production' : 'is required when PAYMENT_GATEWAY=aba';
  for (const key of ['ABA_MERCHANT_ID', 'ABA_API_KEY', 'ABA_RSA_PUBLIC_KEY'] as const) {
    if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: why });
  }
  if (production && !c.ABA_API_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['ABA_API_URL'],
      message: "is required in production (the default is PayWay's sandbox)",
    });
  }
  if (c.ABA_RSA_PUBLIC_KEY) {
    try {
      if (createPublicKey(c.ABA_RSA_PUBLIC_KEY.replace(/\\n/g, '\n')).asymmetricKeyType !== 'rsa') {
        throw new Error('not RSA');
      }
    } catch {
      ctx.addIssue({ code: 'custom', path: ['ABA_RSA_PUBLIC_KEY'], message: 'must be a PEM RSA public key' });
    }
  }
}

/** Payment gateways: which one takes card, ABA Pay and KHQR payments, and ABA PayWay's keys. */
export interface PaymentGatewayConfig {
  /** The gateway of card / abapay / khqr payments. */
  gateway: 'sandbox' | 'aba';
  /** ABA PayWay; null when not configured (only possible with gateway sandbox outside production). */
  aba: AbaConfig | null;
}

export interface AbaConfig {
  merchantId: string;
  apiKey: string;
  /** PayWay's host, without a trailing slash. */
  apiUrl: string;
  /** PEM with real newlines. */
  rsaPublicKey: string;
}

export interface WechatPayConfig {
  mchId: string;
  appId: string;
  /** PEM with real newlines. */
  privateKey: string;
  certSerial: string;
  apiV3Key: string;
  platformPublicKey: string;
  platformSerial: string;
  apiUrl: string;
}

export interface OAuthConfig {
  /** The sandbox identity provider stands in for every provider without keys. */
  sandbox: boolean;
  facebook: { appId: string; appSecret: string; authUrl: string; graphUrl: string } | null;
  wechat: { appId: string; appSecret: string; authUrl: string; apiUrl: string } | null;
  apple: { clientId: string; teamId: string; keyId: string; privateKey: string; authUrl: string } | null;
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
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    appId: c.APP_ID ?? DEMO_APP_ID,
    appSecret: c.APP_SECRET ?? DEMO_APP_SECRET,
    serverSecret: c.SERVER_SECRET,
    serverSecretPrevious: c.SERVER_SECRET_PREVIOUS,
    logLevel: c.LOG_LEVEL,
    publicUrl: c.PUBLIC_URL,
    webDist: path.resolve(c.WEB_DIST),
    accessTokenTtlSeconds: c.ACCESS_TOKEN_TTL_SECONDS,
    accessTokensPerIpMinute: c.ACCESS_TOKENS_PER_IP_MINUTE,
    accessTokensPerAppMinute: c.ACCESS_TOKENS_PER_APP_MINUTE,
    searchCacheTtlMs: c.SEARCH_CACHE_TTL_MS,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    sessionTtlDays: c.SESSION_TTL_DAYS,
    ticketAirlineCode: c.TICKET_AIRLINE_CODE,
    devPayOneCent: c.DEV_PAY_ONE_CENT === 'true',
    captchaTestText: c.CAPTCHA_TEST_TEXT,
    orderPayMinutes: c.ORDER_PAY_MINUTES,
    bookingLimits: {
      unpaidOrders: c.BOOKING_MAX_UNPAID_ORDERS,
      unpaidSeats: c.BOOKING_MAX_UNPAID_SEATS,
      seatsPerFlight: c.BOOKING_MAX_UNPAID_SEATS_PER_FLIGHT,
    },
    offerMinutes: c.OFFER_MINUTES,
    guestNationalities: c.GUEST_NATIONALITIES.toUpperCase().split(','),
    trustProxy: parseTrustProxy(c.TRUST_PROXY),
    requestTimeoutMs: c.REQUEST_TIMEOUT_MS,
    maxConnectionsPerIp: c.MAX_CONNECTIONS_PER_IP,
    oauth: {
      sandbox: c.OAUTH_SANDBOX ? c.OAUTH_SANDBOX === 'true' : c.NODE_ENV !== 'production',
      facebook:
        c.FACEBOOK_APP_ID && c.FACEBOOK_APP_SECRET
          ? {
              appId: c.FACEBOOK_APP_ID,
              appSecret: c.FACEBOOK_APP_SECRET,
              authUrl: c.FACEBOOK_AUTH_URL,
              graphUrl: c.FACEBOOK_GRAPH_URL,
            }
          : null,
      wechat:
        c.WECHAT_APP_ID && c.WECHAT_APP_SECRET
          ? {
              appId: c.WECHAT_APP_ID,
              appSecret: c.WECHAT_APP_SECRET,
              authUrl: c.WECHAT_AUTH_URL,
              apiUrl: c.WECHAT_API_URL,
            }
          : null,
      apple:
        c.APPLE_CLIENT_ID && c.APPLE_TEAM_ID && c.APPLE_KEY_ID && c.APPLE_PRIVATE_KEY
          ? {
              clientId: c.APPLE_CLIENT_ID,
              teamId: c.APPLE_TEAM_ID,
              keyId: c.APPLE_KEY_ID,
              privateKey: c.APPLE_PRIVATE_KEY.replace(/\\n/g, '\n'),
              authUrl: c.APPLE_AUTH_URL,
            }
          : null,
    },
    payments: {
      gateway: c.PAYMENT_GATEWAY ?? (c.NODE_ENV === 'production' ? 'aba' : 'sandbox'),
      aba:
        c.ABA_MERCHANT_ID && c.ABA_API_KEY && c.ABA_RSA_PUBLIC_KEY
          ? {
              merchantId: c.ABA_MERCHANT_ID,
              apiKey: c.ABA_API_KEY,
              apiUrl: (c.ABA_API_URL ?? ABA_SANDBOX_URL).replace(/\/+$/, ''),
              rsaPublicKey: c.ABA_RSA_PUBLIC_KEY.replace(/\\n/g, '\n'),
            }
          : null,
    },
    wechatPay:
      c.WECHAT_PAY_MCH_ID &&
      c.WECHAT_PAY_APP_ID &&
      c.WECHAT_PAY_PRIVATE_KEY &&
      c.WECHAT_PAY_CERT_SERIAL &&
      c.WECHAT_PAY_API_V3_KEY &&
      c.WECHAT_PAY_PLATFORM_PUBLIC_KEY &&
      c.WECHAT_PAY_PLATFORM_SERIAL
        ? {
            mchId: c.WECHAT_PAY_MCH_ID,
            appId: c.WECHAT_PAY_APP_ID,
            privateKey: c.WECHAT_PAY_PRIVATE_KEY.replace(/\\n/g, '\n'),
            certSerial: c.WECHAT_PAY_CERT_SERIAL,
            apiV3Key: c.WECHAT_PAY_API_V3_KEY,
            platformPublicKey: c.WECHAT_PAY_PLATFORM_PUBLIC_KEY.replace(/\\n/g, '\n'),
            platformSerial: c.WECHAT_PAY_PLATFORM_SERIAL,
            apiUrl: c.WECHAT_PAY_API_URL,
          }
        : null,
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

function parseTrustProxy(value: string): Config['trustProxy'] {
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
}
