import { OrderPayStatus } from '@wings/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { Client } from '../../../test/support/booking';
import { client, registerUser } from '../../../test/support/clients';
import { GatewayUnavailable } from '../../platform/payments/gateway';
import { SandboxGateway } from '../../platform/payments/sandbox/sandbox.gateway';
import { SandboxLedger } from '../../platform/payments/sandbox/sandbox.repository';
import { RECONCILE_AFTER_MS, RECONCILE_WITHIN_MS } from './payments.service';
import { bookOrder, orderFacts } from './test-support';

const MINUTE = 60_000;
/**
 * The sweep looks at every pending payment of the shared test database in its window, so this
 * file's clock runs two days behind: its payments are the only ones the sweeps here can see,
 * and other files' pending payments are never touched by them.
 */
const past = () => new Date(Date.now() - 2 * 24 * 60 * MINUTE);

describe('the reconcile sweep: payments whose notification never came', () => {
  let t: TestApp;
  let clock = past();
  let member: Client;
  let ledger: SandboxLedger;

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    member = client(t);
    await registerUser(t, member);
    ledger = new SandboxLedger(t.database.db);
  });
  afterEach(() => {
    clock = past();
    vi.restoreAllMocks();
  });
  afterAll(() => t.close());

  /** How often the gateway was asked about one payment. */
  function askedAbout(query: { mock: { calls: [{ paymentId: string }][] } }, paymentId: string): number {
    return query.mock.calls.filter(([ref]) => ref.paymentId === paymentId).length;
  }

  /** An order with a pending sandbox payment, paid (or declined) at the gateway with no notification sent. */
  async function paidAtGatewayOnly(outcome: 'succeeded' | 'failed') {
    const o = await bookOrder(t, member, { from: 'KOS', to: 'KTI' });
    const res = await member.post(`/travelsky/payment/getPayUrl/${o.orderNo}`, { method: 'card' });
    expect(res.body.code, JSON.stringify(res.body)).toBe('0');
    const paymentId = res.body.data.paymentId as string;
    expect(await ledger.settle(`sbx_${paymentId}`, outcome, clock)).toBe(true);
    return { ...o, paymentId };
  }

  it('pays and tickets an order the gateway says was paid, once the payment is stale, and only once', async () => {
    const started = clock.getTime();
    const o = await paidAtGatewayOnly('succeeded');

    // Still fresh: the notification may yet come, the gateway is not asked.
    const query = vi.spyOn(SandboxGateway.prototype, 'queryPayment');
    clock = new Date(started + RECONCILE_AFTER_MS - MINUTE);
    expect(await t.app.payments.reconcileStale()).toEqual({});
    expect(askedAbout(query, o.paymentId)).toBe(0);

    clock = new Date(started + RECONCILE_AFTER_MS + MINUTE);
    expect(await t.app.payments.reconcileStale()).toMatchObject({ paid: 1 });
    await t.app.ticketing.issueTickets(o.id);
    expect(await orderFacts(t, o.id)).toMatchObject({
      status: OrderPayStatus.paid,
      paid_events: 1,
      tickets: 1,
    });

    // Nothing pending is left to ask about; a late notification would be a duplicate.
    query.mockClear();
    clock = new Date(clock.getTime() + 10 * MINUTE);
    expect(await t.app.payments.reconcileStale()).toEqual({});
    expect(askedAbout(query, o.paymentId)).toBe(0);
  });

  it('marks a declined payment failed and leaves the order unpaid, ready to pay again', async () => {
    const started = clock.getTime();
    const o = await paidAtGatewayOnly('failed');
    clock = new Date(started + RECONCILE_AFTER_MS + MINUTE);
    expect(await t.app.payments.reconcileStale()).toMatchObject({ failed: 1 });
    expect(await orderFacts(t, o.id)).toMatchObject({
      status: OrderPayStatus.un_paid,
      paid_events: 0,
      payments: 'failed',
    });
  });

  it('goes on with the other payments when the gateway cannot be reached for one, and asks again later', async () => {
    const started = clock.getTime();
    const first = await paidAtGatewayOnly('succeeded');
    const second = await paidAtGatewayOnly('succeeded');
    vi.spyOn(SandboxGateway.prototype, 'queryPayment').mockRejectedValueOnce(
      new GatewayUnavailable('timeout'),
    );
    clock = new Date(started + RECONCILE_AFTER_MS + MINUTE);
    expect(await t.app.payments.reconcileStale()).toMatchObject({ paid: 1 });
    const paid = [await orderFacts(t, first.id), await orderFacts(t, second.id)].map((f) => f.status);
    expect(paid.sort()).toEqual([0, 1]);

    // Asked again once a quarter of the payment's age has passed since.
    expect(await t.app.payments.reconcileStale()).toEqual({});
    clock = new Date(clock.getTime() + 2 * MINUTE);
    expect(await t.app.payments.reconcileStale()).toMatchObject({ paid: 1 });
    expect((await orderFacts(t, first.id)).status).toBe(OrderPayStatus.paid);
    expect((await orderFacts(t, second.id)).status).toBe(OrderPayStatus.paid);
  });

  it('asks about an abandoned checkout less and less often as it ages', async () => {
    const started = clock.getTime();
    const o = await bookOrder(t, member, { from: 'KOS', to: 'KTI' });
    const res = await member.post(`/travelsky/payment/getPayUrl/${o.orderNo}`, { method: 'card' });
    expect(res.body.code).toBe('0');
    const query = vi.spyOn(SandboxGateway.prototype, 'queryPayment');
    // A sweep every 2 minutes for 6 hours.
    for (let at = 0; at <= 6 * 60; at += 2) {
      clock = new Date(started + at * MINUTE);
      await t.app.payments.reconcileStale();
    }
    const asked = askedAbout(query, res.body.data.paymentId);
    expect(asked).toBeGreaterThan(5);
    expect(asked).toBeLessThan(25);
    expect(await orderFacts(t, o.id)).toMatchObject({ status: OrderPayStatus.un_paid, payments: 'pending' });
  });

  it('leaves payments older than a day to staff', async () => {
    const started = clock.getTime();
    const o = await paidAtGatewayOnly('succeeded');
    clock = new Date(started + RECONCILE_WITHIN_MS + MINUTE);
    expect(await t.app.payments.reconcileStale()).toEqual({});
    expect((await orderFacts(t, o.id)).status).toBe(OrderPayStatus.un_paid);
  });
});
