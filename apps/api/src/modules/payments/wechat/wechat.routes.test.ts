import { createHash, generateKeyPairSync, verify } from 'node:crypto';
import { OrderPayStatus } from '@wings/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers';
import { bookOrder, type Client } from '../../../../test/support/booking';
import { client, registerUser } from '../../../../test/support/clients';
import { signOrderGrant } from '../../../platform/order-grant';
import {
  type FakeNotification,
  type FakeWechatPay,
  startFakeWechatPay,
} from '../../../platform/payments/wechat/testing/fake-wechat-pay';
import { serverKeys } from '../../../platform/secrets';
import { startFakeOfficialAccount } from './testing/fake-official-account';

const MCH_ID = '1900009191';
const PAY_APP_ID = 'wx8888888888888888';
const API_V3_KEY = 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6';
const MERCHANT_SERIAL = '444F4864EA9B34415EA6F3B47A2D1D4B1B5E4A3C';
const OA = { appId: 'wx-oa-0123456789', appSecret: 'oa-secret-0123456789' };

/** Cents at 7.1 CNY per USD, as fen, half up (the seeded rate). */
const fenOf = (cents: number) => Math.floor((cents * 71 + 5) / 10);

describe('WeChat Pay: prepay, notification, query and refund through the local fake', () => {
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let fake: FakeWechatPay;
  let officialAccount: Awaited<ReturnType<typeof startFakeOfficialAccount>>;
  let t: TestApp;
  let member: Client;

  beforeAll(async () => {
    fake = await startFakeWechatPay({
      mchId: MCH_ID,
      appId: PAY_APP_ID,
      apiV3Key: API_V3_KEY,
      merchantPublicKey: merchant.publicKey,
      merchantSerial: MERCHANT_SERIAL,
    });
    officialAccount = await startFakeOfficialAccount(OA);
    t = await createTestApp({
      env: {
        WECHAT_PAY_MCH_ID: MCH_ID,
        WECHAT_PAY_APP_ID: PAY_APP_ID,
        // As an operator writes it in an env file: one line, newlines escaped.
        WECHAT_PAY_PRIVATE_KEY: merchant.privateKey
          .export({ type: 'pkcs8', format: 'pem' })
          .toString()
          .replace(/\n/g, '\\n'),
        WECHAT_PAY_CERT_SERIAL: MERCHANT_SERIAL,
        WECHAT_PAY_API_V3_KEY: API_V3_KEY,
        WECHAT_PAY_PLATFORM_PUBLIC_KEY: fake.platformPublicKey,
        WECHAT_PAY_PLATFORM_SERIAL: fake.platformSerial,
        WECHAT_PAY_API_URL: fake.url,
        WECHAT_APP_ID: OA.appId,
        WECHAT_APP_SECRET: OA.appSecret,
        WECHAT_API_URL: officialAccount.url,
        CAPTCHA_TEST_TEXT: 'AB23',
      },
    });
    member = client(t);
    await registerUser(t, member);
  });
  afterEach(() => {
    fake.state.replies = 'signed';
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    await officialAccount.close();
  });

  /** An order on a flight of its own: KTI-CAN (USD fares) unless `from` China (CNY fares). */
  async function order(opts: { by?: Client; from?: 'KTI' | 'CAN'; counts?: [number, number, number] } = {}) {
    const by = opts.by ?? member;
    const counts = opts.counts ?? [1, 1, 0];
    const from = opts.from ?? 'KTI';
    const booked = await bookOrder(t, by, { from, to: from === 'KTI' ? 'CAN' : 'KTI' }, counts);
    return { ...booked, passengers: counts[0] + counts[1] + counts[2] };
  }

  async function prepay(
    orderNo: string,
    openid: string | null = 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
    by = member,
    orderToken?: string,
  ) {
    return by.post(
      `/pay/payment/wechat/jsPrepayOrder/${orderNo}`,
      openid ? { openid } : {},
      orderToken === undefined ? {} : { orderToken },
    );
  }

  async function query(orderNo: string, by = member, orderToken?: string) {
    return by.get(
      `/pay/payment/wechat/queryOrder?orderNo=${orderNo}`,
      orderToken === undefined ? {} : { orderToken },
    );
  }

  /** What WeChat Pay would do with a notification: post it to the notify_url it was given. */
  async function deliver(n: FakeNotification) {
    const url = new URL(n.url);
    expect(url.pathname).toBe('/api/pay/notify/wechat');
    const res = await t.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: n.headers,
      payload: n.body,
    });
    return { status: res.statusCode, outcome: (res.json() as { data?: { outcome?: string } }).data?.outcome };
  }

  async function facts(orderId: string) {
    const { rows } = await t.database.pool.query(
      `select o.status,
              (select count(*)::int from order_events e where e.order_id = o.id and e.type = 'paid') as paid_events,
              (select count(*)::int from payment_events v join payments p on p.id = v.payment_id
                 join payables b on b.id = p.payable_id where b.kind = 'order' and b.reference = o.order_no) as gateway_events,
              (select count(*)::int from tickets k where k.order_id = o.id) as tickets,
              (select string_agg(p.status, ',' order by p.created_at) from payments p
                 join payables b on b.id = p.payable_id where b.kind = 'order' and b.reference = o.order_no) as payments
         from orders o where o.id = $1`,
      [orderId],
    );
    return rows[0];
  }

  it('answers the seeded USD → CNY rate and converts amounts in minor units, half up', async () => {
    const rate = await member.post('/pay/payment/wechat/exchangeRate', {});
    expect(rate.body.code, JSON.stringify(rate.body)).toBe('0');
    expect(rate.body.data).toMatchObject({
      originCurrency: 'USD',
      destinationCurrency: 'CNY',
      exchangeRate: 7.1,
      rateMicros: 7_100_000,
    });
    const conv = await member.post('/pay/payment/wechat/convertAmount', {
      amount: 12_345,
      originCurrency: 'USD',
      destinationCurrency: 'CNY',
    });
    // 123.45 USD × 7.1 = 876.495 CNY: 87 649.5 fen, charged as 87 650.
    expect(conv.body.data).toMatchObject({ amount: 12_345, amountResult: 87_650, exchangeRate: 7.1 });
    const riel = await member.post('/pay/payment/wechat/convertAmount', {
      amount: 100,
      originCurrency: 'USD',
      destinationCurrency: 'KHR',
    });
    expect(riel.body.data).toMatchObject({ amountResult: 410_000, exchangeRate: 4100 });
    const bad = await member.post('/pay/payment/wechat/convertAmount', {
      amount: 1.5,
      originCurrency: 'EUR',
      destinationCurrency: 'CNY',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'amount',
      'originCurrency',
    ]);
  });

  it('exchangeRate with an amount answers amountResult as convertAmount does, and refuses a bad amount by name', async () => {
    const plain = await member.post('/pay/payment/wechat/exchangeRate', {});
    expect(plain.body.data).not.toHaveProperty('amountResult');
    const rate = await member.post('/pay/payment/wechat/exchangeRate', {
      amount: 12_345,
      originCurrency: 'USD',
      destinationCurrency: 'CNY',
    });
    expect(rate.body.code, JSON.stringify(rate.body)).toBe('0');
    // 123.45 USD × 7.1 = 876.495 CNY: 87 649.5 fen, charged as 87 650 (half up, as convertAmount).
    expect(rate.body.data).toMatchObject({ amount: 12_345, amountResult: 87_650, rateMicros: 7_100_000 });
    const conv = await member.post('/pay/payment/wechat/convertAmount', {
      amount: 12_345,
      originCurrency: 'USD',
      destinationCurrency: 'CNY',
    });
    expect(rate.body.data.amountResult).toBe(conv.body.data.amountResult);
    expect((await member.post('/pay/payment/wechat/exchangeRate', { amount: 0 })).body.data).toMatchObject({
      amount: 0,
      amountResult: 0,
    });
    // 1 CNY fen back to USD: 1/7.1 of a cent rounds to 0; 72 000 fen round-trip to 10 141 cents.
    expect(
      (
        await member.post('/pay/payment/wechat/exchangeRate', {
          amount: 72_000,
          originCurrency: 'CNY',
          destinationCurrency: 'USD',
        })
      ).body.data.amountResult,
    ).toBe(10_141);

    const zh = client(t, { lang: '0' });
    for (const amount of [1.5, -1, '100', 1_000_000_000_001]) {
      const bad = await zh.post('/pay/payment/wechat/exchangeRate', { amount });
      expect(bad.status, JSON.stringify(amount)).toBe(400);
      expect(bad.body.code).toBe('400');
      expect(bad.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['amount']);
      expect(bad.body.message).toMatch(/^请求内容有误：amount/);
    }
  });

  it('pays an order with WeChat Pay JSAPI: converted to CNY fen, paid by the signed notification, ticketed', async () => {
    const o = await order({ counts: [2, 1, 0] });
    expect(o.currency).toBe('USD');
    const res = await prepay(o.orderNo);
    expect(res.body.code, JSON.stringify(res.body)).toBe('0');
    const pay = res.body.data;
    expect(pay).toMatchObject({
      gateway: 'wechat',
      checkoutUrl: null,
      amount: { amount: fenOf(o.total), currency: 'CNY' },
    });
    const no = (pay.paymentId as string).replace(/-/g, '');
    const tx = fake.transactions.get(no)!;
    expect(tx).toMatchObject({ kind: 'JSAPI', total: fenOf(o.total), currency: 'CNY', attach: o.orderNo });
    const p = pay.clientParams;
    expect(p).toMatchObject({ appId: PAY_APP_ID, package: `prepay_id=${tx.prepayId}`, signType: 'RSA' });
    expect(
      verify(
        'sha256',
        Buffer.from(`${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`),
        merchant.publicKey,
        Buffer.from(p.paySign, 'base64'),
      ),
    ).toBe(true);

    expect(await deliver(fake.pay(no))).toEqual({ status: 200, outcome: 'paid' });
    expect(await facts(o.id)).toMatchObject({
      status: OrderPayStatus.paid,
      paid_events: 1,
      payments: 'succeeded',
    });
    await t.app.ticketing.issueTickets(o.id);
    expect((await facts(o.id)).tickets).toBe(3);
    expect((await prepay(o.orderNo)).body.code).toBe('613');
  });

  it('answers an H5 checkout URL without an openid, and charges a CNY order as it is', async () => {
    const o = await order({ from: 'CAN', counts: [1, 0, 0] });
    expect(o.currency).toBe('CNY');
    const res = await prepay(o.orderNo, null);
    expect(res.body.code, JSON.stringify(res.body)).toBe('0');
    expect(res.body.data).toMatchObject({
      gateway: 'wechat',
      clientParams: null,
      amount: { amount: o.total },
    });
    const url = new URL(res.body.data.checkoutUrl);
    expect(url.searchParams.get('prepay_id')).toBeTruthy();
    expect(url.searchParams.get('redirect_url')).toContain(`abaPayReturn?orderNo=${o.orderNo}`);
    const tx = fake.transactions.get((res.body.data.paymentId as string).replace(/-/g, ''))!;
    expect(tx).toMatchObject({ kind: 'MWEB', clientIp: member.ip, total: o.total });
  });

  it('refuses a tampered body, a wrong signature, a stale timestamp, a wrong amount, a bad ciphertext', async () => {
    const o = await order();
    const pay = (await prepay(o.orderNo)).body.data;
    const no = (pay.paymentId as string).replace(/-/g, '');
    const good = fake.pay(no);
    const rogue = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const now = Math.floor(Date.now() / 1000);
    const refused: FakeNotification[] = [
      { ...good, body: good.body.replace('"encrypt-resource"', '"encrypt-resource" ') },
      {
        ...good,
        headers: {
          ...good.headers,
          'wechatpay-signature': fake.notification(no).headers['wechatpay-signature']!,
        },
      },
      { ...good, headers: { ...good.headers, 'wechatpay-serial': 'PUB_KEY_ID_0000000000' } },
      fake.notification(no, { signWith: rogue.privateKey }),
      fake.notification(no, { timestamp: now - 6 * 60 }),
      fake.notification(no, { timestamp: now + 6 * 60 }),
      fake.notification(no, { total: pay.amount.amount - 1 }),
      fake.notification(no, { apiV3Key: 'Z'.repeat(32) }),
    ];
    for (const n of refused) {
      const r = await deliver(n);
      expect(r.status).toBeGreaterThanOrEqual(400);
    }
    expect(await facts(o.id)).toMatchObject({
      status: OrderPayStatus.un_paid,
      paid_events: 0,
      gateway_events: 0,
      payments: 'pending',
    });
    expect(await deliver(good)).toEqual({ status: 200, outcome: 'paid' });
  });

  it('one notification replayed 300 times, and re-sent under new ids, pays once', async () => {
    const o = await order();
    const pay = (await prepay(o.orderNo)).body.data;
    const no = (pay.paymentId as string).replace(/-/g, '');
    const first = fake.pay(no);
    const all = [
      ...Array.from({ length: 300 }, () => first),
      ...Array.from({ length: 5 }, () => fake.notification(no)),
    ];
    all.sort(() => Math.random() - 0.5);
    const outcomes: string[] = [];
    for (let i = 0; i < all.length; i += 50) {
      for (const r of await Promise.all(all.slice(i, i + 50).map(deliver))) {
        expect(r.status).toBe(200);
        outcomes.push(r.outcome ?? '');
      }
    }
    expect(outcomes.filter((x) => x === 'paid')).toHaveLength(1);
    expect(await facts(o.id)).toMatchObject({
      status: OrderPayStatus.paid,
      paid_events: 1,
      gateway_events: 6,
      payments: 'succeeded',
    });
  });

  it('queryOrder asks WeChat Pay and applies a payment whose notification has not come', async () => {
    const o = await order();
    const pay = (await prepay(o.orderNo)).body.data;
    const no = (pay.paymentId as string).replace(/-/g, '');
    const before = await member.get(`/pay/payment/wechat/queryOrder?orderNo=${o.orderNo}`);
    expect(before.body.data).toEqual({
      status: OrderPayStatus.un_paid,
      paymentStatus: 'pending',
      ticketsIssued: 0,
    });
    const late = fake.pay(no);
    const after = await member.get(`/pay/payment/wechat/queryOrder?orderNo=${o.orderNo}`);
    expect(after.body.code, JSON.stringify(after.body)).toBe('0');
    expect(after.body.data).toMatchObject({ status: OrderPayStatus.paid, paymentStatus: 'succeeded' });
    expect(
      fake.requests.some((r) => r.path === `/v3/pay/transactions/out-trade-no/${no}?mchid=${MCH_ID}`),
    ).toBe(true);
    // The notification arriving afterwards changes nothing.
    expect((await deliver(late)).status).toBe(200);
    expect(await facts(o.id)).toMatchObject({
      status: OrderPayStatus.paid,
      paid_events: 1,
      payments: 'succeeded',
    });

    const other = client(t);
    await registerUser(t, other);
    expect((await other.get(`/pay/payment/wechat/queryOrder?orderNo=${o.orderNo}`)).body.code).toBe('404');
  });

  it('refunds through WeChat Pay a second payment of an order already paid', async () => {
    const o = await order();
    const a = (await prepay(o.orderNo)).body.data;
    const b = (await prepay(o.orderNo, 'oSecondPayer')).body.data;
    const noA = (a.paymentId as string).replace(/-/g, '');
    const noB = (b.paymentId as string).replace(/-/g, '');
    const nA = fake.pay(noA);
    const nB = fake.pay(noB);
    expect((await deliver(nA)).outcome).toBe('paid');
    expect((await deliver(nB)).outcome).toBe('refund_required');
    const { rows } = await t.database.pool.query<{ id: string }>(
      'select id from payment_refunds where payment_id = $1',
      [b.paymentId],
    );
    expect(rows).toHaveLength(1);
    const refundId = rows[0]!.id;
    expect(await t.app.payments.processRefund(refundId)).toBe('succeeded');
    expect(await t.app.payments.processRefund(refundId)).not.toBe('failed');
    const refunds = [...fake.refunds.values()].filter((r) => r.outTradeNo === noB);
    expect(refunds).toEqual([expect.objectContaining({ outRefundNo: refundId, refund: fenOf(o.total) })]);
    expect(fake.transactions.get(noA)!.refunded).toBe(0);
    expect(await facts(o.id)).toMatchObject({
      status: OrderPayStatus.paid,
      paid_events: 1,
      payments: 'succeeded,refunded',
    });
  });

  it('lets a guest pay a guest order with its grant; another member’s order is unknown', async () => {
    const guest = client(t);
    const o = await order({ by: guest, counts: [1, 0, 0] });
    const res = await prepay(o.orderNo, 'oGuest', guest, o.orderToken);
    expect(res.body.code, JSON.stringify(res.body)).toBe('0');
    const status = await query(o.orderNo, client(t), o.orderToken);
    expect(status.body.data).toEqual({
      status: OrderPayStatus.un_paid,
      paymentStatus: 'pending',
      ticketsIssued: 0,
    });
    const mine = await order();
    const stranger = client(t);
    await registerUser(t, stranger);
    expect((await prepay(mine.orderNo, 'oX', stranger)).body.code).toBe('404');
    expect((await query(mine.orderNo, stranger)).body.code).toBe('404');
    expect((await prepay('W000000000000', 'oX')).body.code).toBe('404');
  });

  it('refuses jsPrepayOrder and queryOrder of a guest order without its grant, with another order’s or an expired one, like an unknown order', async () => {
    const guest = client(t);
    const o = await order({ by: guest, counts: [1, 0, 0] });
    const other = await order({ by: client(t), counts: [1, 0, 0] });
    const unknownPrepay = (await prepay('WC991231999999', 'oX', guest)).body;
    const unknownQuery = (await query('WC991231999999', guest)).body;
    expect(unknownPrepay).toMatchObject({ code: '404', data: null });
    const expired = signOrderGrant(
      serverKeys(t.config).orderGrant.current,
      o.orderNo,
      new Date(Date.now() - 1000),
      'full',
    );
    const asked = fake.requests.length;
    for (const [by, orderToken] of [
      [guest, undefined],
      [member, undefined],
      [guest, other.orderToken],
      [member, other.orderToken],
      [guest, expired],
    ] as Array<[Client, string | undefined]>) {
      expect((await prepay(o.orderNo, 'oGuest', by, orderToken)).body).toEqual(unknownPrepay);
      expect((await prepay(o.orderNo, null, by, orderToken)).body).toEqual(unknownPrepay);
      expect((await query(o.orderNo, by, orderToken)).body).toEqual(unknownQuery);
    }
    expect(await facts(o.id)).toMatchObject({ status: OrderPayStatus.un_paid, payments: null });
    expect(fake.requests.length).toBe(asked);
  });

  it('answers 500 and keeps the order payable when WeChat Pay refuses or its reply is not signed', async () => {
    const o = await order({ counts: [1, 0, 0] });
    fake.state.replies = 'rogue';
    const res = await prepay(o.orderNo);
    expect(res.body.code).toBe('500');
    expect(await facts(o.id)).toMatchObject({ status: OrderPayStatus.un_paid, payments: 'canceled' });
    fake.state.replies = 'signed';
    expect((await prepay(o.orderNo)).body.code).toBe('0');
  });

  it('signs a page for the JS-SDK with the jsapi ticket, fetched once and cached', async () => {
    const url = 'https://fly.example/pay?orderNo=W1&x=1#/pages/book/pay-select';
    const before = officialAccount.calls.length;
    const one = await member.post('/pay/payment/wechat/getSign', { url });
    const two = await member.post('/pay/payment/wechat/getSign', { url: 'https://fly.example/other' });
    expect(one.body.code, JSON.stringify(one.body)).toBe('0');
    const d = one.body.data;
    expect(d.appId).toBe(OA.appId);
    const expected = createHash('sha1')
      .update(
        `jsapi_ticket=${officialAccount.state.ticket}&noncestr=${d.nonceStr}&timestamp=${d.timestamp}&url=https://fly.example/pay?orderNo=W1&x=1`,
      )
      .digest('hex');
    expect(d.signature).toBe(expected);
    expect(two.body.data.signature).not.toBe(d.signature);
    expect(officialAccount.calls.slice(before)).toEqual(['/cgi-bin/token', '/cgi-bin/ticket/getticket']);
    expect((await member.post('/pay/payment/wechat/getSign', { url: 'not a url' })).status).toBe(400);
  });

  it('exchanges an OAuth code for the openid; a used or unknown code answers 4010', async () => {
    const code = officialAccount.grant('oPayer0123456789');
    const res = await member.get(`/travelsky/thirdoauth/wechat/getOpenid/${code}`);
    expect(res.body).toMatchObject({ code: '0', data: { openid: 'oPayer0123456789' } });
    expect((await member.get(`/travelsky/thirdoauth/wechat/getOpenid/${code}`)).body.code).toBe('4010');
    expect((await member.get('/travelsky/thirdoauth/wechat/getOpenid/nope')).body.code).toBe('4010');
  });
});

describe('WeChat calls where WeChat is not configured', () => {
  let t: TestApp;
  let member: Client;

  beforeAll(async () => {
    t = await createTestApp();
    member = client(t);
    await registerUser(t, member);
  });
  afterAll(() => t.close());

  it('answers 620 close_tips for the JS-SDK signature and the openid, in the caller’s language', async () => {
    const sign = await member.post('/pay/payment/wechat/getSign', { url: 'https://fly.example/' });
    expect(sign.body).toMatchObject({ code: '620', message: 'This feature is not open yet.' });
    const zh = await t.app.inject({
      method: 'GET',
      url: '/api/travelsky/thirdoauth/wechat/getOpenid/abc',
      headers: t.headers({ language: '0' }),
    });
    expect(zh.json()).toMatchObject({ code: '620', message: '该功能暂未开放，敬请期待' });
  });

  it('takes WeChat payments in the sandbox outside production', async () => {
    const { orderNo } = await bookOrder(t, member, { from: 'CAN', to: 'KTI' });
    const res = await member.post(`/pay/payment/wechat/jsPrepayOrder/${orderNo}`, {
      openid: 'o1',
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe('0');
    expect(res.body.data).toMatchObject({ gateway: 'sandbox', clientParams: null });
    expect(res.body.data.checkoutUrl).toBeTruthy();
  });

  it('still converts amounts at the stored rates', async () => {
    const conv = await member.post('/pay/payment/wechat/convertAmount', {
      amount: 100,
      originCurrency: 'USD',
      destinationCurrency: 'CNY',
    });
    expect(conv.body.data.amountResult).toBe(710);
  });
});
