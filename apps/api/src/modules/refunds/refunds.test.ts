import { randomUUID } from 'node:crypto';
import {
  envelope,
  RefundMoneyStatus,
  RefundStatus,
  TicketStatus,
  ZAdminRefundOrderDetail,
  ZAdminRefundOrderPage,
  ZFlightTimeCheckResponse,
  ZRefundListResponse,
  ZRefundOrderView,
  ZRefundPassengersResponse,
  ZRefundQuote,
  ZRefundReasonListResponse,
} from '@wings/contracts';
import { addDays, auditDueBy, SPEC_SERVICE_HOURS } from '@wings/rules';
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
import { client, latestMail, registerUser } from '../../../test/support/clients';
import { callAsStaff, type SignedInStaff, signInStaff } from '../../../test/support/staff';
import { signOrderGrant } from '../../platform/order-grant';
import { SandboxLedger } from '../../platform/payments/sandbox/sandbox.repository';
import { serverKeys } from '../../platform/secrets';
import { recordFlightChange } from '../booking';

/*
 * Online refunds (issue 15, /travelsky/refund/ and /api/admin/refunds): every call and code,
 * access on every call (another member, a guest without a grant, a limited PNR + surname grant),
 * the blocks with the clock moved to their boundaries, the quote by fare family, the draft and
 * its confirmation, two refunds of one ticket at once, the staff audit, the money through
 * payments once across 1000 replayed outcomes and a crash, the timeline and its mails.
 * Flights are private (KTI → SAI by default, 190+ days ahead); class M is Grand, W Basic, Y
 * Premium, K Value.
 */

const BASE = '/travelsky/refund';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let clock = new Date();
let member: Client;
let memberId: string;
let other: Client;
let otherId: string;
let agent: SignedInStaff;
let auditor: SignedInStaff;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  member = client(t);
  memberId = (await registerUser(t, member)).userId;
  other = client(t);
  otherId = (await registerUser(t, other)).userId;
  agent = await signInStaff(t, ['agent']);
  auditor = await signInStaff(t, ['auditor']);
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

interface TicketedSpec {
  flight?: PrivateFlight | PrivateFlight[];
  passengers?: [number, number, number];
  userId?: string | null;
  bookingClass?: string;
  passengerDetails?: Array<Record<string, unknown>>;
}

/** A member's ticketed order on a flight of its own (KTI → SAI, Grand by default). */
async function ticketed(spec: TicketedSpec = {}) {
  const flight = spec.flight ?? (await aPrivateFlight(t, { from: 'KTI', to: 'SAI' }));
  const order = await aPaidOrderWithTickets(t, {
    flight,
    passengers: spec.passengers ?? [1, 0, 0],
    userId: spec.userId === undefined ? memberId : spec.userId,
    ...(spec.bookingClass ? { bookingClass: spec.bookingClass } : {}),
    ...(spec.passengerDetails ? { passengerDetails: spec.passengerDetails } : {}),
  });
  // The traveller paid on the sandbox's page: its ledger holds the payment that refunds draw on.
  await new SandboxLedger(t.database.db).settle(`sbx_${order.paymentId}`, 'succeeded', clock);
  return order;
}

/** A guest client holding the order's full grant, made at the clock as it is now (its access token too). */
async function guestOf(orderNo: string) {
  const c = client(t);
  await c.refreshAccessToken(clock);
  const headers = grant(orderNo, 'full');
  return {
    c,
    call: (name: string, body: unknown) => call(c, name, body, headers),
  };
}

function grant(orderNo: string, scope: 'full' | 'limited'): Record<string, string> {
  const key = serverKeys(t.config).orderGrant.current;
  return { orderToken: signOrderGrant(key, orderNo, new Date(clock.getTime() + HOUR), scope) };
}

const call = (c: Client, name: string, body: unknown, headers: Record<string, string> = {}) =>
  c.post(`${BASE}/${name}`, body, headers);

async function draft(c: Client, orderNo: string, seqs: number[], reasonCode = 'plans_changed', headers = {}) {
  const res = await call(
    c,
    'createRefund',
    { orderNo, passengerSeqs: seqs, reasonCode, idempotencyKey: randomUUID() },
    headers,
  );
  expect(res.body.code, JSON.stringify(res.body)).toBe('0');
  return envelope(ZRefundOrderView).parse(res.body).data;
}

async function submitted(c: Client, orderNo: string, seqs: number[], reasonCode = 'plans_changed') {
  const d = await draft(c, orderNo, seqs, reasonCode);
  const res = await call(c, 'confirmRefund', { refundNo: d.refundNo });
  expect(res.body.code, JSON.stringify(res.body)).toBe('0');
  return envelope(ZRefundOrderView).parse(res.body).data;
}

async function ticketStatuses(orderId: string): Promise<number[]> {
  const { rows } = await t.database.pool.query<{ status: number }>(
    'select status from tickets where order_id = $1 order by ticket_no',
    [orderId],
  );
  return rows.map((r) => Number(r.status));
}

async function paymentRefundsOf(refundNo: string) {
  const { rows } = await t.database.pool.query<{
    id: string;
    amount: number;
    status: string;
    payment_id: string;
  }>(
    `select pr.id, pr.amount, pr.status, pr.payment_id from payment_refunds pr
       join refund_orders ro on pr.line_ref = ro.id::text and pr.reason = 'refund_order'
      where ro.refund_no = $1`,
    [refundNo],
  );
  return rows;
}

async function approve(refundNo: string, who = agent) {
  return callAsStaff(t, who, 'POST', `/refunds/${refundNo}/approve`, { note: 'ok' });
}

describe('flightTimeCheck: the order-level blocks of §5, each with its message', () => {
  it('answers a ticketed Grand order refundable, and an unpaid one unpaid', async () => {
    const order = await ticketed();
    const res = await call(member, 'flightTimeCheck', { orderNo: order.orderNo });
    const data = envelope(ZFlightTimeCheckResponse).parse(res.body).data;
    expect(data).toMatchObject({ refundable: true, block: null, blocks: [] });

    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'SAI' });
    const unpaid = await anOrder(t, { flight, userId: memberId });
    const r2 = await call(member, 'flightTimeCheck', { orderNo: unpaid.orderNo });
    expect(r2.body.data.block.reason).toBe('unpaid');
  });

  it.each([
    ['an infant in the booking', { passengers: [1, 0, 1] as [number, number, number] }, 'infant'],
    ['a Value fare', { bookingClass: 'K' }, 'fare'],
  ])('blocks %s', async (_name, spec, reason) => {
    const order = await ticketed(spec);
    const res = await call(member, 'flightTimeCheck', { orderNo: order.orderNo });
    expect(res.body.data.refundable).toBe(false);
    expect(res.body.data.block.reason).toBe(reason);
  });

  it('blocks a route to mainland China and from it, naming customer service', async () => {
    const out = await aPrivateFlight(t, { from: 'KTI', to: 'CAN' });
    const order = await ticketed({ flight: out });
    const res = await call(member, 'flightTimeCheck', { orderNo: order.orderNo });
    expect(res.body.data.block.reason).toBe('china_route');
    expect(res.body.data.block.message).toContain('mainland China');
    const back = await aPrivateFlight(t, { from: 'CAN', to: 'KTI' });
    const fromChina = await ticketed({ flight: back });
    const r2 = await call(member, 'flightTimeCheck', { orderNo: fromChina.orderNo });
    expect(r2.body.data.block.reason).toBe('china_route');
  });

  it('refuses exactly 4 hours before departure and allows a minute earlier', async () => {
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'SAI' });
    const order = await ticketed({ flight, userId: null });
    await moveClock(new Date(flight.depUtc.getTime() - 4 * HOUR));
    const res = await (await guestOf(order.orderNo)).call('flightTimeCheck', { orderNo: order.orderNo });
    expect(res.body.data.block.reason).toBe('within_4h');
    expect(res.body.data.block.message).toContain('4 hours');
    await moveClock(new Date(flight.depUtc.getTime() - 4 * HOUR - 60_000));
    const guest = await guestOf(order.orderNo);
    const earlier = await guest.call('flightTimeCheck', { orderNo: order.orderNo });
    expect(earlier.body.data.refundable).toBe(true);
    const quote = await guest.call('refundSchedule', {
      orderNo: order.orderNo,
      passengerSeqs: [0],
      reasonCode: 'plans_changed',
    });
    expect(quote.body.code).toBe('0');
    await moveClock(new Date(flight.depUtc.getTime() - 2 * HOUR));
    const late = await (await guestOf(order.orderNo)).call('pasngerTicketCheck', {
      orderNo: order.orderNo,
      passengerSeqs: [0],
    });
    expect(late.body.code).toBe('672');
  });

  it('prices a no-show with its fee, and calls the flight expired past the 3-month claim window', async () => {
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'SAI' });
    const order = await ticketed({ flight, userId: null });
    await moveClock(new Date(flight.depUtc.getTime() + DAY));
    const quote = await (await guestOf(order.orderNo)).call('refundSchedule', {
      orderNo: order.orderNo,
      passengerSeqs: [0],
      reasonCode: 'plans_changed',
    });
    const q = envelope(ZRefundQuote).parse(quote.body).data;
    expect(q.lines[0]).toMatchObject({ noShow: true, fee: { amount: 3000 }, noShowFee: { amount: 3000 } });
    await moveClock(new Date(flight.depUtc.getTime() + 93 * DAY));
    const guest = await guestOf(order.orderNo);
    const res = await guest.call('flightTimeCheck', { orderNo: order.orderNo });
    expect(res.body.data.block.reason).toBe('flight_expired');
    const create = await guest.call('createRefund', {
      orderNo: order.orderNo,
      passengerSeqs: [0],
      reasonCode: 'plans_changed',
      idempotencyKey: randomUUID(),
    });
    expect(create.body.code).toBe('677');
  });
});

describe('queryPassengerInfo and pasngerTicketCheck', () => {
  it('lists each passenger with ticket, age and refundability; a checked-in ticket is used', async () => {
    const order = await ticketed({ passengers: [2, 0, 0] });
    // Check-in (modules/check-in) stamps the coupon; the refund reads only the coupon.
    await t.database.pool.query(
      `update ticket_coupons set checked_in_at = now()
        where ticket_id = (select id from tickets where order_id = $1 order by ticket_no limit 1)`,
      [order.id],
    );
    const res = await call(member, 'queryPassengerInfo', { orderNo: order.orderNo });
    const data = envelope(ZRefundPassengersResponse).parse(res.body).data;
    expect(data.companionAge).toBe(18);
    const used = data.passengers.find((p) => !p.refundable)!;
    expect(used.block?.reason).toBe('used');
    expect(data.passengers.filter((p) => p.refundable)).toHaveLength(1);
    expect(data.passengers.every((p) => p.ticketNo?.length === 13 && p.age >= 18)).toBe(true);
    const check = await call(member, 'pasngerTicketCheck', {
      orderNo: order.orderNo,
      passengerSeqs: [used.seq],
    });
    expect(check.body.code).toBe('673');
  });

  it('needs a passenger, and keeps minors with an adult of 18 or more (a 17-year-old is not enough)', async () => {
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'SAI' });
    const seventeen = addDays(flight.depLocalDate, -(17 * 365 + 30));
    const order = await ticketed({
      flight,
      passengers: [2, 1, 0],
      passengerDetails: [{}, { birthday: seventeen }],
    });
    const none = await call(member, 'pasngerTicketCheck', { orderNo: order.orderNo, passengerSeqs: [] });
    expect(none.body.code).toBe('678');
    const leaves = await call(member, 'pasngerTicketCheck', { orderNo: order.orderNo, passengerSeqs: [0] });
    expect(leaves.body.code).toBe('679');
    expect(leaves.body.data.adultCount).toBe(1);
    expect(leaves.body.message).toContain('1 adults aged 18');
    // The 40-year-old and the child leave: the 17-year-old stays alone, a minor without an adult.
    const leavesMinor = await call(member, 'pasngerTicketCheck', {
      orderNo: order.orderNo,
      passengerSeqs: [0, 2],
    });
    expect(leavesMinor.body.code).toBe('679');
    const all = await call(member, 'pasngerTicketCheck', {
      orderNo: order.orderNo,
      passengerSeqs: [0, 1, 2],
    });
    expect(all.body).toMatchObject({ code: '0', data: { ok: true, adultCount: 0 } });
    const childOnly = await call(member, 'pasngerTicketCheck', {
      orderNo: order.orderNo,
      passengerSeqs: [2],
    });
    expect(childOnly.body.data.adultCount).toBe(1);
  });
});

describe('getUserReasonList and refundSchedule (the fee table of §9)', () => {
  it('lists the personal and flight reasons in the caller language', async () => {
    const res = await call(member, 'getUserReasonList', {});
    const data = envelope(ZRefundReasonListResponse).parse(res.body).data;
    expect(data.reasons.map((r) => r.kind)).toEqual([
      'personal',
      'personal',
      'personal',
      'personal',
      'personal',
      'flight',
      'flight',
    ]);
    expect(data.reasons[0]!.text).toBe('My travel plans changed');
  });

  it.each([
    ['Grand (M)', 'M', 3000],
    ['Basic (W)', 'W', 5000],
    ['Premium (Y)', 'Y', 0],
  ])(
    '%s keeps %i per passenger and segment; a flight reason keeps nothing',
    async (_n, bookingClass, fee) => {
      const out = await aPrivateFlight(t, { from: 'KTI', to: 'SAI' });
      const back = await aReturnFlight(t, out);
      const order = await ticketed({ flight: [out, back], passengers: [2, 0, 0], bookingClass });
      const res = await call(member, 'refundSchedule', {
        orderNo: order.orderNo,
        passengerSeqs: [0, 1],
        reasonCode: 'plans_changed',
      });
      const q = envelope(ZRefundQuote).parse(res.body).data;
      expect(q.lines).toHaveLength(4);
      expect(q.lines.every((l) => l.fee.amount === fee && l.taxes.amount > 0)).toBe(true);
      expect(q.handlingFee.amount).toBe(4 * fee);
      expect(q.shouldRefund.amount).toBe(order.total);
      expect(q.actual.amount).toBe(order.total - 4 * fee);
      const flightReason = await call(member, 'refundSchedule', {
        orderNo: order.orderNo,
        passengerSeqs: [0, 1],
        reasonCode: 'flight_canceled',
      });
      expect(flightReason.body.data).toMatchObject({
        handlingFee: { amount: 0 },
        actual: { amount: order.total },
      });
    },
  );
});

describe('createRefund and confirmRefund', () => {
  it('makes one draft per key (body or Idempotency-Key header), refuses the key for another request', async () => {
    const order = await ticketed({ passengers: [2, 0, 0] });
    const key = randomUUID();
    const body = {
      orderNo: order.orderNo,
      passengerSeqs: [0, 1],
      reasonCode: 'plans_changed',
      idempotencyKey: key,
    };
    const [a, b] = await Promise.all([
      call(member, 'createRefund', body),
      call(member, 'createRefund', body),
    ]);
    expect(a.body.code).toBe('0');
    expect(b.body.data.refundNo).toBe(a.body.data.refundNo);
    expect(a.body.data).toMatchObject({ status: 'draft', refundStatus: null });
    const reused = await call(member, 'createRefund', {
      ...body,
      passengerSeqs: [0, 1],
      reasonCode: 'illness',
    });
    expect(reused.body.code).toBe('681');
    const headerKey = randomUUID();
    const { idempotencyKey: _k, ...noKey } = body;
    const h1 = await call(member, 'createRefund', noKey, { 'idempotency-key': headerKey });
    const h2 = await call(member, 'createRefund', noKey, { 'idempotency-key': headerKey });
    expect(h1.body.code).toBe('0');
    expect(h2.body.data.refundNo).toBe(h1.body.data.refundNo);
    expect(h1.body.data.refundNo).not.toBe(a.body.data.refundNo);
    const missing = await call(member, 'createRefund', noKey);
    expect(missing.status).toBe(400);
  });

  it('submits the draft: tickets refunding, a mail, the audit promised within a working day', async () => {
    const order = await ticketed();
    const d = await draft(member, order.orderNo, [0]);
    expect(await ticketStatuses(order.id)).toEqual([TicketStatus.issued]);
    const res = await call(member, 'confirmRefund', { refundNo: d.refundNo });
    const v = envelope(ZRefundOrderView).parse(res.body).data;
    expect(v).toMatchObject({ status: 'auditing', actual: d.actual, handlingFee: d.handlingFee });
    expect(v.next?.step).toBe('audited');
    expect(v.next?.expectedBy).toBe(auditDueBy(clock, SPEC_SERVICE_HOURS, 'Asia/Phnom_Penh').toISOString());
    expect(await ticketStatuses(order.id)).toEqual([TicketStatus.refunding]);
    expect((await latestMail(t, order.email))?.subject).toContain(v.refundNo);
    const again = await call(member, 'confirmRefund', { refundNo: d.refundNo });
    expect(again.body.data.status).toBe('auditing');
    const passengers = await call(member, 'queryPassengerInfo', { orderNo: order.orderNo });
    expect(passengers.body.data.passengers[0].block.reason).toBe('refunding');
  });

  it('refuses a draft past its 30 minutes (683) and an unknown number (682)', async () => {
    const order = await ticketed();
    const d = await draft(member, order.orderNo, [0]);
    await moveClock(new Date(clock.getTime() + 31 * 60_000));
    const late = await call(member, 'confirmRefund', { refundNo: d.refundNo });
    expect(late.body.code).toBe('683');
    const unknown = await call(member, 'confirmRefund', { refundNo: 'R000000000001' });
    expect(unknown.body.code).toBe('682');
  });

  it('two refunds of the same ticket at once: one is submitted, the other refused (684)', async () => {
    const order = await ticketed();
    const [d1, d2] = await Promise.all([
      draft(member, order.orderNo, [0]),
      draft(member, order.orderNo, [0]),
    ]);
    const results = await Promise.all([
      call(member, 'confirmRefund', { refundNo: d1.refundNo }),
      call(member, 'confirmRefund', { refundNo: d2.refundNo }),
    ]);
    const codes = results.map((r) => r.body.code).sort();
    expect(codes[0]).toBe('0');
    expect(['680', '684']).toContain(codes[1]);
    const { rows } = await t.database.pool.query(
      `select count(*)::int as n from refund_orders where order_id = $1 and status = 'auditing'`,
      [order.id],
    );
    expect(rows[0].n).toBe(1);
  });
});

describe('the staff audit and the money', () => {
  it('approval refunds the tickets, returns the seats and sends the money once; the refund completes', async () => {
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'SAI' });
    const order = await ticketed({ flight, passengers: [2, 0, 0] });
    const before = await inventory(t, flight.flightId, 'M');
    const v = await submitted(member, order.orderNo, [1]);
    const res = await approve(v.refundNo);
    const detail = envelope(ZAdminRefundOrderDetail).parse(res.body).data;
    expect(detail).toMatchObject({
      status: 'refunding',
      refundStatus: RefundStatus.refundingMoney,
      moneyStatus: RefundMoneyStatus.accepted,
    });
    expect((await ticketStatuses(order.id)).sort()).toEqual([TicketStatus.issued, TicketStatus.refunded]);
    const after = await inventory(t, flight.flightId, 'M');
    expect(after.classSold).toBe(before.classSold - 1);
    const parts = await paymentRefundsOf(v.refundNo);
    expect(parts).toHaveLength(1);
    expect(parts[0]!.amount).toBe(v.actual.amount);

    // 1000 replayed gateway outcomes: one refund at the gateway, one completion.
    for (let i = 0; i < 20; i++) {
      await Promise.all(Array.from({ length: 50 }, () => t.app.payments.processRefund(parts[0]!.id)));
    }
    const { rows: ledger } = await t.database.pool.query(
      `select count(*)::int as n from sandbox_transactions where reference = $1`,
      [`sbx_rf_${parts[0]!.id}`],
    );
    expect(ledger[0].n).toBe(1);
    const { rows: paid } = await t.database.pool.query(
      `select refunded_amount from sandbox_transactions where reference = $1`,
      [`sbx_${order.paymentId}`],
    );
    expect(Number(paid[0].refunded_amount)).toBe(v.actual.amount);
    const done = await call(member, 'getRefundDetail', { refundNo: v.refundNo });
    const view = envelope(ZRefundOrderView).parse(done.body).data;
    expect(view).toMatchObject({ status: 'refunded', refundStatus: 12, moneyStatus: 12, next: null });
    expect(view.timeline.every((s) => s.at !== null)).toBe(true);
    const { rows: events } = await t.database.pool.query(
      `select count(*)::int as n from refund_order_events e join refund_orders o on o.id = e.refund_order_id
        where o.refund_no = $1 and e.type = 'money_refunded'`,
      [v.refundNo],
    );
    expect(events[0].n).toBe(1);
  });

  it('a crash between the gateway refund and the status change: the sweep finishes it once', async () => {
    const order = await ticketed();
    const v = await submitted(member, order.orderNo, [0]);
    await approve(v.refundNo);
    const part = (await paymentRefundsOf(v.refundNo))[0]!;
    // The gateway refunded, then the process died before its transaction: nothing recorded here.
    const sandbox = t.app.payments.gateways.get('sandbox')!;
    const { rows } = await t.database.pool.query(
      'select gateway_reference, amount, currency from payments where id = $1',
      [part.payment_id],
    );
    await sandbox.refund({
      paymentId: part.payment_id,
      gatewayReference: rows[0].gateway_reference,
      amount: rows[0].amount,
      currency: rows[0].currency,
      refundId: part.id,
      refundAmount: part.amount,
      refundedBefore: 0,
      reason: 'refund_order',
    });
    expect((await paymentRefundsOf(v.refundNo))[0]!.status).toBe('pending');
    await t.app.payments.refundPending();
    await t.app.payments.refundPending();
    const detail = await call(member, 'getRefundDetail', { refundNo: v.refundNo });
    expect(detail.body.data.status).toBe('refunded');
    // The refunded passenger is shown as such on the request's passenger page.
    const after = await call(member, 'queryPassengerInfo', { orderNo: order.orderNo });
    expect(after.body.data.passengers[0].block).toMatchObject({ reason: 'refunded' });
    expect(after.body.data.passengers[0].block.message).toMatch(/已退票|has been refunded|សងប្រាក់វិញរួចហើយ/);
    const { rows: paid } = await t.database.pool.query(
      `select refunded_amount from sandbox_transactions where reference = $1`,
      [`sbx_${order.paymentId}`],
    );
    expect(Number(paid[0].refunded_amount)).toBe(v.actual.amount);
    // The traveller is told the money is back at once, not at the next sweep of owed mails.
    const last = await latestMail(t, order.email);
    expect(last?.subject).toContain(v.refundNo);
    expect(last?.text).toMatch(/Your refund is complete|您的退款已完成|ការសងប្រាក់វិញរបស់អ្នកបានបញ្ចប់/);
  });

  /** The order's history rows of its tickets' refund moves, oldest first. */
  async function ticketEventTypes(orderId: string): Promise<string[]> {
    const { rows } = await t.database.pool.query(
      `select type from order_events where order_id = $1 and type like 'ticket_refund%' order by id`,
      [orderId],
    );
    return rows.map((r: { type: string }) => r.type);
  }

  it('rejection gives the tickets back and mails the reason; a second action is refused (4111)', async () => {
    const order = await ticketed();
    const v = await submitted(member, order.orderNo, [0]);
    const res = await callAsStaff(t, agent, 'POST', `/refunds/${v.refundNo}/reject`, {
      reason: 'Medical certificate missing',
    });
    expect(res.body.data).toMatchObject({ status: 'rejected', rejectReason: 'Medical certificate missing' });
    expect(await ticketStatuses(order.id)).toEqual([TicketStatus.issued]);
    // The ticket's moves stand in the order's history too, where staff read the order.
    expect(await ticketEventTypes(order.id)).toEqual(['ticket_refunding', 'ticket_refund_canceled']);
    expect((await latestMail(t, order.email))?.text).toContain('Medical certificate missing');
    const again = await approve(v.refundNo);
    expect(again.body.code).toBe('4111');
    const { rows } = await t.database.pool.query(
      `select count(*)::int as n from audit_log where target_type = 'refund_order' and target_id = $1`,
      [v.refundNo],
    );
    expect(rows[0].n).toBe(1);
  });

  it('a flight-reason refund of a flight the airline canceled approves itself', async () => {
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'SAI' });
    const order = await ticketed({ flight });
    await t.database.db.transaction((tx) =>
      recordFlightChange(
        tx,
        {
          kind: 'canceled',
          flightId: flight.flightId,
          flightNo: flight.flightNo,
          origin: 'KTI',
          destination: 'SAI',
          originZone: 'Asia/Phnom_Penh',
          destinationZone: 'Asia/Ho_Chi_Minh',
          before: { depUtc: flight.depUtc, arrUtc: flight.arrUtc },
          actor: 'staff:test',
          reason: 'aircraft unavailable',
        },
        clock,
      ),
    );
    const quote = await call(member, 'refundSchedule', {
      orderNo: order.orderNo,
      passengerSeqs: [0],
      reasonCode: 'flight_canceled',
    });
    expect(quote.body.data).toMatchObject({ autoApproved: true, handlingFee: { amount: 0 } });
    const v = await submitted(member, order.orderNo, [0], 'flight_canceled');
    expect(v).toMatchObject({ status: 'refunding', refundStatus: 11 });
    expect(v.actual.amount).toBe(order.total);
    expect(await ticketStatuses(order.id)).toEqual([TicketStatus.refunded]);
    expect(await ticketEventTypes(order.id)).toEqual(['ticket_refunding', 'ticket_refunded']);
  });

  it('an airline change wins over the blocks: a Value fare on a China route with an infant, its flight canceled, refunds in full at once', async () => {
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'CAN' });
    const order = await ticketed({ flight, bookingClass: 'K', passengers: [1, 0, 1] });
    const before = await call(member, 'flightTimeCheck', { orderNo: order.orderNo });
    expect(before.body.data.blocks.map((b: { reason: string }) => b.reason)).toEqual([
      'infant',
      'china_route',
    ]);
    await t.database.db.transaction((tx) =>
      recordFlightChange(
        tx,
        {
          kind: 'canceled',
          flightId: flight.flightId,
          flightNo: flight.flightNo,
          origin: 'KTI',
          destination: 'CAN',
          originZone: 'Asia/Phnom_Penh',
          destinationZone: 'Asia/Shanghai',
          before: { depUtc: flight.depUtc, arrUtc: flight.arrUtc },
          actor: 'staff:test',
          reason: 'runway closed',
        },
        clock,
      ),
    );
    expect((await call(member, 'flightTimeCheck', { orderNo: order.orderNo })).body.data).toMatchObject({
      refundable: true,
      blocks: [],
    });
    // A personal reason keeps the ordinary rules.
    const personal = await call(member, 'refundSchedule', {
      orderNo: order.orderNo,
      passengerSeqs: [0, 1],
      reasonCode: 'plans_changed',
    });
    expect(personal.body.code).toBe('674');
    const cabin = async () =>
      (
        await t.database.pool.query<{ sold: number; infant_sold: number }>(
          "select sold, infant_sold from flight_cabins where flight_id = $1 and cabin = 'Y'",
          [flight.flightId],
        )
      ).rows[0]!;
    const held = await cabin();
    const v = await submitted(member, order.orderNo, [0, 1], 'flight_canceled');
    expect(v).toMatchObject({ status: 'refunding', handlingFee: { amount: 0 } });
    expect(v.actual.amount).toBe(order.total);
    expect(v.lines.every((l) => l.fee.amount === 0 && l.noShowFee.amount === 0)).toBe(true);
    expect(await ticketStatuses(order.id)).toEqual([TicketStatus.refunded, TicketStatus.refunded]);
    // The adult's seat and the lap infant's place both go back (the infant takes no seat).
    expect(await cabin()).toEqual({ sold: held.sold - 1, infant_sold: held.infant_sold - 1 });
  });

  it('the queue lists requests with their age against the promise; the roles are enforced', async () => {
    const order = await ticketed();
    const v = await submitted(member, order.orderNo, [0]);
    const fresh = await callAsStaff(t, auditor, 'GET', '/refunds?status=auditing');
    const page = envelope(ZAdminRefundOrderPage).parse(fresh.body).data;
    const row = page.list.find((r) => r.refundNo === v.refundNo)!;
    expect(row).toMatchObject({ overdue: false, ageMinutes: 0, passengerCount: 1 });
    // One order's requests, whatever their status (the console's order page links here).
    const another = await ticketed();
    await submitted(member, another.orderNo, [0]);
    const ofOrder = await callAsStaff(t, auditor, 'GET', `/refunds?orderNo=${order.orderNo}`);
    expect(ofOrder.body.data.list.map((r: { refundNo: string }) => r.refundNo)).toEqual([v.refundNo]);
    await moveClock(new Date(clock.getTime() + 4 * DAY));
    auditor = await signInStaff(t, ['auditor']);
    agent = await signInStaff(t, ['agent']);
    const late = await callAsStaff(t, auditor, 'GET', '/refunds?overdue=true&minAgeHours=48');
    expect(late.body.data.list.map((r: { refundNo: string }) => r.refundNo)).toContain(v.refundNo);
    const refused = await approve(v.refundNo, auditor);
    expect(refused.status).toBe(403);
    const detail = await callAsStaff(t, auditor, 'GET', `/refunds/${v.refundNo}`);
    expect(detail.body.data.events.map((e: { type: string }) => e.type)).toEqual(['created', 'applied']);
    expect((await callAsStaff(t, auditor, 'GET', '/refunds/R000000000009')).body.code).toBe('4110');
  });
});

describe('getRefundList', () => {
  it("lists a member's refunds, and a guest's of the order their full grant proves", async () => {
    const mine = await ticketed();
    const v = await submitted(member, mine.orderNo, [0]);
    const res = await call(member, 'getRefundList', {});
    const list = envelope(ZRefundListResponse).parse(res.body).data;
    expect(list.list.map((r) => r.refundNo)).toContain(v.refundNo);
    const theirs = await call(other, 'getRefundList', {});
    expect(theirs.body.data.list.map((r: { refundNo: string }) => r.refundNo)).not.toContain(v.refundNo);

    const guestOrder = await ticketed({ userId: null });
    const guest = client(t);
    const g = await submitted(guest, guestOrder.orderNo, [0]).catch(() => null);
    expect(g).toBeNull();
    const made = await draft(
      guest,
      guestOrder.orderNo,
      [0],
      'plans_changed',
      grant(guestOrder.orderNo, 'full'),
    );
    await call(guest, 'confirmRefund', { refundNo: made.refundNo }, grant(guestOrder.orderNo, 'full'));
    const guestList = await call(guest, 'getRefundList', {}, grant(guestOrder.orderNo, 'full'));
    expect(guestList.body.data.list.map((r: { refundNo: string }) => r.refundNo)).toEqual([made.refundNo]);
  });
});

describe('only the owner may refund (BOLA on every call)', () => {
  it.each(['flightTimeCheck', 'queryPassengerInfo', 'pasngerTicketCheck', 'refundSchedule', 'createRefund'])(
    '%s refuses another member, a guest without a grant and a limited grant (670)',
    async (name) => {
      const order = await ticketed();
      const body = {
        orderNo: order.orderNo,
        passengerSeqs: [0],
        reasonCode: 'plans_changed',
        idempotencyKey: randomUUID(),
      };
      expect((await call(other, name, body)).body.code).toBe('670');
      expect((await call(client(t), name, body)).body.code).toBe('670');
      expect((await call(client(t), name, body, grant(order.orderNo, 'limited'))).body.code).toBe('670');
      expect((await call(other, name, body, grant(order.orderNo, 'limited'))).body.code).toBe('670');
      // The full grant (order number + document number) may.
      expect((await call(client(t), name, body, grant(order.orderNo, 'full'))).body.code).toBe('0');
    },
  );

  it('confirmRefund, getRefundDetail and getRefundList refuse everyone else', async () => {
    const order = await ticketed();
    const d = await draft(member, order.orderNo, [0]);
    const limited = grant(order.orderNo, 'limited');
    for (const c of [other, client(t)]) {
      expect((await call(c, 'confirmRefund', { refundNo: d.refundNo })).body.code).toBe('670');
      expect((await call(c, 'confirmRefund', { refundNo: d.refundNo }, limited)).body.code).toBe('670');
      expect((await call(c, 'getRefundDetail', { refundNo: d.refundNo })).body.code).toBe('682');
      expect((await call(c, 'getRefundDetail', { refundNo: d.refundNo }, limited)).body.code).toBe('682');
      expect((await call(c, 'getRefundList', { orderNo: order.orderNo })).body.code).toBe('670');
      expect((await call(c, 'getRefundList', { orderNo: order.orderNo }, limited)).body.code).toBe('670');
    }
    expect((await call(client(t), 'getRefundList', {})).body.code).toBe('670');
    expect(await ticketStatuses(order.id)).toEqual([TicketStatus.issued]);
  });

  it('a member who linked the order may refund it as its owner', async () => {
    const order = await ticketed({ userId: null });
    expect((await call(other, 'flightTimeCheck', { orderNo: order.orderNo })).body.code).toBe('670');
    // Linking (booking's order links) writes this row after proving the PNR and a surname.
    await t.database.pool.query(
      `insert into order_links (user_id, order_id, kind) values ($1, $2, 'order')`,
      [otherId, order.id],
    );
    const res = await call(other, 'flightTimeCheck', { orderNo: order.orderNo });
    expect(res.body.code).toBe('0');
  });
});
