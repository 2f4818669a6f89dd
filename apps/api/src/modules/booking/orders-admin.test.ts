import { OrderPayStatus } from '@wings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { anOrder, aPaidOrderWithTickets, aPrivateFlight, type PrivateFlight } from '../../../test/scenarios';
import { inventory } from '../../../test/support/booking';
import { callAsStaff, expectOnlyRoles, type SignedInStaff, signInStaff } from '../../../test/support/staff';

/** The staff console's orders (issue 13): search, the order page, cancelling an unpaid order. */
describe('staff console: orders', () => {
  let t: TestApp;
  let agent: SignedInStaff;
  let finance: SignedInStaff;
  let auditor: SignedInStaff;
  let flight: PrivateFlight;

  beforeAll(async () => {
    t = await createTestApp();
    [agent, finance, auditor] = await Promise.all([
      signInStaff(t, ['agent']),
      signInStaff(t, ['finance']),
      signInStaff(t, ['auditor']),
    ]);
    flight = await aPrivateFlight(t, { from: 'KTI', to: 'SIN' });
  });
  afterAll(() => t.close());

  const get = (who: SignedInStaff, url: string) => callAsStaff(t, who, 'GET', url);
  const post = (who: SignedInStaff, url: string, payload: unknown) =>
    callAsStaff(t, who, 'POST', url, payload);

  describe('roles', () => {
    it('lets admins, agents, finance and auditors search and read orders, and no one else', async () => {
      const order = await anOrder(t, { flight });
      await expectOnlyRoles(t, { method: 'GET', url: '/api/admin/orders' }, [
        'admin',
        'agent',
        'finance',
        'auditor',
      ]);
      await expectOnlyRoles(t, { method: 'GET', url: `/api/admin/orders/${order.orderNo}` }, [
        'admin',
        'agent',
        'finance',
        'auditor',
      ]);
    });

    it('lets only admins and agents cancel an order', async () => {
      // An unknown order: an allowed role gets past the gate to "no such order", nothing is canceled.
      await expectOnlyRoles(
        t,
        {
          method: 'POST',
          url: '/api/admin/orders/W000000000000/cancel',
          payload: { reason: 'asked by phone' },
        },
        ['admin', 'agent'],
      );
    });
  });

  describe('search', () => {
    it('takes %, _ and \\ typed in a surname literally: they match only themselves', async () => {
      const tag = [...Date.now().toString(26)]
        .map((c) => String.fromCharCode(97 + Number.parseInt(c, 26)))
        .join('');
      const plain = `Lim${tag}`;
      const flight = await aPrivateFlight(t, { from: 'KTI', to: 'SIN' });
      const a = await anOrder(t, { flight, passengerDetails: [{ surname: plain }] });
      const b = await anOrder(t, { flight, passengerDetails: [{ surname: `Odd${tag}` }] });
      // A surname from before the letters-only rule (an imported record) holding the characters.
      const odd = `Odd${tag}_%\\x`;
      await t.database.pool.query(
        'update order_passengers set surname = $1 where order_id = (select id from orders where order_no = $2)',
        [odd, b.orderNo],
      );
      const found = async (surname: string) => {
        const res = await get(agent, `/orders?surname=${encodeURIComponent(surname)}`);
        expect(res.body.code, JSON.stringify(res.body)).toBe('0');
        return res.body.data.list.map((r: { orderNo: string }) => r.orderNo);
      };
      expect(await found(plain)).toEqual([a.orderNo]);
      // As wildcards these would find Lim…; as characters they match no surname.
      expect(await found(`${plain.slice(0, 3)}%${plain.slice(4)}`)).toEqual([]);
      expect(await found(`${plain.slice(0, 3)}_${plain.slice(4)}`)).toEqual([]);
      expect(await found(`Lim${tag.slice(0, 2)}%`)).toEqual([]);
      // The surname that holds them is found by them, any case.
      expect(await found(`odd${tag}_%\\`)).toEqual([b.orderNo]);
      expect(await found(`ODD${tag}_`)).toEqual([b.orderNo]);
      expect(await found(`Odd${tag}%`)).toEqual([]);
      expect(await found(`Odd${tag}_%x`)).toEqual([]);
    });

    it('finds an order by number, PNR, surname, e-mail, ticket number, and flight with its local date', async () => {
      // Letters only (a surname's rule): a name no other test's passenger has.
      const surname = `Sok${[...Date.now().toString(26)].map((c) => String.fromCharCode(97 + Number.parseInt(c, 26))).join('')}`;
      const email = `Sok.${Date.now().toString(36)}@Example.com`;
      // Leaves Phnom Penh at 00:30 local: the evening before in UTC.
      const night = await aPrivateFlight(t, { from: 'KTI', to: 'SIN', depTime: '00:30' });
      const order = await aPaidOrderWithTickets(t, {
        flight: night,
        passengers: [2, 0, 0],
        passengerDetails: [{ surname }, { surname: 'Other' }],
        contact: { email },
      });

      const only = async (query: string) => {
        const res = await get(agent, `/orders?${query}`);
        expect(res.body.code, JSON.stringify(res.body)).toBe('0');
        return res.body.data.list.map((r: { orderNo: string }) => r.orderNo);
      };
      expect(await only(`orderNo=${order.orderNo.toLowerCase()}`)).toEqual([order.orderNo]);
      expect(await only(`pnr=${order.pnr.toLowerCase()}`)).toEqual([order.orderNo]);
      expect(await only(`surname=${surname.toUpperCase()}`)).toEqual([order.orderNo]);
      expect(await only(`surname=${surname.slice(0, -2).toLowerCase()}`)).toContain(order.orderNo);
      expect(await only(`email=${encodeURIComponent(email.toLowerCase())}`)).toEqual([order.orderNo]);
      expect(await only(`ticketNo=${order.tickets[1]}`)).toEqual([order.orderNo]);
      expect(await only(`flightNo=${night.flightNo}&flightDate=${night.depLocalDate}`)).toEqual([
        order.orderNo,
      ]);
      // The UTC date of that departure is the day before locally: nothing then.
      const utcDay = night.depUtc.toISOString().slice(0, 10);
      expect(utcDay).not.toBe(night.depLocalDate);
      expect(await only(`flightNo=${night.flightNo}&flightDate=${utcDay}`)).toEqual([]);
      // Filters combine: the right PNR with another surname finds nothing.
      expect(await only(`pnr=${order.pnr}&surname=Nobody`)).toEqual([]);
      expect(await only(`ticketNo=9999999999999`)).toEqual([]);

      const row = (await get(finance, `/orders?orderNo=${order.orderNo}`)).body.data.list[0];
      expect(row).toEqual({
        orderNo: order.orderNo,
        pnr: order.pnr,
        status: OrderPayStatus.paid,
        ticketed: true,
        route: ['KTI', 'SIN'],
        firstFlightNo: night.flightNo,
        firstDeparture: `${night.depLocalDate}T00:30:00+07:00`,
        passengerCount: 2,
        total: { amount: order.total, currency: order.currency },
        createdAt: expect.any(String),
      });
    });

    it('lists newest first, a page at a time, with the number found', async () => {
      const email = `pages.${Date.now().toString(36)}@example.com`;
      const made: string[] = [];
      for (let i = 0; i < 3; i++) made.push((await anOrder(t, { flight, contact: { email } })).orderNo);
      const first = await get(auditor, `/orders?email=${email}&pageSize=2`);
      expect(first.body.data).toMatchObject({ total: 3, page: 1, pageSize: 2 });
      const second = await get(auditor, `/orders?email=${email}&pageSize=2&page=2`);
      const listed = [...first.body.data.list, ...second.body.data.list].map(
        (r: { orderNo: string }) => r.orderNo,
      );
      expect(listed).toEqual([...made].reverse());
      // By status: they are unpaid, none paid; an empty status is any.
      expect((await get(auditor, `/orders?email=${email}&status=0`)).body.data.total).toBe(3);
      expect((await get(auditor, `/orders?email=${email}&status=1`)).body.data.total).toBe(0);
      expect((await get(auditor, `/orders?email=${email}&status=`)).body.data.total).toBe(3);
    });

    it('names the field of a bad filter', async () => {
      const res = await get(agent, '/orders?ticketNo=12ab');
      expect(res.status).toBe(400);
      expect(res.body.data.fields[0].field).toContain('ticketNo');
      const date = await get(agent, '/orders?flightDate=2026-02-30');
      expect(date.status).toBe(400);
      const alone = await get(agent, '/orders?flightDate=2026-12-01');
      expect(alone.status).toBe(400);
      expect(JSON.stringify(alone.body.data.fields)).toContain('flightNo');
    });
  });

  describe('the order page', () => {
    it('shows passengers, legs in local time, price lines, payments, tickets and coupons, and the history', async () => {
      const order = await aPaidOrderWithTickets(t, { flight, passengers: [1, 1, 0] });
      const res = await get(agent, `/orders/${order.orderNo.toLowerCase()}`);
      expect(res.body.code, JSON.stringify(res.body)).toBe('0');
      const d = res.body.data;
      expect(d).toMatchObject({ orderNo: order.orderNo, pnr: order.pnr, status: OrderPayStatus.paid });
      expect(d.ticketedAt).not.toBeNull();
      expect(d.contact.email).toBe(order.email);
      // Agents see the document numbers whole.
      expect(d.passengers.map((p: { docNumber: string }) => p.docNumber)).toEqual(order.docs);
      expect(d.passengers.every((p: { docMasked: boolean }) => !p.docMasked)).toBe(true);
      expect(d.segments).toEqual([
        expect.objectContaining({
          seq: 0,
          flightNo: flight.flightNo,
          depZone: 'Asia/Phnom_Penh',
          arrZone: 'Asia/Singapore',
          depTime: `${flight.depLocalDate}T10:00:00+07:00`,
          arrTime: expect.stringMatching(/\+08:00$/),
        }),
      ]);
      // The total is the sum of the lines.
      const sum = d.priceLines.reduce(
        (s: number, l: { amount: { amount: number } }) => s + l.amount.amount,
        0,
      );
      expect(sum).toBe(order.total);
      expect(d.price.total.amount).toBe(order.total);
      expect(new Set(d.priceLines.map((l: { passengerSeq: number }) => l.passengerSeq))).toEqual(
        new Set([0, 1]),
      );
      expect(d.payments).toHaveLength(1);
      expect(d.payments[0]).toMatchObject({ id: order.paymentId, gateway: 'sandbox', status: 'succeeded' });
      expect(d.payments[0].events).toEqual([
        expect.objectContaining({
          type: 'succeeded',
          payload: expect.objectContaining({ status: 'succeeded' }),
        }),
      ]);
      expect(d.tickets.map((k: { ticketNo: string }) => k.ticketNo).sort()).toEqual(order.tickets);
      expect(d.tickets[0].coupons).toEqual([{ couponNo: 1, legSeq: 0, usage: 10, status: 0 }]);
      expect(d.events.map((e: { type: string }) => e.type)).toEqual(['created', 'paid', 'ticketed']);
      expect(d.events[1].actor).toBe('gateway:sandbox');
      expect(d.refunds).toEqual([]);
    });

    it('masks document numbers but the last four characters for finance and auditors', async () => {
      const order = await anOrder(t, { flight, passengerDetails: [{ docNumber: 'E12345678' }] });
      for (const who of [finance, auditor]) {
        const d = (await get(who, `/orders/${order.orderNo}`)).body.data;
        expect(d.passengers[0]).toMatchObject({ docNumber: '*****5678', docMasked: true });
      }
    });

    it('answers 4100 for an order that does not exist', async () => {
      const res = await get(agent, '/orders/W999999999999');
      expect(res.body.code).toBe('4100');
    });
  });

  describe('cancelling an unpaid order', () => {
    it('cancels it through booking, gives its seats back, and writes the history and the audit row', async () => {
      const own = await aPrivateFlight(t, { from: 'KTI', to: 'BKK' });
      const order = await anOrder(t, { flight: own, passengers: [2, 0, 0] });
      const before = await inventory(t, own.flightId, 'M');
      const res = await post(agent, `/orders/${order.orderNo}/cancel`, {
        reason: 'traveller called to cancel',
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe('0');
      expect(res.body.data).toEqual({
        status: OrderPayStatus.canceled,
        released: [{ flightId: own.flightId, bookingClass: 'M', seats: 2 }],
      });
      const after = await inventory(t, own.flightId, 'M');
      expect(after.classSold).toBe(before.classSold - 2);
      expect(after.cabinSold).toBe(before.cabinSold - 2);

      const d = (await get(auditor, `/orders/${order.orderNo}`)).body.data;
      expect(d.status).toBe(OrderPayStatus.canceled);
      expect(d.events.at(-1)).toMatchObject({
        type: 'canceled',
        actor: `staff:${agent.staff.id}`,
        reason: 'traveller called to cancel',
      });
      expect(d.audit).toEqual([
        expect.objectContaining({
          staffId: agent.staff.id,
          staffEmail: agent.staff.email,
          action: 'order.cancel',
          targetType: 'order',
          targetId: order.orderNo,
          before: { status: OrderPayStatus.un_paid },
          after: expect.objectContaining({ status: OrderPayStatus.canceled }),
          reason: 'traveller called to cancel',
        }),
      ]);
      // A second cancel is refused clearly, and writes nothing more.
      const again = await post(agent, `/orders/${order.orderNo}/cancel`, { reason: 'again' });
      expect(again.body).toMatchObject({ code: '4101', data: { status: OrderPayStatus.canceled } });
      expect((await get(agent, `/orders/${order.orderNo}`)).body.data.audit).toHaveLength(1);
    });

    it('refuses a paid order with 4101, saying it is paid and ticketed, and leaves it as it was', async () => {
      const order = await aPaidOrderWithTickets(t, { flight });
      const res = await post(agent, `/orders/${order.orderNo}/cancel`, { reason: 'wants the money back' });
      expect(res.body).toMatchObject({ code: '4101', data: { status: OrderPayStatus.paid, ticketed: true } });
      const d = (await get(agent, `/orders/${order.orderNo}`)).body.data;
      expect(d.status).toBe(OrderPayStatus.paid);
      expect(d.audit).toEqual([]);
    });

    it('requires a reason, naming the field', async () => {
      const order = await anOrder(t, { flight });
      const res = await post(agent, `/orders/${order.orderNo}/cancel`, { reason: ' ' });
      expect(res.status).toBe(400);
      expect(res.body.data.fields[0].field).toContain('reason');
      expect((await get(agent, `/orders/${order.orderNo}`)).body.data.status).toBe(OrderPayStatus.un_paid);
    });

    it('keeps nothing when the audit row cannot be written: the cancel and its row commit together', async () => {
      const own = await aPrivateFlight(t, { from: 'KTI', to: 'BKK' });
      const order = await anOrder(t, { flight: own });
      const before = await inventory(t, own.flightId, 'M');
      const failed = await t.app.booking
        .cancelUnpaid(
          order.id,
          { kind: 'staff', staffId: agent.staff.id, roles: ['agent'] },
          {
            reason: 'test of atomicity',
            within: async () => {
              throw new Error('the audit log is unavailable');
            },
          },
        )
        .catch((err: Error) => err);
      expect(failed).toBeInstanceOf(Error);
      const d = (await get(agent, `/orders/${order.orderNo}`)).body.data;
      expect(d.status).toBe(OrderPayStatus.un_paid);
      expect(d.events.map((e: { type: string }) => e.type)).toEqual(['created']);
      expect(await inventory(t, own.flightId, 'M')).toEqual(before);
    });
  });
});
