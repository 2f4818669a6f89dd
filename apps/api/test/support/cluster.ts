import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { DEMO_APP_ID, DEMO_APP_SECRET } from '../../src/config';
import { freePort } from '../../src/platform/embedded-postgres';
import type { Reply } from './clients';

/**
 * The server (src/main.ts) as an operator runs it with WEB_CONCURRENCY: a primary and its
 * workers, in a process group of their own so that `interrupt` is a terminal's Ctrl-C (SIGINT to
 * every process of the group, the embedded PostgreSQL included). Calls go each on a connection of
 * its own, so the primary hands them to the workers in turn; the worker that answered a call is
 * read from its log line (`pid` and the call's `x-request-id`), as an operator would.
 */
export interface ClusterRun {
  port: number;
  /** The primary. */
  process: ChildProcess;
  /** Everything the primary and its workers wrote, stdout and stderr. */
  output(): string;
  /** Calls `/api<route>` on a new connection; `requestId` is sent as `x-request-id`. */
  call(
    method: 'GET' | 'POST',
    route: string,
    options?: { headers?: Record<string, string>; body?: unknown; requestId?: string },
  ): Promise<{ status: number; body: Reply; requestId: string }>;
  /** The pid that logged the call with this request id (LOG_LEVEL info), once its line is in. */
  servedBy(requestId: string): Promise<number>;
  /** The pid `/api/health` names, asked on a new connection. */
  healthPid(): Promise<number>;
  /** SIGINT to every process of the group, as Ctrl-C in a terminal. */
  interrupt(): void;
  /** The primary's exit. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL to the whole group (clean-up after a failed test). */
  kill(): void;
}

/** Starts the server with `env` over this process's environment and waits for its banner. */
export async function startCluster(env: Record<string, string | undefined>): Promise<ClusterRun> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    APP_ID: DEMO_APP_ID,
    APP_SECRET: DEMO_APP_SECRET,
    ...env,
  };
  for (const [key, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[key];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const started = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('press Ctrl-C')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then(({ code }) => reject(new Error(`the server exited (${code}) while starting:\n${log}`)));
  });
  const killGroup = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  };
  try {
    await started;
  } catch (err) {
    killGroup();
    throw err;
  }

  const run: ClusterRun = {
    port,
    process: child,
    output: () => log,
    call: (method, route, options = {}) => {
      const requestId = options.requestId ?? `t-${randomUUID()}`;
      const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
      return new Promise((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method,
            path: `/api${route}`,
            // A connection per call: the primary gives each new connection to the next worker.
            agent: false,
            headers: {
              connection: 'close',
              'x-request-id': requestId,
              ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
              ...options.headers,
            },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (d: string) => {
              text += d;
            });
            res.on('end', () => {
              try {
                resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Reply, requestId });
              } catch (err) {
                reject(new Error(`${route} answered ${res.statusCode}: ${text}`, { cause: err }));
              }
            });
          },
        );
        // A connection the primary handed to a worker at the moment it was killed is never
        // answered: the call fails after a while, as a client's timeout would.
        req.setTimeout(15_000, () => req.destroy(new Error(`${route}: no answer in 15 s`)));
        req.on('error', reject);
        req.end(payload);
      });
    },
    servedBy(requestId) {
      const find = (): number | undefined => {
        for (const line of log.split('\n')) {
          if (!line.includes(`"reqId":"${requestId}"`)) continue;
          const pid = (JSON.parse(line) as { pid?: number }).pid;
          if (pid) return pid;
        }
        return undefined;
      };
      const now = find();
      if (now !== undefined) return Promise.resolve(now);
      // The reply can come back before the worker's log line has crossed the pipe (a loaded
      // machine): wait for the line as it arrives, up to a deadline.
      return new Promise<number>((resolve, reject) => {
        const onData = () => {
          const pid = find();
          if (pid === undefined) return;
          done();
          resolve(pid);
        };
        const deadline = setTimeout(() => {
          done();
          reject(new Error(`no log line of request ${requestId} within 10 s`));
        }, 10_000);
        const done = () => {
          clearTimeout(deadline);
          child.stdout?.off('data', onData);
          child.stderr?.off('data', onData);
        };
        // After the log's own listener, which appends the chunk first (registered at start).
        child.stdout?.on('data', onData);
        child.stderr?.on('data', onData);
      });
    },
    async healthPid() {
      const res = await run.call('GET', '/health');
      return res.body.data.pid as number;
    },
    interrupt() {
      if (child.pid) process.kill(-child.pid, 'SIGINT');
    },
    exited,
    kill: killGroup,
  };
  return run;
}

/** Whether a process runs. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A process's parent, from /proc. */
export function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number.parseInt(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] ?? '', 10);
}
