import path from 'node:path';
import type { Config } from '../config';
import { type Database, openDatabase, runMigrations, withAdvisoryLock } from '../platform/db';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../platform/embedded-postgres';
import { ensureFlightHorizon, seedNetwork } from './seed';

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
 * Applies migrations, seeds the demo network once and extends dated flights, holding
 * `PREPARE_LOCK_KEY` so that processes starting together on one database take turns: the
 * first does the work, the others find it done. Neither Drizzle's migrator nor the seed's
 * upserts are safe to run side by side (two processes both apply the first migration and
 * one fails on "relation already exists").
 */
export async function migrateAndSeed(
  url: string,
  database: Database,
  logger: Logger,
  now = new Date(),
): Promise<void> {
  await withAdvisoryLock(url, PREPARE_LOCK_KEY, logger, async () => {
    await runMigrations(database.db);
    await seedNetwork(database.db);
    await ensureFlightHorizon(database.db, now);
  });
}

/**
 * The database the API runs on: the external one named by DATABASE_URL, or the embedded
 * PostgreSQL under DATA_DIR. Either way migrations are applied, the demo network is seeded
 * once, and dated flights are extended so a year of schedule is always bookable
 * (`migrateAndSeed`, safe for any number of processes starting at once).
 */
export async function prepareDatabase(
  config: Config,
  logger: Logger,
  now = new Date(),
): Promise<PreparedDatabase> {
  let embedded: EmbeddedDatabase | null = null;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'), 'wings', logger);
    url = embedded.url;
  }
  const database = openDatabase(url, logger);
  try {
    await migrateAndSeed(url, database, logger, now);
  } catch (err) {
    await database.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw err;
  }
  return { database, embedded, url };
}
