import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { Client } from '../../../test/support/booking';
import { client, registerUser } from '../../../test/support/clients';
import type { Actor } from '../../platform/access';
import type { CreatePaymentInput, PaymentGateway } from '../../platform/payments/gateway';
import {
  SANDBOX_SIGNATURE_HEADER,
  sandboxNotification,
  signSandbox,
} from '../../platform/payments/sandbox/sandbox.gateway';
import { serverKeys } from '../../platform/secrets';
import { PaymentsRepository } from './payments.repository';
import { MAX_PENDING_PAYMENTS, PaymentsService } from './payments.service';
import { bookOrder } from './test-support';

const PAY_URL = '/travelsky/payment/getPayUrl';

/**
 * A gateway that starts a checkout only when asked, recording each time: a form to post (like ABA
 * PayWay) for card, abapay and khqr; in-app parameters (like WeChat JSAPI) with an openid.
 */
function recordingGateway(name: string) {
  const asked: CreatePaymentInput[] = [];
  const gateway: PaymentGateway = {
    name,
    async createPayment(input) {
      asked.push(input);
      // A gateway takes a moment: concurrent requests overlap the start.
      await new Promise<void>((resolve) => setImmediate(resolve));
      return {
        checkoutUrl: input.openid ? null : `https://pay.example/${input.paymentId}`,
        form: input.openid ? null : { tran_id: input.paymentId.slice(0, 8), hash: 'signed' },
        clientParams: input.openid ? { package: `prepay_id=${input.paymentId}` } : null,
        gatewayReference: `rec_${input.paymentId}`,
      };
    },
    async verifyNotification() {
      throw new Error('not used');
    },
    async queryPayment(ref) {
      return { status: 'pending', amount: ref.amount, currency: ref.currency };
    },
    async refund() {
      return { status: 'failed', gatewayRefundReference: null };
    },
  };
  return { gateway, asked };
}

describe('getPayUrl under abuse: one open payment per checkout, a few pending per order (issue 9)', () => {
  let t: TestApp;
  let member: Client;
  let owner: Actor;

  beforeAll(async () => {
    // Every test books its own unpaid orders; the hold limits are not what this file tests.
    t = await createTestApp({ env: { BOOKING_MAX_UNPAID_ORDERS: '0', BOOKING_MAX_UNPAID_SEATS: '0' } });
    member = client(t);
    const { userId } = await registerUser(t, member);
    owner = { kind: 'traveller', userId, grant: null };
  });
  afterAll(() => t.close());

  const book = () => bookOrder(t, member, { from: 'KTI', to: 'SAI' });

  /** A service on the test database with one gateway for every method (as another API process would be). */
  function serviceWith(gateway: PaymentGateway) {
    return new PaymentsService({
      repo: new PaymentsRepository(t.database.db),
      owners: [...t.app.payments.owners.values()],
      gateways: new Map([[gateway.name, gateway]]),
      cardGateway: gateway.name,
      sandboxFallback: false,
      jobs: { send: async () => null },
      now: () => new Date(),
      log: { warn() {}, info() {}, error() {} },
      mailer: t.app.mailer,
      devPayOneCent: false,
      notifyUrl: (g) => `https://fly.example/api/pay/notify/${g}`,
      appUrl: (path) => `https://fly.example${path}`,
    });
  }

  async function payments(orderId: string) {
    const { rows } = await t.database.pool.query<{ method: string; status: string; checkout_key: string }>(
      `select method, status, checkout_key from payments where payable_id = (select b.id from payables b join orders o on b.kind = 'order' and b.reference = o.order_no where o.id = $1) order by created_at, id`,
      [orderId],
    );
    return rows;
  }

  it('answers the open payment of a method again, with the same checkout, without asking the gateway again', async () => {
    const o = await book();
    const first = await member.post(`${PAY_URL}/${o.orderNo}`, { method: 'card' });
    expect(first.body.code, JSON.stringify(first.body)).toBe('0');
    for (let i = 0; i < 3; i++) {
      const again = await member.post(`${PAY_URL}/${o.orderNo}`, { method: 'card' });
      expect(again.body.data).toEqual(first.body.data);
    }
    // Another method is another checkout.
    const khqr = await member.post(`${PAY_URL}/${o.orderNo}`, { method: 'khqr' });
    expect(khqr.body.data.paymentId).not.toBe(first.body.data.paymentId);
    expect(await payments(o.id)).toEqual([
      { method: 'card', status: 'pending', checkout_key: 'card' },
      { method: 'khqr', status: 'pending', checkout_key: 'khqr' },
    ]);

    // A form to post, and in-app parameters, come back as they were given; the gateway was asked once each.
    const rec = recordingGateway('wechat');
    const service = serviceWith(rec.gateway);
    const o2 = await book();
    const form = await service.startPayment(o2.orderNo, 'abapay', owner, { clientIp: '10.0.0.1' });
    expect(await service.startPayment(o2.orderNo, 'abapay', owner, { clientIp: '10.0.0.1' })).toEqual(form);
    expect(form.form).toEqual({ tran_id: form.paymentId.slice(0, 8), hash: 'signed' });
    const jsapi = await service.startPayment(o2.orderNo, 'wechat', owner, { clientIp: '', openid: 'o-1' });
    expect(await service.startPayment(o2.orderNo, 'wechat', owner, { clientIp: '', openid: 'o-1' })).toEqual(
      jsapi,
    );
    expect(jsapi.clientParams).toEqual({ package: `prepay_id=${jsapi.paymentId}` });
    // Another payer inside WeChat cannot pay the first one's prepay: a checkout of their own.
    const other = await service.startPayment(o2.orderNo, 'wechat', owner, { clientIp: '', openid: 'o-2' });
    expect(other.paymentId).not.toBe(jsapi.paymentId);
    expect(rec.asked.map((a) => [a.method, a.openid ?? null])).toEqual([
      ['abapay', null],
      ['wechat', 'o-1'],
      ['wechat', 'o-2'],
    ]);
  });

  it('100 concurrent getPayUrl of one order start one payment per method, in one process or across two', async () => {
    const o = await book();
    const methods = ['card', 'abapay', 'khqr', 'wechat'] as const;
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        member.post(`${PAY_URL}/${o.orderNo}`, { method: methods[i % methods.length] }),
      ),
    );
    for (const [i, r] of replies.entries()) {
      expect(r.body.code, JSON.stringify(r.body)).toBe('0');
      expect(r.body.data.paymentId).toBe(replies[i % methods.length]?.body.data.paymentId);
    }
    expect((await payments(o.id)).map((p) => p.method).sort()).toEqual([...methods].sort());

    // Two API processes (two services, each with its own in-process sharing) race on the order row lock.
    const rec = recordingGateway('wechat');
    const [a, b] = [serviceWith(rec.gateway), serviceWith(rec.gateway)];
    const o2 = await book();
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        (i % 2 ? a : b)
          .startPayment(o2.orderNo, 'card', owner, { clientIp: '' })
          .then((p) => p.paymentId)
          .catch((err: { errorName?: string }) => err.errorName ?? String(err)),
      ),
    );
    const started = (await payments(o2.id)).filter((p) => p.status === 'pending');
    expect(started).toHaveLength(1);
    expect(rec.asked).toHaveLength(1);
    // Each request got that one payment, or was told it is being started (code 623) by the other process.
    const paymentId = rec.asked[0]?.paymentId;
    expect(new Set(outcomes)).toEqual(
      new Set(outcomes.includes('paymentStarting') ? [paymentId, 'paymentStarting'] : [paymentId]),
    );
    expect(outcomes.filter((x) => x === paymentId).length).toBeGreaterThanOrEqual(2);
  });

  it(`caps an order's pending payments at ${MAX_PENDING_PAYMENTS}, over all methods, with a message in the caller's language`, async () => {
    const o = await book();
    const rec = recordingGateway('wechat');
    const service = serviceWith(rec.gateway);
    for (const openid of [undefined, 'o-1', 'o-2', 'o-3', 'o-4']) {
      await service.startPayment(o.orderNo, 'wechat', owner, { clientIp: '', ...(openid ? { openid } : {}) });
    }
    await expect(
      service.startPayment(o.orderNo, 'wechat', owner, { clientIp: '', openid: 'o-5' }),
    ).rejects.toMatchObject({ errorName: 'tooManyPendingPayments', code: '622' });
    // The open ones are still answered again.
    const open = await service.startPayment(o.orderNo, 'wechat', owner, { clientIp: '', openid: 'o-4' });
    expect(open.clientParams).toEqual({ package: `prepay_id=${open.paymentId}` });
    expect(rec.asked).toHaveLength(MAX_PENDING_PAYMENTS);

    // Over HTTP: a new card payment is refused, in each language.
    const o2 = await book();
    for (const method of ['card', 'abapay', 'khqr', 'wechat']) {
      expect((await member.post(`${PAY_URL}/${o2.orderNo}`, { method })).body.code).toBe('0');
    }
    // The card checkout lapsed (as a WeChat H5 link does after 5 minutes): it is not handed out again.
    await t.database.pool.query(
      `update payments set checkout_expires_at = now() - interval '1 second'
        where payable_id = (select b.id from payables b join orders o on b.kind = 'order' and b.reference = o.order_no where o.id = $1) and method = 'card'`,
      [o2.id],
    );
    const card = await member.post(`${PAY_URL}/${o2.orderNo}`, { method: 'card' });
    expect(card.body.code).toBe('0');
    expect(await payments(o2.id)).toHaveLength(5);
    await t.database.pool.query(
      `update payments set checkout_expires_at = now() - interval '1 second'
        where payable_id = (select b.id from payables b join orders o on b.kind = 'order' and b.reference = o.order_no where o.id = $1) and method = 'abapay'`,
      [o2.id],
    );
    const refused = {
      en: 'This order already has 5 payments in progress, the most allowed. Finish one you started (choose the same payment method to return to it), or try again once one has failed.',
      zh: '该订单已有 5 笔支付正在进行中，已达上限。请在已发起的支付中完成付款（再次选择同一支付方式即可回到该支付），或等待其中一笔失败后再试。',
      km: 'ការបញ្ជាទិញនេះមានការទូទាត់ចំនួន 5 កំពុងដំណើរការរួចហើយ ដែលជាចំនួនអតិបរមា។ សូមបញ្ចប់ការទូទាត់ដែលអ្នកបានចាប់ផ្តើម (ជ្រើសរើសវិធីទូទាត់ដដែល ដើម្បីត្រឡប់ទៅវាវិញ) ឬព្យាយាមម្តងទៀតនៅពេលការទូទាត់មួយបានបរាជ័យ។',
    };
    for (const [language, message] of [
      ['1', refused.en],
      ['0', refused.zh],
      ['2', refused.km],
    ] as const) {
      const res = await member.post(`${PAY_URL}/${o2.orderNo}`, { method: 'abapay' }, { language });
      expect(res.body).toMatchObject({ code: '622', message, data: null });
    }
    expect(await payments(o2.id)).toHaveLength(5);

    // One of them fails at the gateway: its place is free again.
    const [failed] = (
      await t.database.pool.query<{ id: string; amount: number; currency: string }>(
        `select id, amount, currency from payments where payable_id = (select b.id from payables b join orders o on b.kind = 'order' and b.reference = o.order_no where o.id = $1) and method = 'khqr'`,
        [o2.id],
      )
    ).rows;
    const raw = JSON.stringify(sandboxNotification(failed!.id, 'failed', failed!.amount, failed!.currency));
    const notified = await t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/sandbox',
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signSandbox(
          serverKeys(t.config).sandboxPayment.current,
          raw,
          Math.floor(Date.now() / 1000),
        ),
      },
      payload: raw,
    });
    expect(notified.json().data.outcome).toBe('failed');
    expect((await member.post(`${PAY_URL}/${o2.orderNo}`, { method: 'abapay' })).body.code).toBe('0');
  });

  it('a start another request is making answers 623; one abandoned by a crash is closed and frees its place', async () => {
    const o = await book();
    const insert = (secondsAgo: number) =>
      t.database.pool.query(
        `insert into payments (payable_id, gateway, method, checkout_key, amount, currency, status, created_at, updated_at)
         values ((select b.id from payables b join orders o on b.kind = 'order' and b.reference = o.order_no where o.id = $1),
                 'sandbox', 'card', 'card', $2, 'USD', 'pending', now() - make_interval(secs => $3), now())
         returning id`,
        [o.id, o.total, secondsAgo],
      );
    // Started 5 seconds ago (by another process), still asking its gateway.
    const { rows: starting } = await insert(5);
    const busy = await member.post(`${PAY_URL}/${o.orderNo}`, { method: 'card' });
    expect(busy.body).toMatchObject({
      code: '623',
      message: 'A payment of this order is being started right now. Please try again in a few seconds.',
    });
    // Started 2 minutes ago and never finished: that process died.
    await t.database.pool.query(
      `update payments set created_at = now() - interval '2 minutes' where id = $1`,
      [starting[0].id],
    );
    const res = await member.post(`${PAY_URL}/${o.orderNo}`, { method: 'card' });
    expect(res.body.code, JSON.stringify(res.body)).toBe('0');
    expect((await payments(o.id)).map((p) => p.status)).toEqual(['canceled', 'pending']);
  });
});
