import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownDatabase } from '../../../test/helpers';
import { type Database, openDatabase } from '../db';
import { JobRunner } from './jobs';

const quiet = { info() {}, warn() {}, error() {}, debug() {} };

/** The app's queues, as many as a process declares at its start. */
const QUEUES = Array.from({ length: 9 }, (_, i) => `queue-${i}`);

// Several API processes on one machine start their job runners at the same moment on the same
// database (WEB_CONCURRENCY). On a fresh database the first start created pg-boss's queues in
// every process at once, and two queue creations deadlocked: a worker failed to start.
describe('job runners of several processes starting together on a fresh database', () => {
  let own: Awaited<ReturnType<typeof ownDatabase>>;
  const databases: Database[] = [];
  const runners: JobRunner[] = [];
  const schema = `pgboss_start_${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    own = await ownDatabase({ empty: true });
  });
  afterAll(async () => {
    for (const r of runners) await r.stop(2_000);
    await databases[0]?.pool.query(`drop schema if exists ${schema} cascade`);
    for (const d of databases) await d.close();
    await own.drop();
  });

  it('all start, each queue is made once, and a job sent by one is worked by one of them', async () => {
    for (let i = 0; i < 4; i++) {
      // A pool of its own per runner, as each process has.
      const database = openDatabase(own.url, quiet, 4);
      databases.push(database);
      const runner = new JobRunner({ pool: database.pool, log: quiet, schema, pollingIntervalSeconds: 1 });
      for (const name of QUEUES) await runner.work(name, async () => {});
      runners.push(runner);
    }
    const started = await Promise.allSettled(runners.map((r) => r.start()));
    expect(started.filter((s) => s.status === 'rejected')).toEqual([]);

    const queues = await databases[0]!.pool.query<{ name: string }>(
      `select name from ${schema}.queue where name like 'queue-%' order by name`,
    );
    expect(queues.rows.map((r) => r.name)).toEqual([...QUEUES].sort());

    let worked: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      worked = resolve;
    });
    await runners[3]!.work<{ n: number }>('ping', async () => worked());
    expect(await runners[0]!.send('ping', { n: 1 })).not.toBeNull();
    await done;
  }, 60_000);
});
