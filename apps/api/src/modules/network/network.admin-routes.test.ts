import { toLocalIso } from '@wings/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { anOrder, aPrivateFlight, type PrivateFlight } from '../../../test/scenarios';
import { inventory } from '../../../test/support/booking';
import { expectOnlyRoles, type SignedInStaff, signInStaff } from '../../../test/support/staff';

const READERS = ['admin', 'agent', 'finance', 'auditor'] as const;

describe('staff console: network and flights (issue 13)', () => {
  let t: TestApp;
  let admin: SignedInStaff;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInStaff(t, ['admin']);
  });
  afterAll(() => t.close());

  async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, who = admin) {
    const res = await t.app.inject({
      method,
      url: `/api/admin${url}`,
      headers: who.headers,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    return res.json();
  }

  async function auditRows(flightId: string, action: string) {
    const { rows } = await t.database.pool.query(
      `select staff_id, staff_email, action, before, after, reason from audit_log
        where target_type = 'flight' and target_id = $1 and action = $2 order by id`,
      [flightId, action],
    );
    return rows;
  }

  async function eventsOf(orderId: string, type: string) {
    const { rows } = await t.database.pool.query(
      'select actor, reason, data from order_events where order_id = $1 and type = $2',
      [orderId, type],
    );
    return rows;
  }

  async function mailsTo(address: string) {
    const { rows } = await t.database.pool.query<{ subject: string; text_body: string }>(
      'select subject, text_body from mail_outbox where to_address = $1 order by created_at',
      [address],
    );
    return rows;
  }

  async function orderStatus(orderId: string): Promise<number> {
    const { rows } = await t.database.pool.query('select status from orders where id = $1', [orderId]);
    return Number(rows[0].status);
  }

  describe('roles', () => {
    it('lets admin, agent, finance and auditor read, and refuses the content editor', async () => {
      const flight = await aPrivateFlight(t, { from: 'KTI', to: 'BKK' });
      for (const url of [
        '/api/admin/network/airports',
        '/api/admin/network/routes',
        '/api/admin/network/schedules',
        `/api/admin/flights?from=${flight.depLocalDate}&to=${flight.depLocalDate}`,
        `/api/admin/flights/${flight.flightId}`,
      ]) {
        await expectOnlyRoles(t, { method: 'GET', url }, [...READERS]);
      }
    });

    it('lets only admin change a limit, retime, cancel or mark a flight departed', async () => {
      const flight = await aPrivateFlight(t, { from: 'KTI', to: 'BKK' });
      const base = `/api/admin/flights/${flight.flightId}`;
      // Bodies that fail validation: an allowed role gets past the gate and meets the 400.
      await expectOnlyRoles(t, { method: 'PUT', url: `${base}/classes/M/limit`, payload: {} }, ['admin']);
      await expectOnlyRoles(t, { method: 'POST', url: `${base}/retime`, payload: {} }, ['admin']);
      await expectOnlyRoles(t, { method: 'POST', url: `${base}/cancel`, payload: {} }, ['admin']);
      await expectOnlyRoles(t, { method: 'POST', url: `${base}/depart`, payload: { departedAt: 'soon' } }, [
        'admin',
      ]);
    });
  });

  describe('network lists', () => {
    it('lists airports with their names in three languages and their zones, routes and schedules', async () => {
      const airports = await call('GET', '/network/airports');
      expect(airports.code).toBe('0');
      const kti = airports.data.list.find((a: { code: string }) => a.code === 'KTI');
      expect(kti).toMatchObject({ timeZone: 'Asia/Phnom_Penh', isHub: true, country: 'KH' });
      expect(kti.name.zh && kti.name.en && kti.name.km).toBeTruthy();

      const routes = await call('GET', '/network/routes');
      expect(routes.data.list).toContainEqual(
        expect.objectContaining({ code: 'KTI-BKK', origin: 'KTI', destination: 'BKK' }),
      );
      const schedules = await call('GET', '/network/schedules');
      expect(schedules.data.list.length).toBeGreaterThan(0);
      expect(schedules.data.list[0]).toMatchObject({
        flightNo: expect.any(String),
        depLocalTime: expect.stringMatching(/^\d{2}:\d{2}$/),
        daysOfWeek: expect.any(Array),
      });
    });
  });

  describe('dated flights', () => {
    let flight: PrivateFlight;

    beforeAll(async () => {
      flight = await aPrivateFlight(t, { from: 'KTI', to: 'BKK' });
      // Two seats held by an unpaid order, one sold to a paid one.
      await anOrder(t, { flight, passengers: [2, 0, 0], bookingClass: 'M' });
      await anOrder(t, { flight, bookingClass: 'M', status: 'paid', lang: 'km' });
    });

    it('lists flights by date range, route and flight number, with their load', async () => {
      const q = `from=${flight.depLocalDate}&to=${flight.depLocalDate}`;
      const byNumber = await call('GET', `/flights?${q}&flightNo=${flight.flightNo}`);
      expect(byNumber.code).toBe('0');
      expect(byNumber.data.total).toBe(1);
      expect(byNumber.data.list[0]).toMatchObject({
        id: flight.flightId,
        routeCode: 'KTI-BKK',
        status: 'scheduled',
        originZone: 'Asia/Phnom_Penh',
        destinationZone: 'Asia/Bangkok',
        sold: 1,
        held: 2,
        capacity: 180,
        retimed: false,
      });
      const byRoute = await call('GET', `/flights?${q}&route=kti-bkk&pageSize=200`);
      expect(byRoute.data.list.map((f: { id: string }) => f.id)).toContain(flight.flightId);
      const elsewhere = await call('GET', `/flights?${q}&route=KTI-SAI&flightNo=${flight.flightNo}`);
      expect(elsewhere.data.total).toBe(0);
    });

    it('refuses a date range that ends before it starts or spans more than 62 days, naming the field', async () => {
      const backwards = await call('GET', '/flights?from=2027-03-10&to=2027-03-01');
      expect(backwards.code).toBe('400');
      expect(JSON.stringify(backwards)).toContain('to');
      const long = await call('GET', '/flights?from=2027-01-01&to=2027-06-01');
      expect(long.code).toBe('400');
      const bad = await call('GET', '/flights?from=tomorrow&to=2027-06-01');
      expect(bad.code).toBe('400');
      expect(JSON.stringify(bad)).toContain('from');
    });

    it("shows a flight's load per cabin and booking class: sold, held, capacity and limit", async () => {
      const detail = await call('GET', `/flights/${flight.flightId}`);
      expect(detail.code).toBe('0');
      const y = detail.data.cabins.find((c: { cabin: string }) => c.cabin === 'Y');
      expect(y).toMatchObject({ capacity: 172, sold: 1, held: 2 });
      const m = y.classes.find((c: { bookingClass: string }) => c.bookingClass === 'M');
      expect(m).toMatchObject({ sold: 1, held: 2, externalSold: 0 });
      expect(m.authorisedLimit).toBeGreaterThan(3);
      expect(detail.data.orders).toEqual({ unpaid: 1, paid: 1, canceled: 0 });
      const missing = await call('GET', '/flights/999999999');
      expect(missing.code).toBe('4730');
    });

    it('changes a class limit with a reason, refusing one below sold plus held or above the cabin', async () => {
      const below = await call('PUT', `/flights/${flight.flightId}/classes/M/limit`, {
        authorisedLimit: 2,
        reason: 'closing the class',
      });
      expect(below.code).toBe('4732');
      expect(below.message).toContain('Class M');
      expect(below.message).toContain('1 seats sold plus 2 held (3 in all)');

      const above = await call('PUT', `/flights/${flight.flightId}/classes/M/limit`, {
        authorisedLimit: 173,
        reason: 'more than the cabin',
      });
      expect(above.code).toBe('4733');
      expect(above.message).toContain('172 seats of cabin Y');

      const noReason = await call('PUT', `/flights/${flight.flightId}/classes/M/limit`, {
        authorisedLimit: 5,
      });
      expect(noReason.code).toBe('400');
      expect(JSON.stringify(noReason)).toContain('reason');

      const unknown = await call('PUT', `/flights/${flight.flightId}/classes/Z/limit`, {
        authorisedLimit: 5,
        reason: 'no such class',
      });
      expect(unknown.code).toBe('4731');

      const before = (await inventory(t, flight.flightId, 'M')).classLimit;
      const done = await call('PUT', `/flights/${flight.flightId}/classes/m/limit`, {
        authorisedLimit: 3,
        reason: 'sold out at this price',
      });
      expect(done.code).toBe('0');
      const m = done.data.cabins[1].classes.find((c: { bookingClass: string }) => c.bookingClass === 'M');
      expect(m).toMatchObject({ authorisedLimit: 3, seatsLeft: 0 });
      expect((await inventory(t, flight.flightId, 'M')).classLimit).toBe(3);
      const rows = await auditRows(flight.flightId, 'flight.class_limit');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        staff_id: admin.staff.id,
        staff_email: admin.staff.email,
        before: { bookingClass: 'M', authorisedLimit: before },
        after: { bookingClass: 'M', authorisedLimit: 3 },
        reason: 'sold out at this price',
      });
      // The class is full at its new limit: a new order for it is refused.
      await expect(anOrder(t, { flight, bookingClass: 'M' })).rejects.toThrow();
    });
  });

  describe('retime', () => {
    it("moves the flight (times in each airport's zone), tells every order and e-mails paid travellers", async () => {
      const flight = await aPrivateFlight(t, { from: 'KTI', to: 'BKK' });
      const unpaid = await anOrder(t, { flight });
      const paid = await anOrder(t, {
        flight,
        status: 'paid',
        lang: 'zh',
        passengerDetails: [{ email: 'retime-passenger@example.com' }],
      });
      const depLocal = `${flight.depLocalDate}T13:45`;
      const arrLocal = `${flight.depLocalDate}T15:05`;

      const invalid = await call('POST', `/flights/${flight.flightId}/retime`, {
        depLocal,
        arrLocal: `${flight.depLocalDate}T12:00`,
        reason: 'crew rest',
      });
      expect(invalid.code).toBe('4735');

      const res = await call('POST', `/flights/${flight.flightId}/retime`, {
        depLocal,
        arrLocal,
        reason: 'crew rest',
      });
      expect(res.code).toBe('0');
      expect(res.data).toMatchObject({ ordersTold: 2, emailsSent: 2, ordersCanceled: 0 });
      expect(res.data.flight.retimed).toBe(true);
      expect(toLocalIso(new Date(res.data.flight.depUtc), 'Asia/Phnom_Penh')).toBe(`${depLocal}:00+07:00`);
      expect(toLocalIso(new Date(res.data.flight.arrUtc), 'Asia/Bangkok')).toBe(`${arrLocal}:00+07:00`);
      expect(res.data.flight.originalDepUtc).toBe(flight.depUtc.toISOString());

      for (const order of [unpaid, paid]) {
        const events = await eventsOf(order.id, 'flight_retimed');
        expect(events).toHaveLength(1);
        expect(events[0]).toMatchObject({ actor: `staff:${admin.staff.id}`, reason: 'crew rest' });
        expect(events[0].data.after.depUtc).toBe(res.data.flight.depUtc);
        const seg = await t.database.pool.query('select dep_utc from order_segments where order_id = $1', [
          order.id,
        ]);
        expect(new Date(seg.rows[0].dep_utc).toISOString()).toBe(res.data.flight.depUtc);
      }
      // The paid order's contact and passenger, in the order's language (zh); nobody of the unpaid one.
      const toContact = await mailsTo(paid.email);
      expect(toContact).toHaveLength(1);
      expect(toContact[0]!.subject).toContain(`航班 ${flight.flightNo}`);
      expect(toContact[0]!.text_body).toContain(`${flight.depLocalDate} 13:45 (Asia/Phnom_Penh)`);
      expect(await mailsTo('retime-passenger@example.com')).not.toHaveLength(0);
      expect(await mailsTo(unpaid.email)).toHaveLength(0);

      const rows = await auditRows(flight.flightId, 'flight.retime');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        reason: 'crew rest',
        before: { depUtc: flight.depUtc.toISOString() },
        after: { depUtc: res.data.flight.depUtc },
      });
    });
  });

  describe('cancel and depart', () => {
    it('cancels a flight: unpaid orders canceled with their seats released, paid travellers e-mailed', async () => {
      const flight = await aPrivateFlight(t, { from: 'KTI', to: 'SAI' });
      const unpaid = await anOrder(t, { flight, passengers: [2, 0, 0], bookingClass: 'M' });
      const paid = await anOrder(t, { flight, bookingClass: 'M', status: 'paid', lang: 'en' });
      expect((await inventory(t, flight.flightId, 'M')).classSold).toBe(3);

      const noReason = await call('POST', `/flights/${flight.flightId}/cancel`, { reason: ' ' });
      expect(noReason.code).toBe('400');

      const res = await call('POST', `/flights/${flight.flightId}/cancel`, {
        reason: 'aircraft unserviceable',
      });
      expect(res.code).toBe('0');
      expect(res.data).toMatchObject({ ordersTold: 2, ordersCanceled: 1, emailsSent: 1 });
      expect(res.data.flight.status).toBe('cancelled');
      expect(await orderStatus(unpaid.id)).toBe(2);
      expect(await orderStatus(paid.id)).toBe(1);
      // The unpaid order's two seats went back; the paid one keeps its seat.
      expect((await inventory(t, flight.flightId, 'M')).classSold).toBe(1);
      expect(await eventsOf(unpaid.id, 'flight_canceled')).toHaveLength(1);
      expect(await eventsOf(unpaid.id, 'canceled')).toMatchObject([{ actor: `staff:${admin.staff.id}` }]);
      expect(await eventsOf(paid.id, 'flight_canceled')).toMatchObject([
        { reason: 'aircraft unserviceable' },
      ]);
      const mails = await mailsTo(paid.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(`Wings Airways: flight ${flight.flightNo} is canceled`);
      expect(await auditRows(flight.flightId, 'flight.cancel')).toMatchObject([
        { before: { status: 'scheduled' }, after: { status: 'cancelled' }, reason: 'aircraft unserviceable' },
      ]);

      const again = await call('POST', `/flights/${flight.flightId}/cancel`, { reason: 'twice' });
      expect(again.code).toBe('4734');
      expect(again.message).toContain('is cancelled');
      const retime = await call('POST', `/flights/${flight.flightId}/retime`, {
        depLocal: `${flight.depLocalDate}T11:00`,
        arrLocal: `${flight.depLocalDate}T12:00`,
        reason: 'too late',
      });
      expect(retime.code).toBe('4734');
    });

    it('marks a flight departed once, keeping the time on the flight and in the audit row', async () => {
      const flight = await aPrivateFlight(t, { from: 'KTI', to: 'BKK' });
      const bad = await call('POST', `/flights/${flight.flightId}/depart`, { departedAt: 'yesterday' });
      expect(bad.code).toBe('400');
      expect(JSON.stringify(bad)).toContain('departedAt');
      const departedAt = '2027-01-01T03:04:00.000Z';
      const res = await call('POST', `/flights/${flight.flightId}/depart`, {
        departedAt,
        reason: 'off blocks',
      });
      expect(res.code).toBe('0');
      expect(res.data).toMatchObject({ status: 'departed', departedAt });
      expect((await call('GET', `/flights/${flight.flightId}`)).data).toMatchObject({
        status: 'departed',
        departedAt,
      });
      expect(await auditRows(flight.flightId, 'flight.depart')).toMatchObject([
        { before: { status: 'scheduled' }, after: { status: 'departed', departedAt }, reason: 'off blocks' },
      ]);
      // A second time is refused, saying when it left (in the origin's time), and changes nothing.
      const again = await call('POST', `/flights/${flight.flightId}/depart`, {
        departedAt: '2027-01-01T05:00:00.000Z',
      });
      expect(again.code).toBe('4736');
      expect(again.message).toContain('was marked departed already');
      expect(again.message).toContain('01 Jan 2027 10:04');
      expect((await call('GET', `/flights/${flight.flightId}`)).data.departedAt).toBe(departedAt);
      expect(await auditRows(flight.flightId, 'flight.depart')).toHaveLength(1);

      const other = await aPrivateFlight(t, { from: 'KTI', to: 'BKK' });
      expect((await call('GET', `/flights/${other.flightId}`)).data.departedAt).toBeNull();
      expect((await call('POST', `/flights/${other.flightId}/cancel`, { reason: 'weather' })).code).toBe('0');
      expect((await call('POST', `/flights/${other.flightId}/depart`, {})).code).toBe('4734');
    });
  });

  describe('live for new searches', () => {
    it("drops the route's cached searches at once: a retime and a closed class show in the next search", async () => {
      const cached = await createTestApp({ env: { SEARCH_CACHE_TTL_MS: '60000' } });
      try {
        const staff = await signInStaff(cached, ['admin']);
        const flight = await aPrivateFlight(cached, { from: 'KTI', to: 'FOC', searchable: 'alone' });
        const search = async () => {
          const res = await cached.app.inject({
            method: 'POST',
            url: '/api/travelsky/ibe/queryFlight',
            headers: cached.headers(),
            payload: {
              depCode: 'KTI',
              arrCode: 'FOC',
              depDate: flight.depLocalDate,
              passengers: [1, 0, 0],
              tripType: 0,
            },
          });
          const body = res.json();
          expect(body.code).toBe('0');
          return body.data.flights.find((f: { flightNo: string }) => f.flightNo === flight.flightNo);
        };
        const first = await search();
        expect(first.depTime).toBe(`${flight.depLocalDate}T10:00:00+07:00`);
        const basic = first.fares.find((f: { family: string }) => f.family === 'Basic');

        const admin = (url: string, method: 'POST' | 'PUT', payload: object) =>
          cached.app.inject({
            method,
            url: `/api/admin/flights/${flight.flightId}${url}`,
            headers: staff.headers,
            payload,
          });
        const retimed = await admin('/retime', 'POST', {
          depLocal: `${flight.depLocalDate}T12:30`,
          arrLocal: `${flight.depLocalDate}T17:00`,
          reason: 'slot change',
        });
        expect(retimed.json().code).toBe('0');
        expect((await search()).depTime).toBe(`${flight.depLocalDate}T12:30:00+07:00`);

        const closed = await admin(`/classes/${basic.bookingClass}/limit`, 'PUT', {
          authorisedLimit: 0,
          reason: 'close it',
        });
        expect(closed.json().code).toBe('0');
        const after = (await search()).fares.find((f: { family: string }) => f.family === 'Basic');
        expect(after?.bookingClass).not.toBe(basic.bookingClass);
      } finally {
        await cached.close();
      }
    });
  });
});
