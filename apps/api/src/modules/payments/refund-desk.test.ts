import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { aPaidOrderWithTickets, aPrivateFlight, type PrivateFlight } from '../../../test/scenarios';
import { callAsStaff, expectOnlyRoles, type SignedInStaff, signInStaff } from '../../../test/support/staff';
import { PaymentsRepository } from './payments.repository';
import { REFUND_JOB } from './payments.service';
import { RefundDesk } from './refund-desk';
import { mailTo } from './test-support';

/**
 * The staff console's refund actions (issue 13): a refund the gateway refused is retried through
 * the refund job, or settled by hand with a reference; each writes the order's history and the
 * audit row with the change.
 */
describe('staff console: failed refunds', () => {
  let t: TestApp;
  let finance: SignedInStaff;
  let agent: SignedInStaff;
  let flight: PrivateFlight;

  beforeAll(async () => {
    t = await createTestApp();
    [finance, agent] = await Promise.all([signInStaff(t, ['finance']), signInStaff(t, ['agent'])]);
    flight = await aPrivateFlight(t, { from: 'KTI', to: 'SIN' });
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(() => t.close());

  const sandbox = () => t.app.payments.gateways.get('sandbox')!;

  /** A paid order with a refund of `amount` (all of it by default) that the gateway refused. */
  async function aFailedRefund(amount?: number) {
    const order = await aPaidOrderWithTickets(t, { flight });
    await sandboxKnowsPaid(order.paymentId!);
    const refundId = await t.app.payments.refundPart(order.paymentId!, {
      amount: amount ?? order.total,
      reason: 'staff',
    });
    vi.spyOn(sandbox(), 'refund').mockResolvedValueOnce({ status: 'failed', gatewayRefundReference: null });
    expect(await t.app.payments.processRefund(refundId)).toBe('failed');
    return { order, refundId };
  }

  /**
   * The scenario pays with a signed notification alone, which the sandbox's own ledger never
   * saw: it is told of the payment as its checkout page would have told it, so it refunds it.
   */
  async function sandboxKnowsPaid(paymentId: string) {
    await t.database.pool.query(`update sandbox_transactions set status = 'succeeded' where reference = $1`, [
      `sbx_${paymentId}`,
    ]);
  }

  const post = (who: SignedInStaff, url: string, payload: unknown) =>
    callAsStaff(t, who, 'POST', url, payload);
  async function orderPage(orderNo: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${orderNo}`,
      headers: finance.headers,
    });
    return res.json().data;
  }

  it('lets only admins and finance retry or settle a refund', async () => {
    const { order, refundId } = await aFailedRefund();
    // A refund of no order of this number: allowed roles get past the gate to 4102, nothing changes.
    const other = '00000000-0000-4000-8000-000000000000';
    await expectOnlyRoles(
      t,
      {
        method: 'POST',
        url: `/api/admin/orders/${order.orderNo}/refunds/${other}/retry`,
        payload: { reason: 'try again' },
      },
      ['admin', 'finance'],
    );
    await expectOnlyRoles(
      t,
      {
        method: 'POST',
        url: `/api/admin/orders/${order.orderNo}/refunds/${other}/settle`,
        payload: { reason: 'paid at the desk', reference: 'R-1' },
      },
      ['admin', 'finance'],
    );
    expect((await orderPage(order.orderNo)).refunds[0]).toMatchObject({ id: refundId, status: 'failed' });
  });

  it('shows a failed refund with its failure, retries it through the refund job, and the gateway then pays it', async () => {
    const { order, refundId } = await aFailedRefund();
    const before = await orderPage(order.orderNo);
    expect(before.refunds).toEqual([
      expect.objectContaining({
        id: refundId,
        status: 'failed',
        reason: 'staff',
        amount: { amount: order.total, currency: order.currency },
        failures: [{ at: expect.any(String), actor: 'gateway:sandbox' }],
        settledByHand: false,
      }),
    ]);

    const send = vi.spyOn(t.app.jobs, 'send');
    const res = await post(finance, `/orders/${order.orderNo}/refunds/${refundId}/retry`, {
      reason: 'the bank fixed the account',
    });
    expect(res.body).toMatchObject({ code: '0', data: { refundId, status: 'pending' } });
    expect(send).toHaveBeenCalledWith(REFUND_JOB, { refundId }, { singletonKey: refundId });

    const pending = await orderPage(order.orderNo);
    expect(pending.refunds[0].status).toBe('pending');
    expect(pending.events.at(-1)).toMatchObject({
      type: 'refund_retried',
      actor: `staff:${finance.staff.id}`,
      reason: 'the bank fixed the account',
      data: expect.objectContaining({ refundId }),
    });
    expect(pending.audit).toEqual([
      expect.objectContaining({
        staffId: finance.staff.id,
        action: 'refund.retry',
        targetType: 'order',
        targetId: order.orderNo,
        before: expect.objectContaining({ refundId, status: 'failed' }),
        after: expect.objectContaining({ refundId, status: 'pending' }),
        reason: 'the bank fixed the account',
      }),
    ]);

    // The job runs (tests call its handler): the sandbox refunds it this time.
    expect(await t.app.payments.processRefund(refundId)).toBe('succeeded');
    const done = await orderPage(order.orderNo);
    expect(done.refunds[0]).toMatchObject({
      status: 'succeeded',
      settledByHand: false,
      reference: expect.any(String),
    });
    expect(done.payments[0].refundedTotal.amount).toBe(order.total);

    // Only a failed refund can be retried.
    const again = await post(finance, `/orders/${order.orderNo}/refunds/${refundId}/retry`, {
      reason: 'once more',
    });
    expect(again.body).toMatchObject({ code: '4103', data: { status: 'succeeded' } });
  });

  it('settles a failed refund by hand with a reference, and the traveller gets the notice', async () => {
    const { order, refundId } = await aFailedRefund();
    const res = await post(finance, `/orders/${order.orderNo}/refunds/${refundId}/settle`, {
      reason: 'paid back by bank transfer',
      reference: 'ABA-TRANSFER-7781',
    });
    expect(res.body).toMatchObject({ code: '0', data: { refundId, status: 'succeeded' } });
    const d = await orderPage(order.orderNo);
    expect(d.refunds[0]).toMatchObject({
      status: 'succeeded',
      reference: 'ABA-TRANSFER-7781',
      settledByHand: true,
      refundedAt: expect.any(String),
    });
    expect(d.payments[0].refundedTotal.amount).toBe(order.total);
    expect(d.events.map((e: { type: string }) => e.type)).toEqual(
      expect.arrayContaining(['refund_failed', 'refund_settled', 'refund_notified']),
    );
    expect(d.events.find((e: { type: string }) => e.type === 'refund_settled')).toMatchObject({
      actor: `staff:${finance.staff.id}`,
      reason: 'paid back by bank transfer',
      data: expect.objectContaining({ refundId, reference: 'ABA-TRANSFER-7781' }),
    });
    expect(d.audit[0]).toMatchObject({
      action: 'refund.settle',
      targetId: order.orderNo,
      after: expect.objectContaining({ status: 'succeeded', reference: 'ABA-TRANSFER-7781' }),
      reason: 'paid back by bank transfer',
    });
    expect(await mailTo(t, order.email)).toHaveLength(1);
  });

  it("refuses another order's refund (4102) and a retry that would refund more than was paid (4104)", async () => {
    const { order, refundId } = await aFailedRefund();
    const other = await aPaidOrderWithTickets(t, { flight });
    await sandboxKnowsPaid(other.paymentId!);
    const wrong = await post(finance, `/orders/${other.orderNo}/refunds/${refundId}/retry`, {
      reason: 'wrong order',
    });
    expect(wrong.body.code).toBe('4102');

    // Meanwhile the whole payment went back through another refund: retrying would pass what was paid.
    const second = await t.app.payments.refundPart(order.paymentId!, {
      amount: order.total,
      reason: 'staff',
    });
    expect(await t.app.payments.processRefund(second)).toBe('succeeded');
    const over = await post(finance, `/orders/${order.orderNo}/refunds/${refundId}/retry`, {
      reason: 'try again',
    });
    expect(over.body.code).toBe('4104');
    const d = await orderPage(order.orderNo);
    expect(d.refunds.find((r: { id: string }) => r.id === refundId).status).toBe('failed');
    expect(d.audit).toEqual([]);
  });

  it('keeps nothing when the audit row cannot be written: the action and its rows commit together', async () => {
    const { order, refundId } = await aFailedRefund();
    const desk = new RefundDesk({
      repo: new PaymentsRepository(t.database.db),
      owners: t.app.payments.owners,
      audit: {
        record: async () => {
          throw new Error('the audit log is unavailable');
        },
      },
      jobs: t.app.jobs,
      now: () => new Date(),
      finish: (id) => t.app.payments.processRefund(id),
      log: { warn() {} },
    });
    const staff = { id: finance.staff.id, email: finance.staff.email, ip: null };
    await expect(desk.retry('order', order.orderNo, refundId, staff, 'try again')).rejects.toThrow(
      'the audit log is unavailable',
    );
    await expect(
      desk.settleByHand('order', order.orderNo, refundId, staff, 'paid in cash', 'R-9'),
    ).rejects.toThrow('the audit log is unavailable');
    const d = await orderPage(order.orderNo);
    expect(d.refunds[0]).toMatchObject({ status: 'failed', reference: null });
    expect(d.events.map((e: { type: string }) => e.type)).not.toContain('refund_retried');
    expect(d.events.map((e: { type: string }) => e.type)).not.toContain('refund_settled');
    expect(d.payments[0].refundedTotal.amount).toBe(0);
  });

  it('requires a reason and a reference, naming the field', async () => {
    const { order, refundId } = await aFailedRefund();
    const noReason = await post(finance, `/orders/${order.orderNo}/refunds/${refundId}/retry`, {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.data.fields[0].field).toContain('reason');
    const noRef = await post(finance, `/orders/${order.orderNo}/refunds/${refundId}/settle`, {
      reason: 'paid in cash',
    });
    expect(noRef.status).toBe(400);
    expect(noRef.body.data.fields[0].field).toContain('reference');
    // An agent may not, whatever the body.
    const byAgent = await post(agent, `/orders/${order.orderNo}/refunds/${refundId}/retry`, {
      reason: 'please',
    });
    expect(byAgent.status).toBe(403);
  });
});
