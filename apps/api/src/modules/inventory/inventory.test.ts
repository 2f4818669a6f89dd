import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { anOrder, aPrivateFlight } from '../../../test/scenarios';
import { createInventory } from './index';

describe('seats an order holds: given back once, held again only while they are there', () => {
  let t: TestApp;
  const inventory = createInventory();

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const counters = (flightId: string) => inventory.counters(t.database.db, flightId, 'M');
  const release = (orderId: string) =>
    t.database.db.transaction((tx) => inventory.release(tx, orderId, new Date()));
  const rehold = (orderId: string) =>
    t.database.db.transaction((tx) => inventory.rehold(tx, orderId, new Date()));

  it('counts the seats and lap infants an order holds, and gives them back once however often released', async () => {
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'BKK' });
    const before = await counters(flight.flightId);
    const order = await anOrder(t, { flight, passengers: [2, 0, 1] });
    expect(await counters(flight.flightId)).toEqual({
      ...before,
      classSold: before!.classSold + 2,
      cabinSold: before!.cabinSold + 2,
      infantSold: before!.infantSold + 1,
    });

    const [a, b] = await Promise.all([release(order.id), release(order.id)]);
    expect([...a, ...b]).toEqual([
      { flightId: flight.flightId, cabin: 'Y', bookingClass: 'M', seats: 2, infants: 1 },
    ]);
    expect(await release(order.id)).toEqual([]);
    expect(await counters(flight.flightId)).toEqual(before);
  });

  it('holds released seats again while they are free, and takes nothing once another order has them', async () => {
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'BKK', classes: { M: { seatsLeft: 1 } } });
    const first = await anOrder(t, { flight });
    await release(first.id);
    expect(await rehold(first.id)).toBe(true);
    expect((await counters(flight.flightId))?.classSold).toBe(1);

    await release(first.id);
    const second = await anOrder(t, { flight });
    const taken = await counters(flight.flightId);
    expect(taken?.classSold).toBe(1);
    expect(await rehold(first.id)).toBe(false);
    expect(await counters(flight.flightId)).toEqual(taken);
    expect(await inventory.liveHolds(t.database.db, [first.id, second.id])).toEqual([
      { orderId: second.id, flightId: flight.flightId, cabin: 'Y', bookingClass: 'M', seats: 1, infants: 0 },
    ]);
  });
});
