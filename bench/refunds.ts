// After-sales (issue 15): online refunds and check-in, on a small world made through the
// product's own calls (a traveller books, pays on the sandbox's page and is ticketed).
// 1. What a quote costs: refundSchedule reads per second on one order beside getOrderDetail on
//    the same order, and the statements each sends to PostgreSQL (counted on the product's code).
// 2. The race: round after round, RACERS drafts of one ticket confirmed at once; exactly one is
//    submitted, the others refused.
// 3. Money exactly once: the round winners approved by staff in the console; payments' refund
//    job pays them back alone for half of them, and for the other half REPLAYS concurrent runs of
//    payments' processRefund race the job; then every refund is replayed again. The database
//    tells the money movements per refund order (refund rows, gateway refunds): one each.
// 4. Check-in: the server's development clock moved to 90 minutes before a flight, RACERS
//    concurrent check-ins of one passenger on one leg: one check-in, one seat.
// Figures from one run on this machine; never a timed assertion.
// Usage: npm run bench:refunds [-- --seconds 10]

import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import type autocannon from 'autocannon';
import { countRoundTrips } from '../apps/api/test/support/round-trips';
import { getAccessToken } from '../e2e/support/token';
import {
  bookAndPay,
  familyOffers,
  inParallel,
  loadFor,
  signInStaff,
  ticketsIssued,
} from './aftersales-support';
import {
  type BenchApi,
  NO_HOLD_LIMITS,
  registerTravellers,
  startBenchApi,
  withInProcessApp,
} from './support';

const secondsArg = process.argv.indexOf('--seconds');
const seconds = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : 10;
/** Rounds of the race; each round's winner is then approved (the money's refund orders). */
const ROUNDS = 10;
/** Drafts of one ticket confirmed at once per round; check-ins of one passenger at once. */
const RACERS = 50;
/** Concurrent runs of payments' processRefund per refund, racing the refund job. */
const REPLAYS = 20;
/** Connections of the quote and order-detail reads. */
const CONNECTIONS = 20;
const MINUTE = 60_000;

// The product and the app built in this process (for replays and statement counts) share the
// server secret: the traveller's access token and session hold on both.
const serverSecret = randomBytes(32).toString('base64url');
const env = { ...NO_HOLD_LIMITS, SERVER_SECRET: serverSecret };
const api = await startBenchApi('refunds', env, { processes: 1 });
const { db } = api;

try {
  const [token] = await registerTravellers(api, 1);
  if (!token) throw new Error('no traveller registered');
  // ROUNDS orders for the race and the money, one for the quote and the check-in.
  const offers = await familyOffers(api, ROUNDS + 1, 'Grand');
  if (offers.length < ROUNDS + 1) throw new Error(`only ${offers.length} offers on refundable routes`);
  const orders: { orderNo: string; offerId: string }[] = [];
  await inParallel(offers.length, 4, async (i) => {
    const orderNo = await bookAndPay(api, token, offers[i]!, i);
    orders[i] = { orderNo, offerId: offers[i]! };
  });
  await ticketsIssued(
    api,
    orders.map((o) => o.orderNo),
  );
  const spare = orders[ROUNDS]!.orderNo;
  const session = { token };

  // ---- 1. The quote beside order detail, on the same order.
  const quoteBody = { orderNo: spare, passengerSeqs: [0], reasonCode: 'plans_changed' };
  const firstQuote = await api.call<{ actual: { amount: number } }>(
    '/travelsky/refund/refundSchedule',
    quoteBody,
    session,
  );
  if (firstQuote.code !== '0') throw new Error(`refundSchedule: ${firstQuote.code} ${firstQuote.message}`);
  const quotes = await loadFor(seconds, CONNECTIONS, {
    url: `${api.url}/api/travelsky/refund/refundSchedule`,
    method: 'POST',
    headers: { ...api.base, ...session },
    body: JSON.stringify(quoteBody),
  });
  const details = await loadFor(seconds, CONNECTIONS, {
    url: `${api.url}/api/travelsky/ibe/getOrderDetail/${spare}`,
    method: 'GET',
    headers: { authorization: api.base.authorization!, language: '1', ...session },
  });
  const statements = await withInProcessApp(api, env, async (app) => {
    const headers = { ...api.base, ...session };
    const quote = () =>
      app.inject({
        method: 'POST',
        url: '/api/travelsky/refund/refundSchedule',
        headers,
        payload: quoteBody,
      });
    const detail = () =>
      app.inject({ method: 'GET', url: `/api/travelsky/ibe/getOrderDetail/${spare}`, headers });
    // Once each first, so what the app keeps in memory (settings, the network) is loaded.
    await quote();
    await detail();
    const q = await countRoundTrips(quote);
    const d = await countRoundTrips(detail);
    if (q.result.json().code !== '0') throw new Error(`in-process refundSchedule: ${q.result.body}`);
    if (d.result.json().code !== '0') throw new Error(`in-process getOrderDetail: ${d.result.body}`);
    return { quote: q.statements, detail: d.statements };
  });

  // ---- 2. The race: RACERS drafts of one ticket (one traveller, a key each), confirmed at once.
  let roundsWithOneWinner = 0;
  let winners = 0;
  let refusals = 0;
  const refusalCodes = new Map<string, number>();
  const winnersNo: string[] = [];
  let raceMs = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const orderNo = orders[round]!.orderNo;
    const drafts: string[] = [];
    await inParallel(RACERS, 10, async () => {
      const d = await api.call<{ refundNo: string }>(
        '/travelsky/refund/createRefund',
        { orderNo, passengerSeqs: [0], reasonCode: 'plans_changed', idempotencyKey: randomUUID() },
        session,
      );
      if (d.code !== '0') throw new Error(`createRefund: ${d.code} ${d.message}`);
      drafts.push(d.data.refundNo);
    });
    const started = performance.now();
    const results = await Promise.all(
      drafts.map((refundNo) =>
        api.call<{ refundNo: string; status: string }>(
          '/travelsky/refund/confirmRefund',
          { refundNo },
          session,
        ),
      ),
    );
    raceMs += performance.now() - started;
    const won = results.filter((r) => r.code === '0' && r.data.status === 'auditing');
    winners += won.length;
    if (won.length === 1) roundsWithOneWinner += 1;
    for (const w of won) winnersNo.push(w.data.refundNo);
    for (const r of results) {
      if (r.code === '0') continue;
      refusals += 1;
      refusalCodes.set(r.code, (refusalCodes.get(r.code) ?? 0) + 1);
    }
  }
  const raceFacts = await db.query<{ submitted: number; tickets_refunding: number }>(
    `select (select count(*) from refund_orders r join orders o on o.id = r.order_id
              where o.order_no = any($1) and r.status <> 'draft')::int as submitted,
            (select count(*) from tickets t join orders o on o.id = t.order_id
              where o.order_no = any($1) and t.status = 4)::int as tickets_refunding`,
    [orders.slice(0, ROUNDS).map((o) => o.orderNo)],
  );

  // ---- 3. Money exactly once: staff approve the winners in the console.
  const staff = await signInStaff(api, 'agent');
  const alone = winnersNo.slice(0, Math.ceil(winnersNo.length / 2));
  const raced = winnersNo.slice(alone.length);
  const approve = async (refundNo: string) => {
    const res = await fetch(`${api.url}/api/admin/refunds/${refundNo}/approve`, {
      method: 'POST',
      headers: { ...staff, 'content-type': 'application/json' },
      body: JSON.stringify({ note: 'bench' }),
    });
    const body = (await res.json()) as { code: string; message: string };
    if (body.code !== '0') throw new Error(`approve ${refundNo}: ${body.code} ${body.message}`);
  };
  // The first half: the refund job alone pays them back.
  for (const refundNo of alone) await approve(refundNo);
  const aloneDone = await allRefunded(api, alone);
  // The second half: each refund's processing replayed REPLAYS times at once, racing the job;
  // then every refund of both halves replayed again, and the sweep run, once settled.
  const replayed = await withInProcessApp(
    api,
    env,
    async (app) => {
      let runs = 0;
      for (const refundNo of raced) {
        await approve(refundNo);
        const parts = await paymentRefundsOf(api, [refundNo]);
        await Promise.all(
          parts.flatMap((id) =>
            Array.from({ length: REPLAYS }, async () => {
              await app.payments.processRefund(id);
              runs += 1;
            }),
          ),
        );
      }
      const racedDone = await allRefunded(api, raced);
      for (const id of await paymentRefundsOf(api, winnersNo)) {
        await Promise.all(
          Array.from({ length: REPLAYS }, async () => {
            await app.payments.processRefund(id);
            runs += 1;
          }),
        );
      }
      await app.payments.refundPending();
      return { runs, racedDone };
    },
    REPLAYS + 4,
  );
  const money = await db.query<{
    refund_no: string;
    actual: number;
    refund_rows: number;
    gateway_refunds: number;
    gateway_refunded: number;
    completions: number;
    status: string;
  }>(
    `select r.refund_no, r.actual, r.status,
            (select count(*) from payment_refunds pr
              where pr.reason = 'refund_order' and pr.line_ref = r.id::text)::int as refund_rows,
            (select count(*) from sandbox_transactions s
              where s.order_no = r.order_no and s.status = 'refund')::int as gateway_refunds,
            (select coalesce(sum(s.refunded_amount), 0) from sandbox_transactions s
              where s.order_no = r.order_no and s.status <> 'refund')::int as gateway_refunded,
            (select count(*) from refund_order_events e
              where e.refund_order_id = r.id and e.type = 'money_refunded')::int as completions
       from refund_orders r where r.refund_no = any($1)`,
    [winnersNo],
  );
  const m = money.rows;
  const refundRows = m.reduce((s, r) => s + r.refund_rows, 0);
  const gatewayRefunds = m.reduce((s, r) => s + r.gateway_refunds, 0);
  const notOnce = m.filter(
    (r) => r.refund_rows !== 1 || r.gateway_refunds !== 1 || r.completions !== 1 || r.status !== 'refunded',
  ).length;
  const wrongAmount = m.filter((r) => r.gateway_refunded !== r.actual).length;

  // ---- 4. Check-in: RACERS check-ins of one passenger and leg at once, 90 minutes before the flight.
  const checkIn = await raceCheckIn(api, spare, token);

  const codes = (r: autocannon.Result) => `2xx ${r['2xx']}, non-2xx ${r.non2xx}, errors ${r.errors}`;
  console.log(
    `${os.cpus().length} cores; ${orders.length} ticketed orders of one traveller; quote of order ${spare}: ${firstQuote.data.actual.amount} minor units back`,
  );
  console.log(
    `refundSchedule:  ${quotes.requests.average.toFixed(0)} quotes/s, p50 ${quotes.latency.p50} ms, p99 ${quotes.latency.p99} ms (${codes(quotes)}); ${statements.quote.length} statements per quote`,
  );
  console.log(
    `getOrderDetail:  ${details.requests.average.toFixed(0)} reads/s, p50 ${details.latency.p50} ms, p99 ${details.latency.p99} ms (${codes(details)}); ${statements.detail.length} statements per read`,
  );
  console.log(
    `statements of a quote:\n${statements.quote.map((x, i) => `  ${i + 1}. ${x.replace(/\s+/g, ' ').trim().slice(0, 110)}`).join('\n')}`,
  );
  console.log(
    `refund race: ${ROUNDS} rounds of ${RACERS} confirmRefund of drafts of one ticket in ${raceMs.toFixed(0)} ms; winners ${winners}, refusals ${refusals} ${JSON.stringify(Object.fromEntries(refusalCodes))}; rounds with exactly one winner ${roundsWithOneWinner}/${ROUNDS}; submitted refunds ${raceFacts.rows[0]!.submitted}, tickets refunding ${raceFacts.rows[0]!.tickets_refunding}`,
  );
  console.log(
    `refund money: ${m.length} refund orders approved; ${refundRows} payment refund rows, ${gatewayRefunds} gateway refunds (${(gatewayRefunds / Math.max(1, m.length)).toFixed(2)} per refund order); ${replayed.runs} replayed processRefund runs; refund orders not paid exactly once ${notOnce}; gateway amount differing from the refund ${wrongAmount}`,
  );
  console.log(
    `approval to refunded, refund job alone (${alone.length}): ${aloneDone.fromLast} s after the last approval (${aloneDone.fromFirst} s after the first); with ${REPLAYS} replays racing (${raced.length}): ${replayed.racedDone.fromLast} s after the last approval`,
  );
  console.log(checkIn.line);
  console.log(`refunds_quotes_per_s=${quotes.requests.average.toFixed(1)}`);
  console.log(`refunds_order_detail_reads_per_s=${details.requests.average.toFixed(1)}`);
  console.log(
    `refunds_quote_to_detail_ratio=${(quotes.requests.average / Math.max(1, details.requests.average)).toFixed(2)}`,
  );
  console.log(`refunds_statements_per_quote=${statements.quote.length}`);
  console.log(`refunds_statements_per_order_detail=${statements.detail.length}`);
  console.log(`refunds_race_rounds_one_winner=${roundsWithOneWinner}/${ROUNDS}`);
  console.log(`refunds_race_winners=${winners}`);
  console.log(`refunds_race_refusals=${refusals}`);
  console.log(`refunds_money_movements_per_refund=${(gatewayRefunds / Math.max(1, m.length)).toFixed(2)}`);
  console.log(`refunds_not_paid_exactly_once=${notOnce}`);
  console.log(`refunds_approval_to_refunded_s=${aloneDone.fromLast}`);
  for (const [k, v] of checkIn.figures) console.log(`${k}=${v}`);
  console.log(`refunds_5xx=${(quotes['5xx'] ?? 0) + (details['5xx'] ?? 0)}`);
} finally {
  await api.stop();
}

/** The payment refund rows (payments' ids) of these refund orders. */
async function paymentRefundsOf(bench: BenchApi, refundNos: string[]): Promise<string[]> {
  const r = await bench.db.query<{ id: string }>(
    `select pr.id from payment_refunds pr join refund_orders r on pr.line_ref = r.id::text
      where pr.reason = 'refund_order' and r.refund_no = any($1)`,
    [refundNos],
  );
  return r.rows.map((x) => x.id);
}

/** Waits until these refund orders are refunded: seconds from their last and first approval to the last completion. */
async function allRefunded(
  bench: BenchApi,
  refundNos: string[],
): Promise<{ fromLast: string; fromFirst: string }> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const r = await bench.db.query<{ left: number; from_last: string | null; from_first: string | null }>(
      `select count(*) filter (where status <> 'refunded')::int as left,
              extract(epoch from max(completed_at) - max(audited_at))::text as from_last,
              extract(epoch from max(completed_at) - min(audited_at))::text as from_first
         from refund_orders where refund_no = any($1)`,
      [refundNos],
    );
    const row = r.rows[0]!;
    if (row.left === 0) {
      return { fromLast: Number(row.from_last).toFixed(2), fromFirst: Number(row.from_first).toFixed(2) };
    }
    if (Date.now() > deadline) return { fromLast: 'not done in 180 s', fromFirst: 'not done in 180 s' };
    await new Promise((res) => setTimeout(res, 100));
  }
}

/**
 * RACERS check-ins of the order's first passenger on its first leg at once, the server's
 * development clock at 90 minutes before that leg (check-in is open from 2 hours to 60 minutes
 * before). The clock is set back after. A line to print and the figures.
 */
async function raceCheckIn(
  bench: BenchApi,
  orderNo: string,
  token: string,
): Promise<{ line: string; figures: [string, string][] }> {
  const q = await bench.call<{ passengers: { legs: { depUtc: string }[] }[] }>(
    '/travelsky/checkin/queryCheckIn',
    { orderNo },
    { token },
  );
  if (q.code !== '0') {
    return {
      line: `check-in: not measured (queryCheckIn answered ${q.code} ${q.message})`,
      figures: [['checkin_measured', 'no']],
    };
  }
  const depUtc = new Date(q.data.passengers[0]!.legs[0]!.depUtc);
  const setClock = async (offsetMs: number) => {
    const res = await fetch(`${bench.url}/api/dev/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ offsetMs }),
    });
    const body = (await res.json()) as { code: string; message: string };
    if (body.code !== '0') throw new Error(`dev clock: ${body.code} ${body.message}`);
  };
  await setClock(depUtc.getTime() - 90 * MINUTE - Date.now());
  try {
    // The app's access token is renewed at the moved clock, as an app opened that day does.
    const access = await getAccessToken(bench.url);
    const headers = { authorization: `Bearer ${access}`, token };
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: RACERS }, () =>
        bench.call<unknown>(
          '/travelsky/checkin/checkIn',
          { orderNo, items: [{ seq: 0, legSeq: 0 }] },
          headers,
        ),
      ),
    );
    const ms = performance.now() - started;
    const answered = new Map<string, number>();
    for (const r of results) answered.set(r.code, (answered.get(r.code) ?? 0) + 1);
    const facts = await bench.db.query<{ checked_in: number; seats: number; coupons: number }>(
      `select (select count(*) from order_events e where e.order_id = o.id and e.type = 'checked_in')::int as checked_in,
              (select count(*) from seat_assignments s
                where s.order_ref = o.id::text and s.released_at is null)::int as seats,
              (select count(*) from ticket_coupons c join tickets t on t.id = c.ticket_id
                where t.order_id = o.id and c.checked_in_at is not null)::int as coupons
         from orders o where o.order_no = $1`,
      [orderNo],
    );
    const f = facts.rows[0]!;
    return {
      line: `check-in race: ${RACERS} checkIn of one passenger and leg at once in ${ms.toFixed(0)} ms, answered ${JSON.stringify(Object.fromEntries(answered))}; check-ins recorded ${f.checked_in}, coupons checked in ${f.coupons}, live seats ${f.seats}`,
      figures: [
        ['checkin_race_check_ins', String(f.checked_in)],
        ['checkin_race_seats', String(f.seats)],
        ['checkin_race_ok_answers', String(answered.get('0') ?? 0)],
      ],
    };
  } finally {
    await setClock(0);
  }
}
