import { ChangeStatus, CheckInStatus, TicketStatus } from '@wings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { aPaidOrderWithTickets, aPrivateFlight, aReturnFlight } from '../../../test/scenarios';
import {
  cancelTicketChange,
  checkInCoupon,
  createTickets,
  isCouponOpenForCheckIn,
  lockCoupon,
  reissueForChange,
  startTicketChange,
  startTicketRefund,
} from '.';

describe("a ticket's change of date (issue 16)", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function aTicketedRoundTrip() {
    const out = await aPrivateFlight(t, { from: 'KTI', to: 'CAN' });
    const back = await aReturnFlight(t, out);
    const order = await aPaidOrderWithTickets(t, { flight: [out, back], passengers: [2, 0, 0] });
    const { rows: segments } = await t.database.pool.query<{ id: string; seq: number }>(
      'select id, seq from order_segments where order_id = $1 order by seq',
      [order.id],
    );
    const tickets = await createTickets(t.database.db).ofOrder(order.id);
    return { order, segments, tickets };
  }

  it('holds the tickets change_in while the change waits, refusing check-in and refunds, and lets them go back', async () => {
    const { order, tickets } = await aTicketedRoundTrip();
    const ids = tickets.map((x) => x.id);
    const now = new Date();
    const db = t.database.db;

    expect(await db.transaction((tx) => startTicketChange(tx, ids, now))).toBe(2);
    // A second change (or one racing it) moves nothing: the caller refuses it.
    expect(await db.transaction((tx) => startTicketChange(tx, ids, now))).toBe(0);
    let views = await createTickets(db).ofOrder(order.id);
    expect(views.map((v) => [v.status, v.changeStatus])).toEqual([
      [TicketStatus.changeIn, ChangeStatus.changeIn],
      [TicketStatus.changeIn, ChangeStatus.changeIn],
    ]);
    // Check-in and an online refund refuse a ticket being changed.
    const segmentId = tickets[0]!.coupons[0]!.segmentId;
    const coupon = await db.transaction((tx) => lockCoupon(tx, ids[0]!, segmentId));
    expect(isCouponOpenForCheckIn(coupon!)).toBe(false);
    expect(await db.transaction((tx) => startTicketRefund(tx, ids[0]!, now))).toBe(false);

    // The change lapses: the tickets are issued again, with no change status.
    expect(await db.transaction((tx) => cancelTicketChange(tx, ids, now))).toBe(2);
    expect(await db.transaction((tx) => cancelTicketChange(tx, ids, now))).toBe(0);
    views = await createTickets(db).ofOrder(order.id);
    expect(views.map((v) => [v.status, v.changeStatus])).toEqual([
      [TicketStatus.issued, null],
      [TicketStatus.issued, null],
    ]);
    // A ticket being refunded cannot start a change.
    expect(await db.transaction((tx) => startTicketRefund(tx, ids[0]!, now))).toBe(true);
    expect(await db.transaction((tx) => startTicketChange(tx, ids, now))).toBe(1);
  });

  it('reissues each ticket with a fresh coupon for the moved leg and the unchanged leg as it stood', async () => {
    const { order, segments, tickets } = await aTicketedRoundTrip();
    const ids = tickets.map((x) => x.id);
    const outLeg = segments[0]!;
    const backLeg = segments[1]!;
    const db = t.database.db;
    const now = new Date();
    // One passenger checked in on the way out before the change (the leg the change keeps).
    const checkedIn = await db.transaction((tx) =>
      checkInCoupon(tx, { ticketId: ids[0]!, segmentId: outLeg.id, checkInSeq: 7, givenSeat: '12C', now }),
    );
    expect(checkedIn).toBe(true);
    await db.transaction((tx) => startTicketChange(tx, ids, now));

    const done = await db.transaction((tx) =>
      reissueForChange(tx, {
        ticketIds: ids,
        changedSegmentIds: [backLeg.id],
        airlineCode: t.config.tickets.airlineCode,
        now,
      }),
    );
    expect(done).toHaveLength(2);
    const byOld = new Map(done.map((d) => [d.oldTicketId, d]));
    const after = await createTickets(db).ofOrder(order.id);
    expect(after).toHaveLength(4);
    for (const old of tickets) {
      const d = byOld.get(old.id)!;
      expect(d).toMatchObject({ passengerId: old.passengerId, oldTicketNo: old.ticketNo });
      expect(d.newTicketNo).toMatch(new RegExp(`^${t.config.tickets.airlineCode}\\d{10}$`));
      const replaced = after.find((x) => x.id === old.id)!;
      const fresh = after.find((x) => x.id === d.newTicketId)!;
      expect(replaced.status).toBe(TicketStatus.reIssued);
      expect(replaced.coupons.map((c) => c.status)).toEqual([TicketStatus.reIssued, TicketStatus.reIssued]);
      expect(fresh).toMatchObject({
        ticketNo: d.newTicketNo,
        passengerId: old.passengerId,
        journey: 1,
        status: TicketStatus.issued,
        changeStatus: ChangeStatus.changeSuccess,
        reissuedFrom: old.id,
      });
      expect(fresh.coupons.map((c) => [c.segmentId, c.couponNo, c.status])).toEqual([
        [outLeg.id, 1, TicketStatus.issued],
        [backLeg.id, 2, TicketStatus.issued],
      ]);
      // The passenger's current ticket (order detail, itinerary) is the new one.
      expect((await createTickets(db).currentByPassenger(order.id)).get(old.passengerId)?.id).toBe(fresh.id);
    }
    // The check-in on the kept leg travels with the passenger to the new ticket.
    const first = after.find((x) => x.id === byOld.get(ids[0]!)!.newTicketId)!;
    expect(first.coupons[0]).toMatchObject({
      usage: CheckInStatus.unused,
      checkInSeq: 7,
      checkInSeat: '12C',
    });
    expect(first.coupons[0]!.checkedInAt).toEqual(now);
    expect(first.coupons[1]).toMatchObject({
      usage: CheckInStatus.unused,
      checkedInAt: null,
      checkInSeq: null,
    });

    // A ticket not being changed is not reissued: the whole step is refused.
    await expect(
      db.transaction((tx) =>
        reissueForChange(tx, { ticketIds: ids, changedSegmentIds: [backLeg.id], airlineCode: '881', now }),
      ),
    ).rejects.toThrow(/not change_in/);
  });
});
