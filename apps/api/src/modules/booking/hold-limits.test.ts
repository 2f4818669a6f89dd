import { randomUUID } from 'node:crypto';
import { OrderPayStatus } from '@wings/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { aPrivateFlight, aReturnFlight, type PrivateFlight, payOrder } from '../../../test/scenarios';
import { client, registerUser } from '../../../test/support/clients';
import { holderOf } from './booking.service';
import { type Client, contact, offerFor, party, solvedCaptcha } from './test-support';

const URL = '/travelsky/ibe/saveTicketOrder';
const MINUTE = 60_000;
/** The production defaults (config.ts); the other test files turn the limits off. */
const LIMITS = {
  BOOKING_MAX_UNPAID_ORDERS: '3',
  BOOKING_MAX_UNPAID_SEATS: '18',
  BOOKING_MAX_UNPAID_SEATS_PER_FLIGHT: '9',
};

describe('hold limits (issue 9: one account held 153 of 155 seats with unpaid orders)', () => {
  let t: TestApp;
  let clock = new Date();

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock, env: LIMITS });
  });
  afterEach(() => {
    clock = new Date();
  });
  afterAll(() => t.close());

  async function member(): Promise<Client> {
    const c = client(t);
    await registerUser(t, c);
    return c;
  }

  /** A saveTicketOrder body for `counts` on the flights (class M); guests' captchas are added by the caller. */
  async function orderBody(
    by: Client,
    counts: [number, number, number],
    flights: PrivateFlight[],
  ): Promise<Record<string, unknown>> {
    const offerId = await offerFor(
      by,
      counts,
      flights.map((f) => ({ flightId: f.flightId, bookingClass: 'M' })),
    );
    return {
      offerId,
      passengers: party(counts, flights[0]!.depLocalDate),
      contact,
      idempotencyKey: randomUUID(),
      acceptTerms: true,
    };
  }

  async function unpaidOf(userId: string | null, ip?: string) {
    const { rows } = await t.database.pool.query(
      `select count(distinct o.id)::int as orders, coalesce(sum(h.seats), 0)::int as seats
         from orders o left join order_holds h on h.order_id = o.id and h.released_at is null
        where o.status = ${OrderPayStatus.un_paid} and o.holder = $1`,
      [userId ? `user:${userId}` : `ip:${ip}`],
    );
    return rows[0];
  }

  it('stops 20 parallel orders of one account at 3 unpaid orders; another account still books', async () => {
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'HAN' });
    const hoarder = await member();
    const body = await orderBody(hoarder, [1, 0, 0], [flight]);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => hoarder.post(URL, { ...body, idempotencyKey: randomUUID() })),
    );
    const codes = replies.map((r) => r.body.code);
    expect(codes.filter((c) => c === '0')).toHaveLength(3);
    expect(codes.filter((c) => c === '614')).toHaveLength(17);
    const refused = replies.find((r) => r.body.code === '614')!.body;
    expect(refused.message).toBe(
      'You have 3 unpaid orders, the most allowed at once. Pay one, or let one lapse at its payment deadline, before booking another.',
    );
    expect(refused.data).toMatchObject({ limit: 3, unpaidOrders: 3 });
    const held = await t.database.pool.query(
      `select count(*)::int as n from orders where order_no = any($1) and status = ${OrderPayStatus.un_paid}`,
      [replies.filter((r) => r.body.code === '0').map((r) => r.body.data.orderNo)],
    );
    expect(held.rows[0].n).toBe(3);

    // Another traveller is not held up by the hoarder.
    const other = await member();
    const theirs = await other.post(URL, await orderBody(other, [1, 0, 0], [flight]));
    expect(theirs.body.code, JSON.stringify(theirs.body)).toBe('0');

    // The refusal is in the caller's language.
    const zh = await hoarder.post(URL, { ...body, idempotencyKey: randomUUID() }, { language: '0' });
    expect(zh.body.message).toContain('您已有 3 个未支付订单');
    const km = await hoarder.post(URL, { ...body, idempotencyKey: randomUUID() }, { language: '2' });
    expect(km.body.message).toMatch(/[\u1780-\u17FF]/);
  });

  it('stops 20 parallel guest orders from one address at 3; another address still books', async () => {
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'HAN' });
    const bot = client(t);
    const body = await orderBody(bot, [1, 0, 0], [flight]);
    // Each guest order solves its own captcha (fetched from elsewhere, so no captcha limit is in the way).
    const captchas = await Promise.all(Array.from({ length: 20 }, () => solvedCaptcha(t, client(t))));
    const replies = await Promise.all(
      captchas.map((captchaId) =>
        bot.post(URL, { ...body, idempotencyKey: randomUUID(), captchaId, captcha: 'abcd' }),
      ),
    );
    const codes = replies.map((r) => r.body.code);
    expect(codes.filter((c) => c === '0')).toHaveLength(3);
    expect(codes.filter((c) => c === '614')).toHaveLength(17);
    expect(await unpaidOf(null, bot.ip)).toEqual({ orders: 3, seats: 3 });

    const neighbour = client(t);
    const theirs = await neighbour.post(URL, {
      ...(await orderBody(neighbour, [1, 0, 0], [flight])),
      captchaId: await solvedCaptcha(t, client(t)),
      captcha: 'abcd',
    });
    expect(theirs.body.code, JSON.stringify(theirs.body)).toBe('0');
  });

  it('counts a guest on IPv6 by its /64, so rotating addresses does not lift the limits', () => {
    const a = holderOf({ userId: null, ip: '2001:db8:12:34:aaaa:bbbb:cccc:1' });
    expect(a).toBe('ip:2001:db8:12:34::/64');
    expect(holderOf({ userId: null, ip: '2001:0db8:0012:0034::2' })).toBe(a);
    expect(holderOf({ userId: null, ip: '2001:db8:12:35::1' })).not.toBe(a);
    expect(holderOf({ userId: null, ip: '::ffff:10.1.2.3' })).toBe('ip:10.1.2.3');
    expect(holderOf({ userId: 'u-1', ip: '10.1.2.3' })).toBe('user:u-1');
  });

  it('holds at most 9 unpaid seats on one flight per account, also when orders race', async () => {
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'HAN' });
    const family = await member();
    // Four at a time: two orders fit in 9 seats, the third would make 12.
    const body = await orderBody(family, [4, 0, 0], [flight]);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => family.post(URL, { ...body, idempotencyKey: randomUUID() })),
    );
    const codes = replies.map((r) => r.body.code);
    expect(codes.filter((c) => c === '0')).toHaveLength(2);
    expect(codes.filter((c) => c === '614')).toHaveLength(8);
    const refused = replies.find((r) => r.body.code === '614')!.body;
    expect(refused.message).toBe(
      `You already hold 8 unpaid seats on flight ${flight.flightNo} ${flight.depLocalDate}; at most 9 seats on one flight can be held unpaid. Pay that order first.`,
    );
    expect(refused.data).toMatchObject({ limit: 9, flightId: flight.flightId, seatsOnFlight: 8 });

    // One more seat fits; the same family books another flight freely.
    expect((await family.post(URL, await orderBody(family, [1, 0, 0], [flight]))).body.code).toBe('0');
    const other = await aPrivateFlight(t, { from: 'KTI', to: 'HAN' });
    const elsewhere = await family.post(URL, await orderBody(family, [1, 0, 0], [other]));
    expect(elsewhere.body.code).toBe('614'); // now the 4th unpaid order
    expect(elsewhere.body.message).toContain('You have 3 unpaid orders');
  });

  it('holds at most 18 unpaid seats in all: a full party on a return, then nothing more', async () => {
    const out = await aPrivateFlight(t, { from: 'KTI', to: 'HAN' });
    const back = await aReturnFlight(t, out, { days: 4 });
    const family = await member();
    const trip = await family.post(URL, await orderBody(family, [9, 0, 0], [out, back]));
    expect(trip.body.code, JSON.stringify(trip.body)).toBe('0');
    const more = await family.post(
      URL,
      await orderBody(family, [1, 0, 0], [await aPrivateFlight(t, { from: 'KTI', to: 'HAN' })]),
    );
    expect(more.body.code).toBe('614');
    expect(more.body.message).toBe(
      'Your unpaid orders already hold 18 seats; at most 18 seats can be held unpaid at once (a return counts a seat on each flight). Pay an order before booking more seats.',
    );
  });

  it('frees the limit when an order is paid or expires', async () => {
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'HAN' });
    const c = await member();
    const orders: { id: string; orderNo: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await c.post(URL, await orderBody(c, [1, 0, 0], [flight]));
      expect(res.body.code, JSON.stringify(res.body)).toBe('0');
      const { rows } = await t.database.pool.query('select id from orders where order_no = $1', [
        res.body.data.orderNo,
      ]);
      orders.push({ id: rows[0].id, orderNo: res.body.data.orderNo });
    }
    expect((await c.post(URL, await orderBody(c, [1, 0, 0], [flight]))).body.code).toBe('614');

    // Paid (a payment the gateway confirmed): no longer unpaid, so one more order fits.
    await payOrder(t, orders[0]!);
    expect((await c.post(URL, await orderBody(c, [1, 0, 0], [flight]))).body.code).toBe('0');
    expect((await c.post(URL, await orderBody(c, [1, 0, 0], [flight]))).body.code).toBe('614');

    // Past their deadline the unpaid orders expire and stop counting.
    clock = new Date(Date.now() + 21 * MINUTE);
    expect((await t.app.booking.expireOrder(orders[1]!.id)).expired).toBe(true);
    const after = await c.post(URL, await orderBody(c, [1, 0, 0], [flight]));
    expect(after.body.code, JSON.stringify(after.body)).toBe('0');
  });
});
