import { randomUUID } from 'node:crypto';
import { addDays } from '@wings/rules';
import { expect } from 'vitest';
import { hashCaptchaAnswer } from '../../src/modules/accounts';
import { createInventory, type SeatCounters } from '../../src/modules/inventory';
import type { TestApp } from '../helpers';
import { aPrivateFlight, type PrivateFlight } from '../scenarios';
import type { client } from './clients';

/**
 * Test support of booking calls made as a client makes them (over HTTP): a priced offer, the
 * passengers and contact of an order, a solved captcha, the seat counters of a flight and the
 * expiry state of an order.
 * Flights come from the scenario builders (test/scenarios): each test books flights of its own.
 */

export type Client = ReturnType<typeof client>;

/** A priced offer (chooseFlight) for the party on the flights and classes. */
export async function offerFor(
  c: Client,
  passengers: [number, number, number],
  segments: Array<{ flightId: string; bookingClass: string }>,
): Promise<string> {
  const res = await c.post('/travelsky/ibe/chooseFlight', { passengers, segments });
  expect(res.body.code, JSON.stringify(res.body)).toBe('0');
  return res.body.data.offerId as string;
}

const GIVEN = ['Dara', 'Sokha', 'Vanna', 'Bopha', 'Rith', 'Kosal', 'Mealea', 'Pisey', 'Chenda'];

/** A passenger of a type whose age fits the type on `departure`. */
export function passenger(
  type: 1 | 2 | 3,
  i: number,
  departure: string,
  extra: Record<string, unknown> = {},
) {
  // An infant is born before today (never in the future) and is under two at the departure.
  const yesterday = addDays(new Date().toISOString().slice(0, 10), -1);
  const infantBirthday = [addDays(departure, -200), yesterday].sort()[0]!;
  const birthday =
    type === 1 ? '1988-03-15' : type === 2 ? addDays(departure, -(6 * 365 + 30)) : infantBirthday;
  return {
    passengerType: type,
    surname: 'Chan',
    givenName: GIVEN[i % GIVEN.length],
    middleName: null,
    title: type === 1 ? 0 : 1,
    gender: type === 1 ? 0 : 1, // Mr male; Miss female: the title must agree with the gender
    nationality: 'KH',
    birthday,
    docType: 1,
    docNumber: `N${1000000 + i}`,
    docExpiry: addDays(departure, 3 * 365),
    email: null,
    countryCode: '855',
    phone: '12345678',
    ...extra,
  };
}

/** A party of `[adults, children, infants]`. */
export function party(counts: [number, number, number], departure: string) {
  const list: ReturnType<typeof passenger>[] = [];
  let i = 0;
  for (const [t, n] of [
    [1, counts[0]],
    [2, counts[1]],
    [3, counts[2]],
  ] as const) {
    for (let k = 0; k < n; k++) list.push(passenger(t, i++, departure));
  }
  return list;
}

export const contact = {
  name: 'Chan Dara',
  countryCode: '855',
  phone: '12345678',
  email: 'dara@example.com',
};

/** The id of a new captcha whose answer the test knows (`abcd`): the stored digest is replaced. */
export async function knownCaptcha(t: TestApp): Promise<string> {
  const { captchaId } = await t.app.accounts.captchas.create();
  await t.database.pool.query('update captchas set answer_hash = $1 where id = $2', [
    hashCaptchaAnswer('abcd'),
    captchaId,
  ]);
  return captchaId;
}

/** A captcha fetched by the client (GET /getCaptcha) whose answer the test knows (`abcd`). */
export async function solvedCaptcha(t: TestApp, c: Client): Promise<string> {
  const res = await c.get('/getCaptcha');
  await t.database.pool.query('update captchas set answer_hash = $1 where id = $2', [
    hashCaptchaAnswer('abcd'),
    res.body.data.captchaId,
  ]);
  return res.body.data.captchaId as string;
}

/** Sold counters of a flight's class and its cabin (inventory's own reading of them). */
export async function inventory(t: TestApp, flightId: string, bookingClass: string): Promise<SeatCounters> {
  const counters = await createInventory().counters(t.database.db, flightId, bookingClass);
  if (!counters) throw new Error(`flight ${flightId} does not sell class ${bookingClass}`);
  return counters;
}

/** What the expiry of an order changes: its status, its expiry events and its live seat holds. */
export async function expiryState(t: TestApp, orderId: string) {
  const { rows } = await t.database.pool.query(
    `select o.status, o.canceled_at is not null as canceled,
            (select count(*)::int from order_events e where e.order_id = o.id and e.type = 'expired') as expired_events,
            (select count(*)::int from order_holds h where h.order_id = o.id and h.released_at is null) as live_holds
       from orders o where o.id = $1`,
    [orderId],
  );
  return rows[0];
}

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
 * Books `flight` (or a private flight of its own on the route `from`-`to`) in class M for
 * `counts`, with its own contact e-mail; a client not logged in books as a guest (with a solved
 * captcha).
 */
export async function bookOrder(
  t: TestApp,
  c: Client,
  on: PrivateFlight | { from: string; to: string },
  counts: [number, number, number] = [1, 0, 0],
): Promise<BookedOrder> {
  const flight = 'flightId' in on ? on : await aPrivateFlight(t, on);
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
