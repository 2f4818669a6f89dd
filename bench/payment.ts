// Notifications under a replay storm and the duplicate-ticket count (issue 5). Paid orders are
// made through the product's own calls; then every payment's signed sandbox notification is
// sent many times, with other event ids for the same payment and failed events out of order,
// from many connections at once. The database then tells how many orders were paid more than
// once and how many tickets were issued beyond one per passenger (both must be 0).
// Then a burst (issue 9): BURST more orders whose payments all land at once, and the seconds
// from the last payment to the last ticket (ticketing must keep up, not wait for its sweep).
// Then what one notification costs in statements (issue 12): a replay of an event already
// applied, and a first one that pays an order, counted on the product's own code, with the
// figures before issue 12 beside them, and the server's transactions per notification in the
// storm (each statement outside BEGIN/COMMIT is one).
// Figures from one run on this machine; never a timed assertion.
// Usage: npm run bench:payment [-- --seconds 10]

import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { OrderPayStatus } from '@wings/contracts';
import autocannon from 'autocannon';
import {
  SANDBOX_SIGNATURE_HEADER,
  sandboxNotification,
  signSandbox,
} from '../apps/api/src/platform/payments/sandbox/sandbox.gateway';
import { serverKeys } from '../apps/api/src/platform/secrets';
import { countRoundTrips } from '../apps/api/test/support/round-trips';
import {
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
const ORDERS = 60;
/** Orders' paid status, as stored. */
const PAID = OrderPayStatus.paid;
/** Each payment's notification is among the storm this many times, besides its other events. */
const REPLAYS = 40;
/** Paid orders in the burst: twice what the old per-minute ticketing sweep could take. */
const BURST = 200;
/** Connections the burst is sent over (the server allows 128 per address). */
const BURST_CONNECTIONS = 32;
/**
 * Statements per notification before issue 12 (commit 18bc4a5, counted the same way): a replay
 * read the payment and its event, then asked booking whether the order was still owed tickets
 * (and, while it was, enqueued its ticketing job again: one more); a first success that paid an
 * order cost 11, and one more for its ticketing job when the job runner runs.
 */
const BEFORE = { replay: 2, replayOwed: 3, first: 11 };
// The sandbox signs notifications with a key derived from the server secret (never the public app
// secret), so the benchmark gives the product its secret and signs the storm with the same key.
const serverSecret = randomBytes(32).toString('base64url');
const processes = await processCount();
if (processes === null) process.exit(0);
const api = await startBenchApi('payment', { ...NO_HOLD_LIMITS, SERVER_SECRET: serverSecret }, { processes });
const { db } = api;

try {
  const sessions = await registerTravellers(api, 4);
  const offers = await offersOnManyFlights(api, ORDERS);

  // Unpaid orders and a pending sandbox payment of each.
  const payments: { paymentId: string; amount: number; currency: string }[] = [];
  for (const [i, offerId] of offers.entries()) {
    const token = sessions[i % sessions.length]!;
    const order = await api.call<{ orderNo: string }>(
      '/travelsky/ibe/saveTicketOrder',
      JSON.parse(orderBody(offerId, i)),
      { token },
    );
    if (order.code !== '0') throw new Error(`saveTicketOrder: ${order.code} ${order.message}`);
    const pay = await api.call<{ paymentId: string; amount: { amount: number; currency: string } }>(
      `/travelsky/payment/getPayUrl/${order.data.orderNo}`,
      { method: 'card' },
      { token },
    );
    if (pay.code !== '0') throw new Error(`getPayUrl: ${pay.code} ${pay.message}`);
    payments.push({ paymentId: pay.data.paymentId, ...pay.data.amount });
  }

  // The storm: per payment, its success event REPLAYS times, a second success event with its own
  // id (a gateway sending twice), and a failed event; shuffled so failures and replays race the
  // first success.
  const bodies: string[] = [];
  /** Each payment's success event of the storm: replayed REPLAYS times. */
  const successes: string[] = [];
  for (const p of payments) {
    const first = JSON.stringify(sandboxNotification(p.paymentId, 'succeeded', p.amount, p.currency));
    successes.push(first);
    for (let r = 0; r < REPLAYS; r++) bodies.push(first);
    bodies.push(JSON.stringify(sandboxNotification(p.paymentId, 'succeeded', p.amount, p.currency)));
    bodies.push(JSON.stringify(sandboxNotification(p.paymentId, 'failed', p.amount, p.currency)));
  }
  for (let i = bodies.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [bodies[i], bodies[j]] = [bodies[j]!, bodies[i]!];
  }

  const key = serverKeys({ serverSecret, serverSecretPrevious: undefined }).sandboxPayment.current;
  const xactsBefore = await transactions(api);
  let next = 0;
  const statuses = new Map<number, number>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url: `${api.url}/api/pay/notify/sandbox`,
        method: 'POST',
        connections: 32,
        duration: seconds,
        requests: [
          {
            setupRequest: (req) => {
              // The list in order first, then replays of it for the rest of the run.
              const body = bodies[next++ % bodies.length]!;
              const signature = signSandbox(key, body, Math.floor(Date.now() / 1000));
              return {
                ...req,
                headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature },
                body,
              };
            },
            onResponse: (status) => {
              statuses.set(status, (statuses.get(status) ?? 0) + 1);
            },
          },
        ],
      },
      (err, r) => (err ? reject(err) : resolve(r)),
    );
  });

  const xactsPerNotification = ((await transactions(api)) - xactsBefore) / Math.max(1, result.requests.total);

  // Ticketing runs as jobs after payment: wait until no paid order is owed tickets.
  const deadline = Date.now() + 120_000;
  for (;;) {
    const owed = await db.query<{ n: number }>(
      `select count(*)::int as n from orders where status = ${PAID} and ticketed_at is null`,
    );
    if (owed.rows[0]!.n === 0 || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 500));
  }

  const facts = await db.query<{
    paid_orders: number;
    passengers: number;
    tickets: number;
    extra_tickets: number;
    double_paid: number;
    owed: number;
  }>(`
    with per_order as (
      select o.id, o.status, o.ticketed_at,
             (select count(*) from order_passengers p where p.order_id = o.id)::int as passengers,
             (select count(*) from tickets t where t.order_id = o.id)::int as tickets,
             (select count(*) from order_events e where e.order_id = o.id and e.type = 'paid')::int as paid_events
        from orders o)
    select count(*) filter (where status = ${PAID})::int as paid_orders,
           coalesce(sum(passengers) filter (where status = ${PAID}), 0)::int as passengers,
           coalesce(sum(tickets), 0)::int as tickets,
           coalesce(sum(greatest(tickets - passengers, 0)), 0)::int as extra_tickets,
           count(*) filter (where paid_events > 1)::int as double_paid,
           count(*) filter (where status = ${PAID} and ticketed_at is null)::int as owed
      from per_order`);
  const f = facts.rows[0]!;
  const sent = result.requests.total;
  const rate = sent / seconds;
  console.log(
    `${os.cpus().length} cores; ${payments.length} orders; ${bodies.length} distinct sends in the storm`,
  );
  console.log(
    `replay storm: ${sent} notifications in ${seconds} s (${rate.toFixed(0)}/s), p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
  console.log(
    `after the storm: ${f.paid_orders} paid orders, ${f.passengers} passengers, ${f.tickets} tickets, ${f.owed} still owed tickets, ${f.double_paid} paid twice`,
  );
  console.log(
    `server transactions per notification in the storm: ${xactsPerNotification.toFixed(2)} (replays, the first successes with their ticketing, the job workers)`,
  );
  console.log(`payment_notifications_per_s=${rate.toFixed(1)}`);
  console.log(`payment_transactions_per_notification=${xactsPerNotification.toFixed(2)}`);
  console.log(`payment_double_paid_orders=${f.double_paid}`);
  console.log(`payment_duplicate_tickets=${f.extra_tickets}`);

  // The burst: BURST unpaid orders with a pending payment each, then all their notifications at
  // once; ticketing is done when the last of them has its tickets.
  const burst: { orderNo: string; paymentId: string; amount: number; currency: string }[] = [];
  await inParallel(BURST, 8, async (i) => {
    const token = sessions[i % sessions.length]!;
    const offerId = offers[i % offers.length]!;
    const order = await api.call<{ orderNo: string }>(
      '/travelsky/ibe/saveTicketOrder',
      JSON.parse(orderBody(offerId, ORDERS + i)),
      { token },
    );
    if (order.code !== '0') throw new Error(`saveTicketOrder: ${order.code} ${order.message}`);
    const pay = await api.call<{ paymentId: string; amount: { amount: number; currency: string } }>(
      `/travelsky/payment/getPayUrl/${order.data.orderNo}`,
      { method: 'card' },
      { token },
    );
    if (pay.code !== '0') throw new Error(`getPayUrl: ${pay.code} ${pay.message}`);
    burst.push({ orderNo: order.data.orderNo, paymentId: pay.data.paymentId, ...pay.data.amount });
  });
  const burstStart = Date.now();
  await inParallel(burst.length, BURST_CONNECTIONS, async (i) => {
    const p = burst[i]!;
    const body = JSON.stringify(sandboxNotification(p.paymentId, 'succeeded', p.amount, p.currency));
    const res = await fetch(`${api.url}/api/pay/notify/sandbox`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-sandbox-signature': signSandbox(key, body, Math.floor(Date.now() / 1000)),
      },
      body,
    });
    if (res.status !== 200) throw new Error(`notification answered ${res.status}`);
  });
  const burstSeconds = (Date.now() - burstStart) / 1000;
  const orderNos = burst.map((b) => b.orderNo);
  const burstDeadline = Date.now() + 300_000;
  for (;;) {
    const owed = await db.query<{ n: number }>(
      `select count(*)::int as n from orders where order_no = any($1) and (status <> ${PAID} or ticketed_at is null)`,
      [orderNos],
    );
    if (owed.rows[0]!.n === 0 || Date.now() > burstDeadline) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const lag = await db.query<{ lag: string | null; owed: number; tickets: number }>(
    `select extract(epoch from max(o.ticketed_at) - max(p.paid_at))::text as lag,
            count(*) filter (where o.ticketed_at is null)::int as owed,
            (select count(*) from tickets t where t.order_id = any(array_agg(o.id)))::int as tickets
       from orders o
       join payables b on b.kind = 'order' and b.reference = o.order_no
       join payments p on p.payable_id = b.id and p.status = 'succeeded'
      where o.order_no = any($1)`,
    [orderNos],
  );
  const l = lag.rows[0]!;
  const lagSeconds = l.owed === 0 && l.lag !== null ? Number(l.lag).toFixed(2) : 'not done in 300 s';
  console.log(
    `payment burst: ${burst.length} payments sent in ${burstSeconds.toFixed(2)} s over ${BURST_CONNECTIONS} connections; ${l.tickets} tickets, ${l.owed} orders still owed; last ticket ${lagSeconds} s after the last payment`,
  );
  console.log(`payment_burst_ticketing_lag_s=${lagSeconds}`);

  // Statements of one notification, counted in this process on the product's own code (an app
  // built here on the bench's database, its job workers off: a job enqueued is not among them).
  const fresh = await api.call<{ orderNo: string }>(
    '/travelsky/ibe/saveTicketOrder',
    JSON.parse(orderBody(offers[0]!, ORDERS + BURST)),
    { token: sessions[0]! },
  );
  if (fresh.code !== '0') throw new Error(`saveTicketOrder: ${fresh.code} ${fresh.message}`);
  const freshPay = await api.call<{ paymentId: string; amount: { amount: number; currency: string } }>(
    `/travelsky/payment/getPayUrl/${fresh.data.orderNo}`,
    { method: 'card' },
    { token: sessions[0]! },
  );
  if (freshPay.code !== '0') throw new Error(`getPayUrl: ${freshPay.code} ${freshPay.message}`);
  const { amount, currency } = freshPay.data.amount;
  const counted = await statementsPerNotification(key, [
    ['a replay of a success the storm applied', successes[0]!],
    [
      'the first success of an unpaid order',
      JSON.stringify(sandboxNotification(freshPay.data.paymentId, 'succeeded', amount, currency)),
    ],
  ]);
  const [replay, first] = counted;
  for (const c of counted) {
    console.log(
      `statements of ${c.label} (answered ${c.outcome}): ${c.statements.length}\n${c.statements
        .map((x, i) => `  ${i + 1}. ${x.replace(/\s+/g, ' ').trim().slice(0, 110)}`)
        .join('\n')}`,
    );
  }
  console.log(
    `statements per replayed notification: before ${BEFORE.replay} (${BEFORE.replayOwed} while the order was owed tickets), now ${replay!.statements.length}; per first success: before ${BEFORE.first} (+1 job), now ${first!.statements.length} (+1 job)`,
  );
  console.log(`payment_statements_per_replay=${replay!.statements.length}`);
  console.log(`payment_statements_per_first_success=${first!.statements.length}`);
} finally {
  await api.stop();
}

/** Runs `task(0..count-1)` with at most `width` at once. */
async function inParallel(count: number, width: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

/**
 * Sends each notification once, in order, to an app built in this process on the bench's
 * database (the server's secret, so the same signatures hold), recording every statement its
 * pg clients send meanwhile. Its job runner is not started: a job it enqueues is not counted.
 */
async function statementsPerNotification(
  key: Buffer,
  sends: [label: string, body: string][],
): Promise<{ label: string; outcome: string; statements: string[] }[]> {
  return withInProcessApp(api, { ...NO_HOLD_LIMITS, SERVER_SECRET: serverSecret }, async (app) => {
    const out: { label: string; outcome: string; statements: string[] }[] = [];
    for (const [label, body] of sends) {
      const { result, statements } = await countRoundTrips(() =>
        app.inject({
          method: 'POST',
          url: '/api/pay/notify/sandbox',
          headers: {
            'content-type': 'application/json',
            [SANDBOX_SIGNATURE_HEADER]: signSandbox(key, body, Math.floor(Date.now() / 1000)),
          },
          payload: body,
        }),
      );
      const reply = result.json() as { data?: { outcome?: string } };
      out.push({ label, outcome: reply.data?.outcome ?? `HTTP ${result.statusCode}`, statements });
    }
    return out;
  });
}
