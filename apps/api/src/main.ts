import pino from 'pino';
import { buildApp } from './app';
import { loadConfigOrExit } from './config';
import { prepareDatabase } from './db/prepare';
import { DataDirInUseError, DataDirUnreachableError } from './platform/embedded-postgres';
import { ensureServerSecret } from './platform/secrets';

/** Starts the API and the traveller app: config, database, migrations, seed, server. */
async function main(): Promise<void> {
  let config = loadConfigOrExit();
  const log = pino({ level: config.logLevel });
  // Outside production an unset SERVER_SECRET is generated once into DATA_DIR and kept there.
  config = await ensureServerSecret(config, log);
  log.info(
    config.databaseUrl
      ? 'using the PostgreSQL at DATABASE_URL'
      : `using the embedded PostgreSQL in ${config.dataDir}`,
  );
  const { database, embedded } = await prepareDatabase(config, log);
  const app = await buildApp({ config, database });

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
      await app.close();
      await database.close();
      await embedded?.stop();
      log.info('stopped cleanly');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'error while stopping');
      process.exit(1);
    }
  };
  // embedded-postgres (through async-exit-hook) stops its server and exits on these signals by
  // itself, racing the stop above: the database went first, failing requests still in flight and
  // leaving DATA_DIR's lock behind. The signals are this function's; the package's exit hook
  // still stops the server when the process ends any other way.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.removeAllListeners(signal);
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  // Order expiries and other background jobs (pg-boss on the same database); app.close() stops them.
  await app.jobs.start();
  await app.listen({ port: config.port, host: config.host });
  const url = config.publicUrl ?? `http://localhost:${config.port}`;
  const lines = [
    '',
    `  Traveller app   ${url}/`,
    `  API             ${url}/api   (docs: ${url}/api/docs, health: ${url}/api/health)`,
    `  Database        ${config.databaseUrl ? 'external (DATABASE_URL)' : `embedded PostgreSQL, data in ${config.dataDir}`}`,
    config.env === 'production' || config.smtpUrl
      ? ''
      : `  Outgoing mail   ${url}/api/dev/mail   (kept here: no SMTP_URL set)`,
    config.env === 'production'
      ? ''
      : `  App credentials appId=${config.appId} (demo pair, development only)`,
    '  Stop            press Ctrl-C',
    '',
  ];
  console.log(lines.filter((l) => l !== '').join('\n'));
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
