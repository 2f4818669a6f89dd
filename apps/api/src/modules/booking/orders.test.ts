import { createHmac, randomUUID } from 'node:crypto';
import { OrderPayStatus, TicketStatus } from '@wings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { aPrivateFlight } from '../../../test/scenarios';
import { type Client, contact, offerFor, passenger, solvedCaptcha } from '../../../test/support/booking';
import { client, type Reply, registerUser } from '../../../test/support/clients';
import { ORDER_GRANT_TTL_MS, signOrderGrant } from '../../platform/order-grant';
import { deriveKey, serverKeys } from '../../platform/secrets';
import { ORDER_DOCUMENT_LIMIT } from './orders.routes';

const LOOKUP = '/travelsky/ibe/queryOrderByOrderNo';
const UPGRADE = '/travelsky/ibe/upgradeOrderAccess';
const DETAIL = '/travelsky/ibe/getOrderDetail';
const MEMBER = '/travelsky/user/getMemberOrder';
const PAY_STATUS = '/travelsky/payment/status';
/** What the limited view (PNR + surname) shows of a passenger: names, type, title and ticket. */
const LIMITED_PASSENGER_FIELDS = [
  'givenName',
  'middleName',
  'passengerType',
  'seq',
  'surname',
  'ticket',
  'title',
];

interface Booked {
  orderNo: string;
  /** The flight it is booked on. */
  flightNo: string;
  pnr: string;
  amountDue: number;
  docs: string[];
  payDeadline: string;
  /** The grant saveTicketOrder answered with. */
  orderToken: string;
  orderTokenExpiresAt: string;
  /** The request, to replay it. */
  request: Record<string, unknown>;
}

/** An order of an adult and a child on a KTI-HKG flight of its own. */
async function book(t: TestApp, c: Client, guest = false): Promise<Booked> {
  const flight = await aPrivateFlight(t, { from: 'KTI', to: 'HKG' });
  const offerId = await offerFor(c, [1, 1, 0], [{ flightId: flight.flightId, bookingClass: 'M' }]);
  const tag = randomUUID().slice(0, 6).toUpperCase();
  const passengers = [
    passenger(1, 0, flight.depLocalDate, { docNumber: `E${tag}1234` }),
    passenger(2, 1, flight.depLocalDate, { docNumber: `E${tag}5678` }),
  ];
  const request = {
    offerId,
    passengers,
    contact,
    idempotencyKey: randomUUID(),
    acceptTerms: true,
    ...(guest ? { captchaId: await solvedCaptcha(t, c), captcha: 'abcd' } : {}),
  };
  const res = await c.post('/travelsky/ibe/saveTicketOrder', request);
  expect(res.body.code, JSON.stringify(res.body)).toBe('0');
  const o = res.body.data;
  return {
    orderNo: o.orderNo,
    flightNo: flight.flightNo,
    pnr: o.pnr,
    amountDue: o.amountDue.amount,
    docs: passengers.map((p) => p.docNumber),
    payDeadline: o.payDeadline,
    orderToken: o.orderToken,
    orderTokenExpiresAt: o.orderTokenExpiresAt,
    request,
  };
}

describe('orders: guest look-up, detail and member list (issue 5, BOLA on every order call)', () => {
  let clock = new Date();
  let t: TestApp;
  let alice: Client;
  let bob: Client;
  let guest: Client;
  let a1: Booked;
  let a2: Booked;
  let a3: Booked;
  let b1: Booked;
  let g1: Booked;
  /** A guest order of the document-limit test alone. */
  let g2: Booked;

  async function detail(
    c: Client,
    orderNo: string,
    orderToken?: string,
  ): Promise<{ status: number; body: Reply }> {
    const headers: Record<string, string> = c.headers();
    if (orderToken !== undefined) headers.orderToken = orderToken;
    const res = await t.app.inject({ method: 'GET', url: `/api${DETAIL}/${orderNo}`, headers });
    return { status: res.statusCode, body: res.json() as Reply };
  }

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    alice = client(t);
    bob = client(t);
    guest = client(t);
    await registerUser(t, alice);
    await registerUser(t, bob);
    // The clock moves a second between bookings, so "newest first" has one answer.
    const later = () => {
      clock = new Date(clock.getTime() + 1000);
    };
    a1 = await book(t, alice);
    later();
    a2 = await book(t, alice);
    later();
    a3 = await book(t, alice);
    later();
    b1 = await book(t, bob);
    later();
    g1 = await book(t, guest, true);
    later();
    g2 = await book(t, guest, true);
    // a1 is paid and ticketed; a3 canceled.
    await t.database.pool.query(`update orders set status = ${OrderPayStatus.paid} where order_no = $1`, [
      a1.orderNo,
    ]);
    await t.database.pool.query(`update orders set status = ${OrderPayStatus.canceled} where order_no = $1`, [
      a3.orderNo,
    ]);
    await t.database.pool.query(
      `insert into tickets (ticket_no, order_id, passenger_id, status)
       select '999' || lpad((1000000000 + (random() * 8000000000)::bigint + p.seq)::text, 10, '0'), p.order_id, p.id, 0
         from order_passengers p join orders o on o.id = p.order_id where o.order_no = $1`,
      [a1.orderNo],
    );
    // One coupon per leg; the first is flown (11 used).
    await t.database.pool.query(
      `insert into ticket_coupons (ticket_id, segment_id, coupon_no, usage)
       select k.id, s.id, s.seq + 1,
              case when p.seq = (select min(seq) from order_passengers where order_id = k.order_id) then 11 else 10 end
         from tickets k
         join order_passengers p on p.id = k.passenger_id
         join order_segments s on s.order_id = k.order_id
         join orders o on o.id = k.order_id
        where o.order_no = $1`,
      [a1.orderNo],
    );
  });
  afterAll(() => t.close());

  it('finds an order by order number + document number, and by PNR + surname in any case', async () => {
    const byDoc = await guest.post(LOOKUP, { orderNo: g1.orderNo, docNumber: g1.docs[1]!.toLowerCase() });
    expect(byDoc.body.code, JSON.stringify(byDoc.body)).toBe('0');
    expect(byDoc.body.data).toMatchObject({
      orderNo: g1.orderNo,
      pnr: g1.pnr,
      status: OrderPayStatus.un_paid,
      passengerCount: 2,
    });
    expect(byDoc.body.data.total.amount).toBe(g1.amountDue);
    expect(byDoc.body.data.legs[0].depTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+07:00$/);
    expect(typeof byDoc.body.data.accessToken).toBe('string');

    const byPnr = await guest.post(LOOKUP, { pnr: g1.pnr.toLowerCase(), surname: 'cHAN' });
    expect(byPnr.body.code, JSON.stringify(byPnr.body)).toBe('0');
    expect(byPnr.body.data.orderNo).toBe(g1.orderNo);

    // A member's order is found the same way by whoever holds its documents.
    const member = await guest.post(LOOKUP, { pnr: a1.pnr, surname: 'Chan' });
    expect(member.body.data.orderNo).toBe(a1.orderNo);
  });

  it('answers a wrong document number or surname exactly like an unknown order (CAS912)', async () => {
    const c = client(t);
    const replies = [
      await c.post(LOOKUP, { orderNo: g1.orderNo, docNumber: 'X9999999' }),
      await c.post(LOOKUP, { orderNo: 'NOSUCHORDER1', docNumber: g1.docs[0] }),
      // Another order's passenger document does not open this one.
      await c.post(LOOKUP, { orderNo: g1.orderNo, docNumber: a1.docs[0] }),
      await c.post(LOOKUP, { pnr: g1.pnr, surname: 'Smith' }),
      await c.post(LOOKUP, { pnr: 'ZZZZZZ', surname: 'Chan' }),
    ];
    for (const r of replies) {
      expect(r.status).toBe(200);
      expect(r.body).toEqual(replies[0]!.body);
    }
    expect(replies[0]!.body).toEqual({ code: 'CAS912', message: 'The order does not exist.', data: null });
  });

  it('refuses a malformed look-up with 400', async () => {
    const res = await guest.post(LOOKUP, { orderNo: g1.orderNo });
    expect(res.status).toBe(400);
  });

  it('limits look-ups per address: 20 in 10 minutes, then 429', async () => {
    const c = client(t);
    // Each try another order number, so only the per-address limit is met.
    for (let i = 0; i < 20; i++) {
      const r = await c.post(LOOKUP, { orderNo: `NOSUCHORDER${i}`, docNumber: `D${i}` });
      expect(r.body.code).toBe('CAS912');
    }
    const over = await c.post(LOOKUP, { orderNo: g1.orderNo, docNumber: g1.docs[0] });
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('429');
    // Another address is not affected.
    const other = await client(t).post(LOOKUP, { orderNo: g1.orderNo, docNumber: g1.docs[0] });
    expect(other.body.code).toBe('0');
  });

  it('shows the owner the detail: legs, masked documents, tickets, and a price that is the sum of its lines', async () => {
    const res = await detail(alice, a1.orderNo);
    expect(res.body.code, JSON.stringify(res.body)).toBe('0');
    const d = res.body.data;
    expect(d).toMatchObject({
      orderNo: a1.orderNo,
      pnr: a1.pnr,
      status: OrderPayStatus.paid,
      currency: 'USD',
    });
    expect(d.legs).toHaveLength(1);
    expect(d.legs[0]).toMatchObject({ flightNo: a1.flightNo, depCode: 'KTI', arrCode: 'HKG' });
    expect(d.passengers).toHaveLength(2);
    expect(d.passengers.map((p: { docNumber: string }) => p.docNumber)).toEqual(
      a1.docs.map((doc) => `${'*'.repeat(doc.length - 4)}${doc.slice(-4)}`),
    );
    for (const p of d.passengers) {
      expect(p.ticket.ticketNo).toMatch(/^999\d{10}$/);
      expect(p.ticket.status).toBe(TicketStatus.issued);
      expect(p.ticket.coupons).toEqual([
        {
          legSeq: d.legs[0].seq,
          couponNo: d.legs[0].seq + 1,
          usage: expect.any(Number),
          checkIn: expect.any(String),
        },
      ]);
    }
    // The first passenger's coupon is used, the second's not.
    expect(
      d.passengers.map((p: { ticket: { coupons: Array<{ usage: number }> } }) => p.ticket.coupons[0]!.usage),
    ).toEqual([11, 10]);
    // Online check-in (issue 15): a used coupon reads flown.
    expect(
      d.passengers.map(
        (p: { ticket: { coupons: Array<{ checkIn: string }> } }) => p.ticket.coupons[0]!.checkIn,
      ),
    ).toEqual(['flown', 'not_checked_in']);
    expect(JSON.stringify(d)).not.toContain(a1.docs[0]);

    // Every field of the passenger detail: birth date, document expiry, phone masked in the middle.
    expect(d.passengers[0]).toMatchObject({
      seq: expect.any(Number),
      passengerType: 1,
      surname: 'CHAN',
      givenName: 'DARA',
      middleName: null,
      title: 0,
      gender: 0,
      nationality: 'KH',
      birthday: '1988-03-15',
      docType: 1,
      docExpiry: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      email: null,
      countryCode: '855',
      phone: '12****78',
    });
    expect(d.passengers[1].passengerType).toBe(2);
    expect(d.contact).toEqual({
      name: 'CHAN DARA',
      email: 'd***@example.com',
      countryCode: '855',
      phone: '12****78',
    });
    expect(JSON.stringify(d)).not.toContain('dara@example.com');

    const { rows } = await t.database.pool.query<{ total: number; fare: number; tax: number }>(
      `select coalesce(sum(l.amount), 0)::int as total,
              coalesce(sum(l.amount) filter (where kind = 'fare'), 0)::int as fare,
              coalesce(sum(l.amount) filter (where kind = 'tax'), 0)::int as tax
         from order_price_lines l join orders o on o.id = l.order_id where o.order_no = $1`,
      [a1.orderNo],
    );
    const sums = rows[0]!;
    const p = d.price;
    expect(p.total.amount).toBe(sums.total);
    expect(p.total.amount).toBe(a1.amountDue);
    expect(d.total.amount).toBe(sums.total);
    expect(p.fareTotal.amount).toBe(sums.fare);
    expect(p.taxTotal.amount).toBe(sums.tax);
    expect(p.taxes.reduce((s: number, x: { amount: { amount: number } }) => s + x.amount.amount, 0)).toBe(
      sums.tax,
    );
    expect(p.taxes.length).toBeGreaterThan(0);
    expect(p.fareTotal.amount + p.taxTotal.amount - p.discount.amount + p.addonTotal.amount).toBe(
      p.total.amount,
    );
    // The fare by passenger type: one adult and one child (75% of the adult fare), summing to the fares.
    expect(p.fares.map((f: { passengerType: number; count: number }) => [f.passengerType, f.count])).toEqual([
      [1, 1],
      [2, 1],
    ]);
    expect(p.fares.reduce((s: number, f: { amount: { amount: number } }) => s + f.amount.amount, 0)).toBe(
      sums.fare,
    );
    expect(p.addons).toEqual([]);
  });

  it("answers saveTicketOrder with a grant that reads the guest's new order, and no other", async () => {
    expect(typeof g1.orderToken).toBe('string');
    // It lasts two hours past the pay deadline (the guest may pay at the last minute).
    expect(Date.parse(g1.orderTokenExpiresAt) - Date.parse(g1.payDeadline)).toBe(ORDER_GRANT_TTL_MS);

    // Read without a look-up, from any client holding it (the browser back from the gateway).
    const own = await detail(client(t), g1.orderNo, g1.orderToken);
    expect(own.body.code, JSON.stringify(own.body)).toBe('0');
    expect(own.body.data).toMatchObject({ orderNo: g1.orderNo, pnr: g1.pnr, status: OrderPayStatus.un_paid });

    // The grant of one order opens no other: another guest's, a member's, or an unknown one.
    const notFound = { code: 'CAS912', message: 'The order does not exist.', data: null };
    expect((await detail(guest, b1.orderNo, g1.orderToken)).body).toEqual(notFound);
    expect((await detail(guest, a1.orderNo, g1.orderToken)).body).toEqual(notFound);
    expect((await detail(bob, a1.orderNo, b1.orderToken)).body).toEqual(notFound);

    // A member's own order also comes with its grant, for that order only.
    expect((await detail(client(t), a2.orderNo, a2.orderToken)).body.code).toBe('0');
    expect((await detail(client(t), a1.orderNo, a2.orderToken)).body).toEqual(notFound);

    // A replayed saveTicketOrder answers the same order with the same grant.
    const again = await guest.post('/travelsky/ibe/saveTicketOrder', g1.request);
    expect(again.body.code, JSON.stringify(again.body)).toBe('0');
    expect(again.body.data.orderToken).toBe(g1.orderToken);
  });

  it('lets the booking grant expire two hours after the pay deadline', async () => {
    const start = clock;
    try {
      clock = new Date(Date.parse(g1.orderTokenExpiresAt) - 60_000);
      await guest.refreshAccessToken(clock);
      expect((await detail(guest, g1.orderNo, g1.orderToken)).body.code).toBe('0');
      clock = new Date(Date.parse(g1.orderTokenExpiresAt) + 1000);
      await guest.refreshAccessToken(clock);
      expect((await detail(guest, g1.orderNo, g1.orderToken)).body.code).toBe('CAS912');
    } finally {
      clock = start;
      await guest.refreshAccessToken(clock);
    }
  });

  it('shows a guest the detail with the grant of a look-up, and only for that order', async () => {
    const found = await guest.post(LOOKUP, { orderNo: g1.orderNo, docNumber: g1.docs[0] });
    const grant = found.body.data.accessToken as string;
    const ok = await detail(guest, g1.orderNo, grant);
    expect(ok.body.code, JSON.stringify(ok.body)).toBe('0');
    expect(ok.body.data.orderNo).toBe(g1.orderNo);
    expect(ok.body.data.passengers[0].ticket).toBeNull();
    // Any client holding the grant reads it (the guest's other device).
    expect((await detail(client(t), g1.orderNo, grant)).body.code).toBe('0');

    // The grant of g1 opens nothing else.
    const other = await detail(guest, b1.orderNo, grant);
    expect(other.body).toEqual({ code: 'CAS912', message: 'The order does not exist.', data: null });
  });

  it('refuses everyone else with CAS912, exactly as for an unknown order', async () => {
    const unknown = await detail(bob, 'NOSUCHORDER1');
    expect(unknown.body).toEqual({ code: 'CAS912', message: 'The order does not exist.', data: null });
    const key = serverKeys(t.config).orderGrant.current;
    const future = new Date(clock.getTime() + 60 * 60_000);
    // The grant as it was keyed before issue 9.15: from the app secret, which the browser bundle carries.
    const appSecretKey = createHmac('sha256', t.config.appSecret)
      .update('wings/order-access-grant/v1')
      .digest();
    const signed = (k: Buffer, text: string) => {
      const payload = Buffer.from(text).toString('base64url');
      return `${payload}.${createHmac('sha256', k).update(payload).digest('base64url')}`;
    };
    const oldFormat = `${a1.orderNo}\n${future.getTime()}`;
    const attempts = [
      // Another logged-in user.
      await detail(bob, a1.orderNo),
      // A guest without a grant, with garbage, with a forged signature, with another secret's grant.
      await detail(guest, a1.orderNo),
      await detail(guest, a1.orderNo, 'garbage'),
      await detail(
        guest,
        a1.orderNo,
        `${signOrderGrant(key, a1.orderNo, future, 'full').split('.')[0]}.AAAA`,
      ),
      await detail(
        guest,
        a1.orderNo,
        signOrderGrant(
          deriveKey('another-secret-0123456789-0123456789', 'orderGrant'),
          a1.orderNo,
          future,
          'full',
        ),
      ),
      // A grant minted with the public app secret, in the old format and in the new one.
      await detail(guest, a1.orderNo, signed(appSecretKey, oldFormat)),
      await detail(guest, a1.orderNo, signOrderGrant(appSecretKey, a1.orderNo, future, 'full')),
      // A grant of the right key without a scope (the old format), or with one that does not exist.
      await detail(guest, a1.orderNo, signed(key, oldFormat)),
      await detail(guest, a1.orderNo, signed(key, `${oldFormat}\nowner`)),
      // A grant past its expiry.
      await detail(
        guest,
        a1.orderNo,
        signOrderGrant(key, a1.orderNo, new Date(clock.getTime() - 1000), 'full'),
      ),
      // The guest's own order does not open by the owner's login of another order.
      await detail(alice, g1.orderNo),
    ];
    for (const r of attempts) {
      expect(r.status).toBe(unknown.status);
      expect(r.body).toEqual(unknown.body);
    }
  });

  it('lets a grant expire after 2 hours', async () => {
    const found = await guest.post(LOOKUP, { pnr: g1.pnr, surname: 'Chan' });
    const grant = found.body.data.accessToken as string;
    expect(Date.parse(found.body.data.accessTokenExpiresAt) - clock.getTime()).toBe(ORDER_GRANT_TTL_MS);
    const start = clock;
    try {
      clock = new Date(start.getTime() + ORDER_GRANT_TTL_MS - 60_000);
      await guest.refreshAccessToken(clock);
      expect((await detail(guest, g1.orderNo, grant)).body.code).toBe('0');
      clock = new Date(start.getTime() + ORDER_GRANT_TTL_MS + 1000);
      await guest.refreshAccessToken(clock);
      expect((await detail(guest, g1.orderNo, grant)).body.code).toBe('CAS912');
    } finally {
      clock = start;
      await guest.refreshAccessToken(clock);
    }
  });

  it('shows a PNR + surname look-up only what the traveller needs: no birth date, nationality, document, e-mail or phone', async () => {
    // a1 is paid and ticketed; its PNR and surname are on every boarding pass and bag tag.
    const found = await client(t).post(LOOKUP, { pnr: a1.pnr, surname: 'Chan' });
    expect(found.body.code, JSON.stringify(found.body)).toBe('0');
    expect(found.body.data.accessScope).toBe('limited');
    const res = await detail(client(t), a1.orderNo, found.body.data.accessToken);
    expect(res.body.code, JSON.stringify(res.body)).toBe('0');
    const d = res.body.data;
    expect(d.view).toBe('limited');
    expect(d.mayManage).toBe(false);
    // What the traveller needs: flights, names, tickets and their statuses, amounts.
    expect(d.legs[0]).toMatchObject({ flightNo: a1.flightNo, depCode: 'KTI', arrCode: 'HKG' });
    expect(d.total.amount).toBe(a1.amountDue);
    expect(d.price.total.amount).toBe(a1.amountDue);
    for (const p of d.passengers) {
      expect(Object.keys(p).sort()).toEqual(LIMITED_PASSENGER_FIELDS);
      expect(p.surname).toBe('CHAN');
      expect(p.ticket.ticketNo).toMatch(/^999\d{10}$/);
      expect(p.ticket.status).toBe(TicketStatus.issued);
    }
    expect(d.contact).toEqual({ name: 'CHAN DARA', email: 'd***@example.com' });
    // Nothing personal anywhere in the reply, masked or not.
    const text = JSON.stringify(d);
    for (const absent of [
      '1988-03-15',
      'birthday',
      'nationality',
      'docNumber',
      'docExpiry',
      'phone',
      '****78',
    ]) {
      expect(text).not.toContain(absent);
    }
    for (const doc of a1.docs) expect(text).not.toContain(doc.slice(-4));

    // The order number + document look-up proves more, and reads everything.
    const byDoc = await client(t).post(LOOKUP, { orderNo: a1.orderNo, docNumber: a1.docs[0] });
    expect(byDoc.body.data.accessScope).toBe('full');
    const full = await detail(client(t), a1.orderNo, byDoc.body.data.accessToken);
    expect(full.body.data.view).toBe('full');
    expect(full.body.data.passengers[0]).toMatchObject({ birthday: '1988-03-15', nationality: 'KH' });
    // So does the owner, and the one who booked (saveTicketOrder's grant).
    expect((await detail(alice, a1.orderNo)).body.data.view).toBe('full');
    expect((await detail(alice, a1.orderNo)).body.data.mayManage).toBe(true);
    expect((await detail(client(t), g1.orderNo, g1.orderToken)).body.data.view).toBe('full');
  });

  it("upgrades a limited grant to a full one with one passenger's document number", async () => {
    const c = client(t);
    const limited = (await c.post(LOOKUP, { pnr: a1.pnr, surname: 'chan' })).body.data.accessToken as string;

    // A document number no passenger of the order carries: a 400 naming the field, in the caller's language.
    const wrong = await c.post(
      UPGRADE,
      { orderNo: a1.orderNo, docNumber: 'X0000000' },
      { orderToken: limited },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('No passenger of this order has this document number.');
    expect(wrong.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['docNumber']);
    const zh = await client(t, { lang: '0' }).post(
      UPGRADE,
      { orderNo: a1.orderNo, docNumber: 'X0000000' },
      { orderToken: limited },
    );
    expect(zh.body.message).toBe('该订单中没有旅客使用此证件号码');
    // A malformed request says which field is missing.
    const malformed = await c.post(UPGRADE, { orderNo: a1.orderNo }, { orderToken: limited });
    expect(malformed.status).toBe(400);
    expect(malformed.body.data.fields[0].field).toBe('docNumber');

    // Any passenger's document, in any case, gives a full grant that reads everything.
    const up = await c.post(
      UPGRADE,
      { orderNo: a1.orderNo, docNumber: a1.docs[1]!.toLowerCase() },
      { orderToken: limited },
    );
    expect(up.body.code, JSON.stringify(up.body)).toBe('0');
    expect(up.body.data).toMatchObject({ orderNo: a1.orderNo, accessScope: 'full' });
    expect(Date.parse(up.body.data.accessTokenExpiresAt) - clock.getTime()).toBe(ORDER_GRANT_TTL_MS);
    const full = await detail(c, a1.orderNo, up.body.data.accessToken);
    expect(full.body.data.view).toBe('full');
    expect(full.body.data.passengers[0]).toMatchObject({
      birthday: '1988-03-15',
      nationality: 'KH',
      docNumber: `${'*'.repeat(a1.docs[0]!.length - 4)}${a1.docs[0]!.slice(-4)}`,
      phone: '12****78',
    });
    expect(full.body.data.contact.phone).toBe('12****78');
    // The limited grant itself stays limited.
    expect((await detail(c, a1.orderNo, limited)).body.data.view).toBe('limited');

    // No grant, or garbage: as for an unknown order.
    const notFound = { code: 'CAS912', message: 'The order does not exist.', data: null };
    expect((await c.post(UPGRADE, { orderNo: a1.orderNo, docNumber: a1.docs[0] })).body).toEqual(notFound);
    expect(
      (await c.post(UPGRADE, { orderNo: a1.orderNo, docNumber: a1.docs[0] }, { orderToken: 'garbage' })).body,
    ).toEqual(notFound);
  });

  it('keeps a limited grant for one order out of every other order (BOLA)', async () => {
    const c = client(t);
    const limited = (await c.post(LOOKUP, { pnr: g1.pnr, surname: 'Chan' })).body.data.accessToken as string;
    const notFound = { code: 'CAS912', message: 'The order does not exist.', data: null };
    // (g2 is left to the document-limit test, which counts every try of its number.)
    for (const other of [a1, b1]) {
      // Not the detail, limited or otherwise.
      expect((await detail(c, other.orderNo, limited)).body).toEqual(notFound);
      // Not an upgrade, even with the other order's real document number.
      const up = await c.post(
        UPGRADE,
        { orderNo: other.orderNo, docNumber: other.docs[0] },
        { orderToken: limited },
      );
      expect(up.body).toEqual(notFound);
      // Not its payment.
      const pay = await c.get(`${PAY_STATUS}/${other.orderNo}`, { orderToken: limited });
      expect(pay.body.code).toBe('404');
    }
    // Its own order: the limited view, and it may see to the payment (the pay button).
    expect((await detail(c, g1.orderNo, limited)).body.data.view).toBe('limited');
    expect((await c.get(`${PAY_STATUS}/${g1.orderNo}`, { orderToken: limited })).body.code).toBe('0');
  });

  it('limits document numbers tried against one order number: 10 an hour from any address, look-up and upgrade together', async () => {
    const start = clock;
    try {
      const limited = (await client(t).post(LOOKUP, { pnr: g2.pnr, surname: 'Chan' })).body.data
        .accessToken as string;
      // Each try from a new address, so only the per-order limit can stop them.
      for (let i = 0; i < ORDER_DOCUMENT_LIMIT.max; i++) {
        const r =
          i % 2 === 0
            ? await client(t).post(LOOKUP, { orderNo: g2.orderNo, docNumber: `X${i}000000` })
            : await client(t).post(
                UPGRADE,
                { orderNo: g2.orderNo, docNumber: `X${i}000000` },
                { orderToken: limited },
              );
        expect(r.body.code).toBe(i % 2 === 0 ? 'CAS912' : '400');
      }
      // Then even the right one waits, by either call.
      const over = await client(t).post(LOOKUP, { orderNo: g2.orderNo, docNumber: g2.docs[0] });
      expect(over.status).toBe(429);
      const overUp = await client(t).post(
        UPGRADE,
        { orderNo: g2.orderNo, docNumber: g2.docs[0] },
        { orderToken: limited },
      );
      expect(overUp.status).toBe(429);
      // PNR + surname is not a document try, and other orders are not affected.
      expect((await client(t).post(LOOKUP, { pnr: g2.pnr, surname: 'Chan' })).body.code).toBe('0');
      expect((await client(t).post(LOOKUP, { orderNo: b1.orderNo, docNumber: b1.docs[0] })).body.code).toBe(
        '0',
      );

      // The next hour, the right document opens it again.
      clock = new Date(start.getTime() + ORDER_DOCUMENT_LIMIT.windowMs);
      const c = client(t);
      await c.refreshAccessToken(clock);
      expect((await c.post(LOOKUP, { orderNo: g2.orderNo, docNumber: g2.docs[1] })).body.code).toBe('0');
    } finally {
      clock = start;
    }
  });

  it("lists the member's own orders newest first, paged, by status, never another user's", async () => {
    const all = await alice.post(MEMBER, { page: 1, pageSize: 50 });
    expect(all.body.code, JSON.stringify(all.body)).toBe('0');
    expect(all.body.data.total).toBe(3);
    expect(all.body.data.orders.map((o: { orderNo: string }) => o.orderNo)).toEqual([
      a3.orderNo,
      a2.orderNo,
      a1.orderNo,
    ]);

    const page1 = await alice.post(MEMBER, { page: 1, pageSize: 2 });
    const page2 = await alice.post(MEMBER, { page: 2, pageSize: 2 });
    expect(page1.body.data).toMatchObject({ total: 3, page: 1 });
    expect(page1.body.data.orders.map((o: { orderNo: string }) => o.orderNo)).toEqual([
      a3.orderNo,
      a2.orderNo,
    ]);
    expect(page2.body.data).toMatchObject({ total: 3, page: 2 });
    expect(page2.body.data.orders.map((o: { orderNo: string }) => o.orderNo)).toEqual([a1.orderNo]);

    const canceled = await alice.post(MEMBER, { status: OrderPayStatus.canceled });
    expect(canceled.body.data.total).toBe(1);
    expect(canceled.body.data.orders[0]).toMatchObject({
      orderNo: a3.orderNo,
      status: OrderPayStatus.canceled,
    });
    const paid = await alice.post(MEMBER, { status: OrderPayStatus.paid });
    expect(paid.body.data.orders.map((o: { orderNo: string }) => o.orderNo)).toEqual([a1.orderNo]);
    expect(paid.body.data.orders[0].total.amount).toBe(a1.amountDue);

    const bobs = await bob.post(MEMBER, {});
    expect(bobs.body.data.total).toBe(1);
    expect(bobs.body.data.orders.map((o: { orderNo: string }) => o.orderNo)).toEqual([b1.orderNo]);
  });

  it('needs a login for the member list and keeps pageSize at most 50', async () => {
    const anon = await guest.post(MEMBER, {});
    expect(anon.body.code).toBe('600');
    const big = await alice.post(MEMBER, { page: 1, pageSize: 51 });
    expect(big.status).toBe(400);
  });
});
