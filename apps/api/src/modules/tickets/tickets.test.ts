import { TicketStatus } from '@wings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { aPaidOrderWithTickets, aPrivateFlight } from '../../../test/scenarios';
import { createTickets } from '.';

describe('the ticket ledger: one live ticket per passenger and journey (issue 11)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('stores a reissued ticket beside the one it replaces', async () => {
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'SIN' });
    const order = await aPaidOrderWithTickets(t, { flight });
    const tickets = createTickets(t.database.db);
    const [old] = await tickets.ofOrder(order.id);
    expect(old).toMatchObject({ ticketNo: order.tickets[0], status: TicketStatus.issued, journey: 1 });
    const { rows: segments } = await t.database.pool.query<{ id: string; seq: number }>(
      'select id, seq from order_segments where order_id = $1 order by seq',
      [order.id],
    );

    // A change of date: the old ticket is re_issued, a new one issued for the same passenger and journey.
    const now = new Date();
    const newId = await t.database.db.transaction((tx) =>
      tickets.reissue(tx, { ticketId: old!.id, segments, airlineCode: t.config.tickets.airlineCode, now }),
    );
    expect(newId).not.toBeNull();
    const after = await tickets.ofOrder(order.id);
    expect(after).toHaveLength(2);
    const replacement = after.find((x) => x.id === newId)!;
    const replaced = after.find((x) => x.id === old!.id)!;
    expect(replacement).toMatchObject({
      passengerId: old!.passengerId,
      journey: 1,
      status: TicketStatus.issued,
      reissuedFrom: old!.id,
    });
    expect(replacement.ticketNo).not.toBe(old!.ticketNo);
    expect(replaced).toMatchObject({ ticketNo: old!.ticketNo, status: TicketStatus.reIssued });
    expect(replaced.coupons.map((c) => c.status)).toEqual([TicketStatus.reIssued]);
    expect(replacement.coupons).toEqual([
      {
        segmentId: segments[0]!.id,
        couponNo: 1,
        usage: 10,
        status: TicketStatus.issued,
        checkedInAt: null,
        checkInSeq: null,
        checkInSeat: null,
        noShowAt: null,
      },
    ]);
    // The passenger's current ticket is the new one; an already replaced ticket is not reissued again.
    expect((await tickets.currentByPassenger(order.id)).get(old!.passengerId)?.id).toBe(newId);
    expect(
      await t.database.db.transaction((tx) =>
        tickets.reissue(tx, { ticketId: old!.id, segments, airlineCode: '881', now }),
      ),
    ).toBeNull();

    // A second live ticket for the same passenger and journey is refused by the database itself.
    await expect(
      t.database.pool.query(
        `insert into tickets (ticket_no, order_id, passenger_id, journey, status)
         values ('8819999999999', $1, $2, 1, $3)`,
        [order.id, old!.passengerId, TicketStatus.refunding],
      ),
    ).rejects.toMatchObject({ code: '23505', constraint: 'tickets_live_key' });
    // History beside it is fine: a voided ticket of the same passenger and journey.
    await t.database.pool.query(
      `insert into tickets (ticket_no, order_id, passenger_id, journey, status)
       values ('8819999999998', $1, $2, 1, $3)`,
      [order.id, old!.passengerId, TicketStatus.canceled],
    );
    // Issuing the order again issues nothing: the passenger already holds a ticket of the journey.
    expect(await t.app.ticketing.issueTickets(order.id)).toBe(0);
  });
});
