import { randomUUID } from 'node:crypto';
import { OrderPayStatus, TicketStatus } from '@wings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { bookOrder, type Client } from '../../../test/support/booking';
import { client, registerUser } from '../../../test/support/clients';
import { callAsStaff, signInStaff } from '../../../test/support/staff';
import { isOrderLinked } from './order-links';
import { LINK_LOOKUP_LIMIT } from './order-links.routes';

const INSERT = '/travelsky/user/memberrelateorder/insert';
const ORDER_LIST = '/travelsky/user/memberrelateorder/getOrderList';
const UNLINK_ORDER = '/travelsky/user/memberrelateorder/deleteByUserIdAndOrderNo';
const FIND_TICKET = '/ca/caweb/backend/associatedTicket/queryAssociatedTicketByTiktNoAndName';
const BIND_TICKET = '/ca/caweb/backend/associatedTicket/bindAssociatedTicket';
const TICKET_LIST = '/ca/caweb/backend/associatedTicket/queryAssociatedTicket';
const UNLINK_TICKET = '/ca/caweb/backend/associatedTicket/cancelAssociatedTicket';
const ITEM = '/ca/caweb/backend/associate/queryAssociatedInfoByAssociatedNo';
const BIND = '/ca/caweb/backend/associate/bindAssociatedInfo';
const UNLINK = '/ca/caweb/backend/associate/cancelAssociatedInfo';
const ALL = '/ca/caweb/backend/associate/queryAssociatedList';
const OF_ORDER = '/ca/caweb/backend/associate/queryAssociatedOrderByOrderNo';
const MEMBER = '/travelsky/user/getMemberOrder';

interface Ticketed {
  orderNo: string;
  id: string;
  pnr: string;
  /** The tickets by passenger seq; every passenger's surname is Chan (test support's party). */
  tickets: Array<{ ticketNo: string; givenName: string }>;
}

describe('linked orders and tickets (issue 15): proof, idempotency, BOLA, limits', () => {
  let t: TestApp;
  let alice: Client;
  let bob: Client;
  let carol: Client;
  let a1: Ticketed;
  let a2: Ticketed;
  let bobId: string;
  let carolId: string;
  let serial = 0;

  /** A paid order of alice's with two adults, each with an issued ticket of the airline. */
  async function ticketedOrder(owner: Client): Promise<Ticketed> {
    const o = await bookOrder(t, owner, { from: 'KTI', to: 'HKG' }, [2, 0, 0]);
    await t.database.pool.query(`update orders set status = ${OrderPayStatus.paid} where id = $1`, [o.id]);
    const { rows: passengers } = await t.database.pool.query(
      'select id, seq, given_name from order_passengers where order_id = $1 order by seq',
      [o.id],
    );
    const tickets: Ticketed['tickets'] = [];
    for (const p of passengers) {
      serial += 1;
      const ticketNo = `${t.config.tickets.airlineCode}${String(Date.now() % 1e9).padStart(9, '0')}${serial % 10}`;
      const ins = await t.database.pool.query(
        'insert into tickets (ticket_no, order_id, passenger_id, status) values ($1, $2, $3, 0) returning id',
        [ticketNo, o.id, p.id],
      );
      await t.database.pool.query(
        `insert into ticket_coupons (ticket_id, segment_id, coupon_no, usage)
         select $1, s.id, s.seq + 1, 10 from order_segments s where s.order_id = $2`,
        [ins.rows[0].id, o.id],
      );
      tickets.push({ ticketNo, givenName: p.given_name as string });
    }
    const { rows } = await t.database.pool.query('select pnr from orders where id = $1', [o.id]);
    return { orderNo: o.orderNo, id: o.id, pnr: rows[0].pnr as string, tickets };
  }

  beforeAll(async () => {
    t = await createTestApp();
    alice = client(t);
    bob = client(t);
    carol = client(t);
    await registerUser(t, alice);
    bobId = (await registerUser(t, bob)).userId;
    carolId = (await registerUser(t, carol)).userId;
    a1 = await ticketedOrder(alice);
    a2 = await ticketedOrder(alice);
  });
  afterAll(() => t.close());

  it('links an order by PNR + surname: it joins the member list, marked linked, read as PNR + surname lets a guest', async () => {
    const wrong = await bob.post(INSERT, { pnr: a1.pnr, surname: 'Smith' });
    expect(wrong.body.code).toBe('692');
    expect(wrong.body.message).toBe('No order matches. Check the PNR and the passenger’s surname.');
    const unknown = await bob.post(INSERT, { pnr: 'ZZ9ZZ9', surname: 'Chan' });
    expect(unknown.body.code).toBe('692');

    const linked = await bob.post(INSERT, { pnr: a1.pnr.toLowerCase(), surname: ' chan ' });
    expect(linked.body.code, JSON.stringify(linked.body)).toBe('0');
    expect(linked.body.data.created).toBe(true);
    expect(linked.body.data.link).toMatchObject({
      kind: 'order',
      orderNo: a1.orderNo,
      pnr: a1.pnr,
      status: OrderPayStatus.paid,
      passengerCount: 2,
      passengerName: `CHAN ${a1.tickets[0]!.givenName.toUpperCase()}`,
    });
    expect(linked.body.data.link.legs[0].depCode).toBe('KTI');

    // Twice: the same link, nothing new.
    const again = await bob.post(INSERT, { pnr: a1.pnr, surname: 'Chan' });
    expect(again.body.data.created).toBe(false);
    expect(again.body.data.link.linkedAt).toBe(linked.body.data.link.linkedAt);
    const list = await bob.post(ORDER_LIST, {});
    expect(list.body.data.orders.map((o: { orderNo: string }) => o.orderNo)).toEqual([a1.orderNo]);

    const bobs = await bob.post(MEMBER, {});
    expect(bobs.body.data.orders).toHaveLength(1);
    expect(bobs.body.data.orders[0]).toMatchObject({ orderNo: a1.orderNo, linked: true });
    const alices = await alice.post(MEMBER, {});
    expect(alices.body.data.orders.every((o: { linked: boolean }) => o.linked === false)).toBe(true);

    const detail = await bob.get(`/travelsky/ibe/getOrderDetail/${a1.orderNo}`);
    expect(detail.body.code).toBe('0');
    expect(detail.body.data.view).toBe('limited');
    // The link lets Bob refund or change it (a PNR + surname grant alone would not).
    expect(detail.body.data.mayManage).toBe(true);
    expect(detail.body.data.passengers[0].docNumber).toBeUndefined();
    expect((await carol.get(`/travelsky/ibe/getOrderDetail/${a1.orderNo}`)).body.code).toBe('CAS912');

    expect(await isOrderLinked(t.database.db, bobId, a1.id)).toBe(true);
    expect(await isOrderLinked(t.database.db, bobId, a2.id)).toBe(false);
  });

  it("refuses the caller's own order, by PNR and by ticket", async () => {
    const own = await alice.post(INSERT, { pnr: a1.pnr, surname: 'Chan' });
    expect(own.body.code).toBe('693');
    const ticket = a1.tickets[0]!;
    const ownTicket = await alice.post(BIND_TICKET, {
      ticketNo: ticket.ticketNo,
      passengerName: `Chan ${ticket.givenName}`,
    });
    expect(ownTicket.body.code).toBe('693');
    const found = await alice.post(FIND_TICKET, {
      ticketNo: ticket.ticketNo,
      passengerName: `CHAN/${ticket.givenName}`,
    });
    expect(found.body.data.matches[0]).toMatchObject({
      ticketNo: ticket.ticketNo,
      ownOrder: true,
      linkedAt: null,
    });
  });

  it('finds and links a ticket by number + name; the format and a refunded ticket are answered with their messages', async () => {
    const ticket = a2.tickets[1]!;
    const name = `${ticket.givenName} Chan`;
    expect((await carol.post(FIND_TICKET, { ticketNo: '12345', passengerName: name })).body.code).toBe('690');
    const otherAirline = `7${ticket.ticketNo.slice(1)}`;
    const format = await carol.post(FIND_TICKET, { ticketNo: otherAirline, passengerName: name });
    expect(format.body.code).toBe('690');
    expect(format.body.message).toBe(
      'The ticket number format is incorrect: it has 13 digits and starts with the airline’s code.',
    );
    const wrongName = await carol.post(FIND_TICKET, {
      ticketNo: ticket.ticketNo,
      passengerName: 'Chan Nobody',
    });
    expect(wrongName.body.code).toBe('691');

    const found = await carol.post(FIND_TICKET, { ticketNo: ticket.ticketNo, passengerName: name });
    expect(found.body.code, JSON.stringify(found.body)).toBe('0');
    expect(found.body.data.matches).toHaveLength(1);
    expect(found.body.data.matches[0]).toMatchObject({
      kind: 'ticket',
      ticketNo: ticket.ticketNo,
      ticketStatus: TicketStatus.issued,
      orderNo: a2.orderNo,
      ownOrder: false,
      linkedAt: null,
      coupons: [{ legSeq: 0, couponNo: 1, usage: 10 }],
    });
    // Finding links nothing.
    expect((await carol.post(TICKET_LIST, {})).body.data.tickets).toEqual([]);

    const bound = await carol.post(BIND_TICKET, { ticketNo: ticket.ticketNo, passengerName: name });
    expect(bound.body.data.created).toBe(true);
    expect(bound.body.data.link.linkedAt).not.toBeNull();
    const twice = await carol.post(BIND, { ticketNo: ticket.ticketNo, passengerName: name });
    expect(twice.body.data).toMatchObject({
      created: false,
      link: { kind: 'ticket', ticketNo: ticket.ticketNo },
    });

    const list = await carol.post(TICKET_LIST, {});
    expect(list.body.data.tickets.map((x: { ticketNo: string }) => x.ticketNo)).toEqual([ticket.ticketNo]);
    const member = await carol.post(MEMBER, {});
    expect(
      member.body.data.orders.map((o: { orderNo: string; linked: boolean }) => [o.orderNo, o.linked]),
    ).toEqual([[a2.orderNo, true]]);
    const links = await carol.post(OF_ORDER, { orderNo: a2.orderNo });
    expect(links.body.data).toEqual({ orderNo: a2.orderNo, orderLinked: false, tickets: [ticket.ticketNo] });
    const item = await carol.post(ITEM, { associatedNo: ticket.ticketNo });
    expect(item.body.data).toMatchObject({ kind: 'ticket', ticketNo: ticket.ticketNo, passengerType: 1 });

    // Once refunded it cannot be linked by anyone else; the link made before shows its status.
    await t.database.pool.query(`update tickets set status = ${TicketStatus.refunded} where ticket_no = $1`, [
      ticket.ticketNo,
    ]);
    const refunded = await bob.post(BIND_TICKET, { ticketNo: ticket.ticketNo, passengerName: name });
    expect(refunded.body.code).toBe('691');
    expect(refunded.body.message).toBe(
      'The ticket has been refunded or cannot be found. Check the ticket number and the passenger’s name.',
    );
    // Staff see on the order page which accounts linked it, and how.
    const agent = await signInStaff(t, ['agent']);
    const page = await callAsStaff(t, agent, 'GET', `/orders/${a2.orderNo}`);
    expect(page.body.data.linkedBy).toEqual([
      { userId: carolId, kind: 'ticket', ticketNo: ticket.ticketNo, linkedAt: bound.body.data.link.linkedAt },
    ]);

    const after = await carol.post(ALL, {});
    expect(after.body.data.tickets[0].ticketStatus).toBe(TicketStatus.refunded);
    expect(after.body.data.orders).toEqual([]);
  });

  it('BOLA: another account reads none of the links and unlinks nothing; unlinking removes the order from the list only', async () => {
    expect((await carol.post(ITEM, { associatedNo: a1.orderNo })).body.code).toBe('694');
    expect((await carol.post(UNLINK_ORDER, { orderNo: a1.orderNo })).body.data).toEqual({ removed: 0 });
    expect((await carol.post(UNLINK, { associatedNo: a1.orderNo })).body.data).toEqual({ removed: 0 });
    expect((await carol.post(OF_ORDER, { orderNo: a1.orderNo })).body.data).toMatchObject({
      orderLinked: false,
    });
    expect((await bob.post(ORDER_LIST, {})).body.data.orders).toHaveLength(1);
    expect((await bob.post(ITEM, { associatedNo: a1.orderNo })).body.data).toMatchObject({
      kind: 'order',
      orderNo: a1.orderNo,
    });

    const gone = await bob.post(UNLINK_ORDER, { orderNo: a1.orderNo });
    expect(gone.body.data).toEqual({ removed: 1 });
    expect((await bob.post(UNLINK_ORDER, { orderNo: a1.orderNo })).body.data).toEqual({ removed: 0 });
    expect((await bob.post(MEMBER, {})).body.data.orders).toEqual([]);
    expect((await bob.get(`/travelsky/ibe/getOrderDetail/${a1.orderNo}`)).body.code).toBe('CAS912');
    // The order itself is untouched.
    const own = await alice.get(`/travelsky/ibe/getOrderDetail/${a1.orderNo}`);
    expect(own.body.data).toMatchObject({ view: 'full', status: OrderPayStatus.paid });

    const ticket = a2.tickets[1]!;
    expect((await bob.post(UNLINK_TICKET, { ticketNo: ticket.ticketNo })).body.data).toEqual({ removed: 0 });
    expect((await carol.post(UNLINK, { associatedNo: ticket.ticketNo })).body.data).toEqual({ removed: 1 });
    expect((await carol.post(MEMBER, {})).body.data.orders).toEqual([]);
  });

  it('needs a login', async () => {
    const guest = client(t);
    for (const path of [ORDER_LIST, INSERT, FIND_TICKET, ALL]) {
      expect((await guest.post(path, { pnr: a1.pnr, surname: 'Chan' })).body.code).toBe('600');
    }
  });

  it(`answers 429 after ${LINK_LOOKUP_LIMIT.max} look-ups by one account in 10 minutes, whatever the PNR`, async () => {
    const dave = client(t);
    await registerUser(t, dave);
    const pnr = () => randomUUID().replace(/-/g, '').slice(0, 6).toUpperCase();
    for (let i = 0; i < LINK_LOOKUP_LIMIT.max; i++) {
      expect((await dave.post(INSERT, { pnr: pnr(), surname: 'Chan' })).body.code).toBe('692');
    }
    const limited = await dave.post(INSERT, { pnr: a1.pnr, surname: 'Chan' });
    expect(limited.status).toBe(429);
    // Another address does not help the same account.
    dave.ip = '198.51.100.77';
    expect(
      (await dave.post(FIND_TICKET, { ticketNo: a2.tickets[0]!.ticketNo, passengerName: 'Chan' })).status,
    ).toBe(429);
  });
});
