import { addDays, HUB_TIME_ZONE, localDate, toLocalIso } from '@wings/rules';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '../../platform/db';
import { JobRunner } from '../../platform/jobs/jobs';
import { createDatedFlight, createNetwork, FLIGHT_HORIZON_JOB, networkJobs } from '.';

const quiet = { info() {}, warn() {}, debug() {}, error() {} };

/** Rolls back whatever `fn` wrote: the shared database keeps no flight of these tests. */
class RolledBack extends Error {}
async function inRolledBackTransaction(database: Database, fn: Parameters<Database['db']['transaction']>[0]) {
  await database.db
    .transaction(async (tx) => {
      await fn(tx);
      throw new RolledBack();
    })
    .catch((err) => {
      if (!(err instanceof RolledBack)) throw err;
    });
}

describe('the network module', () => {
  let database: Database;
  const q = async <T extends Record<string, unknown>>(
    executor: { execute: Database['db']['execute'] },
    text: string,
  ) => (await executor.execute(text)).rows as T[];

  beforeAll(() => {
    database = openDatabase(inject('databaseUrl'), quiet, 2);
  });
  afterAll(() => database.close());

  it('answers airport zones and countries, and the hub zone for an airport it does not know', async () => {
    const network = createNetwork(database.db, { hubZone: 'Asia/Bangkok' });
    expect(network.hubZone).toBe('Asia/Bangkok');
    expect((await network.zones()).get('PVG')).toBe('Asia/Shanghai');
    expect((await network.countries()).get('MFM')).toBe('MO');
    expect(await network.zoneOf('SIN')).toBe('Asia/Singapore');
    expect(await network.zoneOf('XXX')).toBe('Asia/Bangkok');
    const { airports, routes } = await network.airportsAndRoutes();
    expect(airports.find((a) => a.isHub)?.code).toBe('KTI');
    expect(routes.some((r) => r.code === 'KTI-BKK')).toBe(true);
  });

  it('creates a private dated flight with its inventory, at the local time of its origin', async () => {
    await inRolledBackTransaction(database, async (tx) => {
      const flight = await createDatedFlight(tx, {
        flightNo: 'WC9901',
        from: 'KTI',
        to: 'BKK',
        date: '2027-03-04',
        depLocalTime: '07:15',
        blockMinutes: 80,
        cabins: { Y: { capacity: 20, infantCapacity: 2 } },
        classes: { R: { externalSold: 1 }, I: null },
      });
      expect(flight).toMatchObject({ flightNo: 'WC9901', routeCode: 'KTI-BKK', depLocalDate: '2027-03-04' });
      expect(toLocalIso(flight.depUtc, 'Asia/Phnom_Penh')).toBe('2027-03-04T07:15:00+07:00');
      expect(flight.arrUtc.getTime() - flight.depUtc.getTime()).toBe(80 * 60_000);

      const cabins = await q<{
        cabin: string;
        capacity: number;
        infant_capacity: number;
        external_sold: number;
      }>(
        tx,
        `select cabin, capacity, infant_capacity, external_sold from flight_cabins
         where flight_id = ${Number(flight.flightId)} order by cabin`,
      );
      expect(cabins).toEqual([
        { cabin: 'C', capacity: 8, infant_capacity: 2, external_sold: 0 },
        { cabin: 'Y', capacity: 20, infant_capacity: 2, external_sold: 1 },
      ]);
      const classes = await q<{ booking_class: string; authorised_limit: number; external_sold: number }>(
        tx,
        `select booking_class, authorised_limit, external_sold from flight_class_inventory
         where flight_id = ${Number(flight.flightId)}`,
      );
      const byClass = new Map(classes.map((c) => [c.booking_class, c]));
      // Every class but I (not sold here), its limit the class's percent of the cabin.
      expect(classes).toHaveLength(14);
      expect(byClass.has('I')).toBe(false);
      expect(byClass.get('Y')).toMatchObject({ authorised_limit: 20, external_sold: 0 });
      expect(byClass.get('L')).toMatchObject({ authorised_limit: 6, external_sold: 0 });
      expect(byClass.get('R')).toMatchObject({ authorised_limit: 2, external_sold: 1 });
      expect(byClass.get('N')).toMatchObject({ authorised_limit: 8, external_sold: 0 });
    });
  });

  it('refuses a dated flight on a route the network does not fly', async () => {
    await expect(
      inRolledBackTransaction(database, (tx) =>
        createDatedFlight(tx, { flightNo: 'WC9902', from: 'SAI', to: 'BKK', date: '2027-03-04' }),
      ),
    ).rejects.toThrow('createDatedFlight: the network has no route SAI-BKK');
  });

  it('declares the flight horizon as a daily job, whose handler keeps a year of flights ahead', async () => {
    const jobs = new JobRunner({ pool: database.pool, log: quiet });
    await networkJobs(jobs, {
      db: database.db,
      now: () => new Date(),
      hubZone: HUB_TIME_ZONE,
      demoSales: true,
      log: quiet,
    });
    const declared = jobs.declared<Record<string, never>>(FLIGHT_HORIZON_JOB);
    expect(declared).toBeDefined();
    // Called as a worker would; the runner itself is not started on the shared database.
    await declared!.handler({}, { id: 'test', name: FLIGHT_HORIZON_JOB });
    expect(jobs.running).toBe(false);
    const [last] = await q<{ day: string }>(
      database.db,
      `select to_char(max(dep_local_date), 'YYYY-MM-DD') as day from flights where flight_no = 'WC201'`,
    );
    expect(last!.day >= addDays(localDate(new Date(), HUB_TIME_ZONE), 365)).toBe(true);
  });
});
