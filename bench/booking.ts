// Order throughput across many flights and on one hot flight, with the oversold count read
// from the database (issue 4). Figures from one run on this machine; never a timed assertion.
// Usage: npm run bench:booking [-- --seconds 10]

import os from 'node:os';
import autocannon from 'autocannon';
import { countRoundTrips } from '../apps/api/test/support/round-trips';
import {
  type Envelope,
  NO_HOLD_LIMITS,
  offersOnManyFlights,
  orderBody,
  processCount,
  registerTravellers,
  startBenchApi,
  transactions,
  withInProcessApp,
} from './support';

const secondsArg = process.argv.indexOf('--seconds');
const seconds = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : 10;
const HOT_SEATS = 40;

const processes = await processCount();
if (processes === null) process.exit(0);
const api = await startBenchApi('booking', NO_HOLD_LIMITS, { processes });

/**
 * The statements one order sends to PostgreSQL (BEGIN and COMMIT included), counted on the
 * product's own code: an app built in this process on the bench's database makes one order
 * after a warm-up one (its access-token cache then holds the token, as a running server's does)
 * while every statement of its pg clients is recorded. This app runs no job workers, so the
 * order's expiry job is not among them (it cost a statement of its own per order before issue 12,
 * and is sent in batches since): the transactions per order read from the server include it.
 */
async function statementsPerOrder(session: string, offerId: string): Promise<string[]> {
  return withInProcessApp(api, NO_HOLD_LIMITS, async (app) => {
    const order = (n: number) =>
      app.inject({
        method: 'POST',
        url: '/api/travelsky/ibe/saveTicketOrder',
        headers: { ...base, token: session },
        payload: orderBody(offerId, n),
      });
    await order(1);
    const { result, statements } = await countRoundTrips(() => order(2));
    const code = (result.json() as Envelope<unknown>).code;
    if (code !== '0') throw new Error(`the counted order failed: ${result.body}`);
    return statements;
  });
}

const { db, base } = api;

try {
  const sessions = await registerTravellers(api, 8);
  const offers = await offersOnManyFlights(api, 120);
  let n = 0;

  const codes = new Map<string, number>();
  const run = (label: string, offerIds: string[], connections: number, duration: number) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      codes.clear();
      const instance = autocannon(
        {
          url: `${api.url}/api/travelsky/ibe/saveTicketOrder`,
          method: 'POST',
          connections,
          duration,
          requests: [
            {
              setupRequest: (req) => {
                n += 1;
                return {
                  ...req,
                  headers: { ...base, token: sessions[n % sessions.length]! },
                  body: orderBody(offerIds[n % offerIds.length]!, n),
                };
              },
              onResponse: (_status, body) => {
                const code = (JSON.parse(body) as Envelope<unknown>).code;
                codes.set(code, (codes.get(code) ?? 0) + 1);
              },
            },
          ],
        },
        (err, result) => (err ? reject(err) : resolve(result)),
      );
      void instance;
      void label;
    });

  const statements = await statementsPerOrder(sessions[0]!, offers[offers.length - 1]!);

  // Many flights: throughput of orders that all succeed.
  const xactsBefore = await transactions(api);
  const wide = await run('many flights', offers, 20, seconds);
  const wideOk = codes.get('0') ?? 0;
  const wideCodes = Object.fromEntries(codes);
  const xactsPerOrder = ((await transactions(api)) - xactsBefore) / Math.max(1, wideOk);

  // One hot flight with HOT_SEATS seats left in its class, far more buyers than seats.
  const hot = await db.query<{ flight_id: string; booking_class: string }>(
    `select o.segments->0->>'flightId' as flight_id, o.segments->0->>'bookingClass' as booking_class
       from offers o where o.id = $1`,
    [offers[0]],
  );
  const { flight_id: hotFlight, booking_class: hotClass } = hot.rows[0]!;
  await db.query(
    'update flight_class_inventory set authorised_limit = sold + external_sold + $3 where flight_id = $1 and booking_class = $2',
    [hotFlight, hotClass, HOT_SEATS],
  );
  const before = await db.query<{ sold: number }>(
    'select sold from flight_class_inventory where flight_id = $1 and booking_class = $2',
    [hotFlight, hotClass],
  );
  const hotRun = await run('hot flight', [offers[0]!], 50, Math.max(3, Math.round(seconds / 2)));
  const hotOk = codes.get('0') ?? 0;
  const hotCodes = Object.fromEntries(codes);
  const after = await db.query<{ sold: number; authorised_limit: number; external_sold: number }>(
    'select sold, authorised_limit, external_sold from flight_class_inventory where flight_id = $1 and booking_class = $2',
    [hotFlight, hotClass],
  );
  const held = await db.query<{ seats: string }>(
    'select coalesce(sum(seats), 0) as seats from order_holds where flight_id = $1 and booking_class = $2 and released_at is null',
    [hotFlight, hotClass],
  );
  const row = after.rows[0]!;
  const soldInRun = row.sold - before.rows[0]!.sold;
  // Oversold: seats sold beyond what was left, beyond the class limit, or not backed by a live hold.
  const overLimit = Math.max(0, row.sold + row.external_sold - row.authorised_limit);
  const unbacked = Math.abs(row.sold - Number(held.rows[0]!.seats));
  const oversold = Math.max(0, soldInRun - HOT_SEATS, hotOk - HOT_SEATS) + overLimit + unbacked;

  const wideRate = wideOk / seconds;
  console.log(`${os.cpus().length} cores; ${offers.length} flights; ${sessions.length} travellers`);
  console.log(
    `many flights: ${wideOk} orders in ${seconds} s (${wideRate.toFixed(0)}/s), p50 ${wide.latency.p50} ms, p99 ${wide.latency.p99} ms, replies ${JSON.stringify(wideCodes)}`,
  );
  console.log(
    `hot flight:   ${hotOk} orders for ${HOT_SEATS} seats, ${hotRun.requests.total} attempts, p99 ${hotRun.latency.p99} ms, replies ${JSON.stringify(hotCodes)}, 5xx ${hotRun['5xx'] ?? 0}`,
  );
  console.log(
    `round trips of one order (counted in-process, job workers off): ${statements.length}\n${statements
      .map((s, i) => `  ${i + 1}. ${s.replace(/\s+/g, ' ').trim().slice(0, 110)}`)
      .join('\n')}`,
  );
  console.log(
    `server transactions per order in the many-flights run: ${xactsPerOrder.toFixed(2)} (each statement outside BEGIN/COMMIT is one: session, offer, order, expiry job, ...)`,
  );
  console.log(`booking_round_trips_per_order=${statements.length}`);
  console.log(`booking_transactions_per_order=${xactsPerOrder.toFixed(2)}`);
  console.log(`booking_orders_per_s=${wideRate.toFixed(1)}`);
  console.log(`booking_oversold=${oversold}`);
} finally {
  await api.stop();
}
