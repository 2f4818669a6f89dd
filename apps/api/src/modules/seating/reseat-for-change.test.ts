import { layoutSeats } from '@wings/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { aPrivateFlight } from '../../../test/scenarios';
import { flightLayout } from '../network';
import { reseatForChange, type SeatPick } from '.';

/*
 * A change of date's seats (issue 16): the moved leg's seats are taken again on the new flight.
 * Private A320 flights: business rows 1-2, economy 3-31, rows 3-5 front (UPST), exit rows 12-13.
 */

let t: TestApp;
const adult = { birthday: '1990-01-01', passengerType: 1, withInfant: false };
const child = { birthday: '2020-06-01', passengerType: 2, withInfant: false };
const SEGMENT = 'seg-moved';
const ref = (p: string) => `${p}-${Math.random().toString(36).slice(2, 10)}`;
const pick = (
  flightId: string,
  seat: string,
  passengerRef: string,
  extra: Partial<SeatPick> = {},
): SeatPick => ({
  flightId,
  seat,
  cabin: 'Y',
  passengerRef,
  segmentRef: SEGMENT,
  taker: adult,
  ...extra,
});
const holdAndConfirm = (orderRef: string, picks: SeatPick[]) =>
  t.database.db.transaction(async (tx) => {
    await t.app.seating.holdSeats(tx, orderRef, picks);
    await t.app.seating.confirmSeats(tx, orderRef);
  });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('reseatForChange', () => {
  it('gives each passenger a seat of the same type on the new flight, keeping neighbours together', async () => {
    const from = await aPrivateFlight(t, { from: 'KTI', to: 'CAN' });
    const to = await aPrivateFlight(t, { from: 'KTI', to: 'CAN' });
    const order = ref('order');
    const addon = ref('addon');
    const [p1, p2, p3, kid, noSeat] = ['p1', 'p2', 'p3', 'kid', 'none'].map(ref) as [
      string,
      string,
      string,
      string,
      string,
    ];
    // Two adults side by side, a child by a window; the third adult bought a front seat after ticketing.
    await holdAndConfirm(order, [
      pick(from.flightId, '7A', p1),
      pick(from.flightId, '7B', p2),
      pick(from.flightId, '9A', kid, { taker: child }),
    ]);
    await holdAndConfirm(addon, [pick(from.flightId, '4C', p3)]);
    // On the new flight someone else sits in 7A and 9A already.
    await holdAndConfirm(ref('other'), [
      pick(to.flightId, '7A', ref('x')),
      pick(to.flightId, '9A', ref('y')),
    ]);

    const now = new Date();
    const moved = await t.database.db.transaction((tx) =>
      reseatForChange(tx, {
        orderRef: order,
        segmentRef: SEGMENT,
        fromFlightId: from.flightId,
        toFlightId: to.flightId,
        passengers: [
          { passengerRef: p1, taker: adult },
          { passengerRef: p2, taker: adult },
          { passengerRef: p3, taker: adult },
          { passengerRef: kid, taker: child },
          { passengerRef: noSeat, taker: adult },
        ],
        now,
      }),
    );
    const after = new Map(moved.map((m) => [m.passengerRef, m]));
    // The passenger without a seat is left alone.
    expect(moved.map((m) => m.passengerRef).sort()).toEqual([p1, p2, p3, kid].sort());
    expect(after.get(p3)).toEqual({ passengerRef: p3, before: '4C', after: '4C' });

    const layout = layoutSeats((await flightLayout(t.database.db, to.flightId))!.seatMap);
    const seatOf = (s: string | null) => layout.find((x) => x.seat === s)!;
    const a = seatOf(after.get(p1)!.after);
    const b = seatOf(after.get(p2)!.after);
    expect(after.get(p1)!.before).toBe('7A');
    expect([a.seatType, b.seatType]).toEqual(['SEAT', 'SEAT']);
    expect(a.row).toBe(b.row);
    expect(b.col - a.col).toBe(1);
    const k = seatOf(after.get(kid)!.after);
    expect(k.seat).not.toBe('9A');
    expect(k).toMatchObject({ seatType: 'SEAT', cabin: 'Y', exitRow: false });

    // Every new seat is confirmed under the booking's order; the old ones are released.
    const live = await t.app.seating.seatsOfOrder(order);
    expect(
      live.every((s) => s.flightId === to.flightId && s.status === 'confirmed' && s.segmentRef === SEGMENT),
    ).toBe(true);
    expect(live.map((s) => s.seat).sort()).toEqual([a.seat, b.seat, k.seat, '4C'].sort());
    expect(await t.app.seating.seatsOfOrder(addon)).toEqual([]);
    const { rows } = await t.database.pool.query<{ n: number }>(
      `select count(*)::int as n from seat_assignments
        where flight_id = $1 and release_reason = 'rescheduled' and order_ref in ($2, $3)`,
      [Number(from.flightId), order, addon],
    );
    expect(rows[0]!.n).toBe(4);
  });

  it('falls back to any seat of the cabin when the type is full, and to none when the cabin is', async () => {
    const from = await aPrivateFlight(t, { from: 'KTI', to: 'CAN' });
    const to = await aPrivateFlight(t, { from: 'KTI', to: 'CAN' });
    const order = ref('order');
    const [front, biz] = [ref('front'), ref('biz')];
    await holdAndConfirm(order, [
      pick(from.flightId, '3C', front),
      pick(from.flightId, '2A', biz, { cabin: 'C' }),
    ]);
    // Every front seat (UPST) and every business seat of the new flight is taken.
    const layout = layoutSeats((await flightLayout(t.database.db, to.flightId))!.seatMap);
    await holdAndConfirm(
      ref('other'),
      layout
        .filter((s) => s.seatType === 'UPST' || s.cabin === 'C')
        .map((s) => pick(to.flightId, s.seat, ref('z'), { cabin: s.cabin })),
    );
    const moved = await t.database.db.transaction((tx) =>
      reseatForChange(tx, {
        orderRef: order,
        segmentRef: SEGMENT,
        fromFlightId: from.flightId,
        toFlightId: to.flightId,
        passengers: [
          { passengerRef: front, taker: adult },
          { passengerRef: biz, taker: adult },
        ],
        now: new Date(),
      }),
    );
    const got = new Map(moved.map((m) => [m.passengerRef, m]));
    const seat = layout.find((s) => s.seat === got.get(front)!.after)!;
    expect(seat).toMatchObject({ cabin: 'Y', seatType: 'SEAT' });
    expect(got.get(biz)).toEqual({ passengerRef: biz, before: '2A', after: null });
    expect((await t.app.seating.seatsOfOrder(order)).map((s) => s.seat)).toEqual([seat.seat]);
  });
});
