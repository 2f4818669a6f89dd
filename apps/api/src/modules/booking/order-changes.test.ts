import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { aPaidOrderWithTickets, aPrivateFlight, aReturnFlight } from '../../../test/scenarios';
import {
  afterSalesOrderFacts,
  moveOrderSegments,
  recordFlightChange,
  recordOrderHistory,
  refundOrderFacts,
} from '.';

const HOUR = 3_600_000;

describe("a change of date's steps in the order (issue 16)", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("moves the order's leg in place to the new flight, keeping its family and cabin, and writes the history", async () => {
    const out = await aPrivateFlight(t, { from: 'KTI', to: 'CAN' });
    const back = await aReturnFlight(t, out);
    const later = await aReturnFlight(t, out, { days: 10 });
    const order = await aPaidOrderWithTickets(t, { flight: [out, back] });
    const other = await aPaidOrderWithTickets(t, { flight: out });
    const db = t.database.db;
    const before = (await afterSalesOrderFacts(db, { id: order.id }))!;
    const leg = before.segments[1]!;
    expect(leg).toMatchObject({ flightId: back.flightId, arrUtc: back.arrUtc, aircraft: 'Airbus A320' });
    const now = new Date();

    await db.transaction(async (tx) => {
      await moveOrderSegments(
        tx,
        order.id,
        [
          {
            segmentId: leg.id,
            flightId: later.flightId,
            flightNo: later.flightNo,
            depUtc: later.depUtc,
            arrUtc: later.arrUtc,
            aircraft: 'Airbus A321',
            bookingClass: 'Y',
          },
        ],
        now,
      );
      await recordOrderHistory(
        tx,
        order.id,
        {
          type: 'rescheduled',
          actor: 'system',
          data: { changeNo: 'C1', legs: [{ from: back.flightNo, to: later.flightNo }] },
        },
        now,
      );
    });
    const after = (await refundOrderFacts(db, { orderNo: order.orderNo }))!;
    expect(after.segments[0]).toEqual(before.segments[0]);
    expect(after.segments[1]).toEqual({
      ...leg,
      flightId: later.flightId,
      flightNo: later.flightNo,
      depUtc: later.depUtc,
      arrUtc: later.arrUtc,
      aircraft: 'Airbus A321',
      bookingClass: 'Y',
    });
    const { rows } = await t.database.pool.query<{ actor: string; data: unknown }>(
      `select actor, data from order_events where order_id = $1 and type = 'rescheduled'`,
      [order.id],
    );
    expect(rows).toEqual([
      { actor: 'system', data: { changeNo: 'C1', legs: [{ from: back.flightNo, to: later.flightNo }] } },
    ]);

    // A segment of another order is refused, and nothing of the call is kept.
    const foreign = (await afterSalesOrderFacts(db, { id: other.id }))!.segments[0]!;
    await expect(
      db.transaction((tx) =>
        moveOrderSegments(
          tx,
          order.id,
          [{ ...foreign, segmentId: foreign.id, flightId: later.flightId, flightNo: later.flightNo }],
          now,
        ),
      ),
    ).rejects.toThrow(/not a leg of order/);
    expect((await afterSalesOrderFacts(db, { id: other.id }))!.segments[0]!.flightId).toBe(out.flightId);
  });

  it("reads the airline's changes of the order's flights with their times before and after", async () => {
    const out = await aPrivateFlight(t, { from: 'KTI', to: 'CAN' });
    const order = await aPaidOrderWithTickets(t, { flight: out });
    const db = t.database.db;
    const newTimes = {
      depUtc: new Date(out.depUtc.getTime() + 2 * HOUR),
      arrUtc: new Date(out.arrUtc.getTime() + 2 * HOUR),
    };
    await db.transaction((tx) =>
      recordFlightChange(
        tx,
        {
          kind: 'retimed',
          flightId: out.flightId,
          flightNo: out.flightNo,
          origin: 'KTI',
          destination: 'CAN',
          originZone: 'Asia/Phnom_Penh',
          destinationZone: 'Asia/Shanghai',
          before: { depUtc: out.depUtc, arrUtc: out.arrUtc },
          after: newTimes,
          actor: 'staff:1',
          reason: 'Aircraft rotation',
        },
        new Date(),
      ),
    );
    const facts = (await afterSalesOrderFacts(db, { id: order.id }))!;
    expect(facts.flightChanges).toEqual([
      {
        flightId: out.flightId,
        flightNo: out.flightNo,
        kind: 'retimed',
        at: expect.any(Date),
        before: { depUtc: out.depUtc, arrUtc: out.arrUtc },
        after: newTimes,
        reason: 'Aircraft rotation',
      },
    ]);
    // The retime moved the leg itself to the new times.
    expect(facts.segments[0]).toMatchObject(newTimes);
  });
});
