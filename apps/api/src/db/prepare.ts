import path from 'node:path';
import type { Config } from '../config';
import { type Database, openDatabase, runMigrations } from '../platform/db';
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
 * The database the API runs on: the external one named by DATABASE_URL, or the embedded
 * PostgreSQL under DATA_DIR. Either way migrations are applied, the demo network is seeded
 * once, and dated flights are extended so a year of schedule is always bookable.
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
    await runMigrations(database.db);
    await seedNetwork(database.db);
    await ensureFlightHorizon(database.db, now);
  } catch (err) {
    await database.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw err;
  }
  return { database, embedded, url };
}
