import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { OrderPayStatus } from '@wings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { Client } from '../../../test/support/booking';
import { client, registerUser } from '../../../test/support/clients';
import { loadConfig } from '../../config';
import type { Actor } from '../../platform/access';
import {
  type CreatePaymentInput,
  GatewayUnavailable,
  NotificationRejected,
  type PaymentGateway,
} from '../../platform/payments/gateway';
import { SandboxGateway } from '../../platform/payments/sandbox/sandbox.gateway';
import { SandboxLedger } from '../../platform/payments/sandbox/sandbox.repository';
import { serverKeys } from '../../platform/secrets';
import { splitContactName } from './payer-name';
import { PaymentsRepository } from './payments.repository';
import { PaymentsService } from './payments.service';
import { bookOrder, orderFacts } from './test-support';

const rsaPublicKey = generateKeyPairSync('rsa', { modulusLength: 1024 })
  .publicKey.export({ type: 'spki', format: 'pem' })
  .toString();

/** A gateway charging CNY in the app (like WeChat Pay JSAPI), recording what it was asked. */
function cnyGateway(name: string, fail = false) {
  const asked: CreatePaymentInput[] = [];
  const gateway: PaymentGateway = {
    name,
    chargeCurrency: 'CNY',
    async createPayment(input) {
      asked.push(input);
      if (fail) throw new GatewayUnavailable('down');
      return {
        checkoutUrl: null,
        form: null,
        clientParams: { appId: 'wx-app', package: `prepay_id=${input.paymentId}` },
        gatewayReference: `cny_${input.paymentId}`,
      };
    },
    async verifyNotification() {
      throw new NotificationRejected('not used');
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

describe('splitting the contact name for a gateway', () => {
  it('takes a passenger surname at either end as the last name, else the last word', () => {
    expect(splitContactName('CHAN DARA', ['Chan'])).toEqual({ firstName: 'DARA', lastName: 'CHAN' });
    expect(splitContactName('Dara Chan', ['CHAN'])).toEqual({ firstName: 'Dara', lastName: 'Chan' });
    expect(splitContactName('Mary Ann Van Der Berg', ['van der berg'])).toEqual({
      firstName: 'Mary Ann',
      lastName: 'Van Der Berg',
    });
    expect(splitContactName('John Smith', ['Lee'])).toEqual({ firstName: 'John', lastName: 'Smith' });
    expect(splitContactName('  Sokha  ', [])).toEqual({ firstName: 'Sokha', lastName: '' });
    expect(splitContactName('Chan', ['Chan'])).toEqual({ firstName: 'Chan', lastName: '' });
  });
});

describe('payment gateway settings', () => {
  const prod = {
    NODE_ENV: 'production',
    APP_ID: 'x',
    APP_SECRET: 'a-real-secret-of-length',
    SERVER_SECRET: 'a-real-server-secret-of-32-characters-or-more',
    PUBLIC_URL: 'https://fly.example',
  };
  const keys = { ABA_MERCHANT_ID: 'ec1', ABA_API_KEY: 'k', ABA_RSA_PUBLIC_KEY: rsaPublicKey };

  it('uses the sandbox outside production and ABA PayWay in production, with its keys', () => {
    expect(loadConfig({}).payments).toEqual({
      gateway: 'sandbox',
      aba: null,
      wechatPay: null,
      devPayOneCent: false,
    });
    const config = loadConfig({ ...prod, ...keys, ABA_API_URL: 'https://checkout.payway.com.kh/' });
    expect(config.payments.gateway).toBe('aba');
    expect(config.payments.aba).toMatchObject({
      merchantId: 'ec1',
      apiUrl: 'https://checkout.payway.com.kh',
    });
    expect(loadConfig({ PAYMENT_GATEWAY: 'aba', ...keys }).payments.aba?.apiUrl).toBe(
      'https://checkout-sandbox.payway.com.kh',
    );
  });

  it('names what is missing or wrong', () => {
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'aba' })).toThrow(
      /ABA_MERCHANT_ID: is required when PAYMENT_GATEWAY=aba/,
    );
    expect(() => loadConfig({ ...prod })).toThrow(/ABA_API_KEY: is required in production/);
    expect(() => loadConfig({ ...prod, ...keys })).toThrow(/ABA_API_URL: is required in production/);
    expect(() =>
      loadConfig({ ...prod, ...keys, ABA_API_URL: 'https://x.example', PAYMENT_GATEWAY: 'sandbox' }),
    ).toThrow(/PAYMENT_GATEWAY: must be aba in production/);
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'aba', ...keys, ABA_RSA_PUBLIC_KEY: 'not a key' })).toThrow(
      /ABA_RSA_PUBLIC_KEY: must be a PEM RSA public key/,
    );
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'paypal' })).toThrow(/PAYMENT_GATEWAY/);
  });
});

describe('starting a payment', () => {
  let t: TestApp;
  let member: Client;
  /** The logged-in member, as the service sees a caller. */
  let owner: Actor;

  beforeAll(async () => {
    t = await createTestApp();
    member = client(t);
    const { userId } = await registerUser(t, member);
    owner = { kind: 'traveller', userId, grant: null };
  });
  afterAll(() => t.close());

  /** A service on the test database with only the gateways given (independent of the app's wiring). */
  function serviceWith(
    gateways: PaymentGateway[],
    convert?: (a: number, f: string, to: string) => Promise<number>,
  ) {
    return new PaymentsService({
      repo: new PaymentsRepository(t.database.db),
      owners: [...t.app.payments.owners.values()],
      gateways: new Map(gateways.map((g) => [g.name, g])),
      cardGateway: 'sandbox',
      sandboxFallback: false,
      ...(convert ? { convert } : {}),
      jobs: { send: async () => null },
      now: () => new Date(),
      log: { warn() {}, info() {}, error() {} },
      mailer: t.app.mailer,
      devPayOneCent: false,
      notifyUrl: (g) => `https://fly.example/api/pay/notify/${g}`,
      appUrl: (path) => `https://fly.example${path}`,
    });
  }

  it('sends card, ABA Pay and KHQR to PAYMENT_GATEWAY, and WeChat to the sandbox while WeChat Pay is not set up', async () => {
    const o = await bookOrder(t, member, { from: 'KOS', to: 'KTI' });
    for (const method of ['card', 'abapay', 'khqr']) {
      const res = await member.post(`/travelsky/payment/getPayUrl/${o.orderNo}`, { method });
      expect(res.body.data).toMatchObject({
        gateway: 'sandbox',
        form: null,
        amount: { amount: o.total, currency: 'USD' },
      });
    }
    const wechat = await member.post(`/travelsky/payment/getPayUrl/${o.orderNo}`, { method: 'wechat' });
    expect(wechat.body.data.gateway).toBe(t.app.payments.gateways.has('wechat') ? 'wechat' : 'sandbox');
    const { rows } = await t.database.pool.query(
      `select method, gateway, status from payments where payable_id = (select b.id from payables b join orders o on b.kind = 'order' and b.reference = o.order_no where o.id = $1) order by created_at, id`,
      [o.id],
    );
    expect(rows.map((r) => r.method)).toEqual(['card', 'abapay', 'khqr', 'wechat']);
  });

  it('charges a gateway in its own currency through the exchange rates, and refuses without them', async () => {
    const o = await bookOrder(t, member, { from: 'KOS', to: 'KTI' });
    const without = cnyGateway('wechat');
    await expect(
      serviceWith([without.gateway]).startPayment(o.orderNo, 'wechat', owner, { clientIp: '10.1.2.3' }),
    ).rejects.toMatchObject({ errorName: 'paymentUnavailable', code: '500' });
    expect(without.asked).toHaveLength(0);

    const cny = cnyGateway('wechat');
    const service = serviceWith([cny.gateway], async (amount, from, to) => {
      expect([from, to]).toEqual(['USD', 'CNY']);
      return amount * 7;
    });
    const started = await service.startPayment(o.orderNo, 'wechat', owner, {
      clientIp: '10.1.2.3',
      openid: 'o-123',
      language: 2,
    });
    expect(started).toMatchObject({
      gateway: 'wechat',
      checkoutUrl: null,
      form: null,
      amount: { amount: o.total * 7, currency: 'CNY' },
      clientParams: { appId: 'wx-app', package: `prepay_id=${started.paymentId}` },
    });
    expect(cny.asked[0]).toMatchObject({
      paymentId: started.paymentId,
      orderNo: o.orderNo,
      method: 'wechat',
      amount: o.total * 7,
      currency: 'CNY',
      language: 2,
      clientIp: '10.1.2.3',
      openid: 'o-123',
      payer: { firstName: 'DARA', lastName: 'CHAN', phone: '85512345678', email: o.email },
      notifyUrl: 'https://fly.example/api/pay/notify/wechat',
      returnUrl: `https://fly.example/#/abaPayReturn?orderNo=${o.orderNo}`,
    });
    const { rows } = await t.database.pool.query(
      'select amount, currency, gateway_reference from payments where id = $1',
      [started.paymentId],
    );
    expect(rows[0]).toEqual({
      amount: o.total * 7,
      currency: 'CNY',
      gateway_reference: `cny_${started.paymentId}`,
    });
  });

  it('answers 500 pay_unavailable when the gateway cannot start the payment, and closes the attempt', async () => {
    const o = await bookOrder(t, member, { from: 'KOS', to: 'KTI' });
    const down = cnyGateway('sandbox', true);
    await expect(
      serviceWith([down.gateway], async (a) => a).startPayment(o.orderNo, 'card', owner, { clientIp: '' }),
    ).rejects.toMatchObject({ errorName: 'paymentUnavailable' });
    expect((await orderFacts(t, o.id)).payments).toBe('canceled');
    // The traveller tries again, on the app's own gateway.
    const res = await member.post(`/travelsky/payment/getPayUrl/${o.orderNo}`, { method: 'card' });
    expect(res.body.code).toBe('0');
    const unavailable = await serviceWith([])
      .getPayUrl(o.orderNo, 'card', owner)
      .catch((err: unknown) => err);
    expect(unavailable).toMatchObject({ errorName: 'paymentUnavailable' });
  });

  it('the sandbox checkout offers card, ABA Pay and KHQR; cancel goes back without paying, decline fails the payment', async () => {
    const o = await bookOrder(t, member, { from: 'KOS', to: 'KTI' });
    const pay = (await member.post(`/travelsky/payment/getPayUrl/${o.orderNo}`, { method: 'khqr' })).body
      .data;
    const page = await t.app.inject({ method: 'GET', url: pay.checkoutUrl });
    for (const value of ['value="card"', 'value="abapay"', 'value="khqr"', '/approve', '/decline']) {
      expect(page.body).toContain(value);
    }
    expect(page.body).toContain(`href="/#/abaPayReturn?orderNo=${o.orderNo}&amp;payResult=fail"`);
    // Cancel is only a link: the payment is still open and may be paid.
    expect((await member.get(`/travelsky/payment/status/${o.orderNo}`)).body.data.paymentStatus).toBe(
      'pending',
    );

    const decline = await t.app.inject({ method: 'POST', url: `${pay.checkoutUrl}/decline` });
    expect(decline.statusCode).toBe(303);
    expect(decline.headers.location).toBe(`/#/abaPayReturn?orderNo=${o.orderNo}&payResult=fail`);
    // A later Pay on the same page changes nothing: the sandbox settled it as declined.
    await t.app.inject({ method: 'POST', url: `${pay.checkoutUrl}/approve` });
    expect((await t.app.inject({ method: 'GET', url: pay.checkoutUrl })).body).toContain(
      'This payment is failed',
    );
    // The notification is not needed: pay status asks the sandbox.
    expect((await member.get(`/travelsky/payment/status/${o.orderNo}`)).body.data).toEqual({
      status: OrderPayStatus.un_paid,
      paymentStatus: 'failed',
      ticketsIssued: 0,
    });
  });

  it('the sandbox refunds from its own ledger once per refund id, never beyond what was paid', async () => {
    const ledger = new SandboxLedger(t.database.db);
    const sandbox = new SandboxGateway(serverKeys(t.config).sandboxPayment, () => new Date(), ledger);
    const paymentId = randomUUID();
    const created = await sandbox.createPayment({
      paymentId,
      orderNo: 'W000000000001',
      method: 'card',
      amount: 10_000,
      currency: 'USD',
      returnUrl: '',
      cancelUrl: '',
      notifyUrl: '',
      expiresAt: new Date(),
      language: 1,
      payer: { firstName: '', lastName: '', email: '', phone: '' },
      clientIp: '',
    });
    const ref = { paymentId, gatewayReference: created.gatewayReference, amount: 10_000, currency: 'USD' };
    const refund = (refundId: string, refundAmount: number) =>
      sandbox.refund({ ...ref, refundId, refundAmount, reason: 'staff' });
    const [r1, r2, r3] = [randomUUID(), randomUUID(), randomUUID()];
    expect((await refund(r1, 5_000)).status).toBe('failed');
    expect(await sandbox.queryPayment(ref)).toEqual({ status: 'pending', amount: 10_000, currency: 'USD' });
    expect(await ledger.settle(created.gatewayReference, 'succeeded', new Date())).toBe(true);
    expect(await refund(r1, 5_000)).toEqual({ status: 'succeeded', gatewayRefundReference: `sbx_rf_${r1}` });
    expect((await refund(r1, 5_000)).status).toBe('succeeded');
    expect((await refund(r2, 6_000)).status).toBe('failed');
    expect((await refund(r3, 5_000)).status).toBe('succeeded');
    expect(await ledger.get(created.gatewayReference)).toMatchObject({
      status: 'refunded',
      refundedAmount: 10_000,
    });
    expect((await sandbox.queryPayment(ref)).status).toBe('refunded');
    await expect(sandbox.queryPayment({ ...ref, gatewayReference: 'sbx_unknown' })).rejects.toBeInstanceOf(
      GatewayUnavailable,
    );
  });
});

describe('payments in production', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        NODE_ENV: 'production',
        APP_ID: 'prod-app',
        APP_SECRET: 'a-real-secret-of-length',
        PUBLIC_URL: 'https://fly.example',
        ABA_MERCHANT_ID: 'ec1',
        ABA_API_KEY: 'k',
        ABA_API_URL: 'https://checkout.payway.com.kh',
        ABA_RSA_PUBLIC_KEY: rsaPublicKey,
      },
    });
  });
  afterAll(() => t.close());

  it('takes card payments through ABA PayWay and never registers the sandbox', async () => {
    expect(t.app.payments.gateways.has('sandbox')).toBe(false);
    expect(t.app.payments.gateways.get('aba')?.name).toBe('aba');
    const page = await t.app.inject({ method: 'GET', url: `/api/pay/sandbox/${randomUUID()}` });
    expect(page.statusCode).toBe(404);
    const notify = await t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(notify.statusCode).toBe(404);
  });
});
