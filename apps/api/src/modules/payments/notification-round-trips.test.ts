import { generateKeyPairSync } from 'node:crypto';
import { OrderPayStatus } from '@wings/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { Client } from '../../../test/support/booking';
import { client, registerUser } from '../../../test/support/clients';
import { countRoundTrips } from '../../../test/support/round-trips';
import type { FakePayWay } from '../../platform/payments/aba/testing/fake-payway';
import {
  SANDBOX_SIGNATURE_HEADER,
  sandboxNotification,
  signSandbox,
} from '../../platform/payments/sandbox/sandbox.gateway';
import {
  type FakeNotification,
  type FakeWechatPay,
  startFakeWechatPay,
} from '../../platform/payments/wechat/testing/fake-wechat-pay';
import { serverKeys } from '../../platform/secrets';
import { TICKETING_JOB } from '../booking';
import { bookOrder, orderFacts, type PushbackAnswer, startAbaTestApp } from './test-support';

/** Replays of each event sent after it was applied: gateways resend a lot. */
const REPLAYS = 3;
/** Statements of a first success that pays an order (11 before issue 12), its ticketing job aside. */
const FIRST_SUCCESS = 7;

/** A ticketing prompt the stub saw: for which order, and whether inside the caller's transaction. */
interface Prompt {
  orderId: string;
  inTransaction: boolean;
}

/**
 * The job queue as a counting stub: the shared test database runs no workers, so `send` would
 * enqueue nothing; the stub records every ticketing prompt (and answers like an enqueued job).
 */
function countTicketingPrompts(t: TestApp): Prompt[] {
  const prompts: Prompt[] = [];
  const real = t.app.jobs.send.bind(t.app.jobs);
  vi.spyOn(t.app.jobs, 'send').mockImplementation(async (name, data, options) => {
    if (name !== TICKETING_JOB) return real(name, data, options);
    prompts.push({
      orderId: (data as { orderId: string }).orderId,
      inTransaction: options?.tx !== undefined,
    });
    return `job-${prompts.length}`;
  });
  return prompts;
}

/**
 * What one gateway's notifications cost: the first pays the order and prompts its ticketing
 * once; each replay of it (the same event, already stored) is answered after at most one
 * statement, and prompts nothing, before and after the order is ticketed.
 */
async function provesReplayCosts(
  t: TestApp,
  prompts: Prompt[],
  order: { id: string },
  first: () => Promise<{ status: number; outcome?: string }>,
  replay: () => Promise<{ status: number; outcome?: string }>,
  firstOutcome = 'paid',
) {
  // The first success pays the order in one transaction, its ticketing job part of it (the stub
  // stands for the job's insert): the payment's read, then BEGIN, the event with the payment and
  // payable (one statement), the order's lock, its paid mark and event, COMMIT.
  const paid = await countRoundTrips(first);
  expect(paid.result).toEqual({ status: 200, outcome: firstOutcome });
  // (A late success is rarer and costs more: it takes the seats back under a savepoint.)
  if (firstOutcome === 'paid') {
    expect(paid.statements.length, paid.statements.join('\n---\n')).toBeLessThanOrEqual(FIRST_SUCCESS);
  }
  expect(prompts.filter((p) => p.orderId === order.id)).toEqual([{ orderId: order.id, inTransaction: true }]);

  for (let i = 0; i < REPLAYS; i++) {
    const { result, statements } = await countRoundTrips(replay);
    expect(result).toEqual({ status: 200, outcome: 'duplicate' });
    expect(statements.length, statements.join('\n---\n')).toBeLessThanOrEqual(1);
  }
  // Ticketed meanwhile (its job ran): still one statement, still no prompt.
  await t.app.ticketing.issueTickets(order.id);
  const { result, statements } = await countRoundTrips(replay);
  expect(result).toEqual({ status: 200, outcome: 'duplicate' });
  expect(statements.length, statements.join('\n---\n')).toBeLessThanOrEqual(1);

  expect(prompts.filter((p) => p.orderId === order.id)).toHaveLength(1);
  expect(await orderFacts(t, order.id)).toMatchObject({
    status: OrderPayStatus.paid,
    paid_events: 1,
    payments: 'succeeded',
  });
}

describe('a replayed payment notification costs at most one statement and prompts no ticketing', () => {
  describe('sandbox (the development gateway, and the payment bench)', () => {
    let t: TestApp;
    let clock = new Date();
    let member: Client;
    let prompts: Prompt[];

    beforeAll(async () => {
      t = await createTestApp({ now: () => clock });
      member = client(t);
      await registerUser(t, member);
      prompts = countTicketingPrompts(t);
    });
    afterEach(() => {
      clock = new Date();
    });
    afterAll(() => t.close());

    async function notify(raw: string) {
      const at = Math.floor(clock.getTime() / 1000);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/pay/notify/sandbox',
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: signSandbox(serverKeys(t.config).sandboxPayment.current, raw, at),
        },
        payload: raw,
      });
      return {
        status: res.statusCode,
        outcome: (res.json() as { data?: { outcome?: string } }).data?.outcome,
      };
    }

    it('a replay of the success that paid the order', async () => {
      const o = await bookOrder(t, member, { from: 'KTI', to: 'KOS' }, [2, 0, 0]);
      const pay = (await member.post(`/travelsky/payment/getPayUrl/${o.orderNo}`, { method: 'card' })).body
        .data;
      const raw = JSON.stringify(sandboxNotification(pay.paymentId, 'succeeded', pay.amount.amount, 'USD'));
      await provesReplayCosts(
        t,
        prompts,
        o,
        () => notify(raw),
        () => notify(raw),
      );
    });

    it('a replay of a late success that took the seats of the expired order back', async () => {
      const o = await bookOrder(t, member, { from: 'KTI', to: 'KOS' });
      const pay = (await member.post(`/travelsky/payment/getPayUrl/${o.orderNo}`, { method: 'card' })).body
        .data;
      clock = new Date(Date.now() + 21 * 60_000);
      expect((await t.app.booking.expireOrder(o.id)).expired).toBe(true);
      const raw = JSON.stringify(sandboxNotification(pay.paymentId, 'succeeded', pay.amount.amount, 'USD'));
      await provesReplayCosts(
        t,
        prompts,
        o,
        () => notify(raw),
        () => notify(raw),
        'late_rehold',
      );
    });

    it('a replay of a failure, and of a second success of a paid order (refunded), prompt nothing either', async () => {
      const o = await bookOrder(t, member, { from: 'KTI', to: 'KOS' });
      const card = (await member.post(`/travelsky/payment/getPayUrl/${o.orderNo}`, { method: 'card' })).body
        .data;
      const failed = JSON.stringify(sandboxNotification(card.paymentId, 'failed', card.amount.amount, 'USD'));
      expect(await notify(failed)).toEqual({ status: 200, outcome: 'failed' });
      const again = await countRoundTrips(() => notify(failed));
      expect(again.result).toEqual({ status: 200, outcome: 'duplicate' });
      expect(again.statements.length, again.statements.join('\n---\n')).toBeLessThanOrEqual(1);
      expect(prompts.filter((p) => p.orderId === o.id)).toEqual([]);

      const wechat = (await member.post(`/travelsky/payment/getPayUrl/${o.orderNo}`, { method: 'wechat' }))
        .body.data;
      const paid = JSON.stringify(
        sandboxNotification(card.paymentId, 'succeeded', card.amount.amount, 'USD'),
      );
      expect(await notify(paid)).toEqual({ status: 200, outcome: 'paid' });
      const second = JSON.stringify(
        sandboxNotification(wechat.paymentId, 'succeeded', wechat.amount.amount, wechat.amount.currency),
      );
      expect(await notify(second)).toEqual({ status: 200, outcome: 'refund_required' });
      const replay = await countRoundTrips(() => notify(second));
      expect(replay.result).toEqual({ status: 200, outcome: 'duplicate' });
      expect(replay.statements.length, replay.statements.join('\n---\n')).toBeLessThanOrEqual(1);
      expect(prompts.filter((p) => p.orderId === o.id)).toHaveLength(1);
    });
  });

  describe('ABA PayWay (card, ABA Pay and KHQR in production)', () => {
    let t: TestApp;
    let fake: FakePayWay;
    let member: Client;
    let prompts: Prompt[];
    let answers: PushbackAnswer[];

    beforeAll(async () => {
      ({ t, fake, answers } = await startAbaTestApp());
      member = client(t);
      await registerUser(t, member);
      prompts = countTicketingPrompts(t);
    });
    afterAll(async () => {
      await t.close();
      await fake.close();
    });

    it("a replay of PayWay's pushback (confirmed with check-transaction before the read)", async () => {
      const o = await bookOrder(t, member, { from: 'KOS', to: 'KTI' }, [2, 0, 0]);
      const pay = (await member.post(`/travelsky/payment/getPayUrl/${o.orderNo}`, { method: 'abapay' })).body
        .data as { checkoutUrl: string; form: Record<string, string> };
      const form = new FormData();
      for (const [k, v] of Object.entries(pay.form)) form.append(k, v);
      expect((await fetch(pay.checkoutUrl, { method: 'POST', body: form })).status).toBe(200);
      const tranId = pay.form.tran_id ?? '';
      const answered = async (send: () => Promise<number>) => {
        await send();
        return answers.at(-1)!;
      };
      await provesReplayCosts(
        t,
        prompts,
        o,
        () => answered(() => fake.approve(tranId)),
        () => answered(() => fake.pushback(tranId)),
      );
    });
  });

  describe('WeChat Pay', () => {
    const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
    let t: TestApp;
    let fake: FakeWechatPay;
    let member: Client;
    let prompts: Prompt[];

    beforeAll(async () => {
      fake = await startFakeWechatPay({
        mchId: '1900009191',
        appId: 'wx8888888888888888',
        apiV3Key: 'v3key-0123456789-0123456789-0123',
        merchantPublicKey: merchant.publicKey,
        merchantSerial: '444F4864EA9B34415EA6F3B47A2D1D4B1B5E4A3C',
      });
      t = await createTestApp({
        env: {
          WECHAT_PAY_MCH_ID: '1900009191',
          WECHAT_PAY_APP_ID: 'wx8888888888888888',
          WECHAT_PAY_PRIVATE_KEY: merchant.privateKey
            .export({ type: 'pkcs8', format: 'pem' })
            .toString()
            .replace(/\n/g, '\\n'),
          WECHAT_PAY_CERT_SERIAL: '444F4864EA9B34415EA6F3B47A2D1D4B1B5E4A3C',
          WECHAT_PAY_API_V3_KEY: 'v3key-0123456789-0123456789-0123',
          WECHAT_PAY_PLATFORM_PUBLIC_KEY: fake.platformPublicKey,
          WECHAT_PAY_PLATFORM_SERIAL: fake.platformSerial,
          WECHAT_PAY_API_URL: fake.url,
        },
      });
      member = client(t);
      await registerUser(t, member);
      prompts = countTicketingPrompts(t);
    });
    afterAll(async () => {
      await t.close();
      await fake.close();
    });

    async function deliver(n: FakeNotification) {
      const res = await t.app.inject({
        method: 'POST',
        url: new URL(n.url).pathname,
        headers: n.headers,
        payload: n.body,
      });
      return {
        status: res.statusCode,
        outcome: (res.json() as { data?: { outcome?: string } }).data?.outcome,
      };
    }

    it('a replay of the signed, encrypted notification', async () => {
      const o = await bookOrder(t, member, { from: 'KTI', to: 'CAN' }, [1, 1, 0]);
      const res = await member.post(`/pay/payment/wechat/jsPrepayOrder/${o.orderNo}`, {
        openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe('0');
      const notification = fake.pay((res.body.data.paymentId as string).replace(/-/g, ''));
      await provesReplayCosts(
        t,
        prompts,
        o,
        () => deliver(notification),
        () => deliver(notification),
      );
    });
  });
});
