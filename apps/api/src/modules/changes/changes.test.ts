import { randomUUID } from 'node:crypto';
import {
  ChangeStatus,
  envelope,
  TicketStatus,
  ZAdminChangeOrderDetail,
  ZAdminChangeOrderPage,
  ZChangeFlightsResponse,
  ZChangeOrderListResponse,
  ZChangeOrderView,
  ZCheckChangeResponse,
} from '@wings/contracts';
import { addDays, isoWeekday } from '@wings/rules';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import {
  anOrder,
  aPaidOrderWithTickets,
  aPrivateFlight,
  aReturnFlight,
  type PrivateFlight,
} from '../../../test/scenarios';
import { type Client, inventory } from '../../../test/support/booking';
import { client, registerUser } from '../../../test/support/clients';
import { callAsStaff, signInStaff } from '../../../test/support/staff';
import { signOrderGrant } from '../../platform/order-grant';
import {
  SANDBOX_SIGNATURE_HEADER,
  sandboxNotification,
  signSandbox,
} from '../../platform/payments/sandbox/sandbox.gateway';
import { serverKeys } from '../../platform/secrets';
import { recordFlightChange } from '../booking';

/*
 * Changes of date (issue 16, /ca/caweb/backend/changeTicket*, /api/admin/changes): every call and
 * the codes 710-735, access (a stranger, a linked member, a guest with and without the grant),
 * the fee and the differences, the quote holding seats, two quotes at once, the completion (free
 * at once, paid through the sandbox gateway), the lapse of a quote and of a payment, the
 * once-only rule. Flights are private KTI → SAI (far ahead); the clock is moved to 30 days
 * before them so that the new dates are inside the 180-day window. T is the cheapest Basic
 * class, W a dearer one, O a WingsFlex class, R Value.
 */

const BASE = '/ca/caweb/backend/changeTicket';
const RECORDS = '/ca/caweb/backend/changeTicketInfo';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let t: TestApp;
let clock = new Date();
let member: Client;
let memberId: string;
let other: Client;
let otherId: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  member = client(t);
  memberId = (await registerUser(t, member)).userId;
  other = client(t);
  otherId = (await registerUser(t, other)).userId;
});
afterEach(async () => {
  clock = new Date();
  await member.refreshAccessToken(clock);
  await other.refreshAccessToken(clock);
});
afterAll(() => t.close());

async function moveClock(to: Date) {
  clock = to;
  await member.refreshAccessToken(clock);
  await other.refreshAccessToken(clock);
}

/**
 * Months ahead, where the test's flights are: the clock moved there and the two members signed
 * up again at it (a session does not live that long).
 */
async function goTo(to: Date) {
  clock = to;
  member = client(t);
  await member.refreshAccessToken(clock);
  memberId = (await registerUser(t, member)).userId;
  other = client(t);
  await other.refreshAccessToken(clock);
  otherId = (await registerUser(t, other)).userId;
}

interface World {
  out: PrivateFlight;
  target: PrivateFlight;
  order: Awaited<ReturnType<typeof aPaidOrderWithTickets>>;
}

/**
 * A member's ticketed one-way order on a private KTI → SAI flight, another private flight two
 * days later, and the clock 30 days before the first.
 */
async function world(
  spec: {
    bookingClass?: string;
    passengers?: [number, number, number];
    targetClasses?: Record<string, { seatsLeft: number }>;
    targetSeatsLeft?: number;
    userId?: string | null;
    from?: string;
    to?: string;
  } = {},
): Promise<World> {
  const route = { from: spec.from ?? 'KTI', to: spec.to ?? 'SAI' };
  const out = await aPrivateFlight(t, route);
  const target = await aPrivateFlight(t, {
    ...route,
    date: addDays(out.depLocalDate, 2),
    ...(spec.targetClasses ? { classes: spec.targetClasses } : {}),
    ...(spec.targetSeatsLeft !== undefined ? { cabins: { Y: { seatsLeft: spec.targetSeatsLeft } } } : {}),
  });
  await goTo(new Date(out.depUtc.getTime() - 30 * DAY));
  const order = await aPaidOrderWithTickets(t, {
    flight: out,
    passengers: spec.passengers ?? [1, 0, 0],
    userId: spec.userId === undefined ? memberId : spec.userId,
    bookingClass: spec.bookingClass ?? 'T',
  });
  return { out, target, order };
}

function grant(orderNo: string, scope: 'full' | 'limited'): Record<string, string> {
  const key = serverKeys(t.config).orderGrant.current;
  return { orderToken: signOrderGrant(key, orderNo, new Date(clock.getTime() + HOUR), scope) };
}

async function guest() {
  const c = client(t);
  await c.refreshAccessToken(clock);
  return c;
}

const call = (c: Client, name: string, body: unknown, headers: Record<string, string> = {}) =>
  c.post(`${BASE}/${name}`, body, headers);

function choice(flight: PrivateFlight, segmentSeq = 0) {
  return { segmentSeq, flightId: flight.flightId, depUtc: flight.depUtc.toISOString() };
}

async function quoteRes(
  c: Client,
  orderNo: string,
  legs: ReturnType<typeof choice>[],
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return call(
    c,
    'checkChangeOrder',
    { orderNo, reasonCode: 'plans_changed', legs, idempotencyKey: randomUUID(), ...extra },
    headers,
  );
}

async function quote(c: Client, orderNo: string, legs: ReturnType<typeof choice>[], extra = {}) {
  const res = await quoteRes(c, orderNo, legs, extra);
  expect(res.body.code, JSON.stringify(res.body)).toBe('0');
  return envelope(ZChangeOrderView).parse(res.body).data;
}

async function save(c: Client, changeNo: string, insuranceAccepted = false) {
  const res = await call(c, 'saveChangeOrder', { changeNo, insuranceAccepted });
  expect(res.body.code, JSON.stringify(res.body)).toBe('0');
  return envelope(ZChangeOrderView).parse(res.body).data;
}

async function tickets(orderId: string) {
  const { rows } = await t.database.pool.query<{
    ticket_no: string;
    status: number;
    change_status: number | null;
  }>(
    'select ticket_no, status, change_status from tickets where order_id = $1 order by created_at, ticket_no',
    [orderId],
  );
  return rows.map((r) => ({ ...r, ticket_no: r.ticket_no.trim() }));
}

async function segmentFlights(orderId: string): Promise<string[]> {
  const { rows } = await t.database.pool.query<{ flight_id: string }>(
    'select flight_id from order_segments where order_id = $1 order by seq',
    [orderId],
  );
  return rows.map((r) => String(r.flight_id));
}

/** Pays an unpaid change through the sandbox gateway: getPayUrl, then the gateway's signed notification. */
async function pay(c: Client, changeNo: string) {
  const res = await c.post(`${BASE}/getPayUrl/${changeNo}`, { method: 'card' });
  expect(res.body.code, JSON.stringify(res.body)).toBe('0');
  return notify(res.body.data.paymentId, res.body.data.amount.amount, res.body.data.amount.currency);
}

async function notify(paymentId: string, amount: number, currency: string) {
  const raw = JSON.stringify(sandboxNotification(paymentId, 'succeeded', amount, currency));
  const at = Math.floor(clock.getTime() / 1000);
  return t.app.payments.handleNotification('sandbox', raw, {
    [SANDBOX_SIGNATURE_HEADER]: signSandbox(serverKeys(t.config).sandboxPayment.current, raw, at),
  });
}

async function insure(order: { id: string }, from: string, to: string) {
  await t.database.pool.query(
    `insert into insurance_policies (order_id, passenger_id, plan_id, status, reference, provider, premium_amount,
                                     premium_currency, cover_from, cover_to, insured, created_at, updated_at)
     select p.order_id, p.id, (select id from insurance_plans order by id limit 1), 'issued', $2, 'sandbox', 500,
            'USD', $3, $4, '{}'::jsonb, now(), now()
       from order_passengers p where p.order_id = $1`,
    [order.id, `chg-${randomUUID()}`, from, to],
  );
}

describe('checkChange', () => {
  it('tells a Basic order changeable, with the fee per person per segment and the date limits', async () => {
    const { order, out } = await world();
    const res = await call(member, 'checkChange', { orderNo: order.orderNo });
    expect(res.body.code, JSON.stringify(res.body)).toBe('0');
    const data = envelope(ZCheckChangeResponse).parse(res.body).data;
    expect(data.changeable).toBe(true);
    expect(data.blocks).toEqual([]);
    expect(data.feePerPassengerSegment).toEqual({ amount: 5000, currency: 'USD' });
    expect(data.legs).toHaveLength(1);
    expect(data.legs[0]).toMatchObject({
      flightId: out.flightId,
      depDate: out.depLocalDate,
      changeable: true,
    });
    expect(data.outboundLatest).toBeNull();
    expect(data.returnEarliest).toBeNull();
    expect(data.latestDate).toBe(addDays(data.earliestDate, 180));
    expect(data.reasons.map((r) => r.code)).not.toContain('flight_disrupted');
    expect(data.passengers[0]!.ticketNo).toBe(order.tickets[0]);
    expect(data.pending).toBeNull();
  });

  it('answers 710 to a stranger and a limited grant, and serves a linked member and a full grant', async () => {
    const { order } = await world();
    expect((await call(other, 'checkChange', { orderNo: order.orderNo })).body.code).toBe('710');
    const g = await guest();
    expect((await call(g, 'checkChange', { orderNo: order.orderNo })).body.code).toBe('710');
    expect(
      (await call(g, 'checkChange', { orderNo: order.orderNo }, grant(order.orderNo, 'limited'))).body.code,
    ).toBe('710');
    expect(
      (await call(g, 'checkChange', { orderNo: order.orderNo }, grant(order.orderNo, 'full'))).body.code,
    ).toBe('0');
    await t.database.pool.query(
      `insert into order_links (user_id, order_id, kind, created_at) values ($1, $2, 'order', now())`,
      [otherId, order.id],
    );
    expect((await call(other, 'checkChange', { orderNo: order.orderNo })).body.code).toBe('0');
  });

  it('tells every block with its message and the service phone', async () => {
    const { order } = await world({ passengers: [1, 0, 1] });
    const data = envelope(ZCheckChangeResponse).parse(
      (await call(member, 'checkChange', { orderNo: order.orderNo })).body,
    ).data;
    expect(data.changeable).toBe(false);
    expect(data.block?.reason).toBe('infant');
    expect(data.block?.message).toMatch(/infant/i);
  });
});

describe('queryChangeFlights', () => {
  it("lists the route's flights on the date with the family's lowest class and the estimate", async () => {
    const { order, target } = await world({ passengers: [2, 0, 0] });
    const res = await call(member, 'queryChangeFlights', {
      orderNo: order.orderNo,
      segmentSeq: 0,
      date: target.depLocalDate,
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe('0');
    const data = envelope(ZChangeFlightsResponse).parse(res.body).data;
    const f = data.flights.find((x) => x.flightId === target.flightId)!;
    expect(f).toMatchObject({ bookingClass: 'T', current: false });
    // Two passengers, the fee of 50 each, the same fare.
    expect(f.estimate).toEqual({ amount: 10000, currency: 'USD' });
    expect(data.dates).toEqual([]);
  });

  it('answers 725 for a date without flights, 400 beyond the window, 733 for a free move of an unchanged flight', async () => {
    // SAI → KOS flies on Tuesdays, Thursdays and Saturdays only.
    const { order, out } = await world({ from: 'SAI', to: 'KOS' });
    // A day of the route without any flight (private flights of earlier runs stay in the database).
    let date = addDays(out.depLocalDate, 1);
    const flightsOn = async (d: string) =>
      (
        await t.database.pool.query<{ n: number }>(
          `select count(*)::int as n from flights where route_code = 'SAI-KOS' and dep_local_date = $1::date`,
          [d],
        )
      ).rows[0]!.n;
    while ([2, 4, 6].includes(isoWeekday(date)) || (await flightsOn(date)) > 0) date = addDays(date, 1);
    const q = (body: Record<string, unknown>) =>
      call(member, 'queryChangeFlights', { orderNo: order.orderNo, segmentSeq: 0, ...body });
    expect((await q({ date })).body.code).toBe('725');
    expect((await q({ date: addDays(out.depLocalDate, 200) })).body.code).toBe('400');
    expect((await q({ date, kind: 'disruption' })).body.code).toBe('733');
  });

  it('keeps §5 date limits of a return journey (721, 722)', async () => {
    const out = await aPrivateFlight(t, { from: 'KTI', to: 'SAI' });
    const back = await aReturnFlight(t, out, { days: 7 });
    await goTo(new Date(out.depUtc.getTime() - 30 * DAY));
    const order = await aPaidOrderWithTickets(t, {
      flight: [out, back],
      userId: memberId,
      bookingClass: 'T',
    });
    const q = (segmentSeq: number, date: string) =>
      call(member, 'queryChangeFlights', { orderNo: order.orderNo, segmentSeq, date });
    const late = await q(0, addDays(back.depLocalDate, 1));
    expect(late.body.code).toBe('721');
    expect(late.body.message).toContain(back.depLocalDate);
    expect((await q(1, addDays(out.depLocalDate, -1))).body.code).toBe('722');
    const check = envelope(ZCheckChangeResponse).parse(
      (await call(member, 'checkChange', { orderNo: order.orderNo })).body,
    ).data;
    expect(check.outboundLatest).toBe(back.depLocalDate);
    expect(check.returnEarliest).toBe(out.depLocalDate);
  });
});

describe('checkChangeOrder (the quote)', () => {
  it('prices the Basic fee of 50 per person per segment and holds the new seats', async () => {
    const { order, target } = await world({ passengers: [2, 0, 0] });
    const before = await inventory(t, target.flightId, 'T');
    const q = await quote(member, order.orderNo, [choice(target)]);
    expect(q.status).toBe('quoted');
    expect(q.kind).toBe('voluntary');
    expect(q.changeNo).toMatch(/^C\d{14}$/);
    expect(q.fee).toEqual({ amount: 10000, currency: 'USD' });
    expect(q.difference.amount).toBe(0);
    expect(q.amount).toEqual({ amount: 10000, currency: 'USD' });
    expect(q.lines).toHaveLength(2);
    expect(q.lines[0]!.fee.amount).toBe(5000);
    expect(q.originalCost.amount).toBeGreaterThan(0);
    expect(q.to[0]).toMatchObject({ flightId: target.flightId, bookingClass: 'T' });
    expect(q.passengers.map((p) => p.oldTicketNo)).toEqual(order.tickets);
    expect(Date.parse(q.expiresAt!) - clock.getTime()).toBe(20 * MINUTE);
    expect((await inventory(t, target.flightId, 'T')).classSold).toBe(before.classSold + 2);
    // A quote not confirmed does not close the form: the traveller may go back and choose again.
    const check = envelope(ZCheckChangeResponse).parse(
      (await call(member, 'checkChange', { orderNo: order.orderNo })).body,
    ).data;
    expect(check.blocks).toEqual([]);
    // The traveller goes back and chooses again: the first quote, never confirmed, gives way and
    // its seats go back; the order holds the new quote's seats only.
    const again = await quote(member, order.orderNo, [choice(target)]);
    expect(again.changeNo).not.toBe(q.changeNo);
    expect((await inventory(t, target.flightId, 'T')).classSold).toBe(before.classSold + 2);
    const first = await t.database.pool.query<{ status: string; close_reason: string }>(
      'select status, close_reason from change_orders where change_no = $1',
      [q.changeNo],
    );
    expect(first.rows[0]).toEqual({ status: 'canceled', close_reason: 'replaced' });
  });

  it('adds a dearer fare and does not refund a lower one', async () => {
    const dear = await world({ targetClasses: { T: { seatsLeft: 0 } } });
    const q1 = await quote(member, dear.order.orderNo, [choice(dear.target)]);
    expect(q1.to[0]!.bookingClass).toBe('L');
    const line = q1.lines[0]!;
    expect(line.newFare.amount).toBeGreaterThan(line.oldFare.amount);
    expect(line.fareDifference.amount).toBe(line.newFare.amount - line.oldFare.amount);
    expect(q1.amount.amount).toBe(5000 + line.fareDifference.amount + line.taxDifference.amount);

    const cheap = await world({ bookingClass: 'W' });
    const q2 = await quote(member, cheap.order.orderNo, [choice(cheap.target)]);
    expect(q2.to[0]!.bookingClass).toBe('T');
    expect(q2.lines[0]!.newFare.amount).toBeLessThan(q2.lines[0]!.oldFare.amount);
    expect(q2.lines[0]!.fareDifference.amount).toBe(0);
    expect(q2.amount.amount).toBe(5000);
  });

  it('answers the same quote for the same key, 729 for another request under it', async () => {
    const { order, target } = await world();
    const key = randomUUID();
    const a = await quote(member, order.orderNo, [choice(target)], { idempotencyKey: key });
    const b = await quote(member, order.orderNo, [choice(target)], { idempotencyKey: key });
    expect(b.changeNo).toBe(a.changeNo);
    const c = await quoteRes(member, order.orderNo, [choice(target)], {
      idempotencyKey: key,
      remark: 'other',
    });
    expect(c.body.code).toBe('729');
  });

  it('leaves one live quote of two made at once (the other told 720, or replaced), its seats held once', async () => {
    const { order, target } = await world();
    const [a, b] = await Promise.all([
      quoteRes(member, order.orderNo, [choice(target)]),
      quoteRes(member, order.orderNo, [choice(target)]),
    ]);
    const codes = [a.body.code, b.body.code];
    expect(codes).toContain('0');
    for (const c of codes) expect(['0', '720']).toContain(c);
    const live = await t.database.pool.query<{ n: number }>(
      "select count(*)::int as n from change_orders where order_no = $1 and status in ('quoted', 'unpaid')",
      [order.orderNo],
    );
    expect(live.rows[0]!.n).toBe(1);
    expect((await inventory(t, target.flightId, 'T')).classSold).toBe(1);
  });

  it('confirms one change of two confirmations at once', async () => {
    const { order, target } = await world();
    const q = await quote(member, order.orderNo, [choice(target)]);
    const [a, b] = await Promise.all([
      call(member, 'saveChangeOrder', { changeNo: q.changeNo }),
      call(member, 'saveChangeOrder', { changeNo: q.changeNo }),
    ]);
    const ok = [a, b].filter((r) => r.body.code === '0');
    expect(ok.length).toBeGreaterThanOrEqual(1);
    const payables = await t.database.pool.query<{ n: number }>(
      "select count(*)::int as n from payables where kind = 'change' and reference = $1",
      [q.changeNo],
    );
    expect(payables.rows[0]!.n).toBe(1);
    const changing = await t.database.pool.query<{ n: number }>(
      'select count(*)::int as n from tickets t join orders o on o.id = t.order_id where o.order_no = $1 and t.status = 6',
      [order.orderNo],
    );
    expect(changing.rows[0]!.n).toBe(order.tickets.length);
  });

  it('refuses the same flight (732), a retimed flight (724), an unknown one (725), no seat (726), a bad reason (723), an unchanged flight for free (733)', async () => {
    const { order, target, out } = await world({ targetSeatsLeft: 0 });
    expect((await quoteRes(member, order.orderNo, [choice(out)])).body.code).toBe('732');
    const shifted = { ...choice(target), depUtc: new Date(target.depUtc.getTime() + HOUR).toISOString() };
    expect((await quoteRes(member, order.orderNo, [shifted])).body.code).toBe('724');
    expect(
      (await quoteRes(member, order.orderNo, [{ ...choice(target), flightId: '999999999' }])).body.code,
    ).toBe('725');
    expect((await quoteRes(member, order.orderNo, [choice(target)])).body.code).toBe('726');
    const other = await aPrivateFlight(t, { from: 'KTI', to: 'SAI', date: addDays(out.depLocalDate, 1) });
    expect(
      (await quoteRes(member, order.orderNo, [choice(other)], { reasonCode: 'flight_disrupted' })).body.code,
    ).toBe('723');
    expect((await quoteRes(member, order.orderNo, [choice(other)], { kind: 'disruption' })).body.code).toBe(
      '733',
    );
    // The reason is required by the request itself.
    const missing = await call(member, 'checkChangeOrder', {
      orderNo: order.orderNo,
      legs: [choice(other)],
      idempotencyKey: randomUUID(),
    });
    expect(missing.body.code).toBe('400');
    expect((await quoteRes(otherMember(), order.orderNo, [choice(other)])).body.code).toBe('710');
  });

  it('answers each order block with its code', async () => {
    const cases: Array<[string, () => Promise<{ orderNo: string; target: PrivateFlight }>]> = [
      ['714', async () => flat(await world({ passengers: [1, 0, 1] }))],
      ['716', async () => flat(await world({ bookingClass: 'R' }))],
      ['715', async () => flat(await world({ from: 'KTI', to: 'CAN' }))],
      [
        '711',
        async () => {
          const out = await aPrivateFlight(t, { from: 'KTI', to: 'SAI' });
          const target = await aPrivateFlight(t, {
            from: 'KTI',
            to: 'SAI',
            date: addDays(out.depLocalDate, 2),
          });
          await goTo(new Date(out.depUtc.getTime() - 30 * DAY));
          const o = await anOrder(t, { flight: out, userId: memberId, bookingClass: 'T' });
          return { orderNo: o.orderNo, target };
        },
      ],
      [
        '735',
        async () => {
          const out = await aPrivateFlight(t, { from: 'KTI', to: 'SAI' });
          const target = await aPrivateFlight(t, {
            from: 'KTI',
            to: 'SAI',
            date: addDays(out.depLocalDate, 2),
          });
          await goTo(new Date(out.depUtc.getTime() - 30 * DAY));
          const o = await anOrder(t, { flight: out, userId: memberId, bookingClass: 'T', status: 'paid' });
          return { orderNo: o.orderNo, target };
        },
      ],
      [
        '718',
        async () => {
          const w = await world();
          await t.database.pool.query(
            `insert into order_price_lines (order_id, passenger_id, kind, code, amount, currency, created_at, updated_at)
             select order_id, id, 'addon', 'ERT', 1000, 'USD', now(), now() from order_passengers where order_id = $1`,
            [w.order.id],
          );
          return flat(w);
        },
      ],
      [
        '713',
        async () => {
          const w = await world();
          await t.database.pool.query(
            `update ticket_coupons set usage = 11 where ticket_id in (select id from tickets where order_id = $1)`,
            [w.order.id],
          );
          return flat(w);
        },
      ],
      [
        '734',
        async () => {
          const w = await world();
          await t.database.pool.query(`update tickets set status = 4 where order_id = $1`, [w.order.id]);
          return flat(w);
        },
      ],
      [
        '712',
        async () => {
          const w = await world();
          await moveClock(new Date(w.out.depUtc.getTime() - 3 * HOUR));
          return flat(w);
        },
      ],
      [
        '717',
        async () => {
          const w = await world();
          await moveClock(new Date(w.out.depUtc.getTime() + HOUR));
          return flat(w);
        },
      ],
    ];
    for (const [code, make] of cases) {
      const { orderNo, target } = await make();
      // As a guest with the order's grant: a member's session does not outlive a clock moved by days.
      const res = await quoteRes(await guest(), orderNo, [choice(target)], {}, grant(orderNo, 'full'));
      expect(res.body.code, `${code}: ${JSON.stringify(res.body)}`).toBe(code);
    }
  });

  it('refuses a move the insurance cannot follow (730)', async () => {
    const out = await aPrivateFlight(t, { from: 'KTI', to: 'SAI' });
    const back = await aReturnFlight(t, out, { days: 7 });
    const later = await aPrivateFlight(t, { from: 'SAI', to: 'KTI', date: addDays(out.depLocalDate, 95) });
    await goTo(new Date(out.depUtc.getTime() - 30 * DAY));
    const order = await aPaidOrderWithTickets(t, {
      flight: [out, back],
      userId: memberId,
      bookingClass: 'T',
    });
    await insure(order, out.depLocalDate, back.depLocalDate);
    const res = await quoteRes(member, order.orderNo, [choice(later, 1)]);
    expect(res.body.code, JSON.stringify(res.body)).toBe('730');
  });
});

describe('saveChangeOrder and the completion', () => {
  it('completes a free WingsFlex change at once: tickets reissued, the leg moved, seats moved, the history', async () => {
    const { order, target, out } = await world({ bookingClass: 'O' });
    const oldBefore = await inventory(t, out.flightId, 'O');
    const q = await quote(member, order.orderNo, [choice(target)]);
    expect(q.amount.amount).toBe(0);
    expect((await inventory(t, target.flightId, 'O')).classSold).toBe(1);
    const done = await save(member, q.changeNo);
    expect(done.status).toBe('succeeded');
    expect(done.rescheduledStatus).toBe(1);
    expect(done.payStatus).toBe(1);
    const ts = await tickets(order.id);
    expect(ts).toHaveLength(2);
    expect(ts[0]).toMatchObject({ ticket_no: order.tickets[0], status: TicketStatus.reIssued });
    expect(ts[1]).toMatchObject({ status: TicketStatus.issued, change_status: ChangeStatus.changeSuccess });
    expect(done.passengers[0]).toMatchObject({
      oldTicketNo: order.tickets[0],
      newTicketNo: ts[1]!.ticket_no,
    });
    expect(await segmentFlights(order.id)).toEqual([target.flightId]);
    expect((await inventory(t, out.flightId, 'O')).classSold).toBe(oldBefore.classSold - 1);
    expect((await inventory(t, target.flightId, 'O')).classSold).toBe(1);
    const { rows } = await t.database.pool.query(
      `select data from order_events where order_id = $1 and type = 'rescheduled'`,
      [order.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].data.changeNo).toBe(q.changeNo);
    // Saving again answers the change as it is.
    expect((await save(member, q.changeNo)).status).toBe('succeeded');
    // Once only: a second voluntary change is refused.
    const again = await aPrivateFlight(t, { from: 'KTI', to: 'SAI', date: addDays(out.depLocalDate, 3) });
    expect((await quoteRes(member, order.orderNo, [choice(again)])).body.code).toBe('719');
  });

  it('waits for the payment of a Basic change, and completes it when the gateway says it is paid', async () => {
    const { order, target } = await world();
    const q = await quote(member, order.orderNo, [choice(target)]);
    const unpaid = await save(member, q.changeNo);
    expect(unpaid.status).toBe('unpaid');
    expect(unpaid.payStatus).toBe(0);
    expect(Date.parse(unpaid.payDeadline!) - clock.getTime()).toBe(20 * MINUTE);
    expect((await tickets(order.id))[0]).toMatchObject({
      status: TicketStatus.changeIn,
      change_status: ChangeStatus.changeIn,
    });
    const check = envelope(ZCheckChangeResponse).parse(
      (await call(member, 'checkChange', { orderNo: order.orderNo })).body,
    ).data;
    expect(check.pending).toMatchObject({ changeNo: q.changeNo, amount: { amount: 5000, currency: 'USD' } });
    expect(await pay(member, q.changeNo)).toBe('paid');
    const detail = await member.post(`${RECORDS}/queryChangeOrderDetail/${q.changeNo}`);
    const view = envelope(ZChangeOrderView).parse(detail.body).data;
    expect(view).toMatchObject({ status: 'succeeded', rescheduledStatus: 1, payStatus: 1 });
    expect(await segmentFlights(order.id)).toEqual([target.flightId]);
    const ts = await tickets(order.id);
    expect(ts.map((x) => x.status)).toEqual([TicketStatus.reIssued, TicketStatus.issued]);
    const list = envelope(ZChangeOrderListResponse).parse(
      (await member.post(`${RECORDS}/queryChangeOrderList`, {})).body,
    ).data;
    expect(list.list.map((x) => x.changeNo)).toContain(q.changeNo);
    // Another member reads none of it.
    expect((await other.post(`${RECORDS}/queryChangeOrderDetail/${q.changeNo}`)).body.code).toBe('727');
    expect((await other.post(`${BASE}/getPayUrl/${q.changeNo}`, { method: 'card' })).body.code).toBe('204');
  });

  it('asks for the insurance agreement when a policy moves (731)', async () => {
    const { order, target, out } = await world({ bookingClass: 'O' });
    await insure(order, out.depLocalDate, out.depLocalDate);
    const q = await quote(member, order.orderNo, [choice(target)]);
    expect(q.services.map((s) => [s.code, s.outcome])).toEqual([['10', 'carried']]);
    expect((await call(member, 'saveChangeOrder', { changeNo: q.changeNo })).body.code).toBe('731');
    expect((await save(member, q.changeNo, true)).status).toBe('succeeded');
    const { rows } = await t.database.pool.query(
      'select cover_from::text as f, cover_to::text as t from insurance_policies where order_id = $1',
      [order.id],
    );
    expect(rows[0]).toEqual({ f: target.depLocalDate, t: target.depLocalDate });
  });

  it('answers 727 for an unknown change and 710 for a stranger', async () => {
    const { order, target } = await world();
    expect((await call(member, 'saveChangeOrder', { changeNo: 'C20990101000001' })).body.code).toBe('727');
    const q = await quote(member, order.orderNo, [choice(target)]);
    expect((await call(other, 'saveChangeOrder', { changeNo: q.changeNo })).body.code).toBe('710');
    const g = await guest();
    const guestSave = await call(
      g,
      'saveChangeOrder',
      { changeNo: q.changeNo },
      grant(order.orderNo, 'full'),
    );
    expect(guestSave.body.code).toBe('0');
  });
});

describe('a free move after the airline changed a flight', () => {
  it('moves a canceled Basic flight free within 3 days, not counted as the one voluntary change', async () => {
    const { order, out, target } = await world();
    await t.database.db.transaction((tx) =>
      recordFlightChange(
        tx,
        {
          kind: 'canceled',
          flightId: out.flightId,
          flightNo: out.flightNo,
          origin: 'KTI',
          destination: 'SAI',
          originZone: 'Asia/Phnom_Penh',
          destinationZone: 'Asia/Phnom_Penh',
          before: { depUtc: out.depUtc, arrUtc: out.arrUtc },
          actor: 'staff:test',
          reason: 'aircraft unavailable',
        },
        clock,
      ),
    );
    const flights = envelope(ZChangeFlightsResponse).parse(
      (
        await call(member, 'queryChangeFlights', {
          orderNo: order.orderNo,
          segmentSeq: 0,
          date: target.depLocalDate,
          kind: 'disruption',
        })
      ).body,
    ).data;
    expect(flights.dates).toHaveLength(7);
    expect(flights.flights.find((f) => f.flightId === target.flightId)).toMatchObject({
      bookingClass: 'T',
      estimate: { amount: 0, currency: 'USD' },
    });
    const far = await aPrivateFlight(t, { from: 'KTI', to: 'SAI', date: addDays(out.depLocalDate, 4) });
    expect((await quoteRes(member, order.orderNo, [choice(far)], { kind: 'disruption' })).body.code).toBe(
      '733',
    );
    const q = await quote(member, order.orderNo, [choice(target)], { kind: 'disruption' });
    expect(q).toMatchObject({ kind: 'disruption', reasonCode: 'flight_disrupted', amount: { amount: 0 } });
    expect((await save(member, q.changeNo)).status).toBe('succeeded');
    const { rows } = await t.database.pool.query(
      'select choice, flight_id from disruption_choices where order_id = $1',
      [order.id],
    );
    expect(rows).toEqual([{ choice: 'moved', flight_id: out.flightId }]);
    // The traveller's own change is still to come.
    const check = envelope(ZCheckChangeResponse).parse(
      (await call(member, 'checkChange', { orderNo: order.orderNo })).body,
    ).data;
    expect(check.changeable).toBe(true);
  });
});

describe('the records', () => {
  it("lists a guest's changes of the order of their grant, and none without it", async () => {
    const { order, target } = await world({ bookingClass: 'O', userId: null });
    const g = await guest();
    const headers = grant(order.orderNo, 'full');
    const q = await quoteRes(g, order.orderNo, [choice(target)], {}, headers);
    expect(q.body.code, JSON.stringify(q.body)).toBe('0');
    expect((await call(g, 'saveChangeOrder', { changeNo: q.body.data.changeNo }, headers)).body.code).toBe(
      '0',
    );
    const list = await g.post(`${RECORDS}/queryChangeOrderList`, {}, headers);
    expect(list.body.data.list.map((x: { changeNo: string }) => x.changeNo)).toEqual([q.body.data.changeNo]);
    expect((await g.post(`${RECORDS}/queryChangeOrderList`, {})).body.code).toBe('710');
  });
});

describe('the lapse', () => {
  it('expires a quote after 20 minutes: its seats back, then 728', async () => {
    const { order, target } = await world();
    const q = await quote(member, order.orderNo, [choice(target)]);
    expect((await inventory(t, target.flightId, 'T')).classSold).toBe(1);
    await moveClock(new Date(clock.getTime() + 21 * MINUTE));
    const check = envelope(ZCheckChangeResponse).parse(
      (await call(member, 'checkChange', { orderNo: order.orderNo })).body,
    ).data;
    expect(check.changeable).toBe(true);
    expect((await inventory(t, target.flightId, 'T')).classSold).toBe(0);
    expect((await call(member, 'saveChangeOrder', { changeNo: q.changeNo })).body.code).toBe('728');
  });

  it('expires an unpaid change after its deadline: seats back, tickets issued again, a late payment refunded', async () => {
    const { order, target } = await world();
    const q = await quote(member, order.orderNo, [choice(target)]);
    await save(member, q.changeNo);
    const started = await member.post(`${BASE}/getPayUrl/${q.changeNo}`, { method: 'card' });
    expect(started.body.code).toBe('0');
    await moveClock(new Date(clock.getTime() + 21 * MINUTE));
    expect(await t.app.changes.lapseDue()).toBeGreaterThanOrEqual(1);
    const ts = await tickets(order.id);
    expect(ts).toHaveLength(1);
    expect(ts[0]).toMatchObject({ status: TicketStatus.issued, change_status: null });
    expect((await inventory(t, target.flightId, 'T')).classSold).toBe(0);
    const detail = envelope(ZChangeOrderView).parse(
      (await member.post(`${RECORDS}/queryChangeOrderDetail/${q.changeNo}`)).body,
    ).data;
    expect(detail).toMatchObject({ status: 'expired', payStatus: 2, rescheduledStatus: 0 });
    const outcome = await notify(
      started.body.data.paymentId,
      started.body.data.amount.amount,
      started.body.data.amount.currency,
    );
    expect(outcome).toBe('refund_required');
    expect(await segmentFlights(order.id)).not.toEqual([target.flightId]);
  });
});

describe('the console', () => {
  it('lists change orders and shows one with its history; 4120 for an unknown number', async () => {
    const { order, target } = await world();
    const q = await quote(member, order.orderNo, [choice(target)]);
    // Signed in at the moved clock.
    const agent = await signInStaff(t, ['agent']);
    const page = await callAsStaff(t, agent, 'GET', `/changes?orderNo=${order.orderNo}`);
    expect(page.body.code, JSON.stringify(page.body)).toBe('0');
    const list = envelope(ZAdminChangeOrderPage).parse(page.body).data;
    expect(list.list.map((r) => [r.changeNo, r.passengerCount])).toEqual([[q.changeNo, 1]]);
    const one = await callAsStaff(t, agent, 'GET', `/changes/${q.changeNo}`);
    const detail = envelope(ZAdminChangeOrderDetail).parse(one.body).data;
    expect(detail.events.map((e) => e.type)).toEqual(['quoted']);
    expect((await callAsStaff(t, agent, 'GET', '/changes/C20990101000001')).body.code).toBe('4120');
    // The disrupted flights keep their own path.
    expect((await callAsStaff(t, agent, 'GET', '/changes/disruptions')).body.code).toBe('0');
  });
});

function flat(w: World) {
  return { orderNo: w.order.orderNo, target: w.target };
}

/** The other member (a name the tests' local `other` flight does not hide). */
function otherMember(): Client {
  return other;
}
