import {
  CheckInStatus,
  envelope,
  ZBoardingPassBundle,
  ZCheckInState,
  ZDevClock,
  ZOrderDetail,
} from '@wings/contracts';
import { addDays, HUB_TIME_ZONE, localDate } from '@wings/rules';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, fetchToken, ownDatabase, type TestApp, testConfig } from '../../../test/helpers';
import { aPaidOrderWithTickets, aPrivateFlight, type PrivateFlight } from '../../../test/scenarios';
import type { Client } from '../../../test/support/booking';
import { client, registerUser } from '../../../test/support/clients';
import { buildApp } from '../../app';
import { openDatabase } from '../../platform/db';
import { signOrderGrant } from '../../platform/order-grant';
import { serverKeys } from '../../platform/secrets';

/*
 * Online check-in (issue 15): the window's edges with the app's clock moved, a seat given when
 * none was bought (never a seat the rules bar), idempotence, two concurrent check-ins of one
 * passenger and leg, cancelling (the given seat freed), access, boarding passes with their
 * BCBP, the departure close (on a database of its own: it closes every flight whose time came)
 * and the development clock. Flights are private A320s KTI → SAI: business rows 1-2, economy 3-31.
 */

const BASE = '/travelsky/checkin';
const MINUTE = 60_000;

let t: TestApp;
let clock = new Date();
let member: Client;
let memberId: string;
let other: Client;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  member = client(t);
  memberId = (await registerUser(t, member)).userId;
  other = client(t);
  await registerUser(t, other);
});
afterEach(() => {
  clock = new Date();
});
afterAll(() => t.close());

/** The clock `minutes` before the flight's departure, the clients' access tokens renewed. */
async function before(flight: PrivateFlight, minutes: number) {
  clock = new Date(flight.depUtc.getTime() - minutes * MINUTE);
  await member.refreshAccessToken(clock);
  await other.refreshAccessToken(clock);
}

/** A flight of its own 3 days ahead (check-in is hours before departure: the app's clock is moved there). */
function aFlight(app: TestApp) {
  const today = localDate(new Date(), HUB_TIME_ZONE);
  return aPrivateFlight(app, { from: 'KTI', to: 'SAI', date: addDays(today, 3), depTime: '10:00' });
}

async function ticketed(passengers: [number, number, number] = [1, 0, 0], app: TestApp = t) {
  const flight = await aFlight(app);
  const order = await aPaidOrderWithTickets(app, { flight, passengers, userId: memberId });
  return { flight, order };
}

function state(body: { code: string; data: unknown }) {
  expect(body.code, JSON.stringify(body)).toBe('0');
  return envelope(ZCheckInState).parse(body).data;
}

const all = (n: number) => Array.from({ length: n }, (_, seq) => ({ seq, legSeq: 0 }));

async function liveSeats(app: TestApp, orderId: string) {
  const { rows } = await app.database.pool.query<{ passenger_ref: string; seat: string }>(
    'select passenger_ref, seat from seat_assignments where order_ref = $1 and released_at is null order by seat',
    [orderId],
  );
  return rows;
}

async function events(app: TestApp, orderId: string, type: string) {
  const { rows } = await app.database.pool.query<{ data: Record<string, unknown> }>(
    'select data from order_events where order_id = $1 and type = $2 order by created_at, id',
    [orderId, type],
  );
  return rows.map((r) => r.data);
}

describe('the check-in window (opens 2 h, closes 60 min before departure)', () => {
  it('refuses before it opens (700) and from the minute it closes (701); exactly 2 h before is open', async () => {
    const { flight, order } = await ticketed();
    await before(flight, 121);
    const early = state((await member.post(`${BASE}/queryCheckIn`, { orderNo: order.orderNo })).body);
    expect(early.passengers[0]!.legs[0]).toMatchObject({
      state: 'not_checked_in',
      phase: 'not_open',
      canCheckIn: false,
      bar: null,
      seat: null,
    });
    const refused = await member.post(`${BASE}/checkIn`, { orderNo: order.orderNo, items: all(1) });
    expect(refused.body.code).toBe('700');
    expect(refused.body.message).toContain(flight.flightNo);

    await before(flight, 120);
    const done = state(
      (await member.post(`${BASE}/checkIn`, { orderNo: order.orderNo, items: all(1) })).body,
    );
    const leg = done.passengers[0]!.legs[0]!;
    expect(leg).toMatchObject({ state: 'checked_in', phase: 'open', seatGiven: true, canCancel: true });
    expect(leg.seat).toMatch(/^\d{1,2}[A-K]$/);
    // An economy passenger, given a standard seat of their cabin (rows 3-5 are UPST: paid).
    expect(Number.parseInt(leg.seat!, 10)).toBeGreaterThan(5);
    expect(await liveSeats(t, order.id)).toEqual([expect.objectContaining({ seat: leg.seat })]);
    expect(await events(t, order.id, 'checked_in')).toEqual([
      expect.objectContaining({ ticketNo: order.tickets[0], seat: leg.seat, seatGiven: true, checkInSeq: 1 }),
    ]);

    // Order detail shows the coupon checked in.
    const detail = await member.get(`/travelsky/ibe/getOrderDetail/${order.orderNo}`);
    const coupons = envelope(ZOrderDetail).parse(detail.body).data.passengers[0]!.ticket!.coupons;
    expect(coupons[0]).toMatchObject({ usage: CheckInStatus.unused, checkIn: 'checked_in' });

    await before(flight, 60);
    const late = await member.post(`${BASE}/checkIn`, { orderNo: order.orderNo, items: all(1) });
    expect(late.body.code).toBe('0'); // checked in already: nothing to do, even once closed
    const second = await ticketed();
    await before(second.flight, 60);
    const closed = await member.post(`${BASE}/checkIn`, { orderNo: second.order.orderNo, items: all(1) });
    expect(closed.body.code).toBe('701');
  });

  it('cancelling is refused once check-in closed; the check-in stays', async () => {
    const { flight, order } = await ticketed();
    await before(flight, 90);
    state((await member.post(`${BASE}/checkIn`, { orderNo: order.orderNo, items: all(1) })).body);
    await before(flight, 59);
    const r = await member.post(`${BASE}/cancelCheckIn`, { orderNo: order.orderNo, items: all(1) });
    expect(r.body.code).toBe('701');
    const s = state((await member.post(`${BASE}/queryCheckIn`, { orderNo: order.orderNo })).body);
    expect(s.passengers[0]!.legs[0]).toMatchObject({
      state: 'checked_in',
      phase: 'closed',
      canCancel: false,
    });
  });
});

describe('checking in', () => {
  it('is idempotent: a second call keeps the seat and the sequence number, and writes no second event', async () => {
    const { flight, order } = await ticketed([2, 0, 0]);
    await before(flight, 100);
    const first = state(
      (await member.post(`${BASE}/checkIn`, { orderNo: order.orderNo, items: all(2) })).body,
    );
    const second = state(
      (await member.post(`${BASE}/checkIn`, { orderNo: order.orderNo, items: all(2) })).body,
    );
    expect(second).toEqual(first);
    const seats = first.passengers.map((p) => p.legs[0]!.seat);
    expect(new Set(seats).size).toBe(2);
    expect(await events(t, order.id, 'checked_in')).toHaveLength(2);
  });

  it('two concurrent check-ins of one passenger and leg give one seat and one check-in', async () => {
    const { flight, order } = await ticketed();
    await before(flight, 100);
    const replies = await Promise.all(
      Array.from({ length: 4 }, () =>
        member.post(`${BASE}/checkIn`, { orderNo: order.orderNo, items: all(1) }),
      ),
    );
    for (const r of replies) expect(r.body.code, JSON.stringify(r.body)).toBe('0');
    const seats = await liveSeats(t, order.id);
    expect(seats).toHaveLength(1);
    expect(await events(t, order.id, 'checked_in')).toHaveLength(1);
    const { rows } = await t.database.pool.query<{ check_in_count: number }>(
      'select check_in_count from flights where id = $1',
      [flight.flightId],
    );
    expect(rows[0]!.check_in_count).toBe(1);
    for (const r of replies) {
      expect(state(r.body).passengers[0]!.legs[0]!.seat).toBe(seats[0]!.seat);
    }
  });

  it('gives an adult with an infant a seat outside the first and exit rows; the infant none', async () => {
    const { flight, order } = await ticketed([1, 0, 1]);
    await before(flight, 100);
    const s = state((await member.post(`${BASE}/checkIn`, { orderNo: order.orderNo, items: all(2) })).body);
    const adult = s.passengers.find((p) => p.passengerType === 1)!.legs[0]!;
    const infant = s.passengers.find((p) => p.passengerType === 3)!.legs[0]!;
    expect(infant).toMatchObject({ state: 'checked_in', seat: null });
    const map = await t.app.seating.seatMap(flight.flightId, { cabin: 'Y', lang: 'en' });
    const seat = map.seats.find((x) => x.seat === adult.seat)!;
    expect(seat.firstRow || seat.exitRow).toBe(false);
  });

  it('cancelling frees the seat given at check-in, and a new check-in gives a new sequence number', async () => {
    const { flight, order } = await ticketed();
    await before(flight, 100);
    const s = state((await member.post(`${BASE}/checkIn`, { orderNo: order.orderNo, items: all(1) })).body);
    const canceled = state(
      (await member.post(`${BASE}/cancelCheckIn`, { orderNo: order.orderNo, items: all(1) })).body,
    );
    expect(canceled.passengers[0]!.legs[0]).toMatchObject({
      state: 'not_checked_in',
      seat: null,
      canCheckIn: true,
    });
    expect(await liveSeats(t, order.id)).toEqual([]);
    expect(await events(t, order.id, 'check_in_canceled')).toEqual([
      expect.objectContaining({ seatFreed: s.passengers[0]!.legs[0]!.seat }),
    ]);
    const none = await member.post(`${BASE}/getBoardingPasses`, { orderNo: order.orderNo });
    expect(none.body.code).toBe('704');
    state((await member.post(`${BASE}/checkIn`, { orderNo: order.orderNo, items: all(1) })).body);
    expect((await events(t, order.id, 'checked_in')).map((e) => e.checkInSeq)).toEqual([1, 2]);
  });

  it('keeps a bought seat: nothing is given, and cancelling leaves it', async () => {
    const { flight, order } = await ticketed();
    const { rows } = await t.database.pool.query<{ id: string; birthday: string }>(
      `select p.id, p.birthday::text as birthday from order_passengers p where p.order_id = $1`,
      [order.id],
    );
    const { rows: legs } = await t.database.pool.query<{ id: string }>(
      'select id from order_segments where order_id = $1',
      [order.id],
    );
    await t.database.db.transaction(async (tx) => {
      await t.app.seating.holdSeats(tx, order.id, [
        {
          flightId: flight.flightId,
          seat: '20A',
          cabin: 'Y',
          passengerRef: rows[0]!.id,
          segmentRef: legs[0]!.id,
          taker: { passengerType: 1, birthday: rows[0]!.birthday, withInfant: false },
        },
      ]);
      await t.app.seating.confirmSeats(tx, order.id);
    });
    await before(flight, 100);
    const s = state((await member.post(`${BASE}/checkIn`, { orderNo: order.orderNo, items: all(1) })).body);
    expect(s.passengers[0]!.legs[0]).toMatchObject({ state: 'checked_in', seat: '20A', seatGiven: false });
    state((await member.post(`${BASE}/cancelCheckIn`, { orderNo: order.orderNo, items: all(1) })).body);
    expect(await liveSeats(t, order.id)).toEqual([expect.objectContaining({ seat: '20A' })]);
  });

  it('travellers of different orders checking in at once get different seats', async () => {
    const flight = await aFlight(t);
    const orders = await Promise.all(
      [0, 1, 2].map(() => aPaidOrderWithTickets(t, { flight, passengers: [2, 0, 0], userId: memberId })),
    );
    await before(flight, 100);
    const replies = await Promise.all(
      orders.map((o) => member.post(`${BASE}/checkIn`, { orderNo: o.orderNo, items: all(2) })),
    );
    for (const r of replies) expect(r.body.code, JSON.stringify(r.body)).toBe('0');
    const seats = replies.flatMap((r) => state(r.body).passengers.map((p) => p.legs[0]!.seat));
    expect(new Set(seats).size).toBe(6);
    const { rows } = await t.database.pool.query<{ check_in_count: number }>(
      'select check_in_count from flights where id = $1',
      [flight.flightId],
    );
    expect(rows[0]!.check_in_count).toBe(6);
  });

  it('names a passenger or leg the order does not have (400), and refuses an unticketed leg (702)', async () => {
    const { flight, order } = await ticketed();
    await before(flight, 100);
    const bad = await member.post(`${BASE}/checkIn`, {
      orderNo: order.orderNo,
      items: [{ seq: 3, legSeq: 0 }],
    });
    expect(bad.body.code).toBe('400');
    expect(JSON.stringify(bad.body)).toContain('items[0].seq');
    await t.database.pool.query(`update tickets set status = 4 where order_id = $1`, [order.id]);
    const refunding = await member.post(`${BASE}/checkIn`, { orderNo: order.orderNo, items: all(1) });
    expect(refunding.body.code).toBe('702');
  });

  it('is for the owner or a full grant: another member and a stranger are answered as for an unknown order', async () => {
    const { flight, order } = await ticketed();
    await before(flight, 100);
    expect((await other.post(`${BASE}/queryCheckIn`, { orderNo: order.orderNo })).body.code).toBe('CAS912');
    expect((await other.post(`${BASE}/checkIn`, { orderNo: order.orderNo, items: all(1) })).body.code).toBe(
      'CAS912',
    );
    const guest = client(t);
    await guest.refreshAccessToken(clock);
    const key = serverKeys(t.config).orderGrant.current;
    const grant = (scope: 'full' | 'limited') =>
      signOrderGrant(key, order.orderNo, new Date(clock.getTime() + 60 * MINUTE), scope);
    const query = (orderToken: string) =>
      guest.post(`${BASE}/queryCheckIn`, { orderNo: order.orderNo }, { orderToken });
    // A limited grant (PNR + surname) reads the order but may not check in; a full one may.
    expect((await query(grant('limited'))).body.code).toBe('CAS912');
    expect(state((await query(grant('full'))).body).passengers[0]!.legs[0]!.canCheckIn).toBe(true);
  });
});

describe('boarding passes', () => {
  it("bundle every checked-in passenger's pass with its BCBP, seat, sequence number and gate time", async () => {
    const { flight, order } = await ticketed([1, 0, 1]);
    await before(flight, 100);
    state((await member.post(`${BASE}/checkIn`, { orderNo: order.orderNo, items: all(2) })).body);
    const r = await member.post(`${BASE}/getBoardingPasses`, { orderNo: order.orderNo });
    expect(r.body.code, JSON.stringify(r.body)).toBe('0');
    const bundle = envelope(ZBoardingPassBundle).parse(r.body).data;
    expect(bundle.pnr).toBe(order.pnr);
    expect(bundle.passes).toHaveLength(2);
    const [adult, infant] = bundle.passes;
    expect(adult!.bcbp).toHaveLength(60);
    expect(adult!.bcbp.startsWith('M1')).toBe(true);
    expect(adult!.bcbp.slice(23, 30)).toBe(order.pnr.padEnd(7, ' '));
    expect(adult!.bcbp.slice(30, 36)).toBe('KTISAI');
    expect(adult!.bcbp.slice(39, 43)).toBe(flight.flightNo.slice(2).padStart(4, '0'));
    expect(infant!.seat).toBeNull();
    expect(infant!.bcbp.slice(48, 52)).toBe('INF ');
    const gate = new Date(adult!.gateClosesAtLocal).getTime();
    expect(flight.depUtc.getTime() - gate).toBe(10 * MINUTE);
  });
});

describe('the departure close (a database of its own)', () => {
  let own: { url: string; drop(): Promise<void> };
  let o: TestApp;
  let ownMember: Client;
  let ownMemberId: string;
  beforeAll(async () => {
    own = await ownDatabase();
    o = await createTestApp({ now: () => clock, databaseUrl: own.url });
    ownMember = client(o);
    ownMemberId = (await registerUser(o, ownMember)).userId;
  });
  afterAll(async () => {
    await o.close();
    await own.drop();
  });

  it('at departure, checked-in coupons become used (11) and the others no-shows, once', async () => {
    const flight = await aFlight(o);
    const order = await aPaidOrderWithTickets(o, { flight, passengers: [2, 0, 0], userId: ownMemberId });
    clock = new Date(flight.depUtc.getTime() - 90 * MINUTE);
    await ownMember.refreshAccessToken(clock);
    state(
      (await ownMember.post(`${BASE}/checkIn`, { orderNo: order.orderNo, items: [{ seq: 0, legSeq: 0 }] }))
        .body,
    );

    clock = new Date(flight.depUtc.getTime() - MINUTE);
    expect(await o.app.checkIn.closeDueFlights()).toBe(0);
    clock = new Date(flight.depUtc.getTime());
    expect(await o.app.checkIn.closeDueFlights()).toBeGreaterThanOrEqual(1);
    const { rows } = await o.database.pool.query<{ usage: number; no_show: boolean; checked: boolean }>(
      `select c.usage, c.no_show_at is not null as no_show, c.checked_in_at is not null as checked
         from ticket_coupons c join tickets t on t.id = c.ticket_id
         join order_passengers p on p.id = t.passenger_id
        where t.order_id = $1 order by p.seq`,
      [order.id],
    );
    expect(rows).toEqual([
      { usage: CheckInStatus.used, no_show: false, checked: true },
      { usage: CheckInStatus.unused, no_show: true, checked: false },
    ]);
    expect(await events(o, order.id, 'flown')).toHaveLength(1);
    expect(await events(o, order.id, 'no_show')).toHaveLength(1);
    expect(await o.app.checkIn.closeDueFlights()).toBe(0);
    expect(await events(o, order.id, 'flown')).toHaveLength(1);

    await ownMember.refreshAccessToken(clock);
    const detail = envelope(ZOrderDetail).parse(
      (await ownMember.get(`/travelsky/ibe/getOrderDetail/${order.orderNo}`)).body,
    ).data;
    expect(detail.passengers.map((p) => p.ticket!.coupons[0]!.checkIn)).toEqual(['flown', 'no_show']);
  });

  it('a flight staff marked departed early closes at the marked time, and check-in is refused from then', async () => {
    const flight = await aFlight(o);
    const order = await aPaidOrderWithTickets(o, { flight, passengers: [1, 0, 0], userId: ownMemberId });
    clock = new Date(flight.depUtc.getTime() - 70 * MINUTE);
    await ownMember.refreshAccessToken(clock);
    await o.database.pool.query(`update flights set status = 'departed', departed_at = $2 where id = $1`, [
      flight.flightId,
      new Date(clock.getTime() - MINUTE),
    ]);
    const r = await ownMember.post(`${BASE}/checkIn`, { orderNo: order.orderNo, items: all(1) });
    expect(r.body.code).toBe('702');
    expect(await o.app.checkIn.closeDueFlights()).toBeGreaterThanOrEqual(1);
    expect(await events(o, order.id, 'no_show')).toHaveLength(1);
  });
});

describe('the development clock', () => {
  it('is moved by POST /api/dev/clock and followed by every process; absent in production', async () => {
    const own = await ownDatabase({ empty: false });
    const dev = { NODE_ENV: 'development' };
    const a = await createTestApp({ env: dev, databaseUrl: own.url });
    const b = await createTestApp({ env: dev, databaseUrl: own.url });
    try {
      const get = async (app: TestApp) =>
        envelope(ZDevClock).parse(
          (await app.app.inject({ method: 'GET', url: '/api/dev/clock', headers: app.headers() })).json(),
        ).data;
      expect((await get(a)).offsetMs).toBe(0);
      const moved = await a.app.inject({
        method: 'POST',
        url: '/api/dev/clock',
        headers: a.headers(),
        payload: { advanceMs: 3 * 60 * MINUTE },
      });
      expect(envelope(ZDevClock).parse(moved.json()).data.offsetMs).toBe(3 * 60 * MINUTE);
      await expect.poll(async () => (await get(b)).offsetMs, { timeout: 5000 }).toBe(3 * 60 * MINUTE);
      const ahead = new Date((await get(b)).now).getTime() - Date.now();
      expect(ahead).toBeGreaterThan(3 * 60 * MINUTE - 5000);
      const back = await a.app.inject({
        method: 'POST',
        url: '/api/dev/clock',
        headers: a.headers(),
        payload: { offsetMs: 0 },
      });
      expect(envelope(ZDevClock).parse(back.json()).data.offsetMs).toBe(0);
    } finally {
      await a.close();
      await b.close();
      await own.drop();
    }
    const config = testConfig({
      NODE_ENV: 'production',
      APP_ID: 'wings-prod-test',
      APP_SECRET: 'a-production-secret-for-tests',
    });
    const database = openDatabase(inject('databaseUrl'), { error() {} }, 1);
    const prod = await buildApp({ config, database, logger: false });
    try {
      await prod.ready();
      const token = await fetchToken(prod, config);
      for (const method of ['GET', 'POST'] as const) {
        const r = await prod.inject({
          method,
          url: '/api/dev/clock',
          headers: { authorization: `Bearer ${token}` },
          ...(method === 'POST' ? { payload: { advanceMs: 1000 } } : {}),
        });
        expect(r.statusCode).toBe(404);
      }
    } finally {
      await prod.close();
      await database.close();
    }
  });
});
