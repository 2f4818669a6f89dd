import pino from 'pino';
import { loadConfigOrExit } from '../config';
import { DataDirInUseError, DataDirUnreachableError } from '../platform/embedded-postgres';
import { prepareDatabase } from './prepare';

/**
 * `npm run db:migrate` and `npm run db:seed`: prepare the database the server would use (the one
 * at DATABASE_URL, or the embedded one under DATA_DIR) without serving anything. Both apply the
 * migrations, seed the demo network where it is missing and extend dated flights, under the same
 * advisory lock as a starting server, so they are safe beside running processes; they differ only
 * in what they say. The embedded database refuses a DATA_DIR a running server holds.
 */
export async function runDatabaseCommand(what: 'migrate' | 'seed'): Promise<void> {
  const config = loadConfigOrExit();
  const log = pino({ level: config.logLevel === 'info' ? 'warn' : config.logLevel });
  try {
    const { database, embedded } = await prepareDatabase(config, log);
    database.expectShutdown();
    await database.close();
    await embedded?.stop();
    console.log(
      what === 'migrate'
        ? 'Migrations applied; the demo network is in place and flights are extended.'
        : 'Demo network seeded where missing; flights extended a year ahead.',
    );
  } catch (err) {
    if (err instanceof DataDirInUseError || err instanceof DataDirUnreachableError) {
      console.error(err.message);
      process.exit(1);
    }
    console.error(`db:${what} failed:`, err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
