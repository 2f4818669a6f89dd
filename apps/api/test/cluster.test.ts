import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, ownDatabase, TEST_SERVER_SECRET, type TestApp } from './helpers';
import { aPrivateFlight } from './scenarios';
import { contact, inventory, offerFor, party } from './support/booking';
import { client, newEmail, newIp, registerUser } from './support/clients';
import { type ClusterRun, isRunning, parentOf, startCluster } from './support/cluster';

/**
 * Several API processes on one machine (WEB_CONCURRENCY=2, docs/operations.md): requests spread
 * over two workers that share one database, and what a request relies on (rate limits, sessions,
 * idempotency keys, seat holds) holds across them because it lives in PostgreSQL. Each call goes
 * on a connection of its own, which the primary hands to the workers in turn; which worker
 * answered is read from its log line.
 */
describe('two API processes on one database', () => {
  let own: Awaited<ReturnType<typeof ownDatabase>>;
  let t: TestApp;
  let cluster: ClusterRun;

  beforeAll(async () => {
    // A database of its own: the workers run pg-boss, which would work other test files' jobs.
    own = await ownDatabase();
    t = await createTestApp({ databaseUrl: own.url });
    cluster = await startCluster({
      WEB_CONCURRENCY: '2',
      DATABASE_URL: own.url,
      SEED_DEMO: 'false',
      SERVER_SECRET: TEST_SERVER_SECRET,
      TRUST_PROXY: 'true',
      BOOKING_MAX_UNPAID_ORDERS: '0',
      BOOKING_MAX_UNPAID_SEATS: '0',
      BOOKING_MAX_UNPAID_SEATS_PER_FLIGHT: '0',
    });
  }, 240_000);
  afterAll(async () => {
    if (cluster) {
      cluster.interrupt();
      await cluster.exited;
    }
    await t?.close();
    await own?.drop();
  }, 60_000);

  /** The headers of a call as the web app makes it: access token, language, client address. */
  const headers = (extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${t.token}`,
    language: '1',
    'x-forwarded-for': newIp(),
    ...extra,
  });

  it('answers from two worker processes, neither of them the primary, which prints its banner once', async () => {
    const pids = new Set<number>();
    for (let i = 0; i < 6; i++) pids.add(await cluster.healthPid());
    expect(pids.size).toBe(2);
    expect(pids.has(cluster.process.pid!)).toBe(false);
    for (const pid of pids) expect(parentOf(pid)).toBe(cluster.process.pid);
    const output = cluster.output();
    expect(output.split('press Ctrl-C').length - 1).toBe(1);
    const listed = /Processes {7}2 workers \(WEB_CONCURRENCY\), pids (\d+), (\d+)/.exec(output);
    expect(new Set([Number(listed?.[1]), Number(listed?.[2])])).toEqual(pids);
  });

  it('counts the failed logins of one account once across both processes: captcha after 5, locked after 10', async () => {
    const account = newEmail();
    const codes: string[] = [];
    const servedBy = new Set<number>();
    for (let i = 0; i < 12; i++) {
      const res = await cluster.call('POST', '/travelsky/user/login', {
        headers: headers(),
        body: { account, password: 'Wrong-password-1' },
      });
      codes.push(res.body.code);
      servedBy.add(await cluster.servedBy(res.requestId));
    }
    expect(servedBy.size).toBe(2);
    // Counted per process, each would have let about 6 through to the password check.
    expect(codes).toEqual([...Array(5).fill('601'), ...Array(5).fill('602'), '203', '203']);
  });

  it('knows a session on both processes, and a logout on one ends it on both', async () => {
    const member = client(t);
    const { userId } = await registerUser(t, member);
    const session = { token: member.session! };
    const servedBy = new Set<number>();
    for (let i = 0; i < 4; i++) {
      const res = await cluster.call('GET', `/travelsky/user/getMember/${userId}`, {
        headers: headers(session),
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe('0');
      servedBy.add(await cluster.servedBy(res.requestId));
    }
    expect(servedBy.size).toBe(2);

    expect(
      (await cluster.call('GET', '/travelsky/user/logout', { headers: headers(session) })).body.code,
    ).toBe('0');
    for (let i = 0; i < 4; i++) {
      const res = await cluster.call('GET', `/travelsky/user/getMember/${userId}`, {
        headers: headers(session),
      });
      expect(res.body.code).toBe('600');
    }
  });

  it('saves one order for an idempotency key sent to both processes at once, and answers it to both', async () => {
    const member = client(t);
    await registerUser(t, member);
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'SIN' });
    const offerId = await offerFor(member, [1, 0, 0], [{ flightId: flight.flightId, bookingClass: 'M' }]);
    const spanned: boolean[] = [];
    for (let k = 0; k < 4; k++) {
      const body = {
        offerId,
        passengers: party([1, 0, 0], flight.depLocalDate),
        contact,
        idempotencyKey: randomUUID(),
        acceptTerms: true,
      };
      const call = () =>
        cluster.call('POST', '/travelsky/ibe/saveTicketOrder', {
          headers: headers({ token: member.session! }),
          body,
        });
      const [a, b] = await Promise.all([call(), call()]);
      expect(a.body.code, JSON.stringify(a.body)).toBe('0');
      expect(b.body.code, JSON.stringify(b.body)).toBe('0');
      expect(b.body.data.orderNo).toBe(a.body.data.orderNo);
      const { rows } = await t.database.pool.query(
        'select count(*)::int as n from orders where idempotency_key = $1',
        [body.idempotencyKey],
      );
      expect(rows[0].n).toBe(1);
      spanned.push((await cluster.servedBy(a.requestId)) !== (await cluster.servedBy(b.requestId)));
    }
    // Two connections opened together go to the two workers: the key met in the database.
    expect(spanned).toContain(true);
    const held = await inventory(t, flight.flightId, 'M');
    expect(held.classSold).toBe(4);
  });

  it('sells exactly the 7 seats left to 40 buyers spread over both processes, the rest get 204', async () => {
    const member = client(t);
    await registerUser(t, member);
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'HKG', classes: { M: { seatsLeft: 7 } } });
    const offerId = await offerFor(member, [1, 0, 0], [{ flightId: flight.flightId, bookingClass: 'M' }]);
    const before = await inventory(t, flight.flightId, 'M');

    const replies = await Promise.all(
      Array.from({ length: 40 }, () =>
        cluster.call('POST', '/travelsky/ibe/saveTicketOrder', {
          headers: headers({ token: member.session! }),
          body: {
            offerId,
            passengers: party([1, 0, 0], flight.depLocalDate),
            contact,
            idempotencyKey: randomUUID(),
            acceptTerms: true,
          },
        }),
      ),
    );
    expect(replies.every((r) => r.status < 500)).toBe(true);
    const codes = replies.map((r) => r.body.code);
    expect(codes.filter((c) => c === '0')).toHaveLength(7);
    expect(codes.filter((c) => c === '204')).toHaveLength(33);
    expect(new Set(await Promise.all(replies.map((r) => cluster.servedBy(r.requestId)))).size).toBe(2);

    const after = await inventory(t, flight.flightId, 'M');
    expect(after.classSold).toBe(before.classSold + 7);
    expect(after.classSold + after.classExternalSold).toBe(after.classLimit);
  }, 60_000);
});

/**
 * The machine's start and stop with the embedded PostgreSQL: the primary starts the database
 * once and hands its URL to the workers, replaces a worker that dies, and Ctrl-C stops the
 * workers, then the database.
 */
describe('two API processes on the embedded database', () => {
  let dir: string;
  let cluster: ClusterRun;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'wings-cluster-'));
    cluster = await startCluster({
      WEB_CONCURRENCY: '2',
      DATABASE_URL: undefined,
      DATA_DIR: dir,
      // Nothing to seed: the start is about processes, not data.
      SEED_DEMO: 'false',
    });
  }, 240_000);
  afterAll(async () => {
    cluster?.kill();
    await rm(dir, { recursive: true, force: true });
  });

  const postgresPid = () => Number.parseInt(readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8'), 10);

  it('runs one PostgreSQL, started by the primary, for both workers', async () => {
    expect(parentOf(postgresPid())).toBe(cluster.process.pid);
    const pids = new Set<number>();
    for (let i = 0; i < 6; i++) pids.add(await cluster.healthPid());
    expect(pids.size).toBe(2);
    for (const pid of pids) expect(parentOf(pid)).toBe(cluster.process.pid);
    // One server secret, generated by the primary before the workers started.
    expect(cluster.output().match(/generated a server secret/g)).toHaveLength(1);
  });

  it('replaces a worker that is killed', async () => {
    const before = new Set<number>();
    for (let i = 0; i < 4; i++) before.add(await cluster.healthPid());
    const [victim, survivor] = [...before];
    process.kill(victim!, 'SIGKILL');
    await vi.waitFor(
      async () => {
        const now = new Set<number>();
        for (let i = 0; i < 4; i++) now.add(await cluster.healthPid());
        expect(now.size).toBe(2);
        expect(now.has(survivor!)).toBe(true);
        expect(now.has(victim!)).toBe(false);
      },
      { timeout: 120_000, interval: 500 },
    );
    expect(cluster.output()).toContain(
      `(pid ${victim}) exited with signal SIGKILL; a new worker starts in 1000 ms`,
    );
  }, 150_000);

  it('stops every worker, then the database, on Ctrl-C, and exits 0', async () => {
    const workers = new Set<number>();
    for (let i = 0; i < 4; i++) workers.add(await cluster.healthPid());
    const postgres = postgresPid();
    cluster.interrupt();
    expect((await cluster.exited).code).toBe(0);
    for (const pid of [...workers, postgres]) expect(isRunning(pid)).toBe(false);
    expect(existsSync(path.join(dir, 'pg.lock'))).toBe(false);
    const errors = cluster
      .output()
      .split('\n')
      .filter((line) => line.includes('"level":50') && !line.includes('SIGKILL'));
    expect(errors).toEqual([]);
    expect(cluster.output()).toContain('"msg":"stopped cleanly"');
  }, 60_000);
});
