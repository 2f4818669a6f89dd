import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../config';
import { FLIGHT_HORIZON_JOB, networkJobs } from '../modules/network';
import { type Database, openDatabase } from '../platform/db';
import { JobRunner } from '../platform/jobs/jobs';
import { migrateAndSeed, startupPreparation } from './prepare';

/** Issue 11 §4: the demo data is written once, into an empty database, and stays put. */

const quiet = { info() {}, warn() {}, debug() {}, error() {} };

/** A database of its own on the test server (these tests restart on it), dropped afterwards. */
function privateDatabase(label: string) {
  const name = `wings_${label}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const u = new URL(inject('databaseUrl'));
  u.pathname = `/${name}`;
  const url = u.toString();
  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: inject('databaseUrl') });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };
  return {
    url,
    create: () => admin(`create database ${name}`),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

async function count(database: Database, table: string): Promise<number> {
  return Number((await database.pool.query(`select count(*) as n from ${table}`)).rows[0].n);
}

describe('a restart on a database with demo data (SEED_DEMO on)', () => {
  const target = privateDatabase('restart');
  let database: Database;
  /** What main.ts does before it serves: the same path, the same configuration. */
  const start = () => migrateAndSeed(target.url, database, quiet, startupPreparation(loadConfig({})));

  beforeAll(async () => {
    await target.create();
    database = openDatabase(target.url, quiet, 3);
    await start();
  });
  afterAll(async () => {
    await database.close();
    await target.drop();
  });

  it('a fare edited in the database survives a restart', async () => {
    const [fare] = (
      await database.pool.query<{ id: number; adult_amount: number }>(
        `select id, adult_amount from fares where route_code = 'KTI-BKK' and booking_class = 'R' and currency = 'USD'`,
      )
    ).rows;
    expect(fare).toBeDefined();
    const edited = fare!.adult_amount + 1234;
    await database.pool.query(`update fares set adult_amount = $2 where id = $1`, [fare!.id, edited]);

    await start();

    const [after] = (
      await database.pool.query<{ adult_amount: number }>(`select adult_amount from fares where id = $1`, [
        fare!.id,
      ])
    ).rows;
    expect(after!.adult_amount).toBe(edited);
  });

  it('keeps staff edits of the rest of the demo data too: a promo code, an airport, a deleted code', async () => {
    await database.pool.query(`update promo_codes set title_en = 'Staff wording' where code = 'FLY5'`);
    await database.pool.query(`update airports set name_en = 'Techo (staff)' where code = 'KTI'`);
    await database.pool.query(`delete from promo_codes where code = 'OLDDEAL'`);
    const promoCodes = await count(database, 'promo_codes');

    await start();

    const { rows } = await database.pool.query<{ title_en: string; name_en: string }>(
      `select (select title_en from promo_codes where code = 'FLY5') as title_en,
              (select name_en from airports where code = 'KTI') as name_en`,
    );
    expect(rows[0]).toEqual({ title_en: 'Staff wording', name_en: 'Techo (staff)' });
    expect(await count(database, 'promo_codes')).toBe(promoCodes);
  });

  it('npm run db:seed adds the demo rows that are missing and still overwrites nothing', async () => {
    await migrateAndSeed(target.url, database, quiet, {
      ...startupPreparation(loadConfig({})),
      demo: 'missing',
    });
    const { rows } = await database.pool.query<{ title_en: string; back: boolean }>(
      `select (select title_en from promo_codes where code = 'FLY5') as title_en,
              exists (select 1 from promo_codes where code = 'OLDDEAL') as back`,
    );
    expect(rows[0]).toEqual({ title_en: 'Staff wording', back: true });
  });
});

describe('an empty database with SEED_DEMO=false', () => {
  const target = privateDatabase('nodemo');
  let database: Database;
  const config = loadConfig({ SEED_DEMO: 'false' });

  beforeAll(async () => {
    await target.create();
    database = openDatabase(target.url, quiet, 3);
  });
  afterAll(async () => {
    await database.close();
    await target.drop();
  });

  it('stays empty of demo data after a start: no network, fares, promo codes, rates or flights', async () => {
    expect(config.network.seedDemo).toBe(false);
    await migrateAndSeed(target.url, database, quiet, startupPreparation(config));
    for (const table of [
      'airports',
      'routes',
      'aircraft_types',
      'schedules',
      'fare_families',
      'booking_classes',
      'fares',
      'taxes',
      'promo_codes',
      'exchange_rates',
      'flights',
    ]) {
      expect(await count(database, table), table).toBe(0);
    }
  });

  it("makes flights only for the airline's own schedules, from the daily job, with nothing sold elsewhere", async () => {
    // What staff would file: two airports, a route, an aircraft, a fare family and a class, a schedule.
    await database.pool.query(`
      insert into airports (code, name_zh, name_en, name_km, city_zh, city_en, city_km, country_code,
                            country_name_zh, country_name_en, country_name_km, time_zone, latitude, longitude, is_hub)
      values ('AAA', 'A', 'A', 'A', 'A', 'A', 'A', 'KH', 'K', 'K', 'K', 'Asia/Phnom_Penh', 11, 104, true),
             ('BBB', 'B', 'B', 'B', 'B', 'B', 'B', 'TH', 'T', 'T', 'T', 'Asia/Bangkok', 13, 100, false);
      insert into routes (code, origin, destination, distance_km, currency, block_minutes)
      values ('AAA-BBB', 'AAA', 'BBB', 500, 'USD', 70);
      insert into aircraft_types (code, name, seat_map, capacity_c, capacity_y, infant_capacity_c, infant_capacity_y)
      values ('320', 'Airbus A320', '{"sections":[],"exitRows":[],"skippedRows":[]}', 8, 172, 2, 10);
      insert into fare_families (code, cabin, display_order, conditions) values ('Basic', 'Y', 1, '{}');
      insert into booking_classes (letter, family_code, cabin, nest_order, limit_percent, earn_rate_percent)
      values ('R', 'Basic', 'Y', 1, 8, 25);
      insert into schedules (flight_no, route_code, days_of_week, dep_local_time, block_minutes, aircraft_code, valid_from)
      values ('XX1', 'AAA-BBB', '{1,2,3,4,5,6,7}', '09:00', 70, '320', '2024-01-01');
    `);
    const jobs = new JobRunner({ pool: database.pool, log: quiet });
    await networkJobs(jobs, {
      db: database.db,
      now: () => new Date(),
      hubZone: config.network.hubTimeZone,
      demoSales: config.network.seedDemo,
      log: quiet,
    });
    await jobs.declared(FLIGHT_HORIZON_JOB)!.handler({}, { id: 'test', name: FLIGHT_HORIZON_JOB });

    const { rows } = await database.pool.query<{ flights: string; numbers: string[]; sold: string }>(
      `select count(*) as flights, array_agg(distinct flight_no) as numbers,
              (select coalesce(sum(external_sold), 0) from flight_cabins) +
              (select coalesce(sum(external_sold), 0) from flight_class_inventory) as sold
       from flights`,
    );
    expect(Number(rows[0]!.flights)).toBeGreaterThan(365);
    expect(rows[0]!.numbers).toEqual(['XX1']);
    expect(Number(rows[0]!.sold)).toBe(0);
    expect(await count(database, 'airports')).toBe(2);
    expect(await count(database, 'promo_codes')).toBe(0);
  });
});
