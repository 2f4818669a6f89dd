import { OrderPayStatus } from '@wings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers';
import type { Client } from '../../../test/support/booking';
import { client, registerUser } from '../../../test/support/clients';
import { PURCHASE_PATH, REFUND_PATH } from '../../platform/payments/aba/aba.protocol';
import type { FakePayWay } from '../../platform/payments/aba/testing/fake-payway';
import {
  bookOrder,
  mailTo,
  orderFacts,
  type PushbackAnswer,
  refundsOf,
  startAbaTestApp,
} from './test-support';

describe('paying through ABA PayWay (against the fake PayWay)', () => {
  let t: TestApp;
  let fake: FakePayWay;
  let member: Client;
  let answers: PushbackAnswer[];

  beforeAll(async () => {
    ({ t, fake, answers } = await startAbaTestApp());
    member = client(t);
    await registerUser(t, member);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  /** getPayUrl, then the browser posts the form to PayWay (multipart, as the app does). */
  async function startAndPost(orderNo: string, method = 'abapay') {
    const res = await member.post(`/travelsky/payment/getPayUrl/${orderNo}`, { method });
    expect(res.body.code, JSON.stringify(res.body)).toBe('0');
    const pay = res.body.data as {
      paymentId: string;
      gateway: string;
      checkoutUrl: string;
      form: Record<string, string>;
      amount: { amount: number; currency: string };
    };
    const body = new FormData();
    for (const [k, v] of Object.entries(pay.form)) body.append(k, v);
    const posted = await fetch(pay.checkoutUrl, { method: 'POST', body });
    expect(posted.status).toBe(200);
    return { ...pay, tranId: pay.form.tran_id ?? '' };
  }

  it('pays an order: the form goes to PayWay, the confirmed pushback pays once, a replay is ignored, tickets follow', async () => {
    const o = await bookOrder(t, member, { from: 'KOS', to: 'KTI' }, [2, 0, 0]);
    const pay = await startAndPost(o.orderNo);
    expect(pay.gateway).toBe('aba');
    expect(pay.checkoutUrl).toBe(`${fake.url}${PURCHASE_PATH}`);
    expect(pay.amount).toEqual({ amount: o.total, currency: 'USD' });
    expect(pay.form).toMatchObject({
      merchant_id: fake.merchantId,
      amount: (o.total / 100).toFixed(2),
      currency: 'USD',
      payment_option: 'abapay_khqr',
      // The contact "CHAN DARA": the passengers' surname tells which word is the last name.
      firstname: 'DARA',
      lastname: 'CHAN',
      email: o.email,
      phone: '85512345678',
      continue_success_url: `https://fly.example/#/abaPayReturn?orderNo=${o.orderNo}`,
      cancel_url: `https://fly.example/#/abaPayReturn?orderNo=${o.orderNo}&payResult=fail`,
    });
    expect(fake.transactions.get(pay.tranId)?.pushbackUrl).toBe('https://fly.example/api/pay/notify/aba');

    expect(await fake.approve(pay.tranId)).toBe(200);
    expect(answers.at(-1)).toEqual({ status: 200, outcome: 'paid' });
    expect(await fake.pushback(pay.tranId)).toBe(200);
    expect(answers.at(-1)).toEqual({ status: 200, outcome: 'duplicate' });
    expect(await orderFacts(t, o.id)).toMatchObject({
      status: OrderPayStatus.paid,
      paid_events: 1,
      payments: 'succeeded',
    });

    await t.app.ticketing.ticketMissing();
    expect((await orderFacts(t, o.id)).tickets).toBe(2);
    const status = await member.get(`/travelsky/payment/status/${o.orderNo}`);
    expect(status.body.data).toEqual({
      status: OrderPayStatus.paid,
      paymentStatus: 'succeeded',
      ticketsIssued: 2,
    });
  });

  it('refuses forged pushbacks: paid while PayWay says pending or declined, another amount, an unknown tran_id', async () => {
    const o = await bookOrder(t, member, { from: 'KOS', to: 'KTI' });
    const first = await startAndPost(o.orderNo, 'card');
    expect(first.form.payment_option).toBe('cards');
    expect(await fake.pushback(first.tranId, '0')).toBe(400);
    const tx = fake.transactions.get(first.tranId);
    if (tx) tx.status = 'DECLINED';
    expect(await fake.pushback(first.tranId, '0')).toBe(400);
    // PayWay's own failure pushback is believed: the payment failed, the order still unpaid.
    expect(await fake.pushback(first.tranId)).toBe(200);
    expect(answers.at(-1)?.outcome).toBe('failed');

    // The traveller tries again; PayWay holds another amount for the transaction than we asked.
    const second = await startAndPost(o.orderNo, 'khqr');
    const held = fake.transactions.get(second.tranId);
    if (held) held.amount -= 100;
    expect(await fake.approve(second.tranId)).toBe(400);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/aba',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ tran_id: 'W000000000000-ZZZZZZ', apv: '1', status: '0' }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(await orderFacts(t, o.id)).toMatchObject({
      status: OrderPayStatus.un_paid,
      paid_events: 0,
      payments: 'failed,pending',
    });
  });

  it('finds a payment whose pushback was lost by asking PayWay (pay status), once', async () => {
    const o = await bookOrder(t, member, { from: 'KOS', to: 'KTI' });
    const pay = await startAndPost(o.orderNo);
    expect((await member.get(`/travelsky/payment/status/${o.orderNo}`)).body.data).toMatchObject({
      status: OrderPayStatus.un_paid,
      paymentStatus: 'pending',
    });
    const tx = fake.transactions.get(pay.tranId);
    if (tx) {
      tx.status = 'APPROVED';
      tx.apv = '123456';
    }
    expect((await member.get(`/travelsky/payment/status/${o.orderNo}`)).body.data).toMatchObject({
      status: OrderPayStatus.paid,
      paymentStatus: 'succeeded',
    });
    // The pushback arrives after all: acknowledged, nothing changes.
    expect(await fake.pushback(pay.tranId)).toBe(200);
    expect(['duplicate', 'ignored']).toContain(answers.at(-1)?.outcome);
    expect(await orderFacts(t, o.id)).toMatchObject({
      status: OrderPayStatus.paid,
      paid_events: 1,
      payments: 'succeeded',
    });
  });

  it('refunds a second payment of a paid order through PayWay, once, and tells the traveller', async () => {
    const o = await bookOrder(t, member, { from: 'KOS', to: 'KTI' });
    const a = await startAndPost(o.orderNo);
    const b = await startAndPost(o.orderNo, 'card');
    await fake.approve(a.tranId);
    expect(answers.at(-1)?.outcome).toBe('paid');
    // The same traveller also finished the other checkout: that money goes back.
    await fake.approve(b.tranId);
    expect(answers.at(-1)?.outcome).toBe('refund_required');
    const [refund] = await refundsOf(t, o.id);
    expect(refund).toMatchObject({
      amount: o.total,
      currency: 'USD',
      reason: 'duplicate_payment',
      status: 'pending',
    });

    const refundCalls = () => fake.calls.filter((c) => c.path === REFUND_PATH).length;
    const before = refundCalls();
    expect(await t.app.payments.processRefund(refund?.id ?? '')).toBe('succeeded');
    expect(await t.app.payments.processRefund(refund?.id ?? '')).toBe('succeeded');
    expect(refundCalls()).toBe(before + 1);
    expect(fake.transactions.get(b.tranId)).toMatchObject({ status: 'REFUNDED', refunded: o.total });
    expect(fake.transactions.get(a.tranId)).toMatchObject({ status: 'APPROVED', refunded: 0 });
    expect(await orderFacts(t, o.id)).toMatchObject({
      status: OrderPayStatus.paid,
      payments: 'refunded,succeeded',
      refunds: 'succeeded',
      refunded_events: 1,
      notified_events: 1,
    });
    const mails = await mailTo(t, o.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Wings Airways: refund for order ${o.orderNo}`);
  });
});
