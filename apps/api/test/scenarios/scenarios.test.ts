import { OrderPayStatus } from '@wings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { anOrder, aPaidOrderWithTickets, aPrivateFlight, aReturnFlight } from './index';

/** The scenario builders build what they say, and nothing a test of the demo network would meet. */
describe('scenario builders', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function search(from: string, to: string, depDate: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/travelsky/ibe/queryFlight',
      headers: t.headers(),
      payload: { depCode: from, arrCode: to, depDate, passengers: [1, 0, 0] },
    });
    return res.json() as { code: string; data: { flights: Array<{ flightNo: string }> } };
  }

  it('gives each private flight its own number and date, past the search window, with every seat open', async () => {
    const [a, b] = await Promise.all([
      aPrivateFlight(t, { from: 'KTI', to: 'BKK' }),
      aPrivateFlight(t, { from: 'KTI', to: 'BKK' }),
    ]);
    expect(a.flightNo).not.toBe(b.flightNo);
    expect(a.depLocalDate).not.toBe(b.depLocalDate);
    for (const f of [a, b]) {
      expect(f.flightNo).toMatch(/^WC\d{4}$/);
      // A date no search reaches (180 days), so the demo network's search tests never see it.
      expect((await search('KTI', 'BKK', f.depLocalDate)).code).toBe('400');
    }
    const { rows } = await t.database.pool.query(
      `select sum(sold + external_sold)::int as taken from flight_cabins where flight_id = $1`,
      [a.flightId],
    );
    expect(rows[0].taken).toBe(0);
  });

  it('puts a searchable flight alone on its route and date when asked, and its way back after it', async () => {
    const out = await aPrivateFlight(t, { from: 'KTI', to: 'FOC', searchable: 'alone' });
    const found = await search('KTI', 'FOC', out.depLocalDate);
    expect(found.code).toBe('0');
    expect(found.data.flights.map((f) => f.flightNo)).toEqual([out.flightNo]);
    const back = await aReturnFlight(t, out, { days: 3 });
    expect(back).toMatchObject({ from: 'FOC', to: 'KTI', routeCode: 'FOC-KTI' });
    expect(Date.parse(back.depLocalDate) - Date.parse(out.depLocalDate)).toBe(3 * 86_400_000);
  });

  it('builds orders unpaid, paid and canceled, and a paid order with its tickets', async () => {
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'SAI' });
    const statusOf = async (id: string) =>
      (await t.database.pool.query('select status from orders where id = $1', [id])).rows[0].status;
    const unpaid = await anOrder(t, { flight, passengers: [2, 1, 1] });
    expect(await statusOf(unpaid.id)).toBe(OrderPayStatus.un_paid);
    expect(unpaid.docs).toHaveLength(4);
    const paid = await anOrder(t, { flight, status: 'paid' });
    expect(await statusOf(paid.id)).toBe(OrderPayStatus.paid);
    expect(paid.paymentId).toBeTruthy();
    const canceled = await anOrder(t, { flight, status: 'canceled' });
    expect(await statusOf(canceled.id)).toBe(OrderPayStatus.canceled);

    const ticketed = await aPaidOrderWithTickets(t, { flight, passengers: [1, 1, 0] });
    expect(ticketed.tickets).toHaveLength(2);
    const detail = await t.app.inject({
      url: `/api/travelsky/ibe/getOrderDetail/${ticketed.orderNo}`,
      headers: t.headers({ orderToken: ticketed.orderToken }),
    });
    const tickets = detail
      .json()
      .data.passengers.map((p: { ticket: { ticketNo: string } }) => p.ticket.ticketNo);
    expect(tickets.sort()).toEqual(ticketed.tickets);
  });
});
