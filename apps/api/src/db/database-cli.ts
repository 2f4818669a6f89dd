import pino from 'pino';
import { loadConfigOrExit } from '../config';
import { DataDirInUseError, DataDirUnreachableError } from '../platform/embedded-postgres';
import { prepareDatabase } from './prepare';

/**
 * `npm run db:migrate` and `npm run db:seed`: prepare the database the server would use (the one
 * at DATABASE_URL, or the embedded one under DATA_DIR) without serving anything, under the same
 * advisory lock as a starting server, so they are safe beside running processes. Both apply the
 * migrations and extend dated flights. `db:migrate` writes the demo data as a start would (into
 * an empty database, when SEED_DEMO is on); `db:seed` adds whatever demo rows are missing,
 * whatever SEED_DEMO says, and never overwrites a row that is there. The embedded database
 * refuses a DATA_DIR a running server holds.
 */
export async function runDatabaseCommand(what: 'migrate' | 'seed'): Promise<void> {
  const config = loadConfigOrExit();
  const log = pino({ level: config.logLevel === 'info' ? 'warn' : config.logLevel });
  try {
    const { database, embedded } = await prepareDatabase(
      config,
      log,
      what === 'seed' ? { demo: 'missing' } : {},
    );
    database.expectShutdown();
    await database.close();
    await embedded?.stop();
    console.log(
      what === 'migrate'
        ? config.network.seedDemo
          ? 'Migrations applied; an empty database got the demo data; flights are extended.'
          : 'Migrations applied; flights are extended (SEED_DEMO is off: no demo data).'
        : 'Demo network, fares and promo codes added where missing; flights extended a year ahead.',
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
