import { randomUUID } from 'node:crypto';
import {
  envelope,
  TicketStatus,
  ZAdminDisruptedFlightDetail,
  ZAdminDisruptedFlightPage,
  ZDisruptionResponse,
  ZRefundOrderView,
} from '@wings/contracts';
import { addDays } from '@wings/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { aPaidOrderWithTickets, aPrivateFlight, type PrivateFlight } from '../../../test/scenarios';
import type { Client } from '../../../test/support/booking';
import { client, registerUser } from '../../../test/support/clients';
import { callAsStaff, expectOnlyRoles, type SignedInStaff, signInStaff } from '../../../test/support/staff';
import { signOrderGrant } from '../../platform/order-grant';
import { SandboxLedger } from '../../platform/payments/sandbox/sandbox.repository';
import { serverKeys } from '../../platform/secrets';

/*
 * When the airline changes a flight (issue 16): staff retime or cancel a dated flight in the
 * console (the network's staff calls, as network.admin-routes.test.ts does), then the traveller's
 * banner (queryDisruption), accepting the new time (chooseDisruption, once), access on both calls,
 * the full refund without fee of a China route the airline canceled, and the console's disrupted
 * flights with each passenger's answer. Flights are private (190+ days ahead).
 */

const BASE = '/ca/caweb/backend/changeTicket';
const HOUR = 3_600_000;

let t: TestApp;
const clock = new Date();
let member: Client;
let memberId: string;
let other: Client;
let admin: SignedInStaff;
let auditor: SignedInStaff;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  member = client(t);
  memberId = (await registerUser(t, member)).userId;
  other = client(t);
  await registerUser(t, other);
  admin = await signInStaff(t, ['admin']);
  auditor = await signInStaff(t, ['auditor']);
});
afterAll(() => t.close());

/** A member's ticketed order on the flight, paid on the sandbox's page (its ledger holds the payment). */
async function ticketed(flight: PrivateFlight, spec: { bookingClass?: string; userId?: string | null } = {}) {
  const order = await aPaidOrderWithTickets(t, {
    flight,
    passengers: [1, 0, 0],
    userId: spec.userId === undefined ? memberId : spec.userId,
    ...(spec.bookingClass ? { bookingClass: spec.bookingClass } : {}),
  });
  await new SandboxLedger(t.database.db).settle(`sbx_${order.paymentId}`, 'succeeded', clock);
  return order;
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

async function query(c: Client, orderNo: string, headers: Record<string, string> = {}) {
  return c.post(`${BASE}/queryDisruption`, { orderNo }, headers);
}

function disruptions(body: unknown) {
  return envelope(ZDisruptionResponse).parse(body).data.disruptions;
}

async function retime(flight: PrivateFlight, reason = 'crew rest') {
  const res = await callAsStaff(t, admin, 'POST', `/flights/${flight.flightId}/retime`, {
    depLocal: `${flight.depLocalDate}T13:45`,
    arrLocal: `${flight.depLocalDate}T15:05`,
    reason,
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe('0');
  return res.body.data.flight as { depUtc: string; arrUtc: string };
}

async function cancel(flight: PrivateFlight, reason = 'aircraft unserviceable') {
  const res = await callAsStaff(t, admin, 'POST', `/flights/${flight.flightId}/cancel`, { reason });
  expect(res.body.code, JSON.stringify(res.body)).toBe('0');
}

async function eventsOf(orderId: string, type: string) {
  const { rows } = await t.database.pool.query<{ actor: string; data: Record<string, unknown> }>(
    'select actor, data from order_events where order_id = $1 and type = $2 order by id',
    [orderId, type],
  );
  return rows;
}

describe('queryDisruption and chooseDisruption', () => {
  it('shows a retimed flight pending with every way open; accepting writes the answer and its event once', async () => {
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'SAI' });
    const order = await ticketed(flight);
    // Before the airline changes anything, there is nothing to show.
    expect(disruptions((await query(member, order.orderNo)).body)).toEqual([]);

    const after = await retime(flight);
    const res = await query(member, order.orderNo);
    expect(res.body.code, JSON.stringify(res.body)).toBe('0');
    const [d] = disruptions(res.body);
    expect(d).toMatchObject({
      segmentSeq: 0,
      flightId: flight.flightId,
      flightNo: flight.flightNo,
      depCode: 'KTI',
      arrCode: 'SAI',
      kind: 'retimed',
      before: { depUtc: flight.depUtc.toISOString(), arrUtc: flight.arrUtc.toISOString() },
      after: { depUtc: after.depUtc, arrUtc: after.arrUtc },
      reason: 'crew rest',
      choice: 'pending',
      chosenAt: null,
      mayAccept: true,
      mayMove: true,
      mayRefund: true,
      moveFrom: addDays(flight.depLocalDate, -3),
      moveTo: addDays(flight.depLocalDate, 3),
      changeNo: null,
      refundNo: null,
    });

    // The e-mail says what they may do and links to their ticket detail.
    const { rows: mails } = await t.database.pool.query<{ text_body: string }>(
      'select text_body from mail_outbox where to_address = $1 order by created_at',
      [order.email],
    );
    const told = mails.map((m) => m.text_body).find((b) => b.includes(flight.flightNo)) ?? '';
    expect(told).toContain(`/#/pages/ticket/ticket-detail/ticket-detail?orderNo=${order.orderNo}`);

    const body = { orderNo: order.orderNo, flightId: flight.flightId, choice: 'accepted' };
    const accepted = await member.post(`${BASE}/chooseDisruption`, body);
    expect(accepted.body.code, JSON.stringify(accepted.body)).toBe('0');
    const [a] = disruptions(accepted.body);
    expect(a).toMatchObject({ choice: 'accepted', mayAccept: false, mayMove: true, mayRefund: true });
    expect(a!.chosenAt).toBe(clock.toISOString());
    const events = await eventsOf(order.id, 'disruption_accepted');
    expect(events).toMatchObject([{ actor: `user:${memberId}`, data: { flightId: flight.flightId } }]);

    // The first answer stands: accepting again changes nothing.
    const again = await member.post(`${BASE}/chooseDisruption`, body);
    expect(again.body.code).toBe('0');
    expect(disruptions(again.body)[0]).toMatchObject({ choice: 'accepted', chosenAt: a!.chosenAt });
    expect(await eventsOf(order.id, 'disruption_accepted')).toHaveLength(1);

    // A flight of the order the airline did not change: 733.
    const other = await member.post(`${BASE}/chooseDisruption`, { ...body, flightId: '999999999' });
    expect(other.body.code).toBe('733');
  });

  it('answers 710 to another member and to a limited grant; a guest with the full grant may answer', async () => {
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'SAI' });
    const order = await ticketed(flight, { userId: null });
    await retime(flight, 'slot');
    const body = { orderNo: order.orderNo, flightId: flight.flightId, choice: 'accepted' };

    expect((await query(other, order.orderNo)).body.code).toBe('710');
    expect((await other.post(`${BASE}/chooseDisruption`, body)).body.code).toBe('710');
    const nobody = await guest();
    expect((await query(nobody, order.orderNo)).body.code).toBe('710');
    const limited = grant(order.orderNo, 'limited');
    expect((await query(nobody, order.orderNo, limited)).body.code).toBe('710');
    expect((await nobody.post(`${BASE}/chooseDisruption`, body, limited)).body.code).toBe('710');
    expect(await eventsOf(order.id, 'disruption_accepted')).toHaveLength(0);

    const full = grant(order.orderNo, 'full');
    expect(disruptions((await query(nobody, order.orderNo, full)).body)[0]).toMatchObject({
      choice: 'pending',
      mayAccept: true,
    });
    const chosen = await nobody.post(`${BASE}/chooseDisruption`, body, full);
    expect(chosen.body.code, JSON.stringify(chosen.body)).toBe('0');
    expect(disruptions(chosen.body)[0]!.choice).toBe('accepted');
    expect(await eventsOf(order.id, 'disruption_accepted')).toMatchObject([{ actor: 'guest' }]);
  });

  it('shows a canceled flight with a move and a refund but nothing to accept (733)', async () => {
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'SAI' });
    const order = await ticketed(flight);
    await cancel(flight);
    const [d] = disruptions((await query(member, order.orderNo)).body);
    expect(d).toMatchObject({
      kind: 'canceled',
      after: null,
      reason: 'aircraft unserviceable',
      choice: 'pending',
      mayAccept: false,
      mayMove: true,
      mayRefund: true,
    });
    const res = await member.post(`${BASE}/chooseDisruption`, {
      orderNo: order.orderNo,
      flightId: flight.flightId,
      choice: 'accepted',
    });
    expect(res.body.code).toBe('733');
  });
});

describe('the free move of a flight the airline changed', () => {
  it('moves an accepted retime free to a flight 2 days later: the answer becomes moved, the console shows it', async () => {
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'SAI' });
    const target = await aPrivateFlight(t, { from: 'KTI', to: 'SAI', date: addDays(flight.depLocalDate, 2) });
    const order = await ticketed(flight);
    await retime(flight, 'slot lost');
    const accepted = await member.post(`${BASE}/chooseDisruption`, {
      orderNo: order.orderNo,
      flightId: flight.flightId,
      choice: 'accepted',
    });
    expect(disruptions(accepted.body)[0]).toMatchObject({ choice: 'accepted', mayMove: true });

    const quote = await member.post(`${BASE}/checkChangeOrder`, {
      orderNo: order.orderNo,
      kind: 'disruption',
      reasonCode: 'flight_disrupted',
      legs: [{ segmentSeq: 0, flightId: target.flightId, depUtc: target.depUtc.toISOString() }],
      idempotencyKey: randomUUID(),
    });
    expect(quote.body.code, JSON.stringify(quote.body)).toBe('0');
    expect(quote.body.data.amount.amount).toBe(0);
    const saved = await member.post(`${BASE}/saveChangeOrder`, { changeNo: quote.body.data.changeNo });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe('0');
    expect(saved.body.data.status).toBe('succeeded');

    const [d] = disruptions((await query(member, order.orderNo)).body);
    expect(d).toMatchObject({
      flightId: flight.flightId,
      segmentSeq: 0,
      choice: 'moved',
      changeNo: quote.body.data.changeNo,
      mayAccept: false,
      mayMove: false,
      mayRefund: false,
    });
    // The order is on the new flight now; its history still names the changed one.
    const detail = await callAsStaff(t, auditor, 'GET', `/changes/disruptions/${flight.flightId}`);
    const found = envelope(ZAdminDisruptedFlightDetail)
      .parse(detail.body)
      .data.travellers.find((x) => x.orderNo === order.orderNo);
    expect(found).toMatchObject({
      choice: 'moved',
      changeNo: quote.body.data.changeNo,
      movedTo: { flightNo: target.flightNo, depUtc: target.depUtc.toISOString() },
    });
    expect(envelope(ZAdminDisruptedFlightDetail).parse(detail.body).data.choices).toMatchObject({ moved: 1 });
  });
});

describe('the refund without fee of a flight the airline changed', () => {
  it('refunds a China route the airline canceled in full, at once; a personal reason is still refused', async () => {
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'CAN' });
    const order = await ticketed(flight);
    const blocked = await member.post('/travelsky/refund/flightTimeCheck', { orderNo: order.orderNo });
    expect(blocked.body.data.block.reason).toBe('china_route');

    await cancel(flight);
    const open = await member.post('/travelsky/refund/flightTimeCheck', { orderNo: order.orderNo });
    expect(open.body.data).toMatchObject({ refundable: true, blocks: [] });
    const personal = await member.post('/travelsky/refund/refundSchedule', {
      orderNo: order.orderNo,
      passengerSeqs: [0],
      reasonCode: 'plans_changed',
    });
    expect(personal.body.code).toBe('675');

    const draft = await member.post('/travelsky/refund/createRefund', {
      orderNo: order.orderNo,
      passengerSeqs: [0],
      reasonCode: 'flight_canceled',
      idempotencyKey: randomUUID(),
    });
    expect(draft.body.code, JSON.stringify(draft.body)).toBe('0');
    expect(draft.body.data).toMatchObject({ handlingFee: { amount: 0 }, actual: { amount: order.total } });
    const confirmed = await member.post('/travelsky/refund/confirmRefund', {
      refundNo: draft.body.data.refundNo,
    });
    expect(confirmed.body.code, JSON.stringify(confirmed.body)).toBe('0');
    const v = envelope(ZRefundOrderView).parse(confirmed.body).data;
    expect(v).toMatchObject({ status: 'refunding', actual: { amount: order.total } });
    const { rows } = await t.database.pool.query<{ status: number }>(
      'select status from tickets where order_id = $1',
      [order.id],
    );
    expect(rows.map((r) => Number(r.status))).toEqual([TicketStatus.refunded]);

    const [d] = disruptions((await query(member, order.orderNo)).body);
    expect(d).toMatchObject({
      choice: 'refunded',
      refundNo: v.refundNo,
      mayAccept: false,
      mayMove: false,
      mayRefund: false,
    });
  });
});

describe('the console: disrupted flights and their travellers', () => {
  it('lists a changed flight with its counts per answer, and each passenger on its page', async () => {
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'SAI' });
    const accepting = await ticketed(flight);
    const waiting = await ticketed(flight);
    await retime(flight, 'late inbound');
    const ok = await member.post(`${BASE}/chooseDisruption`, {
      orderNo: accepting.orderNo,
      flightId: flight.flightId,
      choice: 'accepted',
    });
    expect(ok.body.code).toBe('0');

    const list = await callAsStaff(
      t,
      auditor,
      'GET',
      `/changes/disruptions?from=${flight.depLocalDate}&pageSize=100`,
    );
    expect(list.body.code, JSON.stringify(list.body)).toBe('0');
    const page = envelope(ZAdminDisruptedFlightPage).parse(list.body).data;
    const row = page.list.find((f) => f.flightId === flight.flightId);
    expect(row).toMatchObject({
      flightNo: flight.flightNo,
      depCode: 'KTI',
      arrCode: 'SAI',
      kind: 'retimed',
      before: { depUtc: flight.depUtc.toISOString() },
      passengers: 2,
      choices: { pending: 1, accepted: 1, moved: 0, refunded: 0 },
    });
    // Departures before `from` are left out.
    const later = await callAsStaff(
      t,
      auditor,
      'GET',
      `/changes/disruptions?from=${addDays(flight.depLocalDate, 1)}&pageSize=100`,
    );
    expect(later.body.data.list.map((f: { flightId: string }) => f.flightId)).not.toContain(flight.flightId);

    const detail = await callAsStaff(t, auditor, 'GET', `/changes/disruptions/${flight.flightId}`);
    expect(detail.body.code, JSON.stringify(detail.body)).toBe('0');
    const d = envelope(ZAdminDisruptedFlightDetail).parse(detail.body).data;
    expect(d.reason).toBe('late inbound');
    const byOrder = Object.fromEntries(d.travellers.map((x) => [x.orderNo, x]));
    expect(byOrder[accepting.orderNo]).toMatchObject({
      passengerSeq: 0,
      ticketNo: accepting.tickets[0],
      choice: 'accepted',
      chosenAt: clock.toISOString(),
      movedTo: null,
    });
    expect(byOrder[waiting.orderNo]).toMatchObject({ choice: 'pending', chosenAt: null });

    const never = await aPrivateFlight(t, { from: 'KTI', to: 'SAI' });
    const missing = await callAsStaff(t, auditor, 'GET', `/changes/disruptions/${never.flightId}`);
    expect(missing.body.code).toBe('4121');
    expect((await callAsStaff(t, auditor, 'GET', '/changes/disruptions/abc')).body.code).toBe('4121');
  });

  it('is read by the roles that read orders and flights', async () => {
    await expectOnlyRoles(t, { method: 'GET', url: '/api/admin/changes/disruptions' }, [
      'admin',
      'agent',
      'finance',
      'auditor',
    ]);
  });
});
