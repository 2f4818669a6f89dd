import { OrderPayStatus } from '@wings/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { aPrivateFlight, type PrivateFlight } from '../../../test/scenarios';
import { client, registerUser } from '../../../test/support/clients';
import { ORDER_EXPIRE_JOB } from './booking.service';
import { bookOrder, type Client, expiryState, inventory } from './test-support';

const MINUTE = 60_000;

describe('unpaid orders expire at their deadline and give their seats back once', () => {
  let t: TestApp;
  let clock = new Date();
  let member: Client;

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    member = client(t);
    await registerUser(t, member);
  });
  // The clock is moved only for calls aimed at one order; the sweep runs on real time, so it
  // never expires the orders of test files running beside this one.
  afterEach(() => {
    clock = new Date();
  });
  afterAll(() => t.close());

  /** A 2A1I order of the member on the flight; returns its id. */
  const order = async (flight: PrivateFlight) => (await bookOrder(t, member, flight, [2, 0, 1])).id;
  const state = (orderId: string) => expiryState(t, orderId);

  it('keeps an order before its deadline', async () => {
    clock = new Date();
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'MFM' });
    const id = await order(flight);
    clock = new Date(Date.now() + 19 * MINUTE);
    expect((await t.app.booking.expireOrder(id)).expired).toBe(false);
    expect(await state(id)).toMatchObject({ status: OrderPayStatus.un_paid, canceled: false, live_holds: 1 });
  });

  it('cancels past the deadline and releases exactly once when two workers race', async () => {
    clock = new Date();
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'MFM' });
    const before = await inventory(t, flight.flightId, 'M');
    const id = await order(flight);
    const held = await inventory(t, flight.flightId, 'M');
    expect(held.classSold - before.classSold).toBe(2);
    expect(held.infantSold - before.infantSold).toBe(1);

    clock = new Date(Date.now() + 21 * MINUTE);
    const results = await Promise.all([
      t.app.booking.expireOrder(id),
      t.app.booking.expireOrder(id),
      t.app.booking.expireOrder(id),
    ]);
    expect(results.filter((r) => r.expired)).toHaveLength(1);
    expect(results.find((r) => r.expired)?.released).toEqual([
      { flightId: flight.flightId, cabin: 'Y', bookingClass: 'M', seats: 2, infants: 1 },
    ]);
    expect(await state(id)).toEqual({
      status: OrderPayStatus.canceled,
      canceled: true,
      expired_events: 1,
      live_holds: 0,
    });
    expect(await inventory(t, flight.flightId, 'M')).toEqual(before);

    // Later calls (a retried job, the sweep) change nothing.
    expect((await t.app.booking.expireOrder(id)).expired).toBe(false);
    expect(await inventory(t, flight.flightId, 'M')).toEqual(before);
    const { rows } = await t.database.pool.query(
      `select type, actor from order_events where order_id = $1 order by id`,
      [id],
    );
    expect(rows).toEqual([
      { type: 'created', actor: expect.stringMatching(/^user:/) },
      { type: 'expired', actor: 'system' },
    ]);
  });

  it('sweeps every overdue unpaid order whose job was missed', async () => {
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'MFM' });
    const before = await inventory(t, flight.flightId, 'M');
    // Booked 25 minutes ago: the deadline passed 5 minutes ago.
    clock = new Date(Date.now() - 25 * MINUTE);
    const ids = [await order(flight), await order(flight)];
    clock = new Date();
    expect(await t.app.booking.expireOverdue()).toBeGreaterThanOrEqual(2);
    for (const id of ids)
      expect(await state(id)).toMatchObject({ status: OrderPayStatus.canceled, expired_events: 1 });
    expect(await inventory(t, flight.flightId, 'M')).toEqual(before);
  });

  // The job runner does not run on the shared database: the job's handler runs here as a worker
  // would run it; test/job-wiring.test.ts proves pg-boss enqueues and works it, on a database of its own.
  it('expires an order when its expiry job is worked, once however often the job runs', async () => {
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'MFM' });
    const before = await inventory(t, flight.flightId, 'M');
    // Booked 21 minutes ago: its job is due at once.
    clock = new Date(Date.now() - 21 * MINUTE);
    const id = await order(flight);
    clock = new Date();

    const job = t.app.jobs.declared<{ orderId: string }>(ORDER_EXPIRE_JOB);
    expect(job?.options.policy).toBe('short');
    await job!.handler({ orderId: id }, { id: 'expire-1', name: ORDER_EXPIRE_JOB });
    await job!.handler({ orderId: id }, { id: 'expire-2', name: ORDER_EXPIRE_JOB });
    expect(await state(id)).toEqual({
      status: OrderPayStatus.canceled,
      canceled: true,
      expired_events: 1,
      live_holds: 0,
    });
    expect(await inventory(t, flight.flightId, 'M')).toEqual(before);
  });
});
