import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { type Config, loadConfigOrExit } from './config';
import { prepareDatabase } from './db/prepare';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD, DEMO_STAFF_TOTP_SECRET } from './modules/staff';
import { connectionBudgetWarning, startWorkers } from './platform/cluster';
import { type Database, openDatabase } from './platform/db';
import {
  DataDirInUseError,
  DataDirUnreachableError,
  type EmbeddedDatabase,
} from './platform/embedded-postgres';
import { ensureServerSecret } from './platform/secrets';

type Log = pino.Logger;

/**
 * Starts the API and the traveller app: config, server secret, database, migrations, seed, then
 * either this process serves (WEB_CONCURRENCY=1) or it forks that many workers that serve
 * (platform/cluster.ts); a worker runs this file too and only serves.
 */
async function main(): Promise<void> {
  if (cluster.isWorker) return serveAsWorker();
  let config = loadConfigOrExit();
  const log = pino({ level: config.logLevel });
  // Outside production an unset SERVER_SECRET is generated once into DATA_DIR and kept there.
  config = await ensureServerSecret(config, log);
  log.info(
    config.databaseUrl
      ? 'using the PostgreSQL at DATABASE_URL'
      : `using the embedded PostgreSQL in ${config.dataDir}`,
  );
  // Once per machine start, whatever the number of processes: the embedded PostgreSQL,
  // migrations, the demo seed and the flight horizon.
  const prepared = await prepareDatabase(config, log);
  if (config.processes > 1) return runPrimary(config, log, prepared);

  const { database, embedded } = prepared;
  const app = await buildServer(config, database);
  onStopSignal(log, database, async () => {
    await app.close();
    await database.close();
    await embedded?.stop();
  });
  await serve(app, config);
  console.log(banner(config, null));
}

/**
 * embedded-postgres (through async-exit-hook) stops its server and exits on SIGINT and SIGTERM by
 * itself, racing a graceful stop: the database went first, failing requests still in flight and
 * leaving DATA_DIR's lock behind. The signals are this process's stop's; the package's exit hook
 * still stops the server when the process ends any other way.
 */
function takeSignalsFromEmbeddedPostgres(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.removeAllListeners(signal);
}

/**
 * On SIGINT or SIGTERM: `close` (the HTTP server, in-flight requests and jobs finish, then the
 * pool and the database), exit 0, or 1 if it fails or takes longer than 15 s.
 */
function onStopSignal(log: Log, database: Database, close: () => Promise<void>): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Ctrl-C in a terminal signals the embedded PostgreSQL too (same process group), which ends
    // every session at once: those connections closing are part of this stop, not errors.
    database.expectShutdown();
    log.info(`${signal} received, stopping`);
    const force = setTimeout(() => {
      log.error('shutdown took too long, exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      await close();
      log.info('stopped cleanly');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'error while stopping');
      process.exit(1);
    }
  };
  takeSignalsFromEmbeddedPostgres();
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/**
 * The whole app, loaded only by a process that serves: the primary of several processes never
 * loads Fastify, the modules or the PDF fonts (about 100 MB less per machine).
 */
async function buildServer(config: Config, database: Database): Promise<FastifyInstance> {
  const { buildApp } = await import('./app');
  return buildApp({ config, database });
}

/** Starts the background jobs (pg-boss on the same database; app.close() stops them) and listens. */
async function serve(app: FastifyInstance, config: Config): Promise<void> {
  await app.jobs.start();
  await app.listen({ port: config.port, host: config.host });
}

/**
 * A worker of the cluster: the primary prepared the database (and gave the embedded one's URL as
 * DATABASE_URL) and the server secret, so it only builds the app and serves on the shared port.
 * Its job workers share the queues with the other processes' (pg-boss hands each job to one).
 */
async function serveAsWorker(): Promise<void> {
  const config = loadConfigOrExit();
  const log = pino({ level: config.logLevel });
  if (!config.databaseUrl || !config.serverSecret) {
    throw new Error('a worker needs the DATABASE_URL and SERVER_SECRET its primary settled on');
  }
  const database = openDatabase(config.databaseUrl, log, config.databasePoolMax);
  const app = await buildServer(config, database);
  onStopSignal(log, database, async () => {
    await app.close();
    await database.close();
  });
  await serve(app, config);
}

/**
 * The primary of WEB_CONCURRENCY > 1: checks that every process's pool fits the database, forks
 * the workers (platform/cluster.ts), prints the banner once they all listen, and on SIGINT or
 * SIGTERM stops them (each finishes its requests and jobs) before the embedded database.
 */
async function runPrimary(
  config: Config,
  log: Log,
  prepared: { database: Database; embedded: EmbeddedDatabase | null; url: string },
): Promise<void> {
  const { database, embedded, url } = prepared;
  const limits = await database.pool.query<{ max: number; reserved: number }>(
    `select current_setting('max_connections')::int as max,
            current_setting('superuser_reserved_connections')::int as reserved`,
  );
  const warning = connectionBudgetWarning(config.processes, config.databasePoolMax, {
    maxConnections: limits.rows[0]?.max ?? 100,
    reserved: limits.rows[0]?.reserved ?? 0,
  });
  if (warning) log.warn(warning);
  // The primary serves nothing: its preparation connections are given back.
  await database.close();

  const workers = startWorkers({
    processes: config.processes,
    exec: import.meta.filename,
    execArgv: workerExecArgv(),
    // Every worker gets the database and the secret this process settled on: the embedded
    // database's URL, and the secret read or generated in DATA_DIR (a worker started later, after
    // the file was removed, must not make a second one).
    env: {
      ...(config.databaseUrl ? {} : { DATABASE_URL: url }),
      ...(config.serverSecret && !process.env.SERVER_SECRET ? { SERVER_SECRET: config.serverSecret } : {}),
    },
    log,
  });

  let stopping = false;
  const stop = async (reason: string, failed: boolean) => {
    if (stopping) return;
    stopping = true;
    log.info(`${reason}, stopping ${workers.pids().length} workers`);
    const force = setTimeout(() => {
      log.error('shutdown took too long, exiting');
      process.exit(1);
    }, 30_000);
    force.unref();
    let clean = false;
    try {
      clean = await workers.stop();
      await embedded?.stop();
    } catch (err) {
      log.error(`error while stopping: ${err instanceof Error ? err.message : String(err)}`);
      clean = false;
    }
    if (clean && !failed) log.info('stopped cleanly');
    process.exit(clean && !failed ? 0 : 1);
  };
  takeSignalsFromEmbeddedPostgres();
  process.on('SIGINT', () => void stop('SIGINT received', false));
  process.on('SIGTERM', () => void stop('SIGTERM received', false));
  void workers.crashLoop.then(() => stop('workers keep crashing', true));

  try {
    await workers.ready;
  } catch (err) {
    // The worker said why on its own output; the others and the database stop with it.
    console.error('The server could not start:', err instanceof Error ? err.message : err);
    await stop('a worker failed to start', true);
    return;
  }
  console.log(banner(config, workers.pids()));
}

/** Node's flags for the workers: this process's, and the TypeScript loader when it came from the API (`npm start`). */
function workerExecArgv(): string[] {
  const argv = process.execArgv;
  return argv.some((arg) => arg.includes('tsx')) ? argv : [...argv, '--import', import.meta.resolve('tsx')];
}

/** What is printed once the server listens (by the primary alone when there are workers). */
function banner(config: Config, workerPids: number[] | null): string {
  const url = config.publicUrl ?? `http://localhost:${config.port}`;
  const lines = [
    '',
    `  Traveller app   ${url}/`,
    `  Staff console   ${url}/console/`,
    `  API             ${url}/api   (docs: ${url}/api/docs, health: ${url}/api/health)`,
    `  Database        ${config.databaseUrl ? 'external (DATABASE_URL)' : `embedded PostgreSQL, data in ${config.dataDir}`}`,
    workerPids
      ? `  Processes       ${workerPids.length} workers (WEB_CONCURRENCY), pids ${workerPids.join(', ')}`
      : '',
    config.env === 'production' || config.smtpUrl
      ? ''
      : `  Outgoing mail   ${url}/api/dev/mail   (kept here: no SMTP_URL set)`,
    config.env === 'production'
      ? ''
      : `  App credentials appId=${config.appId} (demo pair, development only)`,
    ...demoStaffLines(config),
    '  Stop            press Ctrl-C',
    '',
  ];
  return lines.filter((l) => l !== '').join('\n');
}

/**
 * The demo staff of the console (modules/staff/staff.demo.ts), one line per role: in development
 * with the demo data only. Codes come from any authenticator app given the demo TOTP secret.
 */
function demoStaffLines(config: Config): string[] {
  if (config.env !== 'development' || !config.network.seedDemo) return [];
  return [
    `  Demo staff      password ${DEMO_STAFF_PASSWORD}, TOTP secret ${DEMO_STAFF_TOTP_SECRET} (development only)`,
    ...DEMO_STAFF.map((m) => `    ${m.role.padEnd(15)} ${m.email}`),
  ];
}

main().catch((err) => {
  // Another server owns DATA_DIR, or the postgres user cannot reach it: a one-line answer,
  // nothing went wrong in this code.
  if (err instanceof DataDirInUseError || err instanceof DataDirUnreachableError) {
    console.error(err.message);
    process.exit(1);
  }
  console.error('The server could not start:', err instanceof Error ? err.message : err);
  if (err instanceof Error && err.stack) console.error(err.stack);
  process.exit(1);
});
