import { randomUUID } from 'node:crypto';
import { OrderPayStatus } from '@wings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { aPrivateFlight, aReturnFlight } from '../../../test/scenarios';
import { client, fieldsOf, registerUser } from '../../../test/support/clients';
import { ORDER_NO_PATTERN, PNR_PATTERN } from './order-numbers';
import { type Client, contact, inventory, offerFor, party, passenger, solvedCaptcha } from './test-support';

const URL = '/travelsky/ibe/saveTicketOrder';

async function orderRow(t: TestApp, orderNo: string) {
  const { rows } = await t.database.pool.query(
    `select o.*, (select coalesce(sum(amount), 0)::int from order_price_lines l where l.order_id = o.id) as line_total
       from orders o where order_no = $1`,
    [orderNo],
  );
  return rows[0];
}

describe('saveTicketOrder (issue 4: an order that holds its seats)', () => {
  let t: TestApp;
  let member: Client;
  let memberId: string;

  beforeAll(async () => {
    t = await createTestApp();
    member = client(t);
    memberId = (await registerUser(t, member)).userId;
  });
  afterAll(() => t.close());

  it('books one way for a member: seats held, lines add up to the amount due, readable numbers', async () => {
    const out = await aPrivateFlight(t, { from: 'KTI', to: 'SIN' });
    const before = await inventory(t, out.flightId, 'M');
    const offerId = await offerFor(member, [1, 0, 0], [{ flightId: out.flightId, bookingClass: 'M' }]);
    const res = await member.post(URL, {
      offerId,
      passengers: party([1, 0, 0], out.depLocalDate),
      contact,
      idempotencyKey: randomUUID(),
      acceptTerms: true,
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe('0');
    const order = res.body.data;
    expect(order.orderNo).toMatch(ORDER_NO_PATTERN);
    expect(order.pnr).toMatch(PNR_PATTERN);
    expect(order.status).toBe(OrderPayStatus.un_paid);
    const deadline = Date.parse(order.payDeadline);
    expect(deadline - Date.now()).toBeGreaterThan(19 * 60_000);
    expect(deadline - Date.now()).toBeLessThanOrEqual(20 * 60_000);

    const row = await orderRow(t, order.orderNo);
    expect(row.user_id).toBe(memberId);
    expect(row.language).toBe(1);
    expect(row.line_total).toBe(order.amountDue.amount);
    expect(order.amountDue).toEqual(order.price.total);
    const after = await inventory(t, out.flightId, 'M');
    expect(after.classSold - before.classSold).toBe(1);
    expect(after.cabinSold - before.cabinSold).toBe(1);
    const events = await t.database.pool.query('select type, actor from order_events where order_id = $1', [
      row.id,
    ]);
    expect(events.rows).toEqual([{ type: 'created', actor: `user:${memberId}` }]);
  });

  it('books a return for 2 adults, 1 child and 1 infant: holds per segment, lines per passenger', async () => {
    const out = await aPrivateFlight(t, { from: 'KTI', to: 'SIN' });
    const back = await aReturnFlight(t, out, { days: 4 });
    const [outBefore, backBefore] = [
      await inventory(t, out.flightId, 'M'),
      await inventory(t, back.flightId, 'M'),
    ];
    const offerId = await offerFor(
      member,
      [2, 1, 1],
      [
        { flightId: out.flightId, bookingClass: 'M' },
        { flightId: back.flightId, bookingClass: 'M' },
      ],
    );
    const res = await member.post(URL, {
      offerId,
      passengers: party([2, 1, 1], out.depLocalDate),
      contact,
      idempotencyKey: randomUUID(),
      acceptTerms: true,
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe('0');
    const order = res.body.data;
    const row = await orderRow(t, order.orderNo);
    expect(row.line_total).toBe(order.amountDue.amount);
    expect(
      order.price.lines.map((l: { passengerType: number; count: number }) => [l.passengerType, l.count]),
    ).toEqual([
      [1, 2],
      [2, 1],
      [3, 1],
    ]);

    const holds = await t.database.pool.query(
      'select flight_id, booking_class, seats, infants, released_at from order_holds where order_id = $1 order by flight_id',
      [row.id],
    );
    expect(holds.rows).toEqual(
      [out, back]
        .map((f) => ({ flight_id: f.flightId, booking_class: 'M', seats: 3, infants: 1, released_at: null }))
        .sort((a, b) => Number(a.flight_id) - Number(b.flight_id)),
    );
    for (const [f, before] of [
      [out, outBefore],
      [back, backBefore],
    ] as const) {
      const after = await inventory(t, f.flightId, 'M');
      expect(after.classSold - before.classSold).toBe(3);
      expect(after.cabinSold - before.cabinSold).toBe(3);
      expect(after.infantSold - before.infantSold).toBe(1);
    }
    const counts = await t.database.pool.query(
      `select (select count(*)::int from order_segments where order_id = $1) as segments,
              (select count(*)::int from order_passengers where order_id = $1) as passengers,
              (select count(distinct passenger_id)::int from order_price_lines where order_id = $1) as priced`,
      [row.id],
    );
    expect(counts.rows[0]).toEqual({ segments: 2, passengers: 4, priced: 4 });
  });

  it('gives one order for one idempotency key, one after the other and in parallel', async () => {
    const out = await aPrivateFlight(t, { from: 'KTI', to: 'SIN' });
    const before = await inventory(t, out.flightId, 'M');
    const offerId = await offerFor(member, [1, 0, 0], [{ flightId: out.flightId, bookingClass: 'M' }]);
    const body = {
      offerId,
      passengers: party([1, 0, 0], out.depLocalDate),
      contact,
      idempotencyKey: randomUUID(),
      acceptTerms: true,
    };
    const first = await member.post(URL, body);
    const again = await member.post(URL, body);
    expect(first.body.code).toBe('0');
    expect(again.body.data).toEqual(first.body.data);

    const tap = { ...body, idempotencyKey: randomUUID() };
    const taps = await Promise.all([member.post(URL, tap), member.post(URL, tap), member.post(URL, tap)]);
    expect(taps.map((r) => r.body.code)).toEqual(['0', '0', '0']);
    expect(new Set(taps.map((r) => r.body.data.orderNo)).size).toBe(1);

    const orders = await t.database.pool.query(
      'select count(*)::int as n from orders where idempotency_key = any($1)',
      [[body.idempotencyKey, tap.idempotencyKey]],
    );
    expect(orders.rows[0].n).toBe(2);
    const after = await inventory(t, out.flightId, 'M');
    expect(after.classSold - before.classSold).toBe(2);

    // The same key from someone else never shows this order.
    const stranger = client(t);
    await registerUser(t, stranger);
    const stolen = await stranger.post(URL, body);
    // Issue 9: refused with a catalogue error of its own (615), no longer a 400.
    expect(stolen.body.code).toBe('615');
    expect(stolen.body.data.orderNo).toBeUndefined();
    expect(fieldsOf(stolen.body)).toEqual(['idempotencyKey']);
  });

  it('asks guests for a captcha (602) and books for them with it', async () => {
    const out = await aPrivateFlight(t, { from: 'KTI', to: 'SIN' });
    const guest = client(t);
    const offerId = await offerFor(guest, [1, 0, 0], [{ flightId: out.flightId, bookingClass: 'M' }]);
    const body = {
      offerId,
      passengers: party([1, 0, 0], out.depLocalDate),
      contact,
      idempotencyKey: randomUUID(),
      acceptTerms: true,
    };
    const none = await guest.post(URL, body);
    expect(none.body).toMatchObject({ code: '602', data: { captchaRequired: true } });
    const wrong = await guest.post(URL, {
      ...body,
      captchaId: await solvedCaptcha(t, guest),
      captcha: 'zzzz',
    });
    expect(wrong.body.code).toBe('602');

    const res = await guest.post(URL, { ...body, captchaId: await solvedCaptcha(t, guest), captcha: 'ABCD' });
    expect(res.body.code, JSON.stringify(res.body)).toBe('0');
    const row = await orderRow(t, res.body.data.orderNo);
    expect(row.user_id).toBeNull();
    const events = await t.database.pool.query('select actor from order_events where order_id = $1', [
      row.id,
    ]);
    expect(events.rows).toEqual([{ actor: 'guest' }]);
    // A retry of the same order needs no new captcha: the key answers it.
    const replay = await guest.post(URL, body);
    expect(replay.body.data.orderNo).toBe(res.body.data.orderNo);
  });

  it('answers 609 to a guest booking another nationality, naming the allowed ones; a member may', async () => {
    const out = await aPrivateFlight(t, { from: 'KTI', to: 'SIN' });
    const guest = client(t);
    const offerId = await offerFor(guest, [1, 0, 0], [{ flightId: out.flightId, bookingClass: 'M' }]);
    const body = {
      offerId,
      passengers: [passenger(1, 0, out.depLocalDate, { nationality: 'US' })],
      contact,
      idempotencyKey: randomUUID(),
      acceptTerms: true,
    };
    const res = await guest.post(URL, { ...body, captchaId: await solvedCaptcha(t, guest), captcha: 'abcd' });
    expect(res.body.code).toBe('609');
    expect(res.body.message).toContain('Cambodia, China, Thailand');
    expect(fieldsOf(res.body)).toEqual(['passengers.0.nationality']);

    const ok = await member.post(URL, { ...body, idempotencyKey: randomUUID() });
    expect(ok.body.code, JSON.stringify(ok.body)).toBe('0');
  });

  it('answers 400 with the fields when a rule is broken, and holds nothing', async () => {
    const out = await aPrivateFlight(t, { from: 'KTI', to: 'SIN' });
    const before = await inventory(t, out.flightId, 'M');
    const offerId = await offerFor(member, [1, 0, 0], [{ flightId: out.flightId, bookingClass: 'M' }]);
    const res = await member.post(URL, {
      offerId,
      passengers: [passenger(1, 0, out.depLocalDate, { docNumber: '1' })],
      contact: { ...contact, email: 'a_b@example.com' },
      idempotencyKey: randomUUID(),
      acceptTerms: true,
    });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body).sort()).toEqual(['contact.email', 'passengers.0.docNumber']);
    expect(await inventory(t, out.flightId, 'M')).toEqual(before);
  });

  it('answers 301 for an expired offer and 204 when the class sold out since the offer', async () => {
    const out = await aPrivateFlight(t, { from: 'KTI', to: 'SIN' });
    const offerId = await offerFor(member, [2, 0, 0], [{ flightId: out.flightId, bookingClass: 'M' }]);
    const body = {
      offerId,
      passengers: party([2, 0, 0], out.depLocalDate),
      contact,
      idempotencyKey: randomUUID(),
      acceptTerms: true,
    };
    // Other channels sell the class down to one seat: two cannot be held.
    await t.database.pool.query(
      `update flight_class_inventory set authorised_limit = sold + external_sold + 1
        where flight_id = $1 and booking_class = 'M'`,
      [out.flightId],
    );
    const before = await inventory(t, out.flightId, 'M');
    const soldOut = await member.post(URL, body);
    expect(soldOut.body.code).toBe('204');
    // Spec §8: saveTicketOrder's 204 and 301 show the system error; the reason follows in data.
    expect(soldOut.body.message).toBe('The system is running poorly. Please try again later.');
    expect(soldOut.body.data).toEqual({
      detail: 'The seats at this fare have just sold out. Please choose again.',
      reason: 'seats_sold_out',
    });
    expect(await inventory(t, out.flightId, 'M')).toEqual(before);
    const none = await t.database.pool.query(
      'select count(*)::int as n from orders where idempotency_key = $1',
      [body.idempotencyKey],
    );
    expect(none.rows[0].n).toBe(0);

    await t.database.pool.query(`update offers set expires_at = now() - interval '1 second' where id = $1`, [
      offerId,
    ]);
    const expired = await member.post(URL, { ...body, idempotencyKey: randomUUID() });
    expect(expired.body.code).toBe('301');
    expect(expired.body.message).toBe('The system is running poorly. Please try again later.');
    expect(expired.body.data.reason).toBe('offer_expired');
  });

  it('applies a promo code: discount lines, one use counted; a code used up answers 400 on promoCode', async () => {
    const code = `BK${randomUUID()
      .slice(0, 6)
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, 'X')}`;
    await t.database.pool.query(
      `insert into promo_codes (code, title_zh, title_en, title_km, kind, value, valid_from, valid_to, usage_limit, listed)
       values ($1, 'T', 'T', 'T', 'percent', 10, now() - interval '1 day', now() + interval '30 days', 1, 0)`,
      [code],
    );
    const out = await aPrivateFlight(t, { from: 'KTI', to: 'SIN' });
    const offerId = await offerFor(member, [2, 0, 0], [{ flightId: out.flightId, bookingClass: 'M' }]);
    const body = { offerId, passengers: party([2, 0, 0], out.depLocalDate), contact, acceptTerms: true };
    const plain = (await member.post('/travelsky/ibe/computePrice', { offerId })).body.data;
    const first = { ...body, promoCode: code.toLowerCase(), idempotencyKey: randomUUID() };
    const res = await member.post(URL, first);
    expect(res.body.code, JSON.stringify(res.body)).toBe('0');
    const order = res.body.data;
    // Replayed from the stored lines, the order reads exactly as when it was made.
    expect((await member.post(URL, first)).body.data).toEqual(order);
    expect(order.price.promo).toEqual({ code, applied: true, reason: null });
    expect(order.price.discount.amount).toBeGreaterThan(0);
    expect(order.amountDue.amount).toBe(plain.total.amount - order.price.discount.amount);
    const row = await orderRow(t, order.orderNo);
    expect(row.promo_code).toBe(code);
    expect(row.line_total).toBe(order.amountDue.amount);
    const used = await t.database.pool.query('select used_count from promo_codes where code = $1', [code]);
    expect(used.rows[0].used_count).toBe(1);

    const again = await member.post(URL, { ...body, promoCode: code, idempotencyKey: randomUUID() });
    expect(again.status).toBe(400);
    expect(again.body.data.fields).toEqual([
      expect.objectContaining({ field: 'promoCode', key: 'promo.used_up' }),
    ]);
  });
});
