import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { prepareDatabase } from '../src/db/prepare';
import { type Database, isDatabaseUnavailable, openDatabase } from '../src/platform/db';
import { JobRunner } from '../src/platform/jobs/jobs';
import { fetchToken, ownDatabase, type TestApp, testConfig } from './helpers';
import { aPrivateFlight } from './scenarios';
import { type Client, contact, offerFor, party } from './support/booking';
import { client, registerUser } from './support/clients';

/**
 * Issue 9 §1: a database that goes away (pg_terminate_backend, a restart, a fail-over) must
 * not end the process. Requests in flight answer 503 `unavailable`, health says the database
 * is down, and everything works again once it is back, without restarting the API.
 */

const quiet = { info() {}, warn() {}, debug() {}, error() {} };

/** Errors nobody handled while a test ran (an unhandled 'error' event of a pg client lands here). */
let uncaught: unknown[] = [];
const collect = (err: unknown) => uncaught.push(err);
beforeEach(() => {
  uncaught = [];
  process.on('uncaughtException', collect);
  process.on('unhandledRejection', collect);
});
afterEach(() => {
  process.off('uncaughtException', collect);
  process.off('unhandledRejection', collect);
});

/** A TestApp over `database` (the helpers' one always uses the shared pool settings). */
async function appOn(database: Database): Promise<TestApp> {
  const config = testConfig();
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const token = await fetchToken(app, config);
  return {
    app,
    database,
    config,
    token,
    headers: (extra = {}) => ({ authorization: `Bearer ${token}`, language: '1', ...extra }),
    async close() {
      await app.close();
      await database.close();
    },
  };
}

describe('isDatabaseUnavailable', () => {
  it('recognises lost and refused connections, also wrapped in a cause, and nothing else', () => {
    const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });
    for (const err of [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('connection failure'), { code: '08006' }),
      wrapped(Object.assign(new Error('terminating connection'), { code: '57P01' })),
      wrapped(new Error('Connection terminated unexpectedly')),
    ]) {
      expect(isDatabaseUnavailable(err), String(err)).toBe(true);
    }
    for (const err of [
      new Error('boom'),
      Object.assign(new Error('duplicate key'), { code: '23505' }),
      Object.assign(new Error('deadlock detected'), { code: '40P01' }),
      wrapped(Object.assign(new Error('syntax error'), { code: '42601' })),
      null,
      'Connection terminated',
    ]) {
      expect(isDatabaseUnavailable(err), String(err)).toBe(false);
    }
  });
});

// On a database of its own: its connections are terminated, and it runs a job runner's workers.
describe('backends terminated under a booking load', () => {
  // Only the app's connections are terminated (by application_name), not the admin's.
  const appName = `wings-db-loss-${process.pid}`;
  let own: Awaited<ReturnType<typeof ownDatabase>>;
  let t: TestApp;
  let admin: pg.Client;
  let members: Client[];
  let jobs: JobRunner;
  const probed: string[] = [];

  beforeAll(async () => {
    own = await ownDatabase();
    const url = new URL(own.url);
    url.searchParams.set('application_name', appName);
    t = await appOn(openDatabase(url.toString(), quiet, 6));
    admin = new pg.Client({ connectionString: own.url });
    admin.on('error', () => {});
    await admin.connect();
    members = [];
    for (let i = 0; i < 3; i++) {
      const c = client(t);
      await registerUser(t, c);
      members.push(c);
    }
    // pg-boss on the same pool, in a schema of its own.
    jobs = new JobRunner({
      pool: t.database.pool,
      log: quiet,
      schema: 'pgboss_db_loss',
      pollingIntervalSeconds: 0.5,
    });
    await jobs.work<{ probe: string }>('db-loss-probe', async (data) => {
      probed.push(data.probe);
    });
    await jobs.start();
  });
  afterAll(async () => {
    await jobs?.stop(1000);
    await admin?.end();
    await t?.close();
    await own?.drop();
  });

  async function terminateAppBackends(): Promise<number> {
    const { rows } = await admin.query(
      `select pg_terminate_backend(pid) as done from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and application_name = $1`,
      [appName],
    );
    return rows.length;
  }

  it('keeps the process alive, answers in-flight calls 503 or success, and serves again at once', async () => {
    const flight = await aPrivateFlight(t, { from: 'HKG', to: 'KTI' });
    const offerId = await offerFor(
      members[0]!,
      [1, 0, 0],
      [{ flightId: flight.flightId, bookingClass: 'M' }],
    );
    const book = (c: Client) =>
      c.post('/travelsky/ibe/saveTicketOrder', {
        offerId,
        passengers: party([1, 0, 0], flight.depLocalDate),
        contact,
        idempotencyKey: randomUUID(),
        acceptTerms: true,
      });

    // A transaction held open on one of the app's clients: idle in transaction, no query
    // running, when its backend is terminated (the case that raised an unhandled 'error').
    const held = await t.database.pool.connect();
    await held.query('begin');
    await held.query('select 1');

    const load = Array.from({ length: 30 }, (_, i) => book(members[i % members.length]!));
    // Terminate once the load holds transactions of its own.
    await vi.waitFor(
      async () => {
        const { rows } = await admin.query(
          `select count(*)::int as n from pg_stat_activity
            where application_name = $1 and xact_start is not null`,
          [appName],
        );
        expect(rows[0].n).toBeGreaterThan(1);
      },
      { timeout: 10_000, interval: 5 },
    );
    expect(await terminateAppBackends()).toBeGreaterThan(1);

    const replies = await Promise.all(load);
    const unavailable = replies.filter((r) => r.status === 503).length;
    console.info(
      `database loss: ${replies.length} bookings in flight, ${unavailable} answered 503, the rest booked`,
    );
    for (const r of replies) {
      if (r.status === 503) expect(r.body).toMatchObject({ code: '503', data: null });
      else expect(r.body.code, JSON.stringify(r.body)).toBe('0');
    }
    const failed = await held.query('select 2').then(
      () => null,
      (err: unknown) => err,
    );
    expect(isDatabaseUnavailable(failed)).toBe(true);
    held.release(failed as Error);

    // No connection stays checked out: none is lost to the pool, however its holder failed.
    const pool = t.database.pool;
    await vi.waitFor(() => expect(pool.totalCount - pool.idleCount).toBe(0), {
      timeout: 5_000,
      interval: 20,
    });

    // Back at once: health, a booking, and a job run by pg-boss's worker.
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json().data).toMatchObject({ database: 'up' });
    expect((await book(members[1]!)).body.code).toBe('0');
    const probe = randomUUID();
    expect(await jobs.send('db-loss-probe', { probe })).not.toBeNull();
    await vi.waitFor(() => expect(probed).toContain(probe), { timeout: 10_000, interval: 50 });

    expect(uncaught).toEqual([]);
  }, 60_000);

  it('takes back a connection that broke while held and that its holder never gives back', async () => {
    // Drizzle's transaction keeps its client when `begin` fails on a dead connection: the holder
    // here drops it the same way. Left alone, it would count against the pool's size forever.
    const pool = t.database.pool;
    const lost = await pool.connect();
    await lost.query('select 1');
    expect(pool.totalCount - pool.idleCount).toBeGreaterThanOrEqual(1);
    await terminateAppBackends();
    await vi.waitFor(() => expect(pool.totalCount - pool.idleCount).toBe(0), {
      timeout: 5_000,
      interval: 20,
    });
    // A late release by the holder is harmless.
    expect(() => lost.release()).not.toThrow();
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(uncaught).toEqual([]);
  });
});

describe('an embedded PostgreSQL that stops and starts again', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'wings-db-restart-'));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('answers 503 while it is down and serves again once it is back, without restarting the API', async () => {
    const config = testConfig({ DATA_DIR: dir });
    const prepared = await prepareDatabase(config, quiet);
    const embedded = prepared.embedded!;
    const app = await buildApp({ config, database: prepared.database, logger: false });
    try {
      await app.ready();
      const token = await fetchToken(app, config);
      const depDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
      const search = () =>
        app.inject({
          method: 'POST',
          url: '/api/travelsky/ibe/queryFlight',
          headers: { authorization: `Bearer ${token}`, language: '1' },
          payload: { depCode: 'KTI', arrCode: 'BKK', depDate, passengers: [1, 0, 0], tripType: 0 },
        });
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);

      await embedded.stopServer();
      const health = await app.inject({ url: '/api/health', headers: { language: '1' } });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ code: '503', data: { status: 'degraded', database: 'down' } });
      const down = await search();
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ code: '503', data: null });
      expect(down.json().message).toBe('The system is running poorly. Please try again later.');
      const chinese = await app.inject({ url: '/api/health', headers: { language: '0' } });
      expect(chinese.json().message).toBe('系统繁忙，请稍后再试');

      await embedded.startServer();
      const up = await app.inject({ url: '/api/health' });
      expect(up.statusCode).toBe(200);
      expect(up.json().data).toMatchObject({ status: 'ok', database: 'up' });
      const again = await search();
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().code).toBe('0');
      expect(uncaught).toEqual([]);
    } finally {
      await app.close();
      await prepared.database.close();
      await embedded.stop();
    }
  }, 120_000);
});
