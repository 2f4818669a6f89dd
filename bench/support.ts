// What the booking and payment benchmarks share: a product started as `npm start` starts it on
// its own embedded PostgreSQL, signed-in travellers, offers on many flights, and order bodies.

// The app is built in this process too (withInProcessApp): the type of a font library it loads.
/// <reference path="../apps/api/src/modules/itinerary/fontkit.d.ts" />

import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { addDays } from '@wings/rules';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/platform/db';
import { startEmbeddedPostgres } from '../apps/api/src/platform/embedded-postgres';
import { latestCode } from '../e2e/support/mail';
import { startServer } from '../e2e/support/server';
import { DEMO_APP, getAccessToken } from '../e2e/support/token';

const quiet = { info() {}, warn() {}, debug() {} };

export interface Envelope<T> {
  code: string;
  message: string;
  data: T;
}

export interface BenchApi {
  url: string;
  /** API processes serving it (WEB_CONCURRENCY): 1, or that many workers sharing the port. */
  processes: number;
  db: pg.Client;
  /** Headers of every call: JSON, the app access token, English. */
  base: Record<string, string>;
  call<T>(route: string, body: unknown, headers?: Record<string, string>): Promise<Envelope<T>>;
  stop(): Promise<void>;
}

/**
 * The hold limits off (issue 9): a benchmark books thousands of unpaid orders from a few
 * travellers, far past what one account may hold in production.
 */
export const NO_HOLD_LIMITS = {
  BOOKING_MAX_UNPAID_ORDERS: '0',
  BOOKING_MAX_UNPAID_SEATS: '0',
  BOOKING_MAX_UNPAID_SEATS_PER_FLIGHT: '0',
};

export interface BenchApiOptions {
  /** API processes (WEB_CONCURRENCY), 1 by default; the start returns once every one listens. */
  processes?: number;
}

/**
 * The product on a fresh embedded PostgreSQL in a temporary directory, removed by stop(), served
 * by `options.processes` API processes.
 */
export async function startBenchApi(
  name: string,
  env: Record<string, string> = {},
  options: BenchApiOptions = {},
): Promise<BenchApi> {
  const processes = options.processes ?? 1;
  const dir = await mkdtemp(path.join(os.tmpdir(), `wings-bench-${name}-`));
  const database = await startEmbeddedPostgres(path.join(dir, 'pg'), `wings_bench_${name}`, quiet);
  let api: Awaited<ReturnType<typeof startServer>>;
  try {
    api = await startServer(path.join(dir, 'data'), {
      DATABASE_URL: database.url,
      LOG_LEVEL: 'error',
      ...env,
      WEB_CONCURRENCY: String(processes),
    });
  } catch (err) {
    // A server that never came up leaves neither its database nor its directory behind.
    await database.stop();
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  const accessToken = await getAccessToken(api.url);
  const base = { 'content-type': 'application/json', authorization: `Bearer ${accessToken}`, language: '1' };
  return {
    url: api.url,
    processes,
    db,
    base,
    async call<T>(route: string, body: unknown, headers: Record<string, string> = {}) {
      const res = await fetch(`${api.url}/api${route}`, {
        method: 'POST',
        headers: { ...base, ...headers },
        body: JSON.stringify(body),
      });
      return (await res.json()) as Envelope<T>;
    },
    async stop() {
      await db.end();
      await api.stop();
      await database.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The process counts a benchmark compares: the API alone, then two processes (WEB_CONCURRENCY=2). */
export const PROCESS_COUNTS: readonly number[] = [1, 2];

/**
 * The number of API processes this run of a benchmark measures. `--processes N` measures N.
 * Without it, the benchmark runs itself once per count of PROCESS_COUNTS, one after the other as
 * child processes (each on a product of its own: a fresh database, WEB_CONCURRENCY=n), prints
 * their output with ` processes=<n>` added to every `<name>=<value>` line, and this returns
 * null: the caller has nothing left to do. The load generator runs on the same cores as the
 * API: on a 2-core machine the second process competes with it, so the figures are indicative.
 */
export async function processCount(): Promise<number | null> {
  const at = process.argv.indexOf('--processes');
  if (at > 0) return Number(process.argv[at + 1]);
  const script = process.argv[1]!;
  for (const n of PROCESS_COUNTS) {
    console.log(`--- ${path.basename(script)} with ${n} API process${n === 1 ? '' : 'es'}`);
    const child = spawn(
      process.execPath,
      [...process.execArgv, script, ...process.argv.slice(2), '--processes', String(n)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => console.log(/^\w+=\S+$/.test(line) ? `${line} processes=${n}` : line));
    const [code] = (await once(child, 'close')) as [number | null];
    if (code !== 0) throw new Error(`${path.basename(script)} with ${n} processes exited with ${code}`);
  }
  return null;
}

/**
 * The product's app built in this process on the bench's database, its job runner not started:
 * where a benchmark counts the statements one request sends (countRoundTrips), on the product's
 * own code, or calls a service directly many times at once (a pool of `pool` connections, 2
 * unless said). It is ready before `fn` runs, and closed with its connections after.
 */
export async function withInProcessApp<T>(
  api: BenchApi,
  env: Record<string, string>,
  fn: (app: FastifyInstance) => Promise<T>,
  pool = 2,
): Promise<T> {
  const c = api.db;
  const url = `postgres://${c.user}:${encodeURIComponent(c.password ?? '')}@${c.host}:${c.port}/${c.database}`;
  const database = openDatabase(url, { error() {} }, pool);
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'development',
      DATABASE_URL: url,
      LOG_LEVEL: 'silent',
      APP_ID: DEMO_APP.id,
      APP_SECRET: DEMO_APP.secret,
      SERVER_SECRET: randomBytes(32).toString('hex'),
      ...env,
    }),
    database,
    logger: false,
  });
  try {
    await app.ready();
    return await fn(app);
  } finally {
    await app.close();
    await database.close();
  }
}

/** Transactions the server has committed or rolled back so far (every statement outside BEGIN is one). */
export async function transactions(api: BenchApi): Promise<number> {
  // The statistics reach pg_stat_database when each backend reports them (about once a second).
  await new Promise((r) => setTimeout(r, 1500));
  await api.db.query('select pg_stat_clear_snapshot()');
  const r = await api.db.query<{ n: string }>(
    'select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()',
  );
  return Number(r.rows[0]!.n);
}

/** Registered travellers' session tokens (guests would need a captcha per order). */
export async function registerTravellers(api: BenchApi, count: number): Promise<string[]> {
  const sessions: string[] = [];
  for (let i = 0; i < count; i++) {
    const email = `bench.${i}.${Date.now()}@example.com`;
    const sent = Date.now() - 2000;
    await api.call('/travelsky/user/testEmail', { email, purpose: 'register' });
    const code = await latestCode(api.url, email, sent);
    const reg = await api.call<{ token: string }>('/travelsky/user/register', {
      email,
      code,
      password: 'Bench2026x',
      confirmPassword: 'Bench2026x',
      agree: true,
    });
    if (reg.code !== '0') throw new Error(`register: ${reg.message}`);
    sessions.push(reg.data.token);
  }
  return sessions;
}

/** Offers for one adult on up to `limit` flights: every route from the hub, 5 to 14 days ahead. */
export async function offersOnManyFlights(api: BenchApi, limit: number): Promise<string[]> {
  const today = new Date().toISOString().slice(0, 10);
  const routes = (
    await api.db.query<{ origin: string; destination: string }>(
      "select origin, destination from routes where origin = 'KTI' order by destination",
    )
  ).rows;
  const offers: string[] = [];
  for (const r of routes) {
    for (let d = 5; d < 15 && offers.length < limit; d += 1) {
      const search = await api.call<{
        flights: { flightId: string; fares: { bookingClass: string; family: string }[] }[];
      }>('/travelsky/ibe/queryFlight', {
        depCode: r.origin,
        arrCode: r.destination,
        depDate: addDays(today, d),
        passengers: [1, 0, 0],
        tripType: 0,
      });
      const flight = search.data?.flights?.find((f) => f.fares.length > 0);
      if (!flight) continue;
      // Grand: economy buckets large enough that the run measures orders, not sell-outs.
      const fare = flight.fares.find((f) => f.family === 'Grand') ?? flight.fares[0]!;
      const offer = await api.call<{ offerId: string }>('/travelsky/ibe/chooseFlight', {
        passengers: [1, 0, 0],
        segments: [{ flightId: flight.flightId, bookingClass: fare.bookingClass }],
      });
      if (offer.code === '0') offers.push(offer.data.offerId);
    }
  }
  return offers;
}

/** A saveTicketOrder body for one adult on an offer; `n` varies the name and document. */
export function orderBody(offerId: string, n: number): string {
  return JSON.stringify({
    offerId,
    passengers: [
      {
        passengerType: 1,
        surname: 'Bench',
        givenName: `Traveller ${String.fromCharCode(65 + (n % 26))}`,
        title: 0,
        gender: 0,
        nationality: 'KH',
        birthday: '1990-01-01',
        docType: 1,
        docNumber: `N${String(1_000_000 + (n % 8_000_000))}`,
        docExpiry: '2035-01-01',
      },
    ],
    contact: { name: 'Bench Traveller', countryCode: '855', phone: '12345678', email: 'bench@example.com' },
    idempotencyKey: randomUUID(),
    acceptTerms: true,
  });
}
