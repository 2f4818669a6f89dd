import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_APP } from './token';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  output(): string;
  /**
   * Presses Ctrl-C as in a terminal, which signals the whole foreground process group: SIGINT to
   * the server and to the embedded PostgreSQL it started. Waits for the server's exit code.
   */
  stop(): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts the product exactly as `npm start` does, on a free port with its own DATA_DIR. It runs
 * with the app pair the tests sign with (`DEMO_APP`), whatever APP_ID and APP_SECRET the
 * environment holds (an operator's own pair would make every signed call fail with 2001);
 * `env` may still set them.
 */
export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/start.mjs')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      APP_ID: DEMO_APP.id,
      APP_SECRET: DEMO_APP.secret,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d) => {
    log += d.toString();
  });
  child.stderr?.on('data', (d) => {
    log += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited during start:\n${log}`);
    try {
      const res = await fetch(`${url}/api/health`);
      // With WEB_CONCURRENCY the first worker answers before the others listen; the banner
      // comes once every process serves.
      if (res.ok && log.includes('press Ctrl-C')) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not become healthy:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    port,
    dataDir,
    process: child,
    output: () => log,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const postgres = embeddedPostgresOf(dataDir, child.pid);
        child.kill('SIGINT');
        if (postgres !== null) {
          try {
            process.kill(postgres, 'SIGINT');
          } catch {
            // Gone already.
          }
        }
      }
      return exited;
    },
  };
}

/** The pid of the embedded PostgreSQL in `dataDir` if the process `parent` started it and it runs. */
function embeddedPostgresOf(dataDir: string, parent: number | undefined): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8'), 10);
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number.parseInt(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] ?? '', 10);
    return ppid === parent ? pid : null;
  } catch {
    // No embedded database (DATABASE_URL), not started yet, already gone, or no /proc.
    return null;
  }
}

/** Whether the embedded PostgreSQL of a data directory is still running. */
export function postgresLeftRunning(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'pg', 'postmaster.pid'));
}
