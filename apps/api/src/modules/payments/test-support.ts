import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/helpers';
import { type Client, contact, flightOn, offerFor, party, solvedCaptcha } from '../booking/test-support';

/** Scenario builders of the payments tests: a booked order, and what the database says of it. */

export interface BookedOrder {
  orderNo: string;
  id: string;
  flightId: string;
  total: number;
  currency: string;
  email: string;
  /** The order grant saveTicketOrder answered with (a guest sends it in the `orderToken` header). */
  orderToken: string;
}

/**
 * Books `flightNo` about `daysAhead` days out in class M for `counts`, with its own contact e-mail;
 * a client not logged in books as a guest (with a solved captcha).
 */
export async function bookOrder(
  t: TestApp,
  c: Client,
  flightNo: string,
  daysAhead: number,
  counts: [number, number, number] = [1, 0, 0],
): Promise<BookedOrder> {
  const flight = await flightOn(t, flightNo, daysAhead);
  const offerId = await offerFor(c, counts, [{ flightId: flight.flightId, bookingClass: 'M' }]);
  const email = `p${randomUUID().slice(0, 13)}@example.com`;
  const res = await c.post('/travelsky/ibe/saveTicketOrder', {
    offerId,
    passengers: party(counts, flight.depLocalDate),
    contact: { ...contact, email },
    idempotencyKey: randomUUID(),
    acceptTerms: true,
    ...(c.session === undefined ? { captchaId: await solvedCaptcha(t, c), captcha: 'abcd' } : {}),
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe('0');
  const orderNo = res.body.data.orderNo as string;
  const { rows } = await t.database.pool.query('select id from orders where order_no = $1', [orderNo]);
  return {
    orderNo,
    id: rows[0].id as string,
    flightId: flight.flightId,
    total: res.body.data.amountDue.amount as number,
    currency: res.body.data.amountDue.currency as string,
    email,
    orderToken: res.body.data.orderToken as string,
  };
}

/** The order's status, its payment-related events, tickets, and its payments' statuses (sorted), as stored. */
export async function orderFacts(t: TestApp, orderId: string) {
  const { rows } = await t.database.pool.query(
    `select o.status,
            (select count(*)::int from order_events e where e.order_id = o.id and e.type = 'paid') as paid_events,
            (select count(*)::int from order_events e where e.order_id = o.id and e.type = 'refunded') as refunded_events,
            (select count(*)::int from order_events e where e.order_id = o.id and e.type = 'refund_notified') as notified_events,
            (select count(*)::int from tickets k where k.order_id = o.id) as tickets,
            (select string_agg(p.status, ',' order by p.status) from payments p where p.order_id = o.id) as payments,
            (select string_agg(r.status, ',' order by r.created_at) from payment_refunds r
               join payments p on p.id = r.payment_id where p.order_id = o.id) as refunds
       from orders o where o.id = $1`,
    [orderId],
  );
  return rows[0] as {
    status: number;
    paid_events: number;
    refunded_events: number;
    notified_events: number;
    tickets: number;
    payments: string | null;
    refunds: string | null;
  };
}

/** The refunds of an order's payments, oldest first. */
export async function refundsOf(t: TestApp, orderId: string) {
  const { rows } = await t.database.pool.query(
    `select r.id, r.payment_id, r.amount, r.currency, r.reason, r.status
       from payment_refunds r join payments p on p.id = r.payment_id
      where p.order_id = $1 order by r.created_at`,
    [orderId],
  );
  return rows as {
    id: string;
    payment_id: string;
    amount: number;
    currency: string;
    reason: string;
    status: string;
  }[];
}

/** Mail kept in the dev mailbox for an address, newest first. */
export async function mailTo(t: TestApp, address: string) {
  const { rows } = await t.database.pool.query(
    'select subject, text_body, html_body from mail_outbox where to_address = $1 order by created_at desc',
    [address.toLowerCase()],
  );
  return rows as { subject: string; text_body: string; html_body: string }[];
}
