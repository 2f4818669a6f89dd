// What the after-sales benchmarks (refunds, changes of date) share: a small world made through the
// product's own calls (offers of a fare family, orders booked and paid on the sandbox's page,
// tickets issued), a console session, and autocannon runs.

import { addDays } from '@wings/rules';
import autocannon from 'autocannon';
import {
  DEMO_STAFF,
  DEMO_STAFF_PASSWORD,
  DEMO_STAFF_TOTP_SECRET,
  totpCode,
} from '../apps/api/src/modules/staff';
import { type BenchApi, orderBody } from './support';

/** Runs `task(0..count-1)` with at most `width` at once. */
export async function inParallel(
  count: number,
  width: number,
  task: (i: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

/** `seconds` of autocannon on one request from `connections` connections. */
export function loadFor(
  seconds: number,
  connections: number,
  opts: { url: string; method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ ...opts, connections, duration: seconds }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

/**
 * Offers for one adult in a fare of `family` on up to `limit` flights from the hub 5 to 14 days
 * ahead, on routes that touch no mainland Chinese airport (those are refunded and changed through
 * customer service only).
 */
export async function familyOffers(bench: BenchApi, limit: number, family: string): Promise<string[]> {
  const today = new Date().toISOString().slice(0, 10);
  const routes = (
    await bench.db.query<{ origin: string; destination: string }>(
      `select r.origin, r.destination from routes r
         join airports a on a.code = r.destination
        where r.origin = 'KTI' and a.country_code <> 'CN' order by r.destination`,
    )
  ).rows;
  const offers: string[] = [];
  for (const r of routes) {
    for (let d = 5; d < 15 && offers.length < limit; d += 1) {
      const search = await bench.call<{
        flights: { flightId: string; fares: { bookingClass: string; family: string }[] }[];
      }>('/travelsky/ibe/queryFlight', {
        depCode: r.origin,
        arrCode: r.destination,
        depDate: addDays(today, d),
        passengers: [1, 0, 0],
        tripType: 0,
      });
      const flight = search.data?.flights?.find((f) => f.fares.some((x) => x.family === family));
      if (!flight) continue;
      const fare = flight.fares.find((f) => f.family === family)!;
      const offer = await bench.call<{ offerId: string }>('/travelsky/ibe/chooseFlight', {
        passengers: [1, 0, 0],
        segments: [{ flightId: flight.flightId, bookingClass: fare.bookingClass }],
      });
      if (offer.code === '0') offers.push(offer.data.offerId);
    }
  }
  return offers;
}

/** Books an order on the offer and pays it on the sandbox's hosted page (its Pay button). */
export async function bookAndPay(
  bench: BenchApi,
  token: string,
  offerId: string,
  n: number,
): Promise<string> {
  const order = await bench.call<{ orderNo: string }>(
    '/travelsky/ibe/saveTicketOrder',
    JSON.parse(orderBody(offerId, n)),
    { token },
  );
  if (order.code !== '0') throw new Error(`saveTicketOrder: ${order.code} ${order.message}`);
  const pay = await bench.call<{ checkoutUrl: string }>(
    `/travelsky/payment/getPayUrl/${order.data.orderNo}`,
    { method: 'card' },
    { token },
  );
  if (pay.code !== '0') throw new Error(`getPayUrl: ${pay.code} ${pay.message}`);
  const approved = await fetch(new URL(`${pay.data.checkoutUrl}/approve`, bench.url), {
    method: 'POST',
    redirect: 'manual',
  });
  if (approved.status !== 303) throw new Error(`sandbox approve: HTTP ${approved.status}`);
  return order.data.orderNo;
}

/** Waits until every order is paid and ticketed (ticketing runs as jobs after the payment). */
export async function ticketsIssued(bench: BenchApi, orderNos: string[]): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const owed = await bench.db.query<{ n: number }>(
      `select count(*)::int as n from orders
        where order_no = any($1) and (ticketed_at is null
           or not exists (select 1 from tickets t where t.order_id = orders.id))`,
      [orderNos],
    );
    if (owed.rows[0]!.n === 0) return;
    if (Date.now() > deadline) throw new Error(`${owed.rows[0]!.n} orders not ticketed in 120 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The headers of a console session of the demo member of `role` (password, then the TOTP code). */
export async function signInStaff(bench: BenchApi, role: 'agent'): Promise<Record<string, string>> {
  const member = DEMO_STAFF.find((s) => s.role === role)!;
  const consoleHeaders = { 'x-wings-console': '1', language: '1', 'content-type': 'application/json' };
  const login = await fetch(`${bench.url}/api/admin/auth/login`, {
    method: 'POST',
    headers: consoleHeaders,
    body: JSON.stringify({ email: member.email, password: DEMO_STAFF_PASSWORD }),
  });
  const step = (await login.json()) as { code: string; message: string; data: { challenge: string } };
  if (step.code !== '0') throw new Error(`staff login: ${step.code} ${step.message}`);
  const verify = await fetch(`${bench.url}/api/admin/auth/verify`, {
    method: 'POST',
    headers: consoleHeaders,
    body: JSON.stringify({
      challenge: step.data.challenge,
      code: await totpCode(DEMO_STAFF_TOTP_SECRET, new Date()),
    }),
  });
  const done = (await verify.json()) as { code: string; message: string };
  if (done.code !== '0') throw new Error(`staff verify: ${done.code} ${done.message}`);
  const cookie = verify.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
  return { 'x-wings-console': '1', language: '1', cookie };
}
