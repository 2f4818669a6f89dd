import type { AdminDashboard } from '@wings/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, ownDatabase, type TestApp } from '../../../test/helpers';
import { anOrder, aPrivateFlight, type ScenarioOrder } from '../../../test/scenarios';
import { expectOnlyRoles, signInStaff } from '../../../test/support/staff';
import {
  SANDBOX_SIGNATURE_HEADER,
  sandboxNotification,
  signSandbox,
} from '../../platform/payments/sandbox/sandbox.gateway';
import { serverKeys } from '../../platform/secrets';

/**
 * The staff dashboard (issue 13) on a database of its own (the demo network and fares, no dated
 * flights), so every figure is exactly what this test made: the hub is Phnom Penh (UTC+7) and
 * "today" is Monday 15 March 2027, 12:00 there.
 */
describe('staff console: dashboard', () => {
  let own: Awaited<ReturnType<typeof ownDatabase>>;
  let t: TestApp;
  let clock = new Date('2027-02-20T05:00:00Z');
  const at = (iso: string) => {
    clock = new Date(iso);
  };
  const NOW = '2027-03-15T05:00:00Z';
  const paid: Record<string, ScenarioOrder> = {};
  let refunds: { failedAt: string; pendingAt: string };

  /** A payment of an order started now (a checkout), as the traveller's app starts it. */
  function startPayment(order: ScenarioOrder, method: 'card' | 'khqr') {
    return t.app.payments.startPayment(
      order.orderNo,
      method,
      { kind: 'system', name: 'test' },
      { clientIp: '127.0.0.1' },
    );
  }

  /** The gateway's signed word on a payment; the payment's status after it. */
  async function gatewaySays(
    started: Awaited<ReturnType<typeof startPayment>>,
    status: 'succeeded' | 'failed',
  ): Promise<string> {
    const raw = JSON.stringify(
      sandboxNotification(started.paymentId, status, started.amount.amount, started.amount.currency),
    );
    await t.app.payments.handleNotification('sandbox', raw, {
      [SANDBOX_SIGNATURE_HEADER]: signSandbox(
        serverKeys(t.config).sandboxPayment.current,
        raw,
        Math.floor(clock.getTime() / 1000),
      ),
    });
    const { rows } = await t.database.pool.query('select status from payments where id = $1', [
      started.paymentId,
    ]);
    return rows[0].status;
  }

  /** A refund of part of a paid order, asked for now; the gateway refuses it when `fail`. */
  async function aRefund(order: ScenarioOrder, amount: number, fail: boolean) {
    await t.database.pool.query(`update sandbox_transactions set status = 'succeeded' where reference = $1`, [
      `sbx_${order.paymentId}`,
    ]);
    const refundId = await t.app.payments.refundPart(order.paymentId!, { amount, reason: 'staff' });
    if (fail) {
      const sandbox = t.app.payments.gateways.get('sandbox')!;
      vi.spyOn(sandbox, 'refund').mockResolvedValueOnce({ status: 'failed', gatewayRefundReference: null });
      expect(await t.app.payments.processRefund(refundId)).toBe('failed');
      vi.restoreAllMocks();
    }
  }

  beforeAll(async () => {
    own = await ownDatabase();
    t = await createTestApp({ databaseUrl: own.url, now: () => clock });
    // Flights of the next 7 days (15 to 21 March) and around them.
    const usd = await aPrivateFlight(t, {
      from: 'KTI',
      to: 'SIN',
      date: '2027-03-15',
      depTime: '20:00',
      cabins: { C: { capacity: 8, seatsLeft: 8 }, Y: { capacity: 100, seatsLeft: 90 } },
    });
    const cny = await aPrivateFlight(t, {
      from: 'CAN',
      to: 'KTI',
      date: '2027-03-17',
      cabins: { C: { capacity: 10, seatsLeft: 6 }, Y: { capacity: 150, seatsLeft: 150 } },
    });
    await aPrivateFlight(t, {
      from: 'KTI',
      to: 'SIN',
      date: '2027-03-16',
      status: 'cancelled',
      cabins: { C: { capacity: 8, seatsLeft: 0 }, Y: { capacity: 100, seatsLeft: 0 } },
    });
    await aPrivateFlight(t, {
      from: 'KTI',
      to: 'SIN',
      date: '2027-03-22',
      cabins: { C: { capacity: 8, seatsLeft: 0 }, Y: { capacity: 100, seatsLeft: 0 } },
    });
    await aPrivateFlight(t, {
      from: 'KTI',
      to: 'SIN',
      date: '2027-03-14',
      cabins: { C: { capacity: 8, seatsLeft: 0 }, Y: { capacity: 100, seatsLeft: 0 } },
    });

    // 20 February: paid (in the 30 days, not this month; its attempt not in the last 7 days).
    at('2027-02-20T05:00:00Z');
    paid.feb = await anOrder(t, { flight: usd, status: 'paid' });
    // 2 March: made this month, still unpaid (holding its seat).
    at('2027-03-02T03:00:00Z');
    await anOrder(t, { flight: cny });
    // 14 March 23:30 in Phnom Penh: yesterday there, paid, 2 passengers in CNY.
    at('2027-03-14T16:30:00Z');
    paid.yesterday = await anOrder(t, { flight: cny, passengers: [2, 0, 0], status: 'paid' });
    // 15 March 00:30 in Phnom Penh (still the 14th in UTC): today, paid in USD.
    at('2027-03-14T17:30:00Z');
    paid.today = await anOrder(t, { flight: usd, status: 'paid' });
    // Today: an order whose payment the gateway refused, and one canceled (both made today).
    at('2027-03-15T01:00:00Z');
    const refused = await anOrder(t, { flight: usd });
    expect(await gatewaySays(await startPayment(refused, 'card'), 'failed')).toBe('failed');
    await anOrder(t, { flight: usd, status: 'canceled' });
    // Today 10:00 there: an order paid twice (two checkouts both paid): the second payment is
    // refunded as a whole (refund_required, its refund pending) and is not revenue.
    at('2027-03-15T03:00:00Z');
    paid.twice = await anOrder(t, { flight: usd });
    const first = await startPayment(paid.twice, 'card');
    const second = await startPayment(paid.twice, 'khqr');
    expect(await gatewaySays(first, 'succeeded')).toBe('succeeded');
    expect(await gatewaySays(second, 'succeeded')).toBe('refund_required');
    // Refunds: a failed one asked for on 10 March, a pending one 3 hours before now; a refund
    // that succeeded is not waiting.
    at('2027-03-10T05:00:00Z');
    await aRefund(paid.feb, 1000, true);
    at('2027-03-15T02:00:00Z');
    await aRefund(paid.yesterday, 500, false);
    refunds = { failedAt: '2027-03-10T05:00:00.000Z', pendingAt: '2027-03-15T02:00:00.000Z' };
    at(NOW);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await own?.drop();
  });

  async function dashboard(): Promise<AdminDashboard> {
    const finance = await signInStaff(t, ['finance']);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: finance.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }

  it('is seen by admin, agent, finance and auditor, not by content editors', async () => {
    await expectOnlyRoles(t, { method: 'GET', url: '/api/admin/dashboard' }, [
      'admin',
      'agent',
      'finance',
      'auditor',
    ]);
  });

  it("counts the orders made on the hub's today and in its month, whatever became of them", async () => {
    const d = await dashboard();
    expect(d.timeZone).toBe('Asia/Phnom_Penh');
    expect(d.today).toBe('2027-03-15');
    expect(d.asOf).toBe('2027-03-15T05:00:00.000Z');
    // Today: paid at 00:30, refused, canceled, paid twice. This month: those, 2 and 14 March's.
    expect(d.bookings).toEqual({ today: 4, month: 6 });
  });

  it('sums the revenue paid per currency by hub day, today, this month and the last 30 days', async () => {
    const d = await dashboard();
    const money = (o: ScenarioOrder) => ({ currency: o.currency, amount: o.total });
    expect(paid.feb!.currency).toBe('USD');
    expect(paid.yesterday!.currency).toBe('CNY');
    // Today: the order paid at 00:30 and the first payment of the one paid twice.
    const today = { currency: 'USD', amount: paid.today!.total + paid.twice!.total };
    expect(d.revenue.today).toEqual([today]);
    expect(d.revenue.month).toEqual([money(paid.yesterday!), today]);
    expect(d.revenue.days).toHaveLength(30);
    expect(d.revenue.days[0]!.date).toBe('2027-02-14');
    expect(d.revenue.days[29]!.date).toBe('2027-03-15');
    const nonEmpty = d.revenue.days.filter((x) => x.amounts.length > 0);
    expect(nonEmpty).toEqual([
      { date: '2027-02-20', amounts: [money(paid.feb!)] },
      { date: '2027-03-14', amounts: [money(paid.yesterday!)] },
      { date: '2027-03-15', amounts: [today] },
    ]);
  });

  it('gives the share of payment attempts paid over the last 7 and 30 days', async () => {
    const d = await dashboard();
    // 7 days: yesterday's and today's paid, today's refused, both of the order paid twice (the
    // gateway took both). 30 days: and 20 February's.
    expect(d.paymentSuccess.last7Days).toEqual({ attempts: 5, succeeded: 4, rate: 4 / 5 });
    expect(d.paymentSuccess.last30Days).toEqual({ attempts: 6, succeeded: 5, rate: 5 / 6 });
  });

  it("gives the load factor of the next 7 days' flights, per day and overall", async () => {
    const d = await dashboard();
    // 15 March: 10 sold elsewhere + 4 seats of this system's orders (1 paid in Feb, 1 today,
    // 1 paid twice, 1 refused and still held; the canceled one gave its seat back), of 108.
    // 17 March: 4 sold elsewhere + 1 unpaid + 2 paid, of 160. The cancelled flight of the
    // 16th, and the flights of the 14th and 22nd, are not counted.
    const byDay = Object.fromEntries(d.load.days.map((x) => [x.date, x]));
    expect(d.load.days.map((x) => x.date)).toEqual([
      '2027-03-15',
      '2027-03-16',
      '2027-03-17',
      '2027-03-18',
      '2027-03-19',
      '2027-03-20',
      '2027-03-21',
    ]);
    expect(byDay['2027-03-15']).toEqual({
      date: '2027-03-15',
      flights: 1,
      sold: 14,
      capacity: 108,
      factor: 14 / 108,
    });
    expect(byDay['2027-03-16']).toEqual({
      date: '2027-03-16',
      flights: 0,
      sold: 0,
      capacity: 0,
      factor: null,
    });
    expect(byDay['2027-03-17']).toEqual({
      date: '2027-03-17',
      flights: 1,
      sold: 7,
      capacity: 160,
      factor: 7 / 160,
    });
    expect(d.load.overall).toEqual({ flights: 2, sold: 21, capacity: 268, factor: 21 / 268 });
  });

  it('counts the refunds waiting, pending and failed, with the age of the oldest', async () => {
    const d = await dashboard();
    expect(d.refundsWaiting).toEqual({
      // The refund of 15 March 02:00 and the one of the second payment (03:00).
      pending: { count: 2, oldestAt: refunds.pendingAt, oldestAgeMinutes: 180 },
      failed: { count: 1, oldestAt: refunds.failedAt, oldestAgeMinutes: 5 * 24 * 60 },
    });
  });
});
