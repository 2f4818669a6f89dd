import { type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { type Executor, isDatabaseUnavailable } from '../db';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs on the app's database (pg-boss); main.ts starts the workers. */
    jobs: JobRunner;
  }
}

/** What a job's handler gets: its data and the job id (for logs). */
export type JobHandler<T> = (data: T, job: { id: string; name: string }) => Promise<void>;

export interface SendOptions {
  /** Not before this instant (pg-boss compares with the database clock). */
  startAfter?: Date;
  /** With the queue's `short` policy: at most one queued job per key. */
  singletonKey?: string;
  /**
   * Enqueue as a statement of the caller's transaction: the job exists exactly when that
   * transaction commits (a paid order and its ticketing job). Workers are not woken, as the job
   * is not visible before the commit: the caller calls `wake` after it.
   */
  tx?: Executor;
}

export interface QueueOptions {
  /**
   * pg-boss queue policy: `standard` keeps every job; `short` keeps at most one queued
   * (not yet started) job per singleton key, so a job enqueued twice for the same thing is one.
   */
  policy?: 'standard' | 'short';
  /** Tries after the first failure (pg-boss retries with its delay). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /**
   * Jobs a worker fetches at once (pg-boss batchSize), then runs one after another; a job that
   * fails is failed (and retried) alone. Default 1.
   */
  batchSize?: number;
  /** Workers of this queue in each process, each working its own batch at the same time. Default 1. */
  workers?: number;
  /** How often an idle worker of this queue asks for jobs, seconds; the runner's setting by default. */
  pollingIntervalSeconds?: number;
}

/** SQLSTATE deadlock_detected, and how often creating one queue is tried when it meets one. */
const DEADLOCK_DETECTED = '40P01';
const CREATE_QUEUE_TRIES = 5;

interface Logger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
  debug(obj: unknown, msg?: string): void;
}

interface Registered {
  name: string;
  options: QueueOptions;
  // biome-ignore lint/suspicious/noExplicitAny: handlers of different queues take different data.
  handler: JobHandler<any>;
  cron?: string;
}

export interface JobRunnerOptions {
  /** The application's pool: pg-boss runs its SQL through it, so no second URL or pool is needed. */
  pool: Pick<pg.Pool, 'query'>;
  log: Logger;
  /** How often an idle worker asks for a job, seconds (pg-boss minimum 0.5). */
  pollingIntervalSeconds?: number;
  /** The pg-boss schema (docs/architecture.md §5: jobs live in the same database). */
  schema?: string;
}

/**
 * Background jobs on the application's own PostgreSQL (docs/architecture.md §5), a thin wrapper of
 * pg-boss 10. Modules declare their queues and handlers with `work` (and `schedule` for a
 * cron job) while the app is built; `start` installs pg-boss's schema when missing, creates
 * the queues and starts the workers; `stop` lets running jobs finish. Any number of
 * processes may run workers: pg-boss hands each job to one of them (SKIP LOCKED), and a cron
 * schedule is sent once per slot whatever the number of processes.
 *
 * `send` before `start` (a process that runs no jobs, or a test that does not need them)
 * enqueues nothing and returns null: callers treat jobs as a prompt, never as the only way a
 * thing happens (the booking module's periodic sweep, for example, catches missed expiries).
 */
export class JobRunner {
  private readonly boss: PgBoss;
  private readonly log: Logger;
  private readonly registered = new Map<string, Registered>();
  /** pg-boss worker ids of each queue in this process: `send` wakes them instead of waiting for a poll. */
  private readonly workerIds = new Map<string, string[]>();
  private readonly pollingIntervalSeconds: number;
  private state: 'idle' | 'starting' | 'started' | 'stopped' = 'idle';
  private starting: Promise<void> | null = null;

  constructor(options: JobRunnerOptions) {
    this.log = options.log;
    this.pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
    const pool = options.pool;
    this.boss = new PgBoss({
      db: {
        // Without values node-postgres uses the simple protocol, which pg-boss's multi-statement
        // migration scripts need.
        executeSql: (text: string, values?: unknown[]) =>
          values && values.length > 0 ? pool.query(text, values) : pool.query(text),
      },
      schema: options.schema ?? 'pgboss',
      migrate: true,
      supervise: true,
      schedule: true,
    });
    // pg-boss reports failed polls and maintenance here and carries on: with the database gone
    // its workers keep polling and pick up again once it is back. Without a listener an
    // 'error' event would end the process.
    this.boss.on('error', (err) => {
      if (isDatabaseUnavailable(err)) this.log.warn({ err }, 'job queue: database unavailable, retrying');
      else this.log.error({ err }, 'job queue error');
    });
  }

  /** Whether workers run in this process. */
  get running(): boolean {
    return this.state === 'started';
  }

  /** Declares a queue and the handler of its jobs; the worker starts with `start`. */
  async work<T extends object>(
    name: string,
    handler: JobHandler<T>,
    options: QueueOptions = {},
  ): Promise<void> {
    const entry: Registered = { name, options, handler };
    this.registered.set(name, entry);
    if (this.state === 'started') await this.activate(entry);
  }

  /** Declares a cron job (e.g. `* * * * *` every minute, UTC) and its handler. */
  async schedule(
    name: string,
    cron: string,
    handler: JobHandler<Record<string, never>>,
    options: QueueOptions = {},
  ): Promise<void> {
    const entry: Registered = { name, options, handler, cron };
    this.registered.set(name, entry);
    if (this.state === 'started') await this.activate(entry);
  }

  /**
   * A declared queue's handler and options: tests on the shared database run a queue's handler
   * directly, as a worker would, instead of starting workers.
   */
  declared<T extends object>(name: string): { handler: JobHandler<T>; options: QueueOptions } | undefined {
    const entry = this.registered.get(name);
    return entry && { handler: entry.handler, options: entry.options };
  }

  /** Enqueues a job; null when this process runs no jobs or the queue's policy dropped a duplicate. */
  async send(name: string, data: object, options: SendOptions = {}): Promise<string | null> {
    if (this.state !== 'started') {
      this.log.debug({ job: name }, 'job runner not started: job not enqueued');
      return null;
    }
    const id = await this.boss.send(name, data, {
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.tx ? { db: inTransaction(options.tx) } : {}),
    });
    // A job due now is fetched at once by this process's idle workers of its queue (if any).
    if (id && !options.startAfter && !options.tx) this.wake(name);
    return id;
  }

  /**
   * Enqueues many jobs of one queue in one statement (pg-boss `insert`): a caller that makes many
   * things gathers their jobs and sends them together. A job whose singleton key is already
   * queued (the `short` policy) is skipped. Nothing is enqueued when this process runs no jobs.
   */
  async sendMany(
    name: string,
    jobs: ReadonlyArray<{ data: object } & Pick<SendOptions, 'startAfter' | 'singletonKey'>>,
  ): Promise<void> {
    if (this.state !== 'started' || jobs.length === 0) {
      if (jobs.length > 0)
        this.log.debug({ job: name, jobs: jobs.length }, 'job runner not started: jobs not enqueued');
      return;
    }
    await this.boss.insert(
      jobs.map((j) => ({
        name,
        data: j.data,
        ...(j.startAfter ? { startAfter: j.startAfter } : {}),
        ...(j.singletonKey ? { singletonKey: j.singletonKey } : {}),
      })),
    );
  }

  /**
   * Has this process's idle workers of a queue fetch at once instead of at their next poll:
   * after the commit of a transaction that enqueued a job due now (`send` with `tx`).
   */
  wake(name: string): void {
    if (this.state !== 'started') return;
    for (const w of this.workerIds.get(name) ?? []) this.boss.notifyWorker(w);
  }

  /** Installs or migrates pg-boss's schema, creates the queues and starts workers and schedules. */
  async start(): Promise<void> {
    if (this.state === 'started') return;
    if (this.starting) return this.starting;
    this.state = 'starting';
    this.starting = (async () => {
      await this.boss.start();
      this.state = 'started';
      for (const entry of this.registered.values()) await this.activate(entry);
      this.log.info({ queues: [...this.registered.keys()] }, 'job runner started');
    })();
    try {
      await this.starting;
    } finally {
      this.starting = null;
    }
  }

  /** Stops taking jobs and waits (up to `timeoutMs`) for running ones to finish. */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (this.starting) await this.starting.catch(() => {});
    if (this.state !== 'started') {
      this.state = 'stopped';
      return;
    }
    this.state = 'stopped';
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
  }

  private async activate(entry: Registered): Promise<void> {
    const { name, options } = entry;
    // Processes starting together on a fresh database create the same queues at once, and two
    // of pg-boss's create_queue (each attaches a partition to the job table) can deadlock:
    // PostgreSQL cancels one, which tries again and finds the queue made by the other.
    for (let attempt = 1; ; attempt++) {
      try {
        await this.boss.createQueue(name, {
          name,
          policy: options.policy ?? 'standard',
          retryLimit: options.retryLimit ?? 5,
          retryDelay: options.retryDelaySeconds ?? 10,
          retryBackoff: true,
        });
        break;
      } catch (err) {
        const deadlock = (err as { code?: unknown }).code === DEADLOCK_DETECTED;
        if (!deadlock || attempt >= CREATE_QUEUE_TRIES) throw err;
      }
    }
    const work = {
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? this.pollingIntervalSeconds,
      batchSize: options.batchSize ?? 1,
    };
    const ids: string[] = [];
    for (let i = 0; i < (options.workers ?? 1); i++) {
      const id = await this.boss.work(name, work, async (jobs) => {
        for (const job of jobs) {
          try {
            await entry.handler(job.data, { id: job.id, name: job.name });
          } catch (err) {
            this.log.error({ err, job: name, jobId: job.id }, 'job failed');
            if (jobs.length === 1) throw err;
            // pg-boss completes or fails a batch whole: this job fails (and is retried) alone,
            // and the batch's completion then leaves it as it is (it is no longer active).
            await this.boss.fail(name, job.id, { message: err instanceof Error ? err.message : String(err) });
          }
        }
      });
      ids.push(id);
    }
    this.workerIds.set(name, ids);
    if (entry.cron) await this.boss.schedule(name, entry.cron, {}, { tz: 'UTC' });
  }
}

/**
 * pg-boss's executor over a transaction of the app's database: pg-boss's SQL, with its positional
 * parameters (`$1` ...), runs as one statement of `tx` (each `$n` a parameter of its own).
 */
function inTransaction(tx: Executor): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = parts.map((part, i) =>
        i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`,
      );
      const result = await tx.execute(sql.join(chunks));
      return { rows: result.rows };
    },
  };
}
