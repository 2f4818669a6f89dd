import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { HUB_TIME_ZONE } from '@wings/rules';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { seedDemo } from '../src/db/seed';
import { ensureFlightHorizon } from '../src/modules/network';
import { openDatabase, runMigrations } from '../src/platform/db';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/platform/embedded-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

const quiet = { info() {}, warn() {}, debug() {}, error() {} };

/**
 * One database for the whole run, created fresh: on the server named by DATABASE_URL a new
 * database `wings_test_<random>` (dropped afterwards), otherwise a throw-away embedded
 * PostgreSQL. Migrations and the demo network are applied once, as at boot.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | null = null;
  let tempDir: string | null = null;
  let url: string;
  let dropOnServer: (() => Promise<void>) | null = null;

  const external = process.env.DATABASE_URL;
  if (external) {
    const name = `wings_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: external });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(external);
    u.pathname = `/${name}`;
    url = u.toString();
    dropOnServer = async () => {
      const c = new pg.Client({ connectionString: external });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    tempDir = await mkdtemp(path.join(os.tmpdir(), 'wings-test-'));
    embedded = await startEmbeddedPostgres(path.join(tempDir, 'pg'), 'wings_test', quiet);
    url = embedded.url;
  }

  const database = openDatabase(url, quiet);
  await runMigrations(database.db);
  await seedDemo(database.db);
  await ensureFlightHorizon(database.db, new Date(), { hubZone: HUB_TIME_ZONE, demoSales: true });
  await database.close();

  project.provide('databaseUrl', url);

  return async () => {
    await dropOnServer?.();
    await embedded?.stop();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  };
}
