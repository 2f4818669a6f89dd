import { randomUUID } from 'node:crypto';
import {
  envelope,
  ZAddonCreateOrderReply,
  ZAddonInfoListReply,
  ZAddonOrderState,
  ZAdminAddonOrdersReply,
  ZInsurancePriceResponse,
  ZJsPrepayOrderResponse,
  ZPayUrlResponse,
  ZSeatMap,
} from '@wings/contracts';
import { addDays, HUB_TIME_ZONE, localDate } from '@wings/rules';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import {
  anOrder,
  aPaidOrderWithTickets,
  aPrivateFlight,
  type PrivateFlight,
  type ScenarioOrder,
} from '../../../test/scenarios';
import { type Client, contact, offerFor, party } from '../../../test/support/booking';
import { client, registerUser } from '../../../test/support/clients';
import { callAsStaff, signInStaff } from '../../../test/support/staff';
import {
  SANDBOX_SIGNATURE_HEADER,
  sandboxNotification,
  signSandbox,
} from '../../platform/payments/sandbox/sandbox.gateway';
import { SandboxLedger } from '../../platform/payments/sandbox/sandbox.repository';
import { serverKeys } from '../../platform/secrets';

/*
 * Add-ons bought after ticketing (issue 14, secondaryIncrService): every call and code, access
 * (BOLA) on every call, the 24-hour cut-off and the 15-minute block with the app's clock moved,
 * payment through payments (kind `addon`) with replayed notifications, a seat race with a
 * booking, a late payment, and a ticket's add-ons refunded. Flights are private A320s: business
 * rows 1-2, economy 3-31 (rows 3-5 UPST); KTI-SAI files a standard SEAT at 0 (demo catalogue).
 */

const BASE = '/ca/caweb/backend/secondaryIncrService';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

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
afterEach(async () => {
  clock = new Date();
  await member.refreshAccessToken(clock);
  await other.refreshAccessToken(clock);
});
afterAll(() => t.close());

/** A member's ticketed order on a flight of its own (KTI → SAI by default). */
async function ticketed(
  spec: { flight?: PrivateFlight; passengers?: [number, number, number]; userId?: string | null } = {},
) {
  const flight = spec.flight ?? (await aPrivateFlight(t, { from: 'KTI', to: 'SAI' }));
  const order = await aPaidOrderWithTickets(t, {
    flight,
    passengers: spec.passengers ?? [1, 0, 0],
    userId: spec.userId === undefined ? memberId : spec.userId,
  });
  return { flight, order };
}

async function info(c: Client, orderNo: string, headers: Record<string, string> = {}) {
  return c.post(`${BASE}/infoList`, { orderNo }, headers);
}

async function create(c: Client, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return c.post(`${BASE}/createOrder`, { idempotencyKey: randomUUID(), legs: [0], ...body }, headers);
}

function created(body: { code: string; data: unknown }) {
  expect(body.code, JSON.stringify(body)).toBe('0');
  return envelope(ZAddonCreateOrderReply).parse(body).data;
}

/** A signed sandbox notification of success for a payment started for the add-on order; replayable. */
async function payAddon(secOrderNo: string, method: 'card' | 'khqr' = 'card') {
  const started = await t.app.payments.startPayment(
    secOrderNo,
    method,
    { kind: 'system', name: 'test' },
    { clientIp: '127.0.0.1', kind: 'addon' },
  );
  const raw = JSON.stringify(
    sandboxNotification(started.paymentId, 'succeeded', started.amount.amount, started.amount.currency),
  );
  const deliver = () =>
    t.app.payments.handleNotification('sandbox', raw, {
      [SANDBOX_SIGNATURE_HEADER]: signSandbox(
        serverKeys(t.config).sandboxPayment.current,
        raw,
        Math.floor(clock.getTime() / 1000),
      ),
    });
  return { paymentId: started.paymentId, outcome: await deliver(), deliver };
}

async function addonRow(secOrderNo: string) {
  const { rows } = await t.database.pool.query(
    `select o.id, o.status, o.amount, o.close_reason,
            (select array_agg(l.emd_no order by l.emd_no) from addon_order_lines l where l.addon_order_id = o.id and l.emd_no is not null) as emds,
            (select count(*)::int from addon_order_events e where e.addon_order_id = o.id and e.type = 'paid') as paid_events
       from addon_orders o where o.sec_order_no = $1`,
    [secOrderNo],
  );
  return rows[0] as {
    id: string;
    status: string;
    amount: number;
    close_reason: string | null;
    emds: string[] | null;
    paid_events: number;
  };
}

async function liveSeat(flightId: string, seat: string) {
  const { rows } = await t.database.pool.query(
    'select order_ref, passenger_ref, status from seat_assignments where flight_id = $1 and seat = $2 and released_at is null',
    [Number(flightId), seat],
  );
  return rows[0] as { order_ref: string; passenger_ref: string; status: string } | undefined;
}

async function passengerId(order: ScenarioOrder, seq = 0): Promise<string> {
  const { rows } = await t.database.pool.query(
    'select id from order_passengers where order_id = $1 and seq = $2',
    [order.id, seq],
  );
  return rows[0].id as string;
}

const insuranceEntry = {
  insuranceType: 'PLUS',
  nationality: 'KH',
  region: 'Phnom Penh',
  city: 'Phnom Penh',
  address: '12 Street 310, Boeng Keng Kang',
  postalCode: '12302',
  name: 'Sok Dara',
  relationship: 'parent',
  credentialsType: 1,
  credentialsId: 'N01234567',
  mailbox: 'dara@example.com',
  countryCode: '855',
  contactNumber: '12345678',
};

describe('secondaryIncrService/infoList', () => {
  it('lists per passenger and leg what can be bought with the prices, and bars the infant', async () => {
    const { order, flight } = await ticketed({ passengers: [1, 0, 1] });
    const res = await info(member, order.orderNo);
    expect(res.body.code, JSON.stringify(res.body)).toBe('0');
    const reply = envelope(ZAddonInfoListReply).parse(res.body).data;
    expect(reply.currency).toBe('USD');
    const [adult, infant] = reply.passengers;
    expect(adult!.ticketNo).toMatch(/^\d{13}$/);
    expect(adult!.bar).toBeNull();
    const leg = adult!.legs[0]!;
    expect(leg).toMatchObject({
      leg: 0,
      flightId: flight.flightId,
      seat: null,
      extraBaggageKg: 0,
      priority: false,
      bar: null,
    });
    expect(leg.offers.seat).toBe(true);
    expect(leg.offers.baggage.length).toBeGreaterThan(0);
    expect(leg.offers.priority?.currency).toBe('USD');
    expect(adult!.insurance).toMatchObject({ owned: null, bar: null, coverFrom: flight.depLocalDate });
    expect(adult!.serviceBars).toEqual([]);
    expect(infant!.legs[0]!.bar?.reason).toBe('infant');
    expect(infant!.legs[0]!.offers).toEqual({ seat: false, baggage: [], priority: null });
  });

  it('says not ticketed for a paid order whose tickets are not issued yet', async () => {
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'SAI' });
    const order = await anOrder(t, { flight, userId: memberId, status: 'paid' });
    const reply = envelope(ZAddonInfoListReply).parse((await info(member, order.orderNo)).body).data;
    expect(reply.passengers[0]!.bar?.reason).toBe('not_ticketed');
    expect(reply.passengers[0]!.legs[0]!.bar?.reason).toBe('not_ticketed');
    const res = await create(member, { orderNo: order.orderNo, seq: 0, serviceCode: 11 });
    expect(res.body.code).toBe('400');
    expect(res.body.data.fields).toEqual([
      expect.objectContaining({ field: 'seq', key: 'addons.not_ticketed' }),
    ]);
  });
});

describe('access to add-ons (BOLA on every call)', () => {
  it('answers another member and a guest without the grant as for an unknown order, and a guest with it', async () => {
    const { order } = await ticketed();
    const mine = created((await create(member, { orderNo: order.orderNo, seq: 0, serviceCode: 11 })).body);
    const guest = client(t);
    for (const c of [other, guest]) {
      expect((await info(c, order.orderNo)).status).toBe(404);
      expect(
        (await c.post(`${BASE}/seatDetailsInfo`, { orderNo: order.orderNo, seq: 0, leg: 0 })).status,
      ).toBe(404);
      expect(
        (await create(c, { orderNo: order.orderNo, seq: 0, serviceCode: 13, baggageKg: 10 })).status,
      ).toBe(404);
      expect(
        (await c.post(`${BASE}/getInsurancePrice`, { orderNo: order.orderNo, seq: 0, insuranceType: 'PLUS' }))
          .status,
      ).toBe(404);
      expect(
        (await c.post(`${BASE}/updateOrderStatus`, { secOrderNo: mine.secOrderNo, status: 'abandoned' }))
          .status,
      ).toBe(404);
      expect((await c.post(`${BASE}/updateOrderStatus/weChat`, { secOrderNo: mine.secOrderNo })).status).toBe(
        404,
      );
      const pay = await c.post(`${BASE}/payUrl`, { secOrderNo: mine.secOrderNo, method: 'card' });
      expect(pay.body.code).toBe('204');
    }
    // Nothing was changed by them: the add-on order is still unpaid with no payment started.
    expect((await addonRow(mine.secOrderNo)).status).toBe('unpaid');

    // A guest order: its grant opens it, and nothing else does.
    const guestFlight = await aPrivateFlight(t, { from: 'KTI', to: 'SAI' });
    const guestOrder = await aPaidOrderWithTickets(t, { flight: guestFlight, userId: null });
    expect((await info(guest, guestOrder.orderNo)).status).toBe(404);
    expect((await info(member, guestOrder.orderNo)).status).toBe(404);
    const granted = await info(guest, guestOrder.orderNo, { orderToken: guestOrder.orderToken });
    expect(granted.body.code, JSON.stringify(granted.body)).toBe('0');
    // The grant of one order opens no other.
    expect((await info(guest, order.orderNo, { orderToken: guestOrder.orderToken })).status).toBe(404);
  });
});

describe('a seat bought after ticketing', () => {
  it('shows the seat map with the passenger as its party, holds the seat at once, and pays it once whatever the replays', async () => {
    const { order, flight } = await ticketed({ passengers: [1, 0, 1] });
    const map = await member.post(`${BASE}/seatDetailsInfo`, { orderNo: order.orderNo, seq: 0, leg: 0 });
    expect(map.body.code, JSON.stringify(map.body)).toBe('0');
    const seatMap = envelope(ZSeatMap).parse(map.body).data;
    // The adult holds the infant: an exit-row seat is barred for them.
    const exit = seatMap.seats.find((s) => s.seat === '12A')!;
    expect(exit.barred.map((b) => b.ref)).toEqual(['0']);
    const barred = await create(member, { orderNo: order.orderNo, seq: 0, serviceCode: 12, seat: '12A' });
    expect(barred.body.data.fields?.[0]?.field).toBe('seat');

    const reply = created(
      (await create(member, { orderNo: order.orderNo, seq: 0, serviceCode: 12, seat: '4a' })).body,
    );
    expect(reply.orderNo).toBe(reply.secOrderNo);
    expect(reply.secOrderNo).toMatch(/^S\d{12}$/);
    expect(reply.totalAmt.amount).toBeGreaterThan(0);
    expect(reply.lines).toEqual([expect.objectContaining({ leg: 0, seat: '4A', emdNo: null })]);
    expect(new Date(reply.payDeadline).getTime() - clock.getTime()).toBe(15 * MINUTE);
    const row = await addonRow(reply.secOrderNo);
    expect(await liveSeat(flight.flightId, '4A')).toMatchObject({ order_ref: row.id, status: 'held' });

    const url = await member.post(`${BASE}/payUrl`, { secOrderNo: reply.secOrderNo, method: 'card' });
    expect(url.body.code, JSON.stringify(url.body)).toBe('0');
    const started = envelope(ZPayUrlResponse).parse(url.body).data;
    expect(started.amount).toEqual(reply.totalAmt);
    expect(started.gateway).toBe('sandbox');
    // The gateway's cancel link takes the traveller back to the ticketed order's page, not the add-on's number.
    const checkout = await t.app.inject({ method: 'GET', url: started.checkoutUrl ?? '' });
    expect(checkout.body).toContain(`/#/abaPayReturn?orderNo=${order.orderNo}&amp;payResult=fail`);
    expect(checkout.body).not.toContain(`orderNo=${reply.secOrderNo}`);

    // Two payments started (card, then KHQR); both succeed, each notification is replayed.
    const second = await t.app.payments.startPayment(
      reply.secOrderNo,
      'khqr',
      { kind: 'system', name: 'test' },
      { clientIp: '127.0.0.1', kind: 'addon' },
    );
    const paid = await payAddon(reply.secOrderNo);
    expect(paid.outcome).toBe('paid');
    expect(await paid.deliver()).toBe('duplicate');
    expect(await paid.deliver()).toBe('duplicate');
    // The second payment of the paid add-on order is refunded, and issues nothing.
    const raw = JSON.stringify(
      sandboxNotification(second.paymentId, 'succeeded', second.amount.amount, 'USD'),
    );
    const headers = () => ({
      [SANDBOX_SIGNATURE_HEADER]: signSandbox(
        serverKeys(t.config).sandboxPayment.current,
        raw,
        Math.floor(clock.getTime() / 1000),
      ),
    });
    expect(await t.app.payments.handleNotification('sandbox', raw, headers())).toBe('refund_required');
    expect(await t.app.payments.handleNotification('sandbox', raw, headers())).toBe('duplicate');
    const after = await addonRow(reply.secOrderNo);
    expect(after.status).toBe('paid');
    expect(after.paid_events).toBe(1);
    expect(after.emds).toHaveLength(1);
    expect(after.emds![0]).toMatch(new RegExp(`^${t.config.tickets.airlineCode}\\d{10}$`));
    // Its own serial range: never an e-ticket's number.
    expect(Number(after.emds![0]!.slice(3))).toBeGreaterThanOrEqual(5_000_000_001);
    const { rows: clash } = await t.database.pool.query('select 1 from tickets where ticket_no = $1', [
      after.emds![0],
    ]);
    expect(clash).toEqual([]);
    expect(await liveSeat(flight.flightId, '4A')).toMatchObject({ order_ref: row.id, status: 'confirmed' });

    // The ticket shows it: infoList has the seat and the paid add-on order with its EMD number.
    const shown = envelope(ZAddonInfoListReply).parse((await info(member, order.orderNo)).body).data
      .passengers[0]!;
    expect(shown.legs[0]!.seat).toBe('4A');
    expect(shown.addonOrders).toEqual([
      expect.objectContaining({
        secOrderNo: reply.secOrderNo,
        status: 'paid',
        lines: [expect.objectContaining({ emdNo: after.emds![0] })],
      }),
    ]);
    // Order detail and the itinerary read the same through the module's index.
    const { addonOrdersOfOrder } = await import('./index');
    expect((await addonOrdersOfOrder(t.database.db, order.id)).map((a) => a.lines[0]!.emdNo)).toEqual(
      after.emds,
    );

    // A second seat replaces the first once paid: the first is freed then.
    const again = created(
      (await create(member, { orderNo: order.orderNo, seq: 0, serviceCode: 12, seat: '5C' })).body,
    );
    expect(await liveSeat(flight.flightId, '4A')).toMatchObject({ order_ref: row.id });
    expect((await payAddon(again.secOrderNo)).outcome).toBe('paid');
    expect(await liveSeat(flight.flightId, '4A')).toBeUndefined();
    expect((await liveSeat(flight.flightId, '5C'))?.status).toBe('confirmed');
  });

  it('confirms a free seat at once, with its EMD number and no payment', async () => {
    const { order, flight } = await ticketed();
    const reply = created(
      (await create(member, { orderNo: order.orderNo, seq: 0, serviceCode: 12, seat: '20C' })).body,
    );
    expect(reply.totalAmt.amount).toBe(0);
    expect(reply.lines[0]!.emdNo).toMatch(/^\d{13}$/);
    expect((await liveSeat(flight.flightId, '20C'))?.status).toBe('confirmed');
    const state = await member.post(`${BASE}/updateOrderStatus`, {
      secOrderNo: reply.secOrderNo,
      status: 'check',
    });
    expect(envelope(ZAddonOrderState).parse(state.body).data).toMatchObject({
      status: 'paid',
      payStatus: 1,
      paymentStatus: null,
    });
  });

  it('refuses a seat the passenger already has, one taken by another order (640), and names bad fields', async () => {
    const { order, flight } = await ticketed();
    const o2 = await ticketed({ flight });
    created((await create(member, { orderNo: o2.order.orderNo, seq: 0, serviceCode: 12, seat: '6A' })).body);
    const taken = await create(member, { orderNo: order.orderNo, seq: 0, serviceCode: 12, seat: '6A' });
    expect(taken.body.code).toBe('640');
    expect((await liveSeat(flight.flightId, '6A'))?.order_ref).not.toBe(undefined);
    expect(
      (await create(member, { orderNo: order.orderNo, seq: 0, serviceCode: 12 })).body.data.fields[0],
    ).toMatchObject({
      field: 'seat',
      key: 'addons.seat_required',
    });
    expect(
      (await create(member, { orderNo: order.orderNo, seq: 0, serviceCode: 12, seat: '99A' })).body.data
        .fields[0],
    ).toMatchObject({ field: 'seat', key: 'seat.not_on_map' });
    expect(
      (await create(member, { orderNo: order.orderNo, seq: 0, serviceCode: 11, legs: [3] })).body.data
        .fields[0],
    ).toMatchObject({
      field: 'legs.0',
      key: 'addons.no_such_leg',
    });
    expect(
      (await create(member, { orderNo: order.orderNo, seq: 5, serviceCode: 11 })).body.data.fields[0],
    ).toMatchObject({
      field: 'seq',
      key: 'addons.no_such_passenger',
    });
  });

  it('lets exactly one of an add-on order and a booking take the last wanted seat', async () => {
    for (let round = 0; round < 3; round++) {
      const { order, flight } = await ticketed();
      const offerId = await offerFor(member, [1, 0, 0], [{ flightId: flight.flightId, bookingClass: 'M' }]);
      const [addon, booking] = await Promise.all([
        create(member, { orderNo: order.orderNo, seq: 0, serviceCode: 12, seat: '7D' }),
        member.post('/travelsky/ibe/saveTicketOrder', {
          offerId,
          passengers: party([1, 0, 0], flight.depLocalDate),
          contact,
          idempotencyKey: randomUUID(),
          acceptTerms: true,
          services: [{ legs: [{ seat: '7D' }] }],
        }),
      ]);
      const codes = [addon.body.code, booking.body.code].sort();
      expect(codes, JSON.stringify([addon.body, booking.body])).toEqual(['0', '640']);
      const { rows } = await t.database.pool.query(
        "select count(*)::int as n from seat_assignments where flight_id = $1 and seat = '7D' and released_at is null",
        [Number(flight.flightId)],
      );
      expect(rows[0].n).toBe(1);
    }
  });
});

describe('baggage and priority boarding after ticketing', () => {
  it('prices them from the catalogue, and refuses priority boarding twice on a leg', async () => {
    const { order } = await ticketed();
    const offers = envelope(ZAddonInfoListReply).parse((await info(member, order.orderNo)).body).data
      .passengers[0]!.legs[0]!.offers;
    const bag = offers.baggage.find((b) => b.weightKg === 10)!;
    const bags = created(
      (await create(member, { orderNo: order.orderNo, seq: 0, serviceCode: 13, baggageKg: 10 })).body,
    );
    expect(bags.totalAmt).toEqual(bag.price);
    expect(bags.lines[0]).toMatchObject({ weightKg: 10, leg: 0 });
    const notSold = await create(member, {
      orderNo: order.orderNo,
      seq: 0,
      serviceCode: 11,
      legs: [0],
      baggageKg: 7,
    });
    expect(notSold.body.code).toBe('0');
    expect(created(notSold.body).totalAmt).toEqual(offers.priority);
    expect((await payAddon(bags.secOrderNo)).outcome).toBe('paid');
    expect((await payAddon(created(notSold.body).secOrderNo)).outcome).toBe('paid');
    const leg = envelope(ZAddonInfoListReply).parse((await info(member, order.orderNo)).body).data
      .passengers[0]!.legs[0]!;
    expect(leg).toMatchObject({ extraBaggageKg: 10, priority: true });
    expect(leg.offers.priority).toBeNull();
    const twice = await create(member, { orderNo: order.orderNo, seq: 0, serviceCode: 11 });
    expect(twice.body.data.fields[0]).toMatchObject({ field: 'legs.0', key: 'addons.priority_owned' });
    const badStep = await create(member, { orderNo: order.orderNo, seq: 0, serviceCode: 13, baggageKg: 7 });
    expect(badStep.body.data.fields[0]).toMatchObject({ field: 'baggageKg', key: 'addons.baggage_not_sold' });
  });

  it('answers the same add-on order for a repeated key, refuses the key for another request (615) and a second open order (662)', async () => {
    const { order } = await ticketed();
    const key = randomUUID();
    const body = { orderNo: order.orderNo, seq: 0, serviceCode: 13, baggageKg: 5, idempotencyKey: key };
    const first = created((await create(member, body)).body);
    expect(created((await create(member, body)).body).secOrderNo).toBe(first.secOrderNo);
    expect((await create(member, { ...body, baggageKg: 10 })).body.code).toBe('615');
    const second = await create(member, { orderNo: order.orderNo, seq: 0, serviceCode: 13, baggageKg: 10 });
    expect(second.body.code).toBe('662');
    expect(second.body.data.secOrderNo).toBe(first.secOrderNo);
    expect(second.body.message).toContain(first.secOrderNo);

    // Two purchases of one service at once with different keys: the database lets one through.
    const [a, b] = await Promise.all([
      create(member, { orderNo: order.orderNo, seq: 0, serviceCode: 11 }),
      create(member, { orderNo: order.orderNo, seq: 0, serviceCode: 11 }),
    ]);
    expect([a.body.code, b.body.code].sort()).toEqual(['0', '662']);
  });
});

describe('the 24-hour cut-off', () => {
  it('allows a purchase exactly 24 hours before departure and refuses it at 23:59', async () => {
    const today = localDate(new Date(), HUB_TIME_ZONE);
    const flight = await aPrivateFlight(t, {
      from: 'KTI',
      to: 'SAI',
      date: addDays(today, 3),
      depTime: '10:00',
    });
    const { order } = await ticketed({ flight });
    clock = new Date(flight.depUtc.getTime() - 24 * HOUR);
    await member.refreshAccessToken(clock);
    expect(
      created((await create(member, { orderNo: order.orderNo, seq: 0, serviceCode: 11 })).body).totalAmt
        .amount,
    ).toBeGreaterThan(0);

    clock = new Date(flight.depUtc.getTime() - 24 * HOUR + MINUTE);
    await member.refreshAccessToken(clock);
    const late = await create(member, { orderNo: order.orderNo, seq: 0, serviceCode: 13, baggageKg: 5 });
    expect(late.body.code).toBe('660');
    expect(late.body.message).toContain(`${flight.depLocalDate} 10:00`);
    const listed = envelope(ZAddonInfoListReply).parse((await info(member, order.orderNo)).body).data
      .passengers[0]!;
    expect(listed.legs[0]!.bar?.reason).toBe('within_24h');
    expect(listed.legs[0]!.offers).toEqual({ seat: false, baggage: [], priority: null });
    expect(listed.insurance.bar?.reason).toBe('within_24h');
    expect(
      (await member.post(`${BASE}/seatDetailsInfo`, { orderNo: order.orderNo, seq: 0, leg: 0 })).body.code,
    ).toBe('660');
    expect(
      (
        await member.post(`${BASE}/getInsurancePrice`, {
          orderNo: order.orderNo,
          seq: 0,
          insuranceType: 'PLUS',
        })
      ).body.code,
    ).toBe('660');

    clock = new Date(flight.depUtc.getTime() + MINUTE);
    await member.refreshAccessToken(clock);
    const flown = envelope(ZAddonInfoListReply).parse((await info(member, order.orderNo)).body).data
      .passengers[0]!;
    expect(flown.legs[0]!.bar?.reason).toBe('flown');
  });
});

describe('updateOrderStatus: an abandoned payment and the 15-minute block', () => {
  it('cancels the add-on order, frees its seat, blocks the same purchase for 15 minutes and says when it opens', async () => {
    const { order, flight } = await ticketed();
    const reply = created(
      (await create(member, { orderNo: order.orderNo, seq: 0, serviceCode: 12, seat: '3A' })).body,
    );
    const res = await member.post(`${BASE}/updateOrderStatus`, {
      secOrderNo: reply.secOrderNo,
      status: 'abandoned',
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe('0');
    const state = envelope(ZAddonOrderState).parse(res.body).data;
    const opens = new Date(clock.getTime() + 15 * MINUTE);
    expect(state).toMatchObject({ status: 'canceled', payStatus: 2, opensAt: opens.toISOString() });
    expect(await liveSeat(flight.flightId, '3A')).toBeUndefined();
    expect(
      (await member.post(`${BASE}/payUrl`, { secOrderNo: reply.secOrderNo, method: 'card' })).body.code,
    ).toBe('301');

    const blocked = await create(member, { orderNo: order.orderNo, seq: 0, serviceCode: 12, seat: '3B' });
    expect(blocked.body.code).toBe('661');
    expect(blocked.body.data.opensAt).toBe(opens.toISOString());
    const hhmm = opens.toLocaleTimeString('en-GB', {
      timeZone: HUB_TIME_ZONE,
      hour: '2-digit',
      minute: '2-digit',
    });
    expect(blocked.body.message).toBe(`You can buy this again at ${hhmm}.`);
    const listed = envelope(ZAddonInfoListReply).parse((await info(member, order.orderNo)).body).data
      .passengers[0]!;
    expect(listed.serviceBars).toEqual([
      { serviceCode: 12, bar: expect.objectContaining({ reason: 'blocked', opensAt: opens.toISOString() }) },
    ]);
    // Another service is not blocked.
    expect((await create(member, { orderNo: order.orderNo, seq: 0, serviceCode: 11 })).body.code).toBe('0');

    clock = new Date(clock.getTime() + 15 * MINUTE - 1000);
    expect(
      (await create(member, { orderNo: order.orderNo, seq: 0, serviceCode: 12, seat: '3B' })).body.code,
    ).toBe('661');
    clock = new Date(clock.getTime() + 1000);
    expect(
      (await create(member, { orderNo: order.orderNo, seq: 0, serviceCode: 12, seat: '3B' })).body.code,
    ).toBe('0');
  });

  it('answers the pay state on check, after asking the gateway', async () => {
    const { order } = await ticketed();
    const reply = created((await create(member, { orderNo: order.orderNo, seq: 0, serviceCode: 11 })).body);
    let state = envelope(ZAddonOrderState).parse(
      (await member.post(`${BASE}/updateOrderStatus`, { secOrderNo: reply.secOrderNo, status: 'check' }))
        .body,
    ).data;
    expect(state).toMatchObject({
      status: 'unpaid',
      payStatus: 0,
      paymentStatus: null,
      emdNumbers: [],
      opensAt: null,
    });
    await payAddon(reply.secOrderNo);
    state = envelope(ZAddonOrderState).parse(
      (await member.post(`${BASE}/updateOrderStatus`, { secOrderNo: reply.secOrderNo, status: 'check' }))
        .body,
    ).data;
    expect(state).toMatchObject({ status: 'paid', payStatus: 1, paymentStatus: 'succeeded' });
    expect(state.emdNumbers).toHaveLength(1);
    // Abandoning a paid add-on order changes nothing.
    state = envelope(ZAddonOrderState).parse(
      (await member.post(`${BASE}/updateOrderStatus`, { secOrderNo: reply.secOrderNo, status: 'abandoned' }))
        .body,
    ).data;
    expect(state).toMatchObject({ status: 'paid', opensAt: null });
  });

  it('starts a WeChat payment of the add-on order for the mini-program', async () => {
    const { order } = await ticketed();
    const reply = created((await create(member, { orderNo: order.orderNo, seq: 0, serviceCode: 11 })).body);
    const res = await member.post(`${BASE}/updateOrderStatus/weChat`, { secOrderNo: reply.secOrderNo });
    expect(res.body.code, JSON.stringify(res.body)).toBe('0');
    const started = envelope(ZJsPrepayOrderResponse).parse(res.body).data;
    // Outside production without WeChat Pay configured, the sandbox takes WeChat payments.
    expect(started.gateway).toBe('sandbox');
    expect(started.checkoutUrl).toBeTruthy();
  });
});

describe('a payment after the add-on order lapsed', () => {
  it('takes the seat back while it is free, and refunds the payment when it is gone', async () => {
    const { order, flight } = await ticketed();
    const keep = created(
      (await create(member, { orderNo: order.orderNo, seq: 0, serviceCode: 12, seat: '5A' })).body,
    );
    created((await create(member, { orderNo: order.orderNo, seq: 0, serviceCode: 13, baggageKg: 5 })).body);
    const startedKeep = await t.app.payments.startPayment(
      keep.secOrderNo,
      'card',
      { kind: 'system', name: 'test' },
      { clientIp: '1.1.1.1', kind: 'addon' },
    );
    clock = new Date(clock.getTime() + 16 * MINUTE);
    expect(await t.app.secondaryServices.expireLapsed()).toBeGreaterThanOrEqual(2);
    expect((await addonRow(keep.secOrderNo)).status).toBe('expired');
    expect(await liveSeat(flight.flightId, '5A')).toBeUndefined();
    const raw = JSON.stringify(
      sandboxNotification(startedKeep.paymentId, 'succeeded', startedKeep.amount.amount, 'USD'),
    );
    const outcome = await t.app.payments.handleNotification('sandbox', raw, {
      [SANDBOX_SIGNATURE_HEADER]: signSandbox(
        serverKeys(t.config).sandboxPayment.current,
        raw,
        Math.floor(clock.getTime() / 1000),
      ),
    });
    expect(outcome).toBe('late_rehold');
    expect((await addonRow(keep.secOrderNo)).status).toBe('paid');
    expect((await liveSeat(flight.flightId, '5A'))?.status).toBe('confirmed');

    // Seat gone: another ticketed passenger bought it meanwhile.
    const gone = created(
      (await create(member, { orderNo: order.orderNo, seq: 0, serviceCode: 12, seat: '5B' })).body,
    );
    const startedGone = await t.app.payments.startPayment(
      gone.secOrderNo,
      'card',
      { kind: 'system', name: 'test' },
      { clientIp: '1.1.1.1', kind: 'addon' },
    );
    clock = new Date(clock.getTime() + 16 * MINUTE);
    await member.refreshAccessToken(clock);
    await t.app.secondaryServices.expireLapsed();
    const rival = await ticketed({ flight });
    created(
      (await create(member, { orderNo: rival.order.orderNo, seq: 0, serviceCode: 12, seat: '5B' })).body,
    );
    const raw2 = JSON.stringify(
      sandboxNotification(startedGone.paymentId, 'succeeded', startedGone.amount.amount, 'USD'),
    );
    const outcome2 = await t.app.payments.handleNotification('sandbox', raw2, {
      [SANDBOX_SIGNATURE_HEADER]: signSandbox(
        serverKeys(t.config).sandboxPayment.current,
        raw2,
        Math.floor(clock.getTime() / 1000),
      ),
    });
    expect(outcome2).toBe('refund_required');
    expect(await addonRow(gone.secOrderNo)).toMatchObject({ status: 'expired', emds: null });
    const { rows } = await t.database.pool.query('select reason from payment_refunds where payment_id = $1', [
      startedGone.paymentId,
    ]);
    expect(rows).toEqual([{ reason: 'seats_gone' }]);
  });
});

describe('travel insurance after ticketing', () => {
  it('prices the rest of the trip, writes the pending policy when paid, and shows the passenger insured', async () => {
    const { order, flight } = await ticketed();
    const price = await member.post(`${BASE}/getInsurancePrice`, {
      orderNo: order.orderNo,
      seq: 0,
      insuranceType: 'plus',
    });
    expect(price.body.code, JSON.stringify(price.body)).toBe('0');
    const quote = envelope(ZInsurancePriceResponse).parse(price.body).data;
    expect(quote.cover.coverFrom).toBe(flight.depLocalDate);
    const unknown = await member.post(`${BASE}/getInsurancePrice`, {
      orderNo: order.orderNo,
      seq: 0,
      insuranceType: 'NOPE',
    });
    expect(unknown.body.data.fields[0].field).toBe('insuranceType');

    expect(
      (await create(member, { orderNo: order.orderNo, seq: 0, serviceCode: 10, legs: [] })).body.data
        .fields[0],
    ).toMatchObject({
      field: 'insurance',
      key: 'addons.insurance_required',
    });
    const reply = created(
      (
        await create(member, {
          orderNo: order.orderNo,
          seq: 0,
          serviceCode: 10,
          legs: [],
          insurance: insuranceEntry,
        })
      ).body,
    );
    expect(reply.totalAmt).toEqual(quote.unitPrice);
    expect(reply.lines[0]).toMatchObject({
      leg: null,
      insuranceType: 'PLUS',
      coverFrom: quote.cover.coverFrom,
    });
    expect((await payAddon(reply.secOrderNo)).outcome).toBe('paid');
    const { rows } = await t.database.pool.query(
      'select status, premium_amount from insurance_policies where order_id = $1 and passenger_id = $2',
      [order.id, await passengerId(order)],
    );
    expect(rows).toEqual([{ status: 'pending', premium_amount: quote.unitPrice.amount }]);
    const listed = envelope(ZAddonInfoListReply).parse((await info(member, order.orderNo)).body).data
      .passengers[0]!;
    expect(listed.insurance.owned).toMatchObject({ insuranceType: 'PLUS', status: 'pending' });
    expect(listed.insurance.bar?.reason).toBe('insured');
    const twice = await create(member, {
      orderNo: order.orderNo,
      seq: 0,
      serviceCode: 10,
      legs: [],
      insurance: insuranceEntry,
    });
    expect(twice.body.data.fields[0]).toMatchObject({ field: 'insurance', key: 'addons.already_insured' });
  });
});

describe('refund of a ticket’s add-ons, and the console', () => {
  it("drops the ticket's unpaid add-on orders: the held seat is freed, and a payment arriving later goes back", async () => {
    const { order, flight } = await ticketed();
    const seat = created(
      (await create(member, { orderNo: order.orderNo, seq: 0, serviceCode: 12, seat: '5C' })).body,
    );
    expect(await liveSeat(flight.flightId, '5C')).toBeDefined();
    const bags = created(
      (await create(member, { orderNo: order.orderNo, seq: 0, serviceCode: 13, baggageKg: 5 })).body,
    );
    // The traveller is on the gateway's page for the baggage when the ticket's refund is approved.
    const started = await t.app.payments.startPayment(
      bags.secOrderNo,
      'card',
      { kind: 'system', name: 'test' },
      { clientIp: '127.0.0.1', kind: 'addon' },
    );
    const actor = { kind: 'system' as const, name: 'ticket-refund' };
    const dropped = await t.app.secondaryServices.refundTicketAddons(
      { orderId: order.id, passengerId: await passengerId(order) },
      actor,
    );
    expect(dropped.map((d) => d.secOrderNo).sort()).toEqual([seat.secOrderNo, bags.secOrderNo].sort());
    expect(dropped.every((d) => d.refundId === null)).toBe(true);
    expect(await addonRow(seat.secOrderNo)).toMatchObject({
      status: 'canceled',
      close_reason: 'ticket_refund',
    });
    expect(await liveSeat(flight.flightId, '5C')).toBeUndefined();
    // The payment lands after: nothing is delivered for a refunded ticket, the money goes back.
    const raw = JSON.stringify(
      sandboxNotification(started.paymentId, 'succeeded', started.amount.amount, started.amount.currency),
    );
    const outcome = await t.app.payments.handleNotification('sandbox', raw, {
      [SANDBOX_SIGNATURE_HEADER]: signSandbox(
        serverKeys(t.config).sandboxPayment.current,
        raw,
        Math.floor(clock.getTime() / 1000),
      ),
    });
    expect(outcome).toBe('refund_required');
    expect(await addonRow(bags.secOrderNo)).toMatchObject({ status: 'canceled', emds: null });
  });

  it('refunds the paid add-on orders of a ticket through payments once, and frees their seat', async () => {
    const { order, flight } = await ticketed();
    const seat = created(
      (await create(member, { orderNo: order.orderNo, seq: 0, serviceCode: 12, seat: '4C' })).body,
    );
    const bags = created(
      (await create(member, { orderNo: order.orderNo, seq: 0, serviceCode: 13, baggageKg: 5 })).body,
    );
    const p1 = await payAddon(seat.secOrderNo);
    await payAddon(bags.secOrderNo);
    const actor = { kind: 'system' as const, name: 'ticket-refund' };
    const pax = await passengerId(order);
    const refunded = await t.app.secondaryServices.refundTicketAddons(
      { orderId: order.id, passengerId: pax },
      actor,
    );
    expect(refunded.map((r) => r.secOrderNo).sort()).toEqual([seat.secOrderNo, bags.secOrderNo].sort());
    expect(refunded.every((r) => r.refundId)).toBe(true);
    expect((await addonRow(seat.secOrderNo)).status).toBe('refunded');
    expect(await liveSeat(flight.flightId, '4C')).toBeUndefined();
    const { rows } = await t.database.pool.query(
      'select amount, reason from payment_refunds where payment_id = $1',
      [p1.paymentId],
    );
    expect(rows).toEqual([{ amount: seat.totalAmt.amount, reason: 'ticket_refund' }]);
    // The traveller paid on the sandbox's page (its ledger says so), so the gateway accepts the refund.
    const { rows: ref } = await t.database.pool.query(
      'select gateway_reference from payments where id = $1',
      [p1.paymentId],
    );
    await new SandboxLedger(t.database.db).settle(ref[0].gateway_reference, 'succeeded', clock);
    await t.app.payments.refundPending();
    const { rows: done } = await t.database.pool.query(
      'select status from payment_refunds where payment_id = $1',
      [p1.paymentId],
    );
    expect(done).toEqual([{ status: 'succeeded' }]);
    expect(
      await t.app.secondaryServices.refundTicketAddons({ orderId: order.id, passengerId: pax }, actor),
    ).toEqual([]);

    // The console lists every add-on order of the order; a traveller's session cannot.
    const staff = await signInStaff(t, ['agent']);
    const res = await callAsStaff(t, staff, 'GET', `/secondary-services/orders?orderNo=${order.orderNo}`);
    const list = envelope(ZAdminAddonOrdersReply).parse(res.body).data.orders;
    expect(list.map((o) => [o.secOrderNo, o.status])).toEqual([
      [seat.secOrderNo, 'refunded'],
      [bags.secOrderNo, 'refunded'],
    ]);
    const missing = await callAsStaff(t, staff, 'GET', '/secondary-services/orders?orderNo=NOPE123');
    expect(missing.status).toBe(404);
  });
});
