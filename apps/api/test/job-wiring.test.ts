import { OrderPayStatus } from '@wings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownDatabase, type TestApp } from './helpers';
import { aPrivateFlight, type PrivateFlight } from './scenarios';
import { bookOrder, type Client, expiryState, inventory } from './support/booking';
import { client, registerUser } from './support/clients';

const MINUTE = 60_000;

/**
 * The one test that starts the app's job runner: pg-boss on a database of its own, so its workers
 * never work the jobs of the test files sharing the run's database (those call the job handlers
 * directly). It proves the wiring end to end: a module's job is enqueued where the module says,
 * its cron schedule is installed, and a worker runs the handler.
 */
describe('the job runner, wired into the app (pg-boss, on a database of its own)', () => {
  let own: Awaited<ReturnType<typeof ownDatabase>>;
  let t: TestApp;
  let clock = new Date();
  let member: Client;

  beforeAll(async () => {
    own = await ownDatabase();
    t = await createTestApp({ now: () => clock, databaseUrl: own.url });
    member = client(t);
    await registerUser(t, member);
  });
  afterAll(async () => {
    await t?.close();
    await own?.drop();
  });

  /** A 2A1I order of the member on the flight; returns its id. */
  const order = async (flight: PrivateFlight) => (await bookOrder(t, member, flight, [2, 0, 1])).id;
  const state = (orderId: string) => expiryState(t, orderId);

  it('runs the expiry as a pg-boss job enqueued at the deadline, and schedules the sweep', async () => {
    await t.app.jobs.start();
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'MFM' });
    const before = await inventory(t, flight.flightId, 'M');
    // Booked 21 minutes ago: its job is due at once.
    clock = new Date(Date.now() - 21 * MINUTE);
    const id = await order(flight);
    clock = new Date();
    // New orders' expiries are sent in batches (booking's expiry-queue.ts): this one's now.
    await t.app.orderExpiries.flush();

    const job = await t.database.pool.query(
      `select start_after from pgboss.job where name = 'order-expire' and singleton_key = $1`,
      [id],
    );
    expect(job.rows).toHaveLength(1);
    const { rows: deadline } = await t.database.pool.query('select pay_deadline from orders where id = $1', [
      id,
    ]);
    expect(new Date(job.rows[0].start_after).getTime()).toBe(new Date(deadline[0].pay_deadline).getTime());
    const schedules = await t.database.pool.query(
      `select name, cron from pgboss.schedule where name = 'order-expire-sweep'`,
    );
    expect(schedules.rows).toEqual([{ name: 'order-expire-sweep', cron: '* * * * *' }]);

    // pg-boss's worker runs it on its own time: the test waits for the row, as a client would.
    const until = Date.now() + 20_000;
    while ((await state(id)).status !== OrderPayStatus.canceled && Date.now() < until)
      await new Promise((r) => setTimeout(r, 200));
    expect(await state(id)).toEqual({
      status: OrderPayStatus.canceled,
      canceled: true,
      expired_events: 1,
      live_holds: 0,
    });
    expect(await inventory(t, flight.flightId, 'M')).toEqual(before);
  }, 40_000);
});
