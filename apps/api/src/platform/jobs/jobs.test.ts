import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownDatabase } from '../../../test/helpers';
import { type Database, openDatabase } from '../db';
import { JobRunner } from './jobs';

const quiet = { info() {}, warn() {}, error() {}, debug() {} };

/** Resolves once `count` distinct things were seen (a job handler's progress, without polling). */
function countdown(count: number) {
  const seen = new Set<number>();
  let done: () => void = () => {};
  const all = new Promise<void>((resolve) => {
    done = resolve;
  });
  return {
    seen,
    all,
    see(n: number) {
      seen.add(n);
      if (seen.size === count) done();
    },
  };
}

// On a database of its own (no test sharing the run's database starts workers), each runner with a
// pg-boss schema of its own.
describe('the job runner', () => {
  let own: Awaited<ReturnType<typeof ownDatabase>>;
  let database: Database;
  const runners: { runner: JobRunner; schema: string }[] = [];

  function runner(pollingIntervalSeconds: number): JobRunner {
    const schema = `pgboss_test_${randomBytes(4).toString('hex')}`;
    const r = new JobRunner({ pool: database.pool, log: quiet, schema, pollingIntervalSeconds });
    runners.push({ runner: r, schema });
    return r;
  }

  beforeAll(async () => {
    own = await ownDatabase({ empty: true });
    database = openDatabase(own.url, quiet, 4);
  });
  afterAll(async () => {
    for (const { runner: r, schema } of runners) {
      await r.stop(2_000);
      await database.pool.query(`drop schema if exists ${schema} cascade`);
    }
    await database.close();
    await own.drop();
  });

  it('works a burst of jobs as it is sent: several workers, batches, woken by send rather than the next poll', async () => {
    // Idle workers poll only every 60 s: the burst can finish within the test's time only if each
    // send wakes them and a worker takes a batch at a time (ticketing's lag, issue 9).
    const jobs = runner(60);
    const progress = countdown(60);
    const running = { now: 0, most: 0 };
    await jobs.work<{ n: number }>(
      'burst',
      async ({ n }) => {
        running.now++;
        running.most = Math.max(running.most, running.now);
        await new Promise<void>((resolve) => setImmediate(resolve));
        running.now--;
        progress.see(n);
      },
      { batchSize: 10, workers: 3, pollingIntervalSeconds: 60 },
    );
    await jobs.start();
    await Promise.all(Array.from({ length: 60 }, (_, n) => jobs.send('burst', { n })));
    await progress.all;
    expect(progress.seen.size).toBe(60);
    // Never more at once than the workers: each holds at most one database connection.
    expect(running.most).toBeLessThanOrEqual(3);
  });

  it('fails a failing job of a batch alone: the others of its batch complete once', async () => {
    const jobs = runner(0.5);
    const runs = new Map<number, number>();
    const progress = countdown(4);
    await jobs.work<{ n: number }>(
      'batch-failure',
      async ({ n }) => {
        runs.set(n, (runs.get(n) ?? 0) + 1);
        // Job 2 fails its first run; its retry succeeds.
        if (n === 2 && runs.get(n) === 1) throw new Error('first run of job 2 fails');
        progress.see(n);
      },
      { batchSize: 4, retryLimit: 2, retryDelaySeconds: 0, pollingIntervalSeconds: 0.5 },
    );
    await jobs.start();
    // Due a moment from now, so the worker's next poll fetches all four as one batch.
    const startAfter = new Date(Date.now() + 1_000);
    const sent = await Promise.all(
      [0, 1, 2, 3].map((n) => jobs.send('batch-failure', { n }, { startAfter })),
    );
    expect(sent.every((id) => typeof id === 'string')).toBe(true);
    await progress.all;
    expect(Object.fromEntries(runs)).toEqual({ 0: 1, 1: 1, 2: 2, 3: 1 });
  });

  it("enqueues in the caller's transaction: none after a rollback, one after the commit, run once woken", async () => {
    // Idle workers poll only every 60 s: the committed job runs within the test's time only if
    // `wake` fetches it (a paid order's ticketing job, enqueued in the payment's transaction).
    const jobs = runner(60);
    const progress = countdown(1);
    await jobs.work<{ n: number }>('in-transaction', async ({ n }) => progress.see(n), {
      policy: 'short',
      pollingIntervalSeconds: 60,
    });
    await jobs.start();
    const queued = async () =>
      (
        await database.pool.query(
          `select count(*)::int as n from ${runners.at(-1)?.schema}.job where name = 'in-transaction'`,
        )
      ).rows[0].n as number;

    await expect(
      database.db.transaction(async (tx) => {
        expect(await jobs.send('in-transaction', { n: 1 }, { tx, singletonKey: 'k' })).toEqual(
          expect.any(String),
        );
        throw new Error('the caller rolls back');
      }),
    ).rejects.toThrow('the caller rolls back');
    expect(await queued()).toBe(0);

    await database.db.transaction(async (tx) => {
      expect(await jobs.send('in-transaction', { n: 2 }, { tx, singletonKey: 'k' })).toEqual(
        expect.any(String),
      );
      // The queue's policy holds inside the transaction too: a second job of the key is dropped.
      expect(await jobs.send('in-transaction', { n: 3 }, { tx, singletonKey: 'k' })).toBeNull();
      expect(await queued()).toBe(0);
    });
    expect(await queued()).toBe(1);
    jobs.wake('in-transaction');
    await progress.all;
    expect([...progress.seen]).toEqual([2]);
  });
});
