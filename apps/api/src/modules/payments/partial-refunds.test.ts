import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { anOrder, aPrivateFlight } from '../../../test/scenarios';

describe('refunds of one payment: partial, per passenger, never above what was paid (issue 11)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const paymentOf = async (id: string) =>
    (
      await t.database.pool.query<{ amount: number; refunded_total: number }>(
        'select amount, refunded_total from payments where id = $1',
        [id],
      )
    ).rows[0]!;

  it('accepts two partial refunds of one payment and the database refuses a third beyond the paid amount', async () => {
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'SIN' });
    const order = await anOrder(t, { flight, passengers: [2, 0, 0], status: 'paid' });
    const paymentId = order.paymentId!;
    const { amount } = await paymentOf(paymentId);
    const { rows: passengers } = await t.database.pool.query<{ id: string }>(
      'select id from order_passengers where order_id = $1 order by seq',
      [order.id],
    );
    const first = Math.floor(amount / 2);

    // One passenger's share, then the other's: both accepted, together the whole payment.
    const a = await t.app.payments.refundPart(paymentId, {
      amount: first,
      reason: 'staff',
      passengerRef: passengers[0]!.id,
    });
    const b = await t.app.payments.refundPart(paymentId, {
      amount: amount - first,
      reason: 'staff',
      passengerRef: passengers[1]!.id,
    });
    expect(a).not.toBe(b);
    expect(await paymentOf(paymentId)).toEqual({ amount, refunded_total: amount });
    const { rows: refunds } = await t.database.pool.query(
      'select amount, passenger_ref, status from payment_refunds where payment_id = $1 order by created_at, amount',
      [paymentId],
    );
    expect(refunds).toHaveLength(2);
    expect(refunds.map((r) => r.passenger_ref).sort()).toEqual(passengers.map((p) => p.id).sort());

    // A third, written straight to the table past the service: the database itself refuses it.
    await expect(
      t.database.pool.query(
        `insert into payment_refunds (payment_id, amount, currency, reason, status)
         values ($1, 1, $2, 'staff', 'pending')`,
        [paymentId, order.currency],
      ),
    ).rejects.toMatchObject({ code: '23514', constraint: 'payments_refunded_within_amount' });
    // The service answers it as a refused request, and nothing was added.
    await expect(t.app.payments.refundPart(paymentId, { amount: 1, reason: 'staff' })).rejects.toMatchObject({
      errorName: 'invalidRequest',
    });
    expect(await paymentOf(paymentId)).toEqual({ amount, refunded_total: amount });

    // A refund the gateway refused gives its share back: it may be asked again.
    await t.database.pool.query(`update payment_refunds set status = 'failed' where id = $1`, [a]);
    expect((await paymentOf(paymentId)).refunded_total).toBe(amount - first);
    await t.app.payments.refundPart(paymentId, {
      amount: first,
      reason: 'staff',
      passengerRef: passengers[0]!.id,
    });
    expect((await paymentOf(paymentId)).refunded_total).toBe(amount);
  });

  it('two concurrent refunds of the same share: the database lets exactly one through', async () => {
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'SIN' });
    const order = await anOrder(t, { flight, status: 'paid' });
    const paymentId = order.paymentId!;
    const { amount } = await paymentOf(paymentId);
    const insert = () =>
      t.database.pool.query(
        `insert into payment_refunds (payment_id, amount, currency, reason, status)
         values ($1, $2, $3, 'staff', 'pending')`,
        [paymentId, amount, order.currency],
      );
    const results = await Promise.allSettled(Array.from({ length: 4 }, insert));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await paymentOf(paymentId)).toEqual({ amount, refunded_total: amount });
  });
});
