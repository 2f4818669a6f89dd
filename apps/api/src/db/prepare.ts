import path from 'node:path';
import type { Config } from '../config';
import { ensureFlightHorizon } from '../modules/network';
import { type Database, openDatabase, runMigrations, withAdvisoryLock } from '../platform/db';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../platform/embedded-postgres';
import { seedDemo, seedDemoIfEmpty } from './seed';

interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
  debug(msg: string): void;
  error(obj: unknown, msg?: string): void;
}

export interface PreparedDatabase {
  database: Database;
  embedded: EmbeddedDatabase | null;
  url: string;
}

/**
 * The advisory lock key of migrating and seeding ('wings' in ASCII): one per database, taken by
 * every process that prepares it, whatever its version.
 */
export const PREPARE_LOCK_KEY = 0x77696e6773n;

/**
 * What preparing a database writes besides the migrations. `demo`: 'empty' writes the demo data
 * only into an empty database (start-up with SEED_DEMO), 'missing' adds whatever demo rows are
 * missing (`npm run db:seed`), 'none' writes none (SEED_DEMO=false). A row that is there is
 * never overwritten, so restarting keeps what staff edited. `hubZone` is config HUB_TIME_ZONE.
 */
export interface PrepareOptions {
  demo: 'empty' | 'missing' | 'none';
  hubZone: string;
  now?: Date;
}

/** The preparation of a start (main.ts, `npm run db:migrate`), from the configuration. */
export function startupPreparation(config: Pick<Config, 'network'>): PrepareOptions {
  return { demo: config.network.seedDemo ? 'empty' : 'none', hubZone: config.network.hubTimeZone };
}

/**
 * Applies migrations, writes the demo data as `options.demo` says and extends dated flights
 * (for the schedules there are, demo or not), holding `PREPARE_LOCK_KEY` so that processes
 * starting together on one database take turns: the first does the work, the others find it
 * done. Neither Drizzle's migrator nor the seed's inserts are safe to run side by side (two
 * processes both apply the first migration and one fails on "relation already exists").
 */
export async function migrateAndSeed(
  url: string,
  database: Database,
  logger: Logger,
  options: PrepareOptions,
): Promise<void> {
  await withAdvisoryLock(url, PREPARE_LOCK_KEY, logger, async () => {
    await runMigrations(database.db);
    if (options.demo === 'missing') await seedDemo(database.db);
    else if (options.demo === 'empty' && (await seedDemoIfEmpty(database.db))) {
      logger.info('an empty database: the demo network, fares and promo codes were written');
    }
    await ensureFlightHorizon(database.db, options.now ?? new Date(), {
      hubZone: options.hubZone,
      demoSales: options.demo !== 'none',
    });
  });
}

/**
 * The database the API runs on: the external one named by DATABASE_URL, or the embedded
 * PostgreSQL under DATA_DIR. Either way migrations are applied, an empty database gets the demo
 * data when SEED_DEMO is on (or `demo` says otherwise: `npm run db:seed`), and dated flights
 * are extended so a year of schedule is always bookable (`migrateAndSeed`, safe for any number
 * of processes starting at once).
 */
export async function prepareDatabase(
  config: Config,
  logger: Logger,
  options: { now?: Date; demo?: PrepareOptions['demo'] } = {},
): Promise<PreparedDatabase> {
  let embedded: EmbeddedDatabase | null = null;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'), 'wings', logger);
    url = embedded.url;
  }
  const database = openDatabase(url, logger, config.databasePoolMax);
  try {
    const preparation = startupPreparation(config);
    await migrateAndSeed(url, database, logger, {
      ...preparation,
      demo: options.demo ?? preparation.demo,
      ...(options.now ? { now: options.now } : {}),
    });
  } catch (err) {
    await database.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw err;
  }
  return { database, embedded, url };
}
