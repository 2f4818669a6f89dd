import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayUnavailable, NotificationRejected } from '../gateway';
import { AbaPayWayGateway } from './aba.gateway';
import {
  abaTime,
  formatAmount,
  PURCHASE_PATH,
  PUSHBACK_SIGNATURE_HEADER,
  parseAmount,
  purchaseHash,
  pushbackSignature,
  REFUND_PATH,
} from './aba.protocol';
import { type FakePayWay, startFakePayWay } from './testing/fake-payway';

const NOW = new Date('2026-03-14T02:30:05Z');

/** The documented order, written out by hand: req_time … skip_success_page, empty when absent. */
function independentHash(f: Record<string, string>, key: string): string {
  const message =
    (f.req_time ?? '') +
    (f.merchant_id ?? '') +
    (f.tran_id ?? '') +
    (f.amount ?? '') +
    (f.items ?? '') +
    (f.shipping ?? '') +
    (f.firstname ?? '') +
    (f.lastname ?? '') +
    (f.email ?? '') +
    (f.phone ?? '') +
    (f.type ?? '') +
    (f.payment_option ?? '') +
    (f.return_url ?? '') +
    (f.cancel_url ?? '') +
    (f.continue_success_url ?? '') +
    (f.return_deeplink ?? '') +
    (f.currency ?? '') +
    (f.custom_fields ?? '') +
    (f.return_params ?? '') +
    (f.payout ?? '') +
    (f.lifetime ?? '') +
    (f.additional_params ?? '') +
    (f.google_pay_token ?? '') +
    (f.skip_success_page ?? '');
  return createHmac('sha512', key).update(message).digest('base64');
}

function input(overrides: Partial<Parameters<AbaPayWayGateway['createPayment']>[0]> = {}) {
  return {
    paymentId: randomUUID(),
    orderNo: 'W260314583920',
    method: 'abapay',
    amount: 12_345,
    currency: 'USD',
    returnUrl: 'https://fly.example/#/pages/ticket/ticket-detail/ticket-detail?orderNo=W260314583920',
    cancelUrl:
      'https://fly.example/#/pages/ticket/ticket-detail/ticket-detail?orderNo=W260314583920&payResult=fail',
    notifyUrl: 'https://fly.example/api/pay/notify/aba',
    expiresAt: new Date(NOW.getTime() + 20 * 60_000),
    language: 1,
    payer: { firstName: 'Dara', lastName: 'Chan', email: 'dara@example.com', phone: '+855 12 345 678' },
    clientIp: '10.0.0.1',
    ...overrides,
  };
}

describe('ABA PayWay protocol', () => {
  it('hashes the purchase fields in the documented order, absent fields as empty', () => {
    const fields = {
      req_time: '20260314023005',
      merchant_id: 'ec000042',
      tran_id: 'W260314583920-ABCDEF',
      amount: '123.45',
      items: 'W3sibmFtZSI6IngiLCJxdWFudGl0eSI6MSwicHJpY2UiOjEyMy40NX1d',
      firstname: 'Dara',
      lastname: 'Chan',
      email: 'dara@example.com',
      phone: '85512345678',
      type: 'purchase',
      payment_option: 'cards',
      return_url: 'aHR0cHM6Ly9mbHkuZXhhbXBsZS9hcGkvcGF5L25vdGlmeS9hYmE=',
      cancel_url: 'https://fly.example/cancel',
      continue_success_url: 'https://fly.example/ok',
      currency: 'USD',
      lifetime: '20',
    };
    const key = 'k3y-of-the-merchant';
    expect(purchaseHash(fields, key)).toBe(independentHash(fields, key));
    // A known value, so a change of order or encoding cannot pass unnoticed.
    expect(
      purchaseHash({ req_time: '20260101000000', merchant_id: 'm', tran_id: 't', amount: '1.00' }, 'k'),
    ).toBe(createHmac('sha512', 'k').update('20260101000000mt1.00').digest('base64'));
    // Swapping two fields changes the hash: the order is part of it.
    expect(purchaseHash({ ...fields, firstname: 'Chan', lastname: 'Dara' }, key)).not.toBe(
      purchaseHash(fields, key),
    );
  });

  it('writes amounts and times as PayWay reads them', () => {
    expect(formatAmount(12_345, 'USD')).toBe('123.45');
    expect(formatAmount(5, 'USD')).toBe('0.05');
    expect(() => formatAmount(100, 'CNY')).toThrow();
    expect(parseAmount('123.45')).toBe(12_345);
    expect(parseAmount(0.63)).toBe(63);
    expect(parseAmount('x')).toBeNull();
    expect(abaTime(NOW)).toBe('20260314023005');
  });
});

describe('ABA PayWay adapter against the fake PayWay', () => {
  let fake: FakePayWay;
  let aba: AbaPayWayGateway;
  const pushbacks: { url: string; body: string; headers: Record<string, string> }[] = [];

  beforeAll(async () => {
    fake = await startFakePayWay({
      deliver: async (url, body, headers) => {
        pushbacks.push({ url, body, headers });
        return 200;
      },
    });
    aba = new AbaPayWayGateway({
      merchantId: fake.merchantId,
      apiKey: fake.apiKey,
      apiUrl: fake.url,
      rsaPublicKey: fake.rsaPublicKey,
      now: () => NOW,
    });
  });
  afterAll(() => fake.close());

  async function post(form: Record<string, string>) {
    const body = new FormData();
    for (const [k, v] of Object.entries(form)) body.append(k, v);
    const res = await fetch(`${fake.url}${PURCHASE_PATH}`, { method: 'POST', body });
    return { status: res.status, text: await res.text() };
  }

  async function purchase(overrides: Parameters<typeof input>[0] = {}) {
    const created = await aba.createPayment(input(overrides));
    expect((await post(created.form ?? {})).status).toBe(200);
    return created;
  }

  it('builds the purchase form: PayWay endpoint, documented fields, hash over them', async () => {
    const created = await aba.createPayment(input({ method: 'card' }));
    const form = created.form ?? {};
    expect(created.checkoutUrl).toBe(`${fake.url}${PURCHASE_PATH}`);
    expect(created.clientParams).toBeNull();
    expect(created.gatewayReference).toMatch(/^W260314583920-[A-Z2-9]{6}$/);
    expect(form).toMatchObject({
      req_time: '20260314023005',
      merchant_id: fake.merchantId,
      tran_id: created.gatewayReference,
      amount: '123.45',
      firstname: 'Dara',
      lastname: 'Chan',
      phone: '85512345678',
      type: 'purchase',
      payment_option: 'cards',
      currency: 'USD',
      lifetime: '20',
      continue_success_url: input().returnUrl,
      cancel_url: input().cancelUrl,
    });
    expect(Buffer.from(form.return_url ?? '', 'base64').toString()).toBe(
      'https://fly.example/api/pay/notify/aba',
    );
    expect(JSON.parse(Buffer.from(form.items ?? '', 'base64').toString())).toEqual([
      { name: 'Wings Airways W260314583920', quantity: 1, price: 123.45 },
    ]);
    expect(form.hash).toBe(independentHash(form, fake.apiKey));
    expect((await aba.createPayment(input({ method: 'khqr' }))).form?.payment_option).toBe('abapay_khqr');
  });

  it('the fake PayWay takes the form as posted and refuses a tampered one', async () => {
    const created = await aba.createPayment(input());
    const form = created.form ?? {};
    const tampered = await post({ ...form, amount: '1.00' });
    expect(tampered.status).toBe(403);
    expect(tampered.text).toContain('Wrong Hash');
    expect(
      (await post({ ...form, hash: independentHash({ ...form, amount: '1.00' }, 'another-key') })).status,
    ).toBe(403);
    expect(fake.transactions.has(created.gatewayReference)).toBe(false);
    const ok = await post(form);
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('PayWay - Checkout');
    expect(fake.transactions.get(created.gatewayReference)).toMatchObject({
      amount: 12_345,
      status: 'PENDING',
    });
  });

  it('believes a pushback only when check-transaction confirms it, with the amount PayWay holds', async () => {
    const created = await purchase();
    const tranId = created.gatewayReference;
    const pushback = (status: string, extra: Record<string, unknown> = {}) => {
      const body = { tran_id: tranId, apv: '', status, ...extra };
      return {
        raw: JSON.stringify(body),
        headers: { [PUSHBACK_SIGNATURE_HEADER]: pushbackSignature(body, fake.apiKey) },
      };
    };
    // "Paid", says the pushback; PayWay says pending: a forgery (or a very early echo).
    const early = pushback('0');
    await expect(aba.verifyNotification(early.raw, early.headers)).rejects.toBeInstanceOf(
      NotificationRejected,
    );
    // Unsigned pushbacks are still only believed through check-transaction.
    await expect(aba.verifyNotification(JSON.stringify({ tran_id: tranId, status: 0 }), {})).rejects.toThrow(
      /not confirmed/,
    );
    // A signature that does not match the body.
    await expect(
      aba.verifyNotification(early.raw, {
        [PUSHBACK_SIGNATURE_HEADER]: pushback('3').headers[PUSHBACK_SIGNATURE_HEADER],
      }),
    ).rejects.toThrow(/signature/);
    await expect(aba.verifyNotification('not json', {})).rejects.toBeInstanceOf(NotificationRejected);

    expect(await fake.approve(tranId)).toBe(200);
    const sent = pushbacks.at(-1);
    expect(sent?.url).toBe('https://fly.example/api/pay/notify/aba');
    const verified = await aba.verifyNotification(sent?.body ?? '', sent?.headers ?? {});
    const apv = fake.transactions.get(tranId)?.apv;
    expect(verified).toEqual({
      eventId: `${tranId}:APPROVED:${apv}`,
      gatewayReference: tranId,
      status: 'succeeded',
      amount: 12_345,
      currency: 'USD',
    });
    expect(
      await aba.queryPayment({ paymentId: 'x', gatewayReference: tranId, amount: 12_345, currency: 'USD' }),
    ).toEqual({ status: 'succeeded', amount: 12_345, currency: 'USD' });
  });

  it('a success pushback of a declined transaction is refused; its failure pushback is believed', async () => {
    const { gatewayReference: tranId } = await purchase();
    await fake.decline(tranId);
    const failure = pushbacks.at(-1);
    expect(JSON.parse(failure?.body ?? '{}').status).toBe('3');
    expect((await aba.verifyNotification(failure?.body ?? '', failure?.headers ?? {})).status).toBe('failed');
    const forged = JSON.stringify({ tran_id: tranId, apv: '', status: '0' });
    await expect(aba.verifyNotification(forged, {})).rejects.toThrow(/DECLINED/);
    await expect(
      aba.verifyNotification(JSON.stringify({ tran_id: 'NOPE-123', status: '0' }), {}),
    ).rejects.toThrow(/unknown/);
  });

  it('refunds through the refund call once, however often it is asked', async () => {
    const { gatewayReference: tranId } = await purchase({ amount: 20_000 });
    const refund = {
      paymentId: 'p',
      gatewayReference: tranId,
      amount: 20_000,
      currency: 'USD',
      refundId: randomUUID(),
      refundAmount: 20_000,
      reason: 'duplicate_payment',
    };
    // Not paid yet: nothing to refund.
    expect((await aba.refund(refund)).status).toBe('failed');
    await fake.approve(tranId);
    const refundCalls = () => fake.calls.filter((c) => c.path === REFUND_PATH);
    expect(await aba.refund(refund)).toEqual({
      status: 'succeeded',
      gatewayRefundReference: `${tranId}/refund`,
    });
    expect(refundCalls()).toEqual([{ path: REFUND_PATH, code: '00' }]);
    expect(fake.transactions.get(tranId)).toMatchObject({ status: 'REFUNDED', refunded: 20_000 });
    // Retried (a lost reply, a second job): PayWay already shows it, so it is not sent again.
    expect((await aba.refund(refund)).status).toBe('succeeded');
    expect(refundCalls()).toHaveLength(1);
    expect(
      await aba.queryPayment({ paymentId: 'p', gatewayReference: tranId, amount: 20_000, currency: 'USD' }),
    ).toMatchObject({ status: 'refunded' });
  });

  it('reports PayWay unreachable or refusing our keys as unavailable, never as a decision', async () => {
    const wrongKey = new AbaPayWayGateway({
      merchantId: fake.merchantId,
      apiKey: 'not-the-key',
      apiUrl: fake.url,
      rsaPublicKey: fake.rsaPublicKey,
      now: () => NOW,
    });
    const ref = { paymentId: 'p', gatewayReference: 'W1-AAAAAA', amount: 1, currency: 'USD' };
    await expect(wrongKey.queryPayment(ref)).rejects.toBeInstanceOf(GatewayUnavailable);
    const down = new AbaPayWayGateway({
      merchantId: 'm',
      apiKey: 'k',
      apiUrl: 'http://127.0.0.1:9',
      rsaPublicKey: fake.rsaPublicKey,
      now: () => NOW,
      timeoutMs: 2000,
    });
    await expect(down.queryPayment(ref)).rejects.toBeInstanceOf(GatewayUnavailable);
    // A transaction PayWay does not know yet (the form was never posted) is simply still pending.
    expect((await aba.queryPayment(ref)).status).toBe('pending');
  });
});
