// Order throughput across many flights and on one hot flight, with the oversold count read
// from the database (issue 4). Figures from one run on this machine; never a timed assertion.
// Usage: npm run bench:booking [-- --seconds 10]

import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { addDays } from '@wings/rules';
import autocannon from 'autocannon';
import pg from 'pg';
import { startEmbeddedPostgres } from '../apps/api/src/platform/embedded-postgres';
import { latestCode } from '../e2e/support/mail';
import { startServer } from '../e2e/support/server';
import { getAccessToken } from '../e2e/support/token';

const secondsArg = process.argv.indexOf('--seconds');
const seconds = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : 10;
const HOT_SEATS = 40;
const quiet = { info() {}, warn() {}, debug() {} };

interface Envelope<T> {
  code: string;
  message: string;
  data: T;
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'wings-bench-booking-'));
const database = await startEmbeddedPostgres(path.join(dir, 'pg'), 'wings_bench', quiet);
const api = await startServer(path.join(dir, 'data'), { DATABASE_URL: database.url, LOG_LEVEL: 'error' });
const db = new pg.Client({ connectionString: database.url });
await db.connect();

try {
  const accessToken = await getAccessToken(api.url);
  const base = { 'content-type': 'application/json', authorization: `Bearer ${accessToken}`, language: '1' };
  const call = async <T>(
    route: string,
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<Envelope<T>> => {
    const res = await fetch(`${api.url}/api${route}`, {
      method: 'POST',
      headers: { ...base, ...headers },
      body: JSON.stringify(body),
    });
    return (await res.json()) as Envelope<T>;
  };

  // Travellers with accounts (guests would need a captcha per order).
  const sessions: string[] = [];
  for (let i = 0; i < 8; i++) {
    const email = `bench.${i}.${Date.now()}@example.com`;
    const sent = Date.now() - 2000;
    await call('/travelsky/user/testEmail', { email, purpose: 'register' });
    const code = await latestCode(api.url, email, sent);
    const reg = await call<{ token: string }>('/travelsky/user/register', {
      email,
      code,
      password: 'Bench2026x',
      confirmPassword: 'Bench2026x',
      agree: true,
    });
    if (reg.code !== '0') throw new Error(`register: ${reg.message}`);
    sessions.push(reg.data.token);
  }

  // Offers for one adult on many flights: every route from the hub, the next 10 days.
  const today = new Date().toISOString().slice(0, 10);
  const routes = (
    await db.query<{ origin: string; destination: string }>(
      "select origin, destination from routes where origin = 'KTI' order by destination",
    )
  ).rows;
  const offers: string[] = [];
  for (const r of routes) {
    for (let d = 5; d < 15 && offers.length < 120; d += 1) {
      const search = await call<{
        flights: { flightId: string; fares: { bookingClass: string; family: string }[] }[];
      }>('/travelsky/ibe/queryFlight', {
        depCode: r.origin,
        arrCode: r.destination,
        depDate: addDays(today, d),
        passengers: [1, 0, 0],
        tripType: 0,
      });
      const flight = search.data?.flights?.find((f) => f.fares.length > 0);
      if (!flight) continue;
      // Grand: economy buckets large enough that the run measures orders, not sell-outs.
      const fare = flight.fares.find((f) => f.family === 'Grand') ?? flight.fares[0]!;
      const offer = await call<{ offerId: string }>('/travelsky/ibe/chooseFlight', {
        passengers: [1, 0, 0],
        segments: [{ flightId: flight.flightId, bookingClass: fare.bookingClass }],
      });
      if (offer.code === '0') offers.push(offer.data.offerId);
    }
  }

  let n = 0;
  const orderBody = (offerId: string) =>
    JSON.stringify({
      offerId,
      passengers: [
        {
          passengerType: 1,
          surname: 'Bench',
          givenName: `Traveller ${String.fromCharCode(65 + (n % 26))}`,
          title: 0,
          gender: 0,
          nationality: 'KH',
          birthday: '1990-01-01',
          docType: 1,
          docNumber: `N${String(1_000_000 + (n % 8_000_000))}`,
          docExpiry: '2035-01-01',
        },
      ],
      contact: { name: 'Bench Traveller', countryCode: '855', phone: '12345678', email: 'bench@example.com' },
      idempotencyKey: randomUUID(),
      acceptTerms: true,
    });

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
                  body: orderBody(offerIds[n % offerIds.length]!),
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

  // Many flights: throughput of orders that all succeed.
  const wide = await run('many flights', offers, 20, seconds);
  const wideOk = codes.get('0') ?? 0;
  const wideCodes = Object.fromEntries(codes);

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
  console.log(`booking_orders_per_s=${wideRate.toFixed(1)}`);
  console.log(`booking_oversold=${oversold}`);
} finally {
  await db.end();
  await api.stop();
  await database.stop();
  await rm(dir, { recursive: true, force: true });
}
