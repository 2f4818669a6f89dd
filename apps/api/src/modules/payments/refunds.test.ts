import { OrderPayStatus } from '@wings/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { Client } from '../../../test/support/booking';
import { client, registerUser } from '../../../test/support/clients';
import {
  SANDBOX_SIGNATURE_HEADER,
  sandboxNotification,
  signSandbox,
} from '../../platform/payments/sandbox/sandbox.gateway';
import { serverKeys } from '../../platform/secrets';
import { REFUND_JOB } from './payments.service';
import { bookOrder, mailTo, orderFacts, refundsOf } from './test-support';

const MINUTE = 60_000;

describe('refunds of money that cannot be kept', () => {
  let t: TestApp;
  let clock = new Date();
  let member: Client;
  let khmer: Client;

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    member = client(t);
    await registerUser(t, member);
    khmer = client(t, { lang: '2' });
    await registerUser(t, khmer);
  });
  afterEach(() => {
    clock = new Date();
    vi.restoreAllMocks();
  });
  afterAll(() => t.close());

  async function payUrl(c: Client, orderNo: string, method = 'card') {
    const res = await c.post(`/travelsky/payment/getPayUrl/${orderNo}`, { method });
    expect(res.body.code, JSON.stringify(res.body)).toBe('0');
    return res.body.data as {
      paymentId: string;
      checkoutUrl: string;
      amount: { amount: number; currency: string };
    };
  }

  async function notify(body: object) {
    const raw = JSON.stringify(body);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/sandbox',
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signSandbox(
          serverKeys(t.config).sandboxPayment.current,
          raw,
          Math.floor(clock.getTime() / 1000),
        ),
      },
      payload: raw,
    });
    return (res.json() as { data: { outcome: string } }).data.outcome;
  }

  async function ledger(paymentId: string) {
    const { rows } = await t.database.pool.query(
      `select status, refunded_amount,
              (select count(*)::int from sandbox_transactions r
                where r.status = 'refund' and r.order_no = s.order_no) as refund_entries
         from sandbox_transactions s where reference = $1`,
      [`sbx_${paymentId}`],
    );
    return rows[0] as { status: string; refunded_amount: number; refund_entries: number };
  }

  it('refunds a late payment whose seats are gone through the sandbox, and tells the traveller in Khmer', async () => {
    const o = await bookOrder(t, khmer, { from: 'KOS', to: 'KTI' }, [2, 0, 0]);
    const pay = await payUrl(khmer, o.orderNo, 'abapay');
    clock = new Date(Date.now() + 21 * MINUTE);
    expect((await t.app.booking.expireOrder(o.id)).expired).toBe(true);
    await t.database.pool.query(
      `update flight_class_inventory set authorised_limit = sold + external_sold
        where flight_id = $1 and booking_class = 'M'`,
      [o.flightId],
    );
    // The traveller pays on the sandbox's page anyway; its notification is lost, and the app
    // finds the payment by asking the gateway (pay status).
    const approve = await t.app.inject({ method: 'POST', url: `${pay.checkoutUrl}/approve` });
    expect(approve.statusCode).toBe(303);
    expect(await ledger(pay.paymentId)).toMatchObject({ status: 'succeeded', refunded_amount: 0 });
    const send = vi.spyOn(t.app.jobs, 'send');
    const status = await khmer.get(`/travelsky/payment/status/${o.orderNo}`);
    expect(status.body.data).toMatchObject({
      status: OrderPayStatus.canceled,
      paymentStatus: 'refund_required',
      ticketsIssued: 0,
    });

    // The refund row came with the mark, and its job was asked for.
    const [refund] = await refundsOf(t, o.id);
    expect(refund).toMatchObject({
      payment_id: pay.paymentId,
      amount: o.total,
      currency: 'USD',
      reason: 'seats_gone',
      status: 'pending',
    });
    expect(send).toHaveBeenCalledWith(REFUND_JOB, { refundId: refund?.id }, { singletonKey: refund?.id });
    // The traveller sees it on the order: money on its way back.
    const before = await khmer.get(`/travelsky/ibe/getOrderDetail/${o.orderNo}`);
    expect(before.body.data.refunds).toEqual([
      {
        amount: { amount: o.total, currency: 'USD' },
        status: 'pending',
        reason: 'seats_gone',
        requestedAt: expect.any(String),
        refundedAt: null,
      },
    ]);

    // The job runs.
    expect(await t.app.payments.processRefund(refund?.id ?? '')).toBe('succeeded');
    expect(await ledger(pay.paymentId)).toMatchObject({
      status: 'refunded',
      refunded_amount: o.total,
      refund_entries: 1,
    });
    expect(await orderFacts(t, o.id)).toMatchObject({
      status: OrderPayStatus.canceled,
      payments: 'refunded',
      refunds: 'succeeded',
      refunded_events: 1,
      notified_events: 1,
      tickets: 0,
    });
    const after = await khmer.get(`/travelsky/ibe/getOrderDetail/${o.orderNo}`);
    expect(after.body.data.refunds).toMatchObject([{ status: 'succeeded', refundedAt: expect.any(String) }]);
    const [mail, ...more] = await mailTo(t, o.email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe(`វីងស៍ អ៊ែរវេស៍៖ ការសងប្រាក់វិញសម្រាប់ការបញ្ជាទិញ ${o.orderNo}`);
    const money = `USD ${(o.total / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
    expect(mail?.text_body).toContain(money);
    expect(mail?.text_body).toContain('កៅអីលែងត្រូវបានរក្សាទុក');
    expect(mail?.html_body).toContain('lang="km"');
  });

  it('refunds a second payment of an order already paid; the order keeps the first', async () => {
    const o = await bookOrder(t, member, { from: 'KOS', to: 'KTI' });
    const first = await payUrl(member, o.orderNo);
    const second = await payUrl(member, o.orderNo, 'khqr');
    for (const p of [first, second]) {
      await t.app.inject({ method: 'POST', url: `${p.checkoutUrl}/approve` });
    }
    expect(await notify(sandboxNotification(first.paymentId, 'succeeded', o.total, 'USD'))).toBe('paid');
    expect(await notify(sandboxNotification(second.paymentId, 'succeeded', o.total, 'USD'))).toBe(
      'refund_required',
    );
    const [refund] = await refundsOf(t, o.id);
    expect(refund).toMatchObject({
      payment_id: second.paymentId,
      reason: 'duplicate_payment',
      status: 'pending',
    });
    expect(await t.app.payments.refundPending()).toBeGreaterThanOrEqual(1);
    expect(await ledger(second.paymentId)).toMatchObject({ status: 'refunded', refunded_amount: o.total });
    expect(await ledger(first.paymentId)).toMatchObject({ status: 'succeeded', refunded_amount: 0 });
    expect(await orderFacts(t, o.id)).toMatchObject({
      status: OrderPayStatus.paid,
      paid_events: 1,
      payments: 'refunded,succeeded',
      refunds: 'succeeded',
    });
    const [mail] = await mailTo(t, o.email);
    expect(mail?.subject).toBe(`Wings Airways: refund for order ${o.orderNo}`);
    expect(mail?.text_body).toContain('This order had already been paid');
  });

  it('running the refund job twice, or at once, refunds once and mails once', async () => {
    const o = await bookOrder(t, member, { from: 'KOS', to: 'KTI' });
    // Two checkouts at once: another method (the same one would answer the same payment again).
    const first = await payUrl(member, o.orderNo);
    const second = await payUrl(member, o.orderNo, 'khqr');
    await t.app.inject({ method: 'POST', url: `${second.checkoutUrl}/approve` });
    expect(await notify(sandboxNotification(first.paymentId, 'succeeded', o.total, 'USD'))).toBe('paid');
    // The second payment's notification, replayed: one refund.
    const n = sandboxNotification(second.paymentId, 'succeeded', o.total, 'USD');
    expect(await notify(n)).toBe('refund_required');
    expect(await notify(n)).toBe('duplicate');
    const refunds = await refundsOf(t, o.id);
    expect(refunds).toHaveLength(1);
    const id = refunds[0]?.id ?? '';

    const outcomes = await Promise.all(Array.from({ length: 4 }, () => t.app.payments.processRefund(id)));
    expect(outcomes).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded']);
    expect(await t.app.payments.processRefund(id)).toBe('succeeded');
    await t.app.payments.refundPending();
    expect(await ledger(second.paymentId)).toMatchObject({
      status: 'refunded',
      refunded_amount: o.total,
      refund_entries: 1,
    });
    expect(await orderFacts(t, o.id)).toMatchObject({ refunded_events: 1, notified_events: 1 });
    expect(await mailTo(t, o.email)).toHaveLength(1);
  });

  it('a notice whose mail failed is sent by a later run; the refund is not asked again', async () => {
    const o = await bookOrder(t, member, { from: 'KOS', to: 'KTI' });
    // Two checkouts at once: another method (the same one would answer the same payment again).
    const first = await payUrl(member, o.orderNo);
    const second = await payUrl(member, o.orderNo, 'khqr');
    await t.app.inject({ method: 'POST', url: `${second.checkoutUrl}/approve` });
    await notify(sandboxNotification(first.paymentId, 'succeeded', o.total, 'USD'));
    await notify(sandboxNotification(second.paymentId, 'succeeded', o.total, 'USD'));
    const id = (await refundsOf(t, o.id))[0]?.id ?? '';
    const mailer = vi.spyOn(t.app.mailer, 'send').mockRejectedValueOnce(new Error('SMTP down'));
    await expect(t.app.payments.processRefund(id)).rejects.toThrow('SMTP down');
    expect(await orderFacts(t, o.id)).toMatchObject({ payments: 'refunded,succeeded', notified_events: 0 });
    expect(await mailTo(t, o.email)).toHaveLength(0);
    mailer.mockRestore();
    // The sweep finds the refund whose notice is owed.
    await t.app.payments.refundPending();
    expect(await mailTo(t, o.email)).toHaveLength(1);
    expect(await ledger(second.paymentId)).toMatchObject({ refunded_amount: o.total, refund_entries: 1 });
    expect(await orderFacts(t, o.id)).toMatchObject({ refunded_events: 1, notified_events: 1 });
  });
});
