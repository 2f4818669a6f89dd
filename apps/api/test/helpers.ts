import { generateKeyPairSync, randomInt, randomUUID } from 'node:crypto';
import { beijingTimestamp, signParams } from '@wings/rules';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { seedDemo } from '../src/db/seed';
import { type Database, openDatabase, runMigrations } from '../src/platform/db';

const quiet = { error() {} };

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The app's clock, when the test gave it one (scenario builders sign and date with it). */
  now?: () => Date;
  /** A live access token for the demo app. */
  token: string;
  /** Headers every signed-in call carries; `language` defaults to English. */
  headers(extra?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

/**
 * Production takes card payments through ABA PayWay and requires its keys and an https public
 * address for the gateways: these stand in for them.
 */
export const TEST_ABA_KEYS = {
  PUBLIC_URL: 'https://fly.example',
  ABA_MERCHANT_ID: 'ec000042',
  ABA_API_KEY: 'test-payway-api-key',
  ABA_API_URL: 'https://checkout.payway.com.kh',
  ABA_RSA_PUBLIC_KEY: generateKeyPairSync('rsa', { modulusLength: 1024 })
    .publicKey.export({ type: 'spki', format: 'pem' })
    .toString(),
};

/** The server secret tests run with (platform/secrets.ts); a test of rotation passes its own. */
export const TEST_SERVER_SECRET = 'test-server-secret-0123456789-abcdefghij';

export function testConfig(overrides: Record<string, string> = {}): Config {
  // Tests stand behind a pretend proxy so each can give its requests their own client address.
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEARCH_CACHE_TTL_MS: '0',
    TRUST_PROXY: 'true',
    SERVER_SECRET: TEST_SERVER_SECRET,
    // Scenarios book many orders from one account; the hold limits are tested with their
    // production values in modules/booking/hold-limits.test.ts.
    BOOKING_MAX_UNPAID_ORDERS: '0',
    BOOKING_MAX_UNPAID_SEATS: '0',
    BOOKING_MAX_UNPAID_SEATS_PER_FLIGHT: '0',
    ...(overrides.NODE_ENV === 'production' ? TEST_ABA_KEYS : {}),
    ...overrides,
  });
}

/** The headers of a signed getAccessToken request, made as a client would. */
export function signedTokenHeaders(
  config: Config,
  at = new Date(),
  nonce: string = randomUUID(),
): Record<string, string> {
  const h = { appId: config.appId, nonce, timestamp: beijingTimestamp(at), signType: 'MD5' };
  return { ...h, sign: signParams(h, config.appSecret) };
}

/**
 * A token for the tests, each fetched from an address of its own: minting is limited per IP
 * (ACCESS_TOKENS_PER_IP_MINUTE), and a whole run mints far more than that from one process.
 */
export async function fetchToken(app: FastifyInstance, config: Config, at = new Date()): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/travelsky/common/getAccessToken',
    headers: {
      ...signedTokenHeaders(config, at),
      'x-forwarded-for': `198.${randomInt(18, 20)}.${randomInt(0, 256)}.${randomInt(1, 255)}`,
    },
  });
  const body = res.json();
  if (body.code !== '0') throw new Error(`getAccessToken failed: ${res.body}`);
  return body.data.access_token;
}

/**
 * The API on the run's test database (or on `databaseUrl`, a database of the test's own), with a
 * token ready.
 */
export async function createTestApp(
  options: { now?: () => Date; env?: Record<string, string>; databaseUrl?: string } = {},
): Promise<TestApp> {
  const config = testConfig(options.env);
  const database = openDatabase(options.databaseUrl ?? inject('databaseUrl'), quiet, 4);
  const app = await buildApp({
    config,
    database,
    logger: false,
    ...(options.now ? { now: options.now } : {}),
  });
  await app.ready();
  const token = await fetchToken(app, config, options.now?.() ?? new Date());
  return {
    app,
    database,
    config,
    ...(options.now ? { now: options.now } : {}),
    token,
    headers: (extra = {}) => ({ authorization: `Bearer ${token}`, language: '1', ...extra }),
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * A database of the test's own, beside the run's shared one on the same server: migrated, with
 * the demo network, fares and promo codes but no dated flights (the scenario builders make the
 * ones a test needs), or with nothing at all (`empty`). For what must not run on the shared
 * database: a job runner's workers, which would work every test file's jobs, or terminating the
 * database's connections. `drop` removes it.
 */
export async function ownDatabase(
  options: { empty?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const shared = new URL(inject('databaseUrl'));
  const name = `wings_own_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: shared.toString() });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(shared);
  url.pathname = `/${name}`;
  if (!options.empty) {
    const database = openDatabase(url.toString(), quiet, 2);
    try {
      await runMigrations(database.db);
      await seedDemo(database.db);
    } finally {
      await database.close();
    }
  }
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: shared.toString() });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}
