import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../src/config';
import { migrateAndSeed, startupPreparation } from '../src/db/prepare';
import { DEMO_AIRPORTS as AIRPORTS, demoNetworkRoutes as networkRoutes } from '../src/modules/network';
import { migrationsFolder, openDatabase } from '../src/platform/db';
import { DataDirInUseError, startEmbeddedPostgres } from '../src/platform/embedded-postgres';
import { runMainUntilExit } from './support/run-main';

/** Issue 9 §2 and §3: processes that start together, and a second start on a DATA_DIR in use. */

const quiet = { info() {}, warn() {}, debug() {}, error() {} };

async function answers(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url });
  c.on('error', () => {});
  try {
    await c.connect();
    return (await c.query('select 1 as one')).rows[0]?.one === 1;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('four processes preparing one empty database at once', () => {
  const name = `wings_prepare_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  let admin: pg.Client;
  let url: string;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: inject('databaseUrl') });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const u = new URL(inject('databaseUrl'));
    u.pathname = `/${name}`;
    url = u.toString();
  });
  afterAll(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('all succeed, one after another under the advisory lock, and the data is there exactly once', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, async () => {
        const database = openDatabase(url, quiet, 3);
        try {
          await migrateAndSeed(url, database, quiet, startupPreparation(loadConfig({})));
        } finally {
          await database.close();
        }
      }),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);

    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const count = async (sql: string) => Number((await db.query(sql)).rows[0].n);
      const files = (await readdir(migrationsFolder)).filter((f) => f.endsWith('.sql'));
      expect(await count('select count(*) as n from drizzle.__drizzle_migrations')).toBe(files.length);
      expect(await count('select count(*) as n from airports')).toBe(AIRPORTS.length);
      expect(await count('select count(*) as n from routes')).toBe(networkRoutes().length);
      const flights = await count('select count(*) as n from flights');
      expect(flights).toBeGreaterThan(0);
      // Each flight got its two cabins and one row per booking class, once.
      expect(await count('select count(*) as n from flight_cabins')).toBe(flights * 2);
      expect(await count('select count(*) as n from flight_class_inventory')).toBe(
        flights * (await count('select count(*) as n from booking_classes')),
      );
      // Nothing was written twice: a seeded row is updated only when its data changes.
      expect(await count('select count(*) as n from airports where updated_at <> created_at')).toBe(0);
    } finally {
      await db.end();
    }
  }, 120_000);
});

describe('a DATA_DIR in use by a running server', () => {
  let dir: string;
  let child: ChildProcess | null = null;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'wings-datadir-'));
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a second start with a one-line message and leaves the running database alone', async () => {
    const pgDir = path.join(dir, 'pg');
    const first = await startEmbeddedPostgres(pgDir, 'wings', quiet);
    try {
      expect((await readFile(`${pgDir}.lock`, 'utf8')).split('\n')[0]).toBe(String(process.pid));
      const second = startEmbeddedPostgres(pgDir, 'wings', quiet);
      await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
      await expect(second).rejects.toThrow(
        `DATA_DIR ${dir} is in use by a running server (pid ${process.pid}); stop it first or set DATA_DIR to another directory`,
      );
      expect(await answers(first.url)).toBe(true);
    } finally {
      await first.stop();
    }
    // A clean stop gives the directory up.
    expect(existsSync(`${pgDir}.lock`)).toBe(false);
  }, 120_000);

  it('makes the server (main.ts) print that one line and exit 1, without a stack trace', async () => {
    // This test process stands for the running server: alive, and a node process.
    const lockDir = await mkdtemp(path.join(os.tmpdir(), 'wings-datadir-main-'));
    try {
      await writeFile(path.join(lockDir, 'pg.lock'), `${process.pid}\n\n`);
      const { code, stderr } = await runMainUntilExit(lockDir, 38999);
      expect(code).toBe(1);
      expect(stderr).toBe(
        `DATA_DIR ${lockDir} is in use by a running server (pid ${process.pid}); stop it first or set DATA_DIR to another directory\n`,
      );
    } finally {
      await rm(lockDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('takes over a directory whose server was killed, stopping the database it left running', async () => {
    const pgDir = path.join(dir, 'pg');
    // A server process that is then killed hard: its lock and its PostgreSQL stay behind.
    const module = path.resolve(import.meta.dirname, '../src/platform/embedded-postgres.ts');
    const script = `const { startEmbeddedPostgres } = await import(${JSON.stringify(module)});
      const q = { info() {}, warn() {}, debug() {}, error() {} };
      const db = await startEmbeddedPostgres(${JSON.stringify(pgDir)}, 'wings', q);
      console.log('READY ' + db.url);
      setInterval(() => {}, 1000);`;
    const started = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: path.resolve(import.meta.dirname, '..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child = started;
    const orphanUrl = await new Promise<string>((resolve, reject) => {
      let out = '';
      started.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const m = /READY (\S+)/.exec(out);
        if (m?.[1]) resolve(m[1]);
      });
      started.on('exit', (code) =>
        reject(new Error(`the server process exited (${code}) before it was ready`)),
      );
    });
    const postmaster = Number.parseInt(
      (await readFile(path.join(pgDir, 'postmaster.pid'), 'utf8')).split('\n')[0] ?? '',
      10,
    );
    // While it runs, the directory is its own.
    await expect(startEmbeddedPostgres(pgDir, 'wings', quiet)).rejects.toThrow(
      `is in use by a running server (pid ${started.pid})`,
    );
    started.kill('SIGKILL');
    await new Promise((resolve) => started.once('exit', resolve));
    child = null;
    expect(await answers(orphanUrl)).toBe(true);

    const next = await startEmbeddedPostgres(pgDir, 'wings', quiet);
    try {
      expect(isRunning(postmaster)).toBe(false);
      expect(await answers(next.url)).toBe(true);
      expect((await readFile(`${pgDir}.lock`, 'utf8')).split('\n')[0]).toBe(String(process.pid));
    } finally {
      await next.stop();
    }
  }, 120_000);

  it('clears a lock whose owner is gone', async () => {
    const pgDir = path.join(dir, 'pg');
    // A pid that is no longer running: a process that has exited.
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.once('exit', resolve));
    await writeFile(`${pgDir}.lock`, `${gone.pid}\n\n`);
    const db = await startEmbeddedPostgres(pgDir, 'wings', quiet);
    try {
      expect(await answers(db.url)).toBe(true);
    } finally {
      await db.stop();
    }
  }, 120_000);
});
