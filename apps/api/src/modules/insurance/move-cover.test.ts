import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { aPaidOrderWithTickets, aPrivateFlight } from '../../../test/scenarios';
import { moveInsuranceCover, policiesOfOrder } from '.';

/*
 * A change of date endorses the order's policies to the new dates (issue 16): pending and issued
 * policies move, a failed one stays, the premium is not charged again, and a trip longer than
 * a policy may cover (90 days) is refused with nothing written.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('moveInsuranceCover', () => {
  it("moves the cover of the order's live policies and refuses a trip longer than 90 days", async () => {
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'CAN' });
    const order = await aPaidOrderWithTickets(t, { flight, passengers: [3, 0, 0] });
    const { rows: pax } = await t.database.pool.query<{ id: string }>(
      'select id from order_passengers where order_id = $1 order by seq',
      [order.id],
    );
    const planId = (await t.app.insurance.planIdOf('BASIC', 'USD'))!;
    expect(planId).toBeTypeOf('number');
    const db = t.database.db;
    const ids = await db.transaction((tx) =>
      t.app.insurance.createPending(
        tx,
        pax.map((p) => ({
          orderId: order.id,
          passengerId: p.id,
          planId,
          premiumAmount: 1200,
          premiumCurrency: 'USD' as const,
          coverFrom: flight.depLocalDate,
          coverTo: flight.depLocalDate,
          insured: { name: 'Chan Sophea' },
        })),
      ),
    );
    expect(ids).toHaveLength(3);
    await t.database.pool.query(
      `update insurance_policies set status = 'issued', policy_no = 'P-1' where passenger_id = $1`,
      [pax[1]!.id],
    );
    await t.database.pool.query(`update insurance_policies set status = 'failed' where passenger_id = $1`, [
      pax[2]!.id,
    ]);
    // The order's policies, in its passengers' order.
    const byPassenger = async () => {
      const all = await policiesOfOrder(db, order.id);
      return pax.map((p) => all.find((x) => x.passengerId === p.id)!);
    };

    const before = await byPassenger();
    expect(before.map((p) => [p.passengerId, p.status, p.plan.code])).toEqual([
      [pax[0]!.id, 'pending', 'BASIC'],
      [pax[1]!.id, 'issued', 'BASIC'],
      [pax[2]!.id, 'failed', 'BASIC'],
    ]);

    const now = new Date();
    expect(
      await db.transaction((tx) =>
        moveInsuranceCover(tx, order.id, { from: '2030-01-10', to: '2030-01-17' }, now),
      ),
    ).toEqual({ moved: 2 });
    const after = await byPassenger();
    expect(after.map((p) => [p.status, p.policyNo, p.coverFrom, p.coverTo])).toEqual([
      ['pending', null, '2030-01-10', '2030-01-17'],
      ['issued', 'P-1', '2030-01-10', '2030-01-17'],
      ['failed', null, flight.depLocalDate, flight.depLocalDate],
    ]);
    const { rows: premiums } = await t.database.pool.query<{ premium_amount: number }>(
      'select premium_amount from insurance_policies where order_id = $1',
      [order.id],
    );
    expect(premiums.map((r) => r.premium_amount)).toEqual([1200, 1200, 1200]);

    // 91 days is beyond what a policy covers: refused, nothing written.
    expect(
      await db.transaction((tx) =>
        moveInsuranceCover(tx, order.id, { from: '2030-01-01', to: '2030-04-01' }, now),
      ),
    ).toEqual({ refused: 'too_long' });
    expect((await byPassenger())[0]).toMatchObject({ coverFrom: '2030-01-10', coverTo: '2030-01-17' });
    // 90 days is still covered.
    expect(
      await db.transaction((tx) =>
        moveInsuranceCover(tx, order.id, { from: '2030-01-01', to: '2030-03-31' }, now),
      ),
    ).toEqual({ moved: 2 });
  });
});
