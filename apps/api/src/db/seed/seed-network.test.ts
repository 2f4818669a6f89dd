import { addDays, HUB_TIME_ZONE, localDate } from '@wings/rules';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  DEMO_AIRPORTS as AIRPORTS,
  ensureFlightHorizon,
  demoNetworkRoutes as networkRoutes,
  DEMO_SCHEDULES as SCHEDULES,
} from '../../modules/network';
import { BOOKING_CLASSES, FARES_FILED_FROM } from '../../modules/pricing';
import { type Database, openDatabase } from '../../platform/db';
import { seedDemo } from '.';

const quiet = { error() {} };

/**
 * The seed's flights are those of its schedules (`schedule_id` set): the scenario builders' private
 * flights (schedule_id null, their own capacities and sales) share this database.
 */
describe('the demo network seed', () => {
  let database: Database;
  const q = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await database.pool.query<T>(text, params)).rows;

  beforeAll(() => {
    database = openDatabase(inject('databaseUrl'), quiet, 2);
  });
  afterAll(() => database.close());

  it('flies every spoke both ways, except the documented one-way line SAI → KOS', () => {
    const codes = new Set(networkRoutes().map((r) => r.code));
    const oneWay = [...codes].filter((c) => !codes.has(c.split('-').reverse().join('-')));
    expect(oneWay).toEqual(['SAI-KOS']);
    for (const a of AIRPORTS.filter((x) => !x.isHub)) {
      expect(codes.has(`KTI-${a.code}`)).toBe(true);
      expect(codes.has(`${a.code}-KTI`)).toBe(true);
    }
  });

  it('files CNY as the journey currency of mainland China origins only', async () => {
    const rows = await q<{ code: string; currency: string; country_code: string }>(
      `select r.code, r.currency, a.country_code from routes r join airports a on a.code = r.origin`,
    );
    for (const r of rows) expect(r.currency).toBe(r.country_code === 'CN' ? 'CNY' : 'USD');
  });

  it('has dated flights for at least 365 days ahead, at the scheduled local times', async () => {
    const today = localDate(new Date(), HUB_TIME_ZONE);
    const [range] = await q<{ last: string }>(
      `select to_char(max(dep_local_date), 'YYYY-MM-DD') as last from flights`,
    );
    expect(range!.last >= addDays(today, 365)).toBe(true);
    const days = await q<{ n: string }>(
      `select count(distinct dep_local_date) as n from flights where route_code = 'KTI-BKK' and dep_local_date between $1::date and $2::date`,
      [today, addDays(today, 365)],
    );
    expect(Number(days[0]!.n)).toBe(366);
    const times = await q<{ t: string; zone_date: boolean }>(
      `select distinct to_char(f.dep_utc at time zone a.time_zone, 'HH24:MI') as t,
              bool_and((f.dep_utc at time zone a.time_zone)::date = f.dep_local_date) as zone_date
       from flights f join routes r on r.code = f.route_code join airports a on a.code = r.origin
       where f.flight_no = 'WC331' group by 1`,
    );
    expect(times).toEqual([{ t: '00:35', zone_date: true }]);
  });

  it('flies weekday schedules only on their weekdays', async () => {
    const rows = await q<{ dow: number }>(
      `select distinct extract(isodow from dep_local_date)::int as dow from flights where flight_no = 'WC341' order by 1`,
    );
    expect(rows.map((r) => r.dow)).toEqual(SCHEDULES.find((s) => s.flightNo === 'WC341')!.days);
  });

  it('gives every flight its cabins and every booking class, within capacity and limits', async () => {
    const [counts] = await q<{ flights: string; without_cabins: string; without_classes: string }>(
      `select count(*) as flights,
              count(*) filter (where (select count(*) from flight_cabins c where c.flight_id = f.id) <> 2) as without_cabins,
              count(*) filter (where (select count(*) from flight_class_inventory i where i.flight_id = f.id) <> $1) as without_classes
       from flights f where f.schedule_id is not null`,
      [BOOKING_CLASSES.length],
    );
    expect(Number(counts!.flights)).toBeGreaterThan(9000);
    expect(Number(counts!.without_cabins)).toBe(0);
    expect(Number(counts!.without_classes)).toBe(0);
    const [bad] = await q<{ over: string; mismatch: string; capacity: string }>(
      `select
         (select count(*) from flight_class_inventory i join flights f on f.id = i.flight_id
           where f.schedule_id is not null and i.sold + i.external_sold > i.authorised_limit) as over,
         (select count(*) from flight_cabins c join flights f on f.id = c.flight_id
           where f.schedule_id is not null and c.external_sold <> (select coalesce(sum(i.external_sold), 0)
             from flight_class_inventory i where i.flight_id = c.flight_id and i.cabin = c.cabin)) as mismatch,
         (select count(*) from flight_cabins c join flights f on f.id = c.flight_id
             join aircraft_types a on a.code = f.aircraft_code
           where f.schedule_id is not null
             and c.capacity <> case c.cabin when 'C' then a.capacity_c else a.capacity_y end) as capacity`,
    );
    expect(bad).toEqual({ over: '0', mismatch: '0', capacity: '0' });
  });

  it('refuses to oversell: a cabin or class cannot go past its capacity or limit', async () => {
    const [f] = await q<{ id: string }>(
      `select id::text from flights where schedule_id is not null order by id limit 1`,
    );
    await expect(
      database.pool.query(`update flight_cabins set sold = capacity + 1 where flight_id = $1`, [f!.id]),
    ).rejects.toThrow(/flight_cabins_within_capacity/);
    await expect(
      database.pool.query(
        `update flight_class_inventory set sold = authorised_limit + 1 where flight_id = $1`,
        [f!.id],
      ),
    ).rejects.toThrow(/flight_class_inventory_within_limit/);
  });

  it('varies availability between flights but keeps Bangkok flights open', async () => {
    const [sold] = await q<{ closed: string }>(
      `select count(*) as closed from flight_class_inventory where external_sold = authorised_limit`,
    );
    expect(Number(sold!.closed)).toBeGreaterThan(100);
    const [bkk] = await q<{ short: string }>(
      `select count(*) as short
       from flight_class_inventory i join flight_cabins c on c.flight_id = i.flight_id and c.cabin = i.cabin
       join flights f on f.id = i.flight_id
       where f.route_code in ('KTI-BKK', 'BKK-KTI') and i.cabin = 'Y' and f.schedule_id is not null
         and least(i.authorised_limit - i.sold - i.external_sold, c.capacity - c.sold - c.external_sold) < 9`,
    );
    expect(Number(bkk!.short)).toBe(0);
  });

  it('prices higher classes dearer on every route, WingsFlex dearest', async () => {
    // The seed's own filings (other tests of this run file fares of their own, as staff do).
    const rows = await q<{ route_code: string; currency: string; classes: string }>(
      `select f.route_code, f.currency, string_agg(f.booking_class, '' order by f.adult_amount desc, b.cabin, b.nest_order) as classes
       from fares f join booking_classes b on b.letter = f.booking_class
       where f.valid_from = $1 group by 1, 2`,
      [FARES_FILED_FROM],
    );
    expect(rows.length).toBeGreaterThan(25);
    for (const r of rows) expect(r.classes).toBe('NOYBMUHWQVLTKIR');
  });

  it('files taxes by code, with no fuel surcharge for infants', async () => {
    const rows = await q<{ code: string; passenger_type: string }>(
      `select distinct code, passenger_type from taxes`,
    );
    const codes = new Set(rows.map((r) => r.code));
    for (const c of ['KH', 'CN', 'HK', 'TS', 'E7', 'G8', 'MY', 'SG', 'YQ']) expect(codes.has(c)).toBe(true);
    expect(
      rows
        .filter((r) => r.code === 'YQ')
        .map((r) => r.passenger_type)
        .sort(),
    ).toEqual(['adult', 'child']);
  });

  it('is idempotent: seeding again adds and changes nothing', async () => {
    const before = await q<{ n: string; u: string }>(
      `select count(*) as n, max(updated_at)::text as u from (select updated_at from airports union all select updated_at from fares) x`,
    );
    const [flightsBefore] = await q<{ n: string }>(
      `select count(*) as n from flights where schedule_id is not null`,
    );
    await seedDemo(database.db);
    expect(
      await ensureFlightHorizon(database.db, new Date(), { hubZone: HUB_TIME_ZONE, demoSales: true }),
    ).toBe(0);
    const after = await q<{ n: string; u: string }>(
      `select count(*) as n, max(updated_at)::text as u from (select updated_at from airports union all select updated_at from fares) x`,
    );
    const [flightsAfter] = await q<{ n: string }>(
      `select count(*) as n from flights where schedule_id is not null`,
    );
    expect(after).toEqual(before);
    expect(flightsAfter).toEqual(flightsBefore);
  });
});
