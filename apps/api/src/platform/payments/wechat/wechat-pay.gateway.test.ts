import { generateKeyPairSync, randomUUID, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WechatPayConfig } from '../../../config';
import { GatewayUnavailable, NotificationRejected } from '../gateway';
import { type FakeWechatPay, startFakeWechatPay } from './testing/fake-wechat-pay';
import { WechatPayApiError, WechatPayGateway } from './wechat-pay.gateway';

const MCH_ID = '1900009191';
const APP_ID = 'wxd678efh567hg6787';
const API_V3_KEY = 'k'.repeat(16) + 'V'.repeat(16);
const SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });

function input(overrides: Partial<Parameters<WechatPayGateway['createPayment']>[0]> = {}) {
  return {
    paymentId: randomUUID(),
    orderNo: 'W260101123456',
    method: 'wechat',
    amount: 71_000,
    currency: 'CNY',
    returnUrl: 'https://fly.example/#/pages/ticket/ticket-detail/ticket-detail?orderNo=W260101123456',
    cancelUrl: 'https://fly.example/#/cancel',
    expiresAt: new Date(Date.now() + 20 * 60_000),
    notifyUrl: 'https://fly.example/api/pay/notify/wechat',
    language: 0,
    payer: { firstName: 'Dara', lastName: 'Chan', email: 'dara@example.com', phone: '85512345678' },
    clientIp: '203.0.113.7',
    ...overrides,
  };
}

describe('WeChat Pay API v3 gateway against the local fake', () => {
  let fake: FakeWechatPay;
  let config: WechatPayConfig;
  let gateway: WechatPayGateway;

  beforeAll(async () => {
    fake = await startFakeWechatPay({
      mchId: MCH_ID,
      appId: APP_ID,
      apiV3Key: API_V3_KEY,
      merchantPublicKey: merchant.publicKey,
      merchantSerial: SERIAL,
    });
    config = {
      mchId: MCH_ID,
      appId: APP_ID,
      privateKey: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      certSerial: SERIAL,
      apiV3Key: API_V3_KEY,
      platformPublicKey: fake.platformPublicKey,
      platformSerial: fake.platformSerial,
      apiUrl: fake.url,
    };
    gateway = new WechatPayGateway(config, { now: () => new Date() });
  });
  afterAll(() => fake.close());

  it('prepays in JSAPI with the openid and answers pay parameters signed with the merchant key', async () => {
    const i = input({ openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' });
    const created = await gateway.createPayment(i);
    expect(created.gatewayReference).toBe(i.paymentId.replace(/-/g, ''));
    expect(created.gatewayReference).toMatch(/^[0-9a-f]{32}$/);
    expect(created.checkoutUrl).toBeNull();
    // A prepay_id works for 2 hours: the checkout is handed out again for a minute less (issue 9).
    const life = created.checkoutExpiresAt!.getTime() - Date.now();
    expect(life).toBeGreaterThan(118 * 60_000);
    expect(life).toBeLessThanOrEqual(119 * 60_000);
    const t = fake.transactions.get(created.gatewayReference)!;
    expect(t).toMatchObject({
      kind: 'JSAPI',
      total: 71_000,
      currency: 'CNY',
      openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
    });
    expect(t.notifyUrl).toBe(i.notifyUrl);
    const p = created.clientParams!;
    expect(p).toMatchObject({ appId: APP_ID, package: `prepay_id=${t.prepayId}`, signType: 'RSA' });
    const message = `${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`;
    expect(
      verify('sha256', Buffer.from(message), merchant.publicKey, Buffer.from(p.paySign!, 'base64')),
    ).toBe(true);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v3/pay/transactions/jsapi',
      accepted: true,
    });
  });

  it('prepays in H5 with the payer address and answers the cashier URL returning to ticket detail', async () => {
    const i = input();
    const created = await gateway.createPayment(i);
    const t = fake.transactions.get(created.gatewayReference)!;
    expect(t).toMatchObject({ kind: 'MWEB', clientIp: '203.0.113.7' });
    expect(created.clientParams).toBeNull();
    const url = new URL(created.checkoutUrl!);
    expect(url.searchParams.get('prepay_id')).toBe(t.prepayId);
    expect(url.searchParams.get('redirect_url')).toBe(i.returnUrl);
    // An h5_url works for 5 minutes: handed out again for 4 at most (issue 9).
    const life = created.checkoutExpiresAt!.getTime() - Date.now();
    expect(life).toBeGreaterThan(3 * 60_000);
    expect(life).toBeLessThanOrEqual(4 * 60_000);
  });

  it('refuses to charge anything but CNY fen', async () => {
    await expect(gateway.createPayment(input({ currency: 'USD' }))).rejects.toThrow(/CNY/);
    await expect(gateway.createPayment(input({ amount: 0 }))).rejects.toThrow();
  });

  it('is refused 401 SIGN_ERROR when its signature does not match the merchant key', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forger = new WechatPayGateway(
      { ...config, privateKey: other.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
      { now: () => new Date() },
    );
    const err = await forger.createPayment(input()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WechatPayApiError);
    expect(err).toMatchObject({ status: 401, code: 'SIGN_ERROR' });
    expect(fake.requests.at(-1)?.accepted).toBe(false);
    const late = new WechatPayGateway(config, { now: () => new Date(Date.now() - 10 * 60_000) });
    await expect(late.createPayment(input())).rejects.toMatchObject({ code: 'SIGN_ERROR' });
  });

  it('refuses a reply that is unsigned or signed by another key', async () => {
    try {
      fake.state.replies = 'unsigned';
      await expect(gateway.createPayment(input({ openid: 'o1' }))).rejects.toBeInstanceOf(GatewayUnavailable);
      fake.state.replies = 'rogue';
      await expect(gateway.createPayment(input({ openid: 'o1' }))).rejects.toThrow(/signature/);
    } finally {
      fake.state.replies = 'signed';
    }
  });

  it('verifies a notification: signature, freshness, serial, decryption, merchant', async () => {
    const created = await gateway.createPayment(input({ openid: 'o2' }));
    const no = created.gatewayReference;
    const n = fake.pay(no);
    const verified = await gateway.verifyNotification(n.body, n.headers);
    expect(verified).toEqual({
      eventId: JSON.parse(n.body).id,
      gatewayReference: no,
      status: 'succeeded',
      amount: 71_000,
      currency: 'CNY',
    });

    const refused = (body: string, headers: Record<string, string>) =>
      expect(gateway.verifyNotification(body, headers)).rejects.toBeInstanceOf(NotificationRejected);
    await refused(n.body.replace('"resource_type"', ' "resource_type"'), n.headers);
    await refused(n.body, {
      ...n.headers,
      'wechatpay-signature': fake.notification(no).headers['wechatpay-signature']!,
    });
    await refused(n.body, { ...n.headers, 'wechatpay-serial': 'PUB_KEY_ID_0000' });
    const stale = fake.notification(no, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    await refused(stale.body, stale.headers);
    const rogue = fake.notification(no, { signWith: merchant.privateKey });
    await refused(rogue.body, rogue.headers);
    const otherKey = fake.notification(no, { apiV3Key: 'x'.repeat(32) });
    await refused(otherKey.body, otherKey.headers);
    const { 'wechatpay-signature': _s, ...unsigned } = n.headers;
    await refused(n.body, unsigned);
    await refused('not json', n.headers);
  });

  it('queries a payment by out_trade_no and refunds it once per refund id', async () => {
    const i = input({ openid: 'o3', amount: 12_345 });
    const created = await gateway.createPayment(i);
    const ref = {
      paymentId: i.paymentId,
      gatewayReference: created.gatewayReference,
      amount: 12_345,
      currency: 'CNY',
    };
    expect(await gateway.queryPayment(ref)).toEqual({ status: 'pending', amount: 12_345, currency: 'CNY' });
    expect(await gateway.queryPayment({ ...ref, gatewayReference: 'f'.repeat(32) })).toMatchObject({
      status: 'pending',
    });
    fake.pay(created.gatewayReference);
    expect(await gateway.queryPayment(ref)).toEqual({ status: 'succeeded', amount: 12_345, currency: 'CNY' });

    const refundId = randomUUID();
    const refund = { ...ref, refundId, refundAmount: 12_345, reason: 'seats_gone' };
    const first = await gateway.refund(refund);
    expect(first.status).toBe('succeeded');
    expect(first.gatewayRefundReference).toBeTruthy();
    expect(await gateway.refund(refund)).toEqual(first);
    expect(fake.transactions.get(created.gatewayReference)!.refunded).toBe(12_345);
    expect(await gateway.queryPayment(ref)).toMatchObject({ status: 'refunded' });
    await expect(gateway.refund({ ...refund, refundId: randomUUID() })).rejects.toMatchObject({
      code: 'INVALID_REQUEST',
    });
  });
});
