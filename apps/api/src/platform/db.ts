import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '../db/schema';

export type Db = NodePgDatabase<typeof schema>;

/**
 * A transaction of the app's database: a cross-module step that must be atomic takes the
 * caller's `tx` as its first argument (docs/architecture.md).
 */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Anything that runs SQL: the pool's handle or a transaction of it. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /**
   * The process is stopping: from now on a connection the database closes is expected (a
   * terminal's Ctrl-C reaches the embedded PostgreSQL too, which then ends every session) and
   * is logged at debug level, not as an error. `close` implies it.
   */
  expectShutdown(): void;
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../db/migrations',
);

interface Logger {
  error(obj: unknown, msg?: string): void;
  warn?(msg: string): void;
  debug?(msg: string): void;
}

/** An error's SQLSTATE or socket code and message, on one line. */
function describeError(err: unknown): string {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  return `${typeof code === 'string' ? `${code}: ` : ''}${String(message ?? err)}`;
}

/** How long a holder has to give back a connection that broke while it held it. */
const LOST_CLIENT_GRACE_MS = 1_000;

/**
 * A connection pool and the Drizzle handle over it. Every client of the pool carries an error
 * listener from the moment it connects: pg-pool listens only while a client is idle, so a
 * database that stops, fails over or terminates a backend while a request holds a client
 * (a transaction) would otherwise raise an unhandled 'error' and end the process. The
 * request's query fails instead (503, see `isDatabaseUnavailable`), the broken client is
 * dropped when released, and the next query connects again.
 *
 * A broken client that its holder never gives back is released by the pool itself after
 * `LOST_CLIENT_GRACE_MS`: Drizzle's `transaction` does not release its client when `begin`
 * fails, and each such client would otherwise stay counted against `max` for good (after a
 * few database restarts every request would wait for a connection, and `close` would hang).
 * A late release by the holder is then a no-op.
 *
 * An idle connection the server ends (a restart, a fail-over, a shutdown: `isDatabaseUnavailable`)
 * costs nothing, since the pool drops it and the next query connects again: one warning line.
 * Once `expectShutdown` (or `close`) was called, connections ending are the stop itself: debug.
 */
export function openDatabase(url: string, logger: Logger, max = 10): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
  });
  const checkedOut = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_err, client) => checkedOut.delete(client));
  let stopping = false;
  pool.on('error', (err) => {
    if (stopping) logger.debug?.(`idle database connection closed while stopping (${describeError(err)})`);
    else if (isDatabaseUnavailable(err)) {
      logger.warn?.(
        `the database closed an idle connection (${describeError(err)}); the next query connects again`,
      );
    } else logger.error({ err }, 'idle database connection failed');
  });
  pool.on('connect', (client) => {
    let lost = false;
    client.on('error', (err) => {
      // An idle client's error is the pool's 'error' (above); a lost connection reports twice.
      if (lost || !checkedOut.has(client)) return;
      lost = true;
      if (stopping)
        logger.warn?.(`a request's database connection closed while stopping (${describeError(err)})`);
      else logger.error({ err }, 'database connection lost while in use');
      setTimeout(() => {
        if (!checkedOut.has(client)) return;
        const release = client.release;
        client.release = () => {};
        release.call(client, err);
      }, LOST_CLIENT_GRACE_MS).unref();
    });
  });
  const db = drizzle(pool, { schema });
  return {
    db,
    pool,
    async ping() {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    expectShutdown() {
      stopping = true;
    },
    async close() {
      stopping = true;
      await pool.end();
    },
  };
}

/** Socket errors of a connection that is gone or cannot be made. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is going away or not taking connections: 57P01 admin_shutdown
 * (also pg_terminate_backend), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up,
 * shutting down, in recovery), 53300 too_many_connections. Class 08 (connection exception)
 * is matched by its prefix.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Messages node-postgres and pg-pool give their own connection failures (they carry no code). */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/**
 * Whether an error means the database cannot be reached right now (connection lost or refused,
 * server shutting down or starting, pool timed out connecting), as opposed to a failed
 * statement. Looks through `cause` chains, so a Drizzle query error wrapping one counts too.
 * The API answers these 503 `unavailable`: the caller may try again shortly.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 8 && current instanceof Object; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) {
        return true;
      }
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.startsWith(m))) {
      return true;
    }
    current = cause;
  }
  return false;
}

/** Applies every pending migration. Callers that may run in several processes at once hold `withAdvisoryLock`. */
export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder });
}

/**
 * Runs `work` while holding a PostgreSQL session advisory lock on one dedicated connection
 * (not one of the pool's, so `work` can use the whole pool). Processes calling it with the same
 * key on the same database run `work` one after another. The lock is released in `finally`,
 * and by the server should this connection die.
 */
export async function withAdvisoryLock<T>(
  url: string,
  key: bigint,
  logger: Logger,
  work: () => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', (err) => logger.error({ err }, 'advisory lock connection lost'));
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [key.toString()]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1::bigint)', [key.toString()]).catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A PostgreSQL deadlock or serialization failure: the transaction may simply be run again. */
export function isRetryableConflict(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: string }).code;
    if (code === '40P01' || code === '40001') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
