import { OrderPayStatus } from '@wings/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { anOrder, aPrivateFlight } from '../../../test/scenarios';
import { createInventory } from '../inventory';
import { expireOrder, isLegalTransition, markOrderTicketed, payLateOrder, payOrder } from './order-lifecycle';

describe('the order status machine (order-lifecycle.ts)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The order's status and how many history rows it has. */
  async function facts(orderId: string) {
    const { rows } = await t.database.pool.query<{ status: number; events: number; ticketed: boolean }>(
      `select o.status, o.ticketed_at is not null as ticketed,
              (select count(*)::int from order_events e where e.order_id = o.id) as events
         from orders o where o.id = $1`,
      [orderId],
    );
    return rows[0]!;
  }

  it('refuses an illegal order transition', async () => {
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'SIN' });
    const paid = await anOrder(t, { flight, status: 'paid' });
    const canceled = await anOrder(t, { flight, status: 'canceled' });
    const unpaid = await anOrder(t, { flight });
    const db = t.database.db;
    const actor = { actor: 'system', data: { test: true } };
    const later = new Date(Date.now() + 365 * 24 * 3600_000);
    const before = {
      paid: await facts(paid.id),
      canceled: await facts(canceled.id),
      unpaid: await facts(unpaid.id),
    };
    expect(before.paid.status).toBe(OrderPayStatus.paid);
    expect(before.canceled.status).toBe(OrderPayStatus.canceled);
    expect(before.unpaid.status).toBe(OrderPayStatus.un_paid);

    // paid → canceled: an expiry finds the order paid and does nothing (not even its follow-up).
    const followUp = vi.fn(async () => ({}));
    expect(await expireOrder(db, paid.id, later, followUp)).toBe(false);
    expect(followUp).not.toHaveBeenCalled();
    // paid → paid: a second payment does not pay it again.
    expect(await payOrder(db, paid.id, actor, new Date())).toBe(false);
    expect(await payLateOrder(db, paid.id, actor, new Date())).toBe(false);
    // canceled → paid by an ordinary payment (only a late payment that re-held the seats may).
    expect(await payOrder(db, canceled.id, actor, new Date())).toBe(false);
    // canceled → canceled, and the ticketed mark of orders that are not paid.
    expect(await expireOrder(db, canceled.id, later, followUp)).toBe(false);
    expect(await markOrderTicketed(db, canceled.id, new Date(), { tickets: 1, issued: 1 })).toBe(false);
    expect(await markOrderTicketed(db, unpaid.id, new Date(), { tickets: 1, issued: 1 })).toBe(false);
    // unpaid → paid late (only a canceled order is paid late).
    expect(await payLateOrder(db, unpaid.id, actor, new Date())).toBe(false);
    // canceled → unpaid, paid → unpaid, paid → canceled: no transition of the machine leads there.
    expect(isLegalTransition(OrderPayStatus.canceled, OrderPayStatus.un_paid)).toBe(false);
    expect(isLegalTransition(OrderPayStatus.paid, OrderPayStatus.un_paid)).toBe(false);
    expect(isLegalTransition(OrderPayStatus.paid, OrderPayStatus.canceled)).toBe(false);
    expect(isLegalTransition(OrderPayStatus.un_paid, OrderPayStatus.paid)).toBe(true);
    expect(followUp).not.toHaveBeenCalled();

    // Nothing was written: statuses, marks and histories are as they were.
    expect(await facts(paid.id)).toEqual(before.paid);
    expect(await facts(canceled.id)).toEqual(before.canceled);
    expect(await facts(unpaid.id)).toEqual(before.unpaid);
  });

  it('cancels an unpaid order once for who may, giving its seats back, and refuses anyone else', async () => {
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'SIN' });
    const order = await anOrder(t, { flight, passengers: [2, 0, 0] });
    const inventory = createInventory();
    const held = await inventory.counters(t.database.db, flight.flightId, 'M');
    const stranger = { kind: 'guest', grant: null } as const;
    expect((await t.app.booking.cancelUnpaid(order.id, stranger)).canceled).toBe(false);
    const limited = { kind: 'guest', grant: { orderNo: order.orderNo, scope: 'limited' } } as const;
    expect((await t.app.booking.cancelUnpaid(order.id, limited)).canceled).toBe(false);
    expect((await facts(order.id)).status).toBe(OrderPayStatus.un_paid);

    const owner = { kind: 'guest', grant: { orderNo: order.orderNo, scope: 'full' } } as const;
    const runs = await Promise.all([1, 2, 3].map(() => t.app.booking.cancelUnpaid(order.id, owner)));
    expect(runs.filter((r) => r.canceled)).toHaveLength(1);
    expect((await facts(order.id)).status).toBe(OrderPayStatus.canceled);
    const after = await inventory.counters(t.database.db, flight.flightId, 'M');
    expect(after!.classSold).toBe(held!.classSold - 2);
    expect(after!.cabinSold).toBe(held!.cabinSold - 2);
    const { rows } = await t.database.pool.query(
      `select type, actor from order_events where order_id = $1 and type = 'canceled'`,
      [order.id],
    );
    expect(rows).toEqual([{ type: 'canceled', actor: 'guest' }]);
  });

  it('moves an order along a legal transition and writes its event once', async () => {
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'SIN' });
    const order = await anOrder(t, { flight });
    const before = await facts(order.id);
    expect(await payOrder(t.database.db, order.id, { actor: 'staff:test' }, new Date())).toBe(true);
    expect(await facts(order.id)).toEqual({
      ...before,
      status: OrderPayStatus.paid,
      events: before.events + 1,
    });
    const { rows } = await t.database.pool.query(
      `select type, actor, data from order_events where order_id = $1 order by id desc limit 1`,
      [order.id],
    );
    expect(rows[0]).toEqual({ type: 'paid', actor: 'staff:test', data: null });
  });
});
