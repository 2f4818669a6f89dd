import type { AdminAirportCreate } from '@wings/contracts';
import { addDays, greatCircleKm, HUB_TIME_ZONE, localDate } from '@wings/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownDatabase, type TestApp } from '../../../test/helpers';
import { anOrder, type PrivateFlight } from '../../../test/scenarios';
import { expectOnlyRoles, type SignedInStaff, signInStaff } from '../../../test/support/staff';

const READERS = ['admin', 'agent', 'finance', 'auditor'] as const;

/**
 * An admin grows and edits the network (issue 13): airports, routes and weekly schedule lines.
 * On a database of its own (the demo network, no dated flights): new airports, routes and
 * schedules would otherwise show in other test files' searches and lists.
 */
describe('staff console: network changes (issue 13)', () => {
  let own: { url: string; drop(): Promise<void> };
  let t: TestApp;
  let admin: SignedInStaff;
  const today = localDate(new Date(), HUB_TIME_ZONE);

  beforeAll(async () => {
    own = await ownDatabase();
    t = await createTestApp({ databaseUrl: own.url });
    admin = await signInStaff(t, ['admin']);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await own?.drop();
  });

  async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
    const res = await t.app.inject({
      method,
      url: `/api/admin${url}`,
      headers: admin.headers,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    return res.json();
  }

  async function auditRows(targetType: string, targetId: string, action: string) {
    const { rows } = await t.database.pool.query(
      `select staff_id, action, before, after, reason from audit_log
        where target_type = $1 and target_id = $2 and action = $3 order by id`,
      [targetType, targetId, action],
    );
    return rows;
  }

  /** The field names a 400 reply's `data.fields` lists. */
  const fieldsOf = (body: { data?: { fields?: Array<{ field: string }> } }) =>
    (body.data?.fields ?? []).map((f) => f.field);

  const airport = (code: string, extra: Partial<AdminAirportCreate> = {}): AdminAirportCreate => ({
    code,
    name: { zh: '测试机场', en: `Test Airport ${code.toUpperCase()}`, km: 'អាកាសយានដ្ឋានសាកល្បង' },
    city: { zh: '测试城', en: 'Testville', km: 'ទីក្រុងសាកល្បង' },
    country: 'KH',
    countryName: { zh: '柬埔寨', en: 'Cambodia', km: 'កម្ពុជា' },
    timeZone: 'Asia/Phnom_Penh',
    latitude: 12.5,
    longitude: 104.9,
    ...extra,
  });

  describe('roles', () => {
    it('lets readers list aircraft types and only admin change airports, routes and schedules', async () => {
      await expectOnlyRoles(t, { method: 'GET', url: '/api/admin/network/aircraft' }, [...READERS]);
      for (const [method, url] of [
        ['POST', '/api/admin/network/airports'],
        ['PUT', '/api/admin/network/airports/KTI'],
        ['POST', '/api/admin/network/routes'],
        ['PUT', '/api/admin/network/routes/KTI-BKK'],
        ['POST', '/api/admin/network/schedules'],
        ['POST', '/api/admin/network/schedules/1/end'],
      ] as const) {
        // Bodies that fail validation: an allowed role gets past the gate and meets the 400.
        await expectOnlyRoles(t, { method, url, payload: {} }, ['admin']);
      }
    });
  });

  describe('airports', () => {
    it('adds an airport, refusing a bad code, an unknown zone and a code taken, with an audit row', async () => {
      const badCode = await call('POST', '/network/airports', airport('K1'));
      expect(badCode.code).toBe('400');
      expect(fieldsOf(badCode)).toContain('code');

      const badZone = await call('POST', '/network/airports', airport('QAA', { timeZone: 'Asia/Atlantis' }));
      expect(badZone.code).toBe('400');
      expect(fieldsOf(badZone)).toEqual(['timeZone']);
      expect(JSON.stringify(badZone)).toContain('Asia/Atlantis is not a known IANA time zone');

      const missingKm = await call('POST', '/network/airports', {
        ...airport('QAA'),
        name: { zh: '测试', en: 'Test', km: ' ' },
      });
      expect(missingKm.code).toBe('400');
      expect(JSON.stringify(missingKm)).toContain('name.km');

      const made = await call('POST', '/network/airports', airport('qaa', { reason: 'new spoke' }));
      expect(made.code).toBe('0');
      expect(made.data).toMatchObject({ code: 'QAA', isHub: false, country: 'KH', latitude: 12.5 });
      const list = await call('GET', '/network/airports');
      expect(list.data.list.map((a: { code: string }) => a.code)).toContain('QAA');
      expect(await auditRows('airport', 'QAA', 'airport.create')).toMatchObject([
        {
          staff_id: admin.staff.id,
          before: null,
          after: { code: 'QAA', timeZone: 'Asia/Phnom_Penh' },
          reason: 'new spoke',
        },
      ]);

      const again = await call('POST', '/network/airports', airport('QAA'));
      expect(again.code).toBe('400');
      expect(fieldsOf(again)).toEqual(['code']);
      expect(JSON.stringify(again)).toContain('Airport QAA exists already');
    });

    it('is seen at once by the traveller city list (the cached network is dropped)', async () => {
      const cities = async () => {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/travelsky/ibe/getAirport',
          headers: t.headers(),
        });
        return JSON.stringify(res.json().data);
      };
      expect(await cities()).not.toContain('QAB');
      expect((await call('POST', '/network/airports', airport('QAB'))).code).toBe('0');
      expect(await cities()).toContain('QAB');
    });

    it('edits names and coordinates; the zone only while no dated flight uses the airport', async () => {
      const edit = {
        name: { zh: '新名字', en: 'Renamed Airport', km: 'ឈ្មោះថ្មី' },
        city: { zh: '测试城', en: 'Testville', km: 'ទីក្រុងសាកល្បង' },
        countryName: { zh: '柬埔寨', en: 'Cambodia', km: 'កម្ពុជា' },
        timeZone: 'Asia/Bangkok',
        latitude: 13,
        longitude: 105,
      };
      const done = await call('PUT', '/network/airports/QAA', edit);
      expect(done.code).toBe('0');
      expect(done.data).toMatchObject({ code: 'QAA', timeZone: 'Asia/Bangkok', latitude: 13 });
      expect(await auditRows('airport', 'QAA', 'airport.update')).toMatchObject([
        {
          before: { name: { en: 'Test Airport QAA' }, timeZone: 'Asia/Phnom_Penh', latitude: 12.5 },
          after: { name: { en: 'Renamed Airport' }, timeZone: 'Asia/Bangkok', latitude: 13 },
        },
      ]);

      // KTI has dated flights (made below by a schedule line): its zone stays.
      expect(
        (
          await call(
            'POST',
            '/network/schedules',
            schedule('WC961', 'KTI-SAI', addDays(today, 5), addDays(today, 5)),
          )
        ).code,
      ).toBe('0');
      const kti = (await call('GET', '/network/airports')).data.list.find(
        (a: { code: string }) => a.code === 'KTI',
      );
      const refused = await call('PUT', '/network/airports/KTI', { ...kti, timeZone: 'Asia/Bangkok' });
      expect(refused.code).toBe('400');
      expect(fieldsOf(refused)).toEqual(['timeZone']);
      expect(JSON.stringify(refused)).toContain('dated flights leave or arrive at KTI');
      // Its names may still change, and the hub flag is not the form's to change.
      const renamed = await call('PUT', '/network/airports/KTI', { ...kti, isHub: false, reason: 'typo' });
      expect(renamed.code).toBe('0');
      expect(renamed.data.isHub).toBe(true);

      const missing = await call('PUT', '/network/airports/QZZ', edit);
      expect(missing.code).toBe('4737');
    });
  });

  describe('routes', () => {
    beforeAll(async () => {
      await call('POST', '/network/airports', airport('QAC', { latitude: 11, longitude: 104 }));
      await call(
        'POST',
        '/network/airports',
        airport('QCN', {
          country: 'CN',
          countryName: { zh: '中国', en: 'China', km: 'ចិន' },
          timeZone: 'Asia/Shanghai',
          latitude: 23,
          longitude: 113,
        }),
      );
    });

    it('refuses a route to itself, between unknown airports, or one that exists', async () => {
      const itself = await call('POST', '/network/routes', {
        origin: 'QAC',
        destination: 'QAC',
        blockMinutes: 60,
      });
      expect(itself.code).toBe('400');
      expect(fieldsOf(itself)).toEqual(['destination']);
      const unknown = await call('POST', '/network/routes', {
        origin: 'QXX',
        destination: 'KTI',
        blockMinutes: 60,
      });
      expect(unknown.code).toBe('400');
      expect(fieldsOf(unknown)).toEqual(['origin']);
      const exists = await call('POST', '/network/routes', {
        origin: 'KTI',
        destination: 'BKK',
        blockMinutes: 60,
      });
      expect(exists.code).toBe('400');
      expect(JSON.stringify(exists)).toContain('Route KTI-BKK exists already');
    });

    it('adds a route and its reverse: great-circle distance, currency by origin, no fares yet', async () => {
      const made = await call('POST', '/network/routes', {
        origin: 'QAC',
        destination: 'QCN',
        blockMinutes: 150,
        addReverse: true,
        reason: 'new China service',
      });
      expect(made.code).toBe('0');
      const km = Math.round(greatCircleKm(11, 104, 23, 113));
      expect(made.data.list).toEqual([
        {
          code: 'QAC-QCN',
          origin: 'QAC',
          destination: 'QCN',
          distanceKm: km,
          currency: 'USD',
          blockMinutes: 150,
          hasFares: false,
        },
        {
          code: 'QCN-QAC',
          origin: 'QCN',
          destination: 'QAC',
          distanceKm: km,
          currency: 'CNY',
          blockMinutes: 150,
          hasFares: false,
        },
      ]);
      expect(await auditRows('route', 'QCN-QAC', 'route.create')).toMatchObject([
        { before: null, after: { code: 'QCN-QAC', currency: 'CNY' }, reason: 'new China service' },
      ]);
      const routes = (await call('GET', '/network/routes')).data.list;
      expect(routes.find((r: { code: string }) => r.code === 'KTI-BKK').hasFares).toBe(true);
      expect(routes.find((r: { code: string }) => r.code === 'QAC-QCN').hasFares).toBe(false);
    });

    it("edits a route's distance and block time, with an audit row", async () => {
      const done = await call('PUT', '/network/routes/QAC-QCN', { distanceKm: 1500, blockMinutes: 165 });
      expect(done.code).toBe('0');
      expect(done.data).toMatchObject({ code: 'QAC-QCN', distanceKm: 1500, blockMinutes: 165 });
      expect(await auditRows('route', 'QAC-QCN', 'route.update')).toMatchObject([
        { after: { distanceKm: 1500, blockMinutes: 165 } },
      ]);
      const bad = await call('PUT', '/network/routes/QAC-QCN', { distanceKm: 0, blockMinutes: 165 });
      expect(bad.code).toBe('400');
      expect(fieldsOf(bad)).toEqual(['distanceKm']);
      expect((await call('PUT', '/network/routes/QAC-KTI', { distanceKm: 10, blockMinutes: 60 })).code).toBe(
        '4738',
      );
    });
  });

  function schedule(flightNo: string, routeCode: string, validFrom: string, validTo: string | null) {
    return {
      flightNo,
      routeCode,
      daysOfWeek: [1, 2, 3, 4, 5, 6, 7],
      depLocalTime: '06:15',
      aircraftCode: '320',
      validFrom,
      validTo,
    };
  }

  describe('schedules', () => {
    it('refuses an overlapping line of the same number, an end before the start, unknown route or type', async () => {
      // WC201 flies KTI-BKK daily until further notice (the demo network).
      const overlap = await call('POST', '/network/schedules', {
        ...schedule('WC201', 'KTI-BKK', addDays(today, 30), null),
        daysOfWeek: [3],
      });
      expect(overlap.code).toBe('400');
      expect(fieldsOf(overlap)).toEqual(['flightNo']);
      expect(JSON.stringify(overlap)).toContain('Flight WC201 already flies');

      const backwards = await call(
        'POST',
        '/network/schedules',
        schedule('WC962', 'KTI-BKK', addDays(today, 30), addDays(today, 20)),
      );
      expect(backwards.code).toBe('400');
      expect(fieldsOf(backwards)).toEqual(['validTo']);

      const unknown = await call('POST', '/network/schedules', {
        ...schedule('WC962', 'KTI-QZZ', addDays(today, 30), null),
        aircraftCode: '999',
      });
      expect(unknown.code).toBe('400');
      expect(fieldsOf(unknown).sort()).toEqual(['aircraftCode', 'routeCode']);

      const badNumber = await call('POST', '/network/schedules', schedule('W-1', 'KTI-BKK', today, null));
      expect(badNumber.code).toBe('400');
      expect(fieldsOf(badNumber)).toContain('flightNo');
    });

    it("adds a line whose flights are made at once and found by the traveller's search", async () => {
      const date = addDays(today, 120);
      const res = await call('POST', '/network/schedules', {
        ...schedule('WC963', 'KTI-BKK', date, addDays(date, 6)),
        reason: 'extra morning frequency',
      });
      expect(res.code).toBe('0');
      expect(res.data).toMatchObject({
        flightsCreated: 7,
        flightsCancelled: 0,
        schedule: {
          flightNo: 'WC963',
          routeCode: 'KTI-BKK',
          depLocalTime: '06:15',
          validTo: addDays(date, 6),
        },
      });
      // The route's block time by default.
      const route = (await call('GET', '/network/routes')).data.list.find(
        (r: { code: string }) => r.code === 'KTI-BKK',
      );
      expect(res.data.schedule.blockMinutes).toBe(route.blockMinutes);
      const id = String(res.data.schedule.id);
      expect(await auditRows('schedule', id, 'schedule.create')).toMatchObject([
        { after: { flightNo: 'WC963', flightsCreated: 7 }, reason: 'extra morning frequency' },
      ]);

      const search = await t.app.inject({
        method: 'POST',
        url: '/api/travelsky/ibe/queryFlight',
        headers: t.headers(),
        payload: { depCode: 'KTI', arrCode: 'BKK', depDate: date, passengers: [1, 0, 0], tripType: 0 },
      });
      const body = search.json();
      expect(body.code).toBe('0');
      const found = body.data.flights.find((f: { flightNo: string }) => f.flightNo === 'WC963');
      expect(found?.depTime).toBe(`${date}T06:15:00+07:00`);

      // The same number again on an overlapping day is refused now.
      const twice = await call(
        'POST',
        '/network/schedules',
        schedule('WC963', 'KTI-BKK', addDays(date, 3), null),
      );
      expect(twice.code).toBe('400');
    });

    it('ends a line: empty flights after the end are cancelled, the ones with travellers are listed', async () => {
      const from = addDays(today, 30);
      const made = await call(
        'POST',
        '/network/schedules',
        schedule('WC964', 'KTI-SAI', from, addDays(from, 10)),
      );
      expect(made.code).toBe('0');
      expect(made.data.flightsCreated).toBe(11);
      const id = made.data.schedule.id as number;
      const { rows } = await t.database.pool.query(
        `select id::text, flight_no, to_char(dep_local_date, 'YYYY-MM-DD') as d, dep_utc, arr_utc
           from flights where schedule_id = $1 order by dep_local_date`,
        [id],
      );
      const asFlight = (r: (typeof rows)[number]): PrivateFlight => ({
        flightId: r.id,
        flightNo: r.flight_no,
        depLocalDate: r.d,
        routeCode: 'KTI-SAI',
        from: 'KTI',
        to: 'SAI',
        depUtc: new Date(r.dep_utc),
        arrUtc: new Date(r.arr_utc),
      });
      const paidOn = asFlight(rows[8]);
      const heldOn = asFlight(rows[9]);
      await anOrder(t, { flight: paidOn, status: 'paid' });
      await anOrder(t, { flight: heldOn, passengers: [2, 0, 0] });

      const backwards = await call('POST', `/network/schedules/${id}/end`, { validTo: addDays(from, -1) });
      expect(backwards.code).toBe('400');
      expect(fieldsOf(backwards)).toEqual(['validTo']);
      const later = await call('POST', `/network/schedules/${id}/end`, { validTo: addDays(from, 20) });
      expect(later.code).toBe('400');
      expect(JSON.stringify(later)).toContain('can only be brought forward');

      const end = addDays(from, 5);
      const res = await call('POST', `/network/schedules/${id}/end`, { validTo: end, reason: 'low demand' });
      expect(res.code).toBe('0');
      expect(res.data.schedule.validTo).toBe(end);
      expect(res.data.flightsCancelled).toBe(3);
      expect(res.data.flightsWithTravellers).toEqual([
        { id: paidOn.flightId, flightNo: 'WC964', depLocalDate: paidOn.depLocalDate, sold: 1, held: 0 },
        { id: heldOn.flightId, flightNo: 'WC964', depLocalDate: heldOn.depLocalDate, sold: 0, held: 2 },
      ]);
      const status = await t.database.pool.query(
        `select to_char(dep_local_date, 'YYYY-MM-DD') as d, status from flights where schedule_id = $1 order by 1`,
        [id],
      );
      const byDate = Object.fromEntries(status.rows.map((r) => [r.d, r.status]));
      expect(byDate[end]).toBe('scheduled');
      expect(byDate[addDays(end, 1)]).toBe('cancelled');
      expect(byDate[addDays(end, 2)]).toBe('cancelled');
      expect(byDate[addDays(end, 5)]).toBe('cancelled');
      expect(byDate[paidOn.depLocalDate]).toBe('scheduled');
      expect(byDate[heldOn.depLocalDate]).toBe('scheduled');
      expect(await auditRows('schedule', String(id), 'schedule.end')).toMatchObject([
        {
          before: { validTo: addDays(from, 10) },
          after: {
            validTo: end,
            flightsCancelled: 3,
            flightsWithTravellers: [paidOn.flightId, heldOn.flightId],
          },
          reason: 'low demand',
        },
      ]);
      expect((await call('POST', '/network/schedules/999999/end', { validTo: end })).code).toBe('4739');

      // A new time from the day after the end, with the same number: the dates whose flights
      // have travellers are named and the line refused, nothing written...
      const retimed = (validFrom: string) => ({
        ...schedule('WC964', 'KTI-SAI', validFrom, addDays(from, 10)),
        depLocalTime: '09:40',
      });
      const blocked = await call('POST', '/network/schedules', retimed(addDays(end, 1)));
      expect(blocked.code).toBe('400');
      expect(fieldsOf(blocked)).toEqual(['validFrom']);
      expect(blocked.message).toContain(`${paidOn.depLocalDate}, ${heldOn.depLocalDate}`);
      const lines = await t.database.pool.query(
        'select count(*)::int as n from schedules where flight_no = $1',
        ['WC964'],
      );
      expect(lines.rows[0].n).toBe(1);
      // ...and from the day after them it flies the date the end freed: the quietly cancelled,
      // never booked flight gives way to the new line's.
      const freed = await call('POST', '/network/schedules', retimed(addDays(from, 10)));
      expect(freed.code, JSON.stringify(freed)).toBe('0');
      expect(freed.data.flightsCreated).toBe(1);
      const onDay = await t.database.pool.query(
        `select status, schedule_id, to_char(dep_utc at time zone 'Asia/Phnom_Penh', 'HH24:MI') as dep
           from flights where flight_no = 'WC964' and dep_local_date = $1`,
        [addDays(from, 10)],
      );
      expect(onDay.rows).toEqual([
        { status: 'scheduled', schedule_id: freed.data.schedule.id, dep: '09:40' },
      ]);
    });
  });
});
