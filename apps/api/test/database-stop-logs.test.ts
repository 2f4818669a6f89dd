import pg from 'pg';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { type Database, openDatabase } from '../src/platform/db';

/**
 * Issue 10 §16: every Ctrl-C logged "idle database connection failed" with a stack trace at error
 * level, because the terminal's SIGINT also stops the embedded PostgreSQL, which ends the pool's
 * idle sessions. The server ending an idle connection costs nothing (the pool reconnects).
 */

type Level = 'error' | 'warn' | 'debug';

function recordingLogger() {
  const lines: { level: Level; msg: string }[] = [];
  return {
    lines,
    logger: {
      error: (_obj: unknown, msg?: string) => lines.push({ level: 'error', msg: msg ?? '' }),
      warn: (msg: string) => lines.push({ level: 'warn', msg }),
      debug: (msg: string) => lines.push({ level: 'debug', msg }),
    },
  };
}

/** Ends the backend of the pool's one idle connection from outside, as a shutting-down server does. */
async function terminateIdleBackend(database: Database): Promise<void> {
  const pid = (await database.pool.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
  const admin = new pg.Client({ connectionString: inject('databaseUrl') });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend($1)', [pid]);
  } finally {
    await admin.end();
  }
}

describe('a database connection the server closes while idle', () => {
  let database: Database | null = null;
  afterEach(async () => {
    await database?.close();
    database = null;
  });

  it('is one warning line while the API runs, and the next query connects again', async () => {
    const { lines, logger } = recordingLogger();
    database = openDatabase(inject('databaseUrl'), logger, 1);
    await terminateIdleBackend(database);
    await vi.waitFor(() => expect(lines.length).toBe(1));
    expect(lines[0]).toEqual({
      level: 'warn',
      msg: 'the database closed an idle connection (57P01: terminating connection due to administrator command); the next query connects again',
    });
    expect(await database.ping()).toBe(true);
  });

  it('is logged at debug level only once the process is stopping', async () => {
    const { lines, logger } = recordingLogger();
    database = openDatabase(inject('databaseUrl'), logger, 1);
    database.expectShutdown();
    await terminateIdleBackend(database);
    await vi.waitFor(() => expect(lines.length).toBe(1));
    expect(lines[0]?.level).toBe('debug');
    expect(lines.filter((l) => l.level === 'error')).toEqual([]);
  });

  it('still logs other failures of an idle connection as errors', async () => {
    const { lines, logger } = recordingLogger();
    database = openDatabase(inject('databaseUrl'), logger, 1);
    database.pool.emit('error', new Error('something unexpected'), {} as pg.PoolClient);
    expect(lines).toEqual([{ level: 'error', msg: 'idle database connection failed' }]);
  });
});
