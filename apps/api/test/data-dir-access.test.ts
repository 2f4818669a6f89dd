import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canSearch, DataDirUnreachableError, startEmbeddedPostgres } from '../src/platform/embedded-postgres';
import { runMainUntilExit } from './support/run-main';

/**
 * Issue 10 §17: as root the embedded PostgreSQL runs as the `postgres` user, which must be able
 * to pass through every directory above DATA_DIR. A DATA_DIR inside a private directory (a
 * `mktemp -d`, mode 0700) used to fail in initdb with "Permission denied" and a stack trace.
 */

const quiet = { info() {}, warn() {}, debug() {}, error() {} };
const isRoot = process.getuid?.() === 0;

describe('who may pass through a directory (the postgres user, primary group only)', () => {
  const postgres = { uid: 101, gid: 102 };
  it('reads the owner bits when it owns the directory, else the group bits, else the others', () => {
    expect(canSearch({ mode: 0o40700, uid: 101, gid: 0 }, postgres)).toBe(true);
    expect(canSearch({ mode: 0o40077, uid: 101, gid: 102 }, postgres)).toBe(false);
    expect(canSearch({ mode: 0o40710, uid: 0, gid: 102 }, postgres)).toBe(true);
    expect(canSearch({ mode: 0o40701, uid: 0, gid: 102 }, postgres)).toBe(false);
    expect(canSearch({ mode: 0o40701, uid: 0, gid: 0 }, postgres)).toBe(true);
    expect(canSearch({ mode: 0o40700, uid: 0, gid: 0 }, postgres)).toBe(false);
  });

  it('counts only the others bits for a user that does not exist yet', () => {
    expect(canSearch({ mode: 0o40711, uid: 0, gid: 0 }, null)).toBe(true);
    expect(canSearch({ mode: 0o40770, uid: 0, gid: 0 }, null)).toBe(false);
  });
});

describe.skipIf(!isRoot)('as root, a DATA_DIR inside a private directory', () => {
  let privateDir: string;
  let dataDir: string;

  beforeAll(async () => {
    // What `mktemp -d` makes: mode 0700, owned by root.
    privateDir = await mkdtemp(path.join(os.tmpdir(), 'wings-private-'));
    expect((await stat(privateDir)).mode & 0o777).toBe(0o700);
    dataDir = path.join(privateDir, 'data');
    await mkdir(dataDir);
  });
  afterAll(async () => {
    await rm(privateDir, { recursive: true, force: true });
  });

  it('is refused before initdb, naming the postgres user and the directory it cannot reach', async () => {
    const start = startEmbeddedPostgres(path.join(dataDir, 'pg'), 'wings', quiet);
    await expect(start).rejects.toBeInstanceOf(DataDirUnreachableError);
    await expect(start).rejects.toThrow(
      `the embedded PostgreSQL runs as the "postgres" user, which cannot reach ${privateDir} (mode 0700, owner root) on the way to DATA_DIR ${dataDir}: chmod o+x ${privateDir}, or set DATA_DIR to a directory outside it`,
    );
    // Nothing was left behind: no lock, no half-made cluster, the directory's mode unchanged.
    expect((await stat(privateDir)).mode & 0o777).toBe(0o700);
    await expect(stat(path.join(dataDir, 'pg.lock'))).rejects.toThrow();
    await expect(stat(path.join(dataDir, 'pg'))).rejects.toThrow();
  });

  it('makes the server (main.ts) print that one line and exit 1, without a stack trace', async () => {
    const { code, stderr } = await runMainUntilExit(dataDir, 38998);
    expect(code).toBe(1);
    expect(stderr).toBe(
      `the embedded PostgreSQL runs as the "postgres" user, which cannot reach ${privateDir} (mode 0700, owner root) on the way to DATA_DIR ${dataDir}: chmod o+x ${privateDir}, or set DATA_DIR to a directory outside it\n`,
    );
  }, 60_000);
});
