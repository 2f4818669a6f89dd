// Changes of date (issue 16), on a small world made through the product's own calls: a traveller
// books Basic fares (a change costs USD 50 per passenger and flight plus the fare difference),
// pays on the sandbox's page and is ticketed.
// 1. What choosing a new flight costs: queryChangeFlights reads per second on one order beside
//    getOrderDetail on the same order, and the statements each sends to PostgreSQL.
// 2. The race: round after round, RACERS quotes (checkChangeOrder, a key each) of one order at
//    once; exactly one holds seats, the others are refused (720).
// 3. Money and seats exactly once: each round's quote confirmed and paid on the sandbox's page,
//    its signed success notification sent REPLAYS times at once; every change completes once (one
//    reissue per passenger, one payment), and on every flight touched the seats counted sold
//    equal the seats orders hold: nothing lost, nothing counted twice.
// Figures from one run on this machine; never a timed assertion.
// Usage: npm run bench:changes [-- --seconds 10]

import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import { addDays } from '@wings/rules';
import type autocannon from 'autocannon';
import {
  SANDBOX_SIGNATURE_HEADER,
  sandboxNotification,
  signSandbox,
} from '../apps/api/src/platform/payments/sandbox/sandbox.gateway';
import { serverKeys } from '../apps/api/src/platform/secrets';
import { countRoundTrips } from '../apps/api/test/support/round-trips';
import { bookAndPay, familyOffers, inParallel, loadFor, ticketsIssued } from './aftersales-support';
import {
  type BenchApi,
  NO_HOLD_LIMITS,
  registerTravellers,
  startBenchApi,
  withInProcessApp,
} from './support';

const secondsArg = process.argv.indexOf('--seconds');
const seconds = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : 10;
/** Rounds of the race; each round's winner is then confirmed and paid. */
const ROUNDS = 8;
/** Quotes of one order at once per round. */
const RACERS = 40;
/** Concurrent replays of each change's payment notification. */
const REPLAYS = 20;
/** Connections of the flight and order-detail reads. */
const CONNECTIONS = 20;

interface ChangeView {
  changeNo: string;
  orderNo: string;
  status: string;
  amount: { amount: number; currency: string };
  from: { segmentSeq: number; depDate: string }[];
}
interface FlightsReply {
  flights: { flightId: string; depUtc: string; current: boolean; seatsLeft: number }[];
}

const serverSecret = randomBytes(32).toString('base64url');
const env = { ...NO_HOLD_LIMITS, SERVER_SECRET: serverSecret };
const api = await startBenchApi('changes', env, { processes: 1 });
const { db } = api;

try {
  const [token] = await registerTravellers(api, 1);
  if (!token) throw new Error('no traveller registered');
  const session = { token };
  const offers = await familyOffers(api, ROUNDS + 1, 'Basic');
  if (offers.length < ROUNDS + 1) throw new Error(`only ${offers.length} Basic offers on changeable routes`);
  const orders: string[] = [];
  await inParallel(offers.length, 4, async (i) => {
    orders[i] = await bookAndPay(api, token, offers[i]!, i);
  });
  await ticketsIssued(api, orders);
  const spare = orders[ROUNDS]!;

  /** The leg's date and the flights of the next day that are not the leg's own, with seats. */
  const nextDayFlights = async (orderNo: string) => {
    const check = await api.call<{ legs: { segmentSeq: number; depDate: string }[] }>(
      '/ca/caweb/backend/changeTicket/checkChange',
      { orderNo },
      session,
    );
    if (check.code !== '0') throw new Error(`checkChange ${orderNo}: ${check.code} ${check.message}`);
    const leg = check.data.legs[0]!;
    for (const days of [1, 2, 3]) {
      const body = { orderNo, segmentSeq: leg.segmentSeq, date: addDays(leg.depDate, days) };
      const found = await api.call<FlightsReply>(
        '/ca/caweb/backend/changeTicket/queryChangeFlights',
        body,
        session,
      );
      const flight =
        found.code === '0' ? found.data.flights.find((f) => !f.current && f.seatsLeft > 0) : undefined;
      if (flight) return { body, flight };
    }
    throw new Error(`no flight to change ${orderNo} to within 3 days`);
  };

  // ---- 1. Choosing a new flight beside order detail, on the same order.
  const spareChoice = await nextDayFlights(spare);
  const flights = await loadFor(seconds, CONNECTIONS, {
    url: `${api.url}/api/ca/caweb/backend/changeTicket/queryChangeFlights`,
    method: 'POST',
    headers: { ...api.base, ...session },
    body: JSON.stringify(spareChoice.body),
  });
  const details = await loadFor(seconds, CONNECTIONS, {
    url: `${api.url}/api/travelsky/ibe/getOrderDetail/${spare}`,
    method: 'GET',
    headers: { authorization: api.base.authorization!, language: '1', ...session },
  });
  const statements = await withInProcessApp(api, env, async (app) => {
    const headers = { ...api.base, ...session };
    const choose = () =>
      app.inject({
        method: 'POST',
        url: '/api/ca/caweb/backend/changeTicket/queryChangeFlights',
        headers,
        payload: spareChoice.body,
      });
    const detail = () =>
      app.inject({ method: 'GET', url: `/api/travelsky/ibe/getOrderDetail/${spare}`, headers });
    await choose();
    await detail();
    const c = await countRoundTrips(choose);
    const d = await countRoundTrips(detail);
    if (c.result.json().code !== '0') throw new Error(`in-process queryChangeFlights: ${c.result.body}`);
    return { choose: c.statements, detail: d.statements };
  });

  // ---- 2. The race: RACERS quotes of one order at once.
  let roundsWithOneWinner = 0;
  let winners = 0;
  const refusalCodes = new Map<string, number>();
  const quoted: string[] = [];
  let raceMs = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const orderNo = orders[round]!;
    const { body, flight } = await nextDayFlights(orderNo);
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: RACERS }, () =>
        api.call<ChangeView>(
          '/ca/caweb/backend/changeTicket/checkChangeOrder',
          {
            orderNo,
            reasonCode: 'plans_changed',
            legs: [{ segmentSeq: body.segmentSeq, flightId: flight.flightId, depUtc: flight.depUtc }],
            idempotencyKey: randomUUID(),
          },
          session,
        ),
      ),
    );
    raceMs += performance.now() - started;
    const won = results.filter((r) => r.code === '0');
    winners += won.length;
    if (won.length === 1) roundsWithOneWinner += 1;
    for (const w of won) quoted.push(w.data.changeNo);
    for (const r of results) {
      if (r.code !== '0') refusalCodes.set(r.code, (refusalCodes.get(r.code) ?? 0) + 1);
    }
  }

  // ---- 3. Confirm and pay each winner: its signed success notification sent REPLAYS times at once.
  const key = serverKeys({ serverSecret, serverSecretPrevious: undefined }).sandboxPayment.current;
  const paid: string[] = [];
  let amountPaid = 0;
  let notifications = 0;
  for (const changeNo of quoted) {
    const saved = await api.call<ChangeView>(
      '/ca/caweb/backend/changeTicket/saveChangeOrder',
      { changeNo, insuranceAccepted: true },
      session,
    );
    if (saved.code !== '0') throw new Error(`saveChangeOrder ${changeNo}: ${saved.code} ${saved.message}`);
    if (saved.data.status !== 'unpaid') continue;
    const pay = await api.call<{ paymentId: string; amount: { amount: number; currency: string } }>(
      `/ca/caweb/backend/changeTicket/getPayUrl/${changeNo}`,
      { method: 'card' },
      session,
    );
    if (pay.code !== '0') throw new Error(`change getPayUrl ${changeNo}: ${pay.code} ${pay.message}`);
    amountPaid += saved.data.amount.amount;
    paid.push(changeNo);
    const body = JSON.stringify(
      sandboxNotification(pay.data.paymentId, 'succeeded', pay.data.amount.amount, pay.data.amount.currency),
    );
    await Promise.all(
      Array.from({ length: REPLAYS }, async () => {
        const res = await fetch(`${api.url}/api/pay/notify/sandbox`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [SANDBOX_SIGNATURE_HEADER]: signSandbox(key, body, Math.floor(Date.now() / 1000)),
          },
          body,
        });
        if (res.status !== 200) throw new Error(`notification answered ${res.status}`);
        notifications += 1;
      }),
    );
  }
  const done = await allSucceeded(api, paid);

  const once = await db.query<{
    change_no: string;
    status: string;
    passengers: number;
    reissued: number;
    paid_payments: number;
    succeeded_events: number;
  }>(
    `select c.change_no, c.status,
            (select count(*) from change_order_passengers p where p.change_order_id = c.id)::int as passengers,
            (select count(*) from tickets t join change_order_passengers p on p.new_ticket_no = t.ticket_no
              where p.change_order_id = c.id)::int as reissued,
            (select count(*) from payments p join payables pb on pb.id = p.payable_id
              where pb.kind = 'change' and pb.reference = c.change_no and p.status = 'succeeded')::int as paid_payments,
            (select count(*) from change_order_events e
              where e.change_order_id = c.id and e.type = 'succeeded')::int as succeeded_events
       from change_orders c where c.change_no = any($1)`,
    [paid],
  );
  const notOnce = once.rows.filter(
    (r) =>
      r.status !== 'succeeded' ||
      r.reissued !== r.passengers ||
      r.paid_payments !== 1 ||
      r.succeeded_events !== 1,
  ).length;
  // On every flight a change left or joined: sold equals the seats live holds keep.
  const seats = await db.query<{ flights: number; off: number }>(
    `with touched as (
       select from_flight_id as f from change_order_legs union select to_flight_id from change_order_legs
     ), held as (
       select h.flight_id, sum(h.seats)::int as seats from order_holds h
        where h.released_at is null and h.flight_id in (select f from touched) group by h.flight_id
     ), sold as (
       select c.flight_id::text as flight_id, sum(c.sold)::int as sold from flight_cabins c
        where c.flight_id::text in (select f from touched) group by c.flight_id
     )
     select count(*)::int as flights,
            count(*) filter (where coalesce(h.seats, 0) <> s.sold)::int as off
       from sold s left join held h on h.flight_id = s.flight_id`,
  );

  const codes = (r: autocannon.Result) => `2xx ${r['2xx']}, non-2xx ${r.non2xx}, errors ${r.errors}`;
  console.log(`${os.cpus().length} cores; ${orders.length} ticketed Basic orders of one traveller`);
  console.log(
    `queryChangeFlights: ${flights.requests.average.toFixed(0)} reads/s, p50 ${flights.latency.p50} ms, p99 ${flights.latency.p99} ms (${codes(flights)}); ${statements.choose.length} statements per read`,
  );
  console.log(
    `getOrderDetail:     ${details.requests.average.toFixed(0)} reads/s, p50 ${details.latency.p50} ms, p99 ${details.latency.p99} ms (${codes(details)}); ${statements.detail.length} statements per read`,
  );
  console.log(
    `change race: ${ROUNDS} rounds of ${RACERS} checkChangeOrder of one order in ${raceMs.toFixed(0)} ms; winners ${winners}, refusals ${JSON.stringify(Object.fromEntries(refusalCodes))}; rounds with exactly one quote ${roundsWithOneWinner}/${ROUNDS}`,
  );
  console.log(
    `change money: ${paid.length} changes paid (${amountPaid} minor units), ${notifications} notifications (${REPLAYS} per payment, at once); changes not completed exactly once ${notOnce}; payment to succeeded ${done}`,
  );
  console.log(
    `change seats: ${seats.rows[0]!.flights} flights touched, sold differing from held ${seats.rows[0]!.off}`,
  );
  console.log(`changes_flights_reads_per_s=${flights.requests.average.toFixed(1)}`);
  console.log(`changes_order_detail_reads_per_s=${details.requests.average.toFixed(1)}`);
  console.log(
    `changes_flights_to_detail_ratio=${(flights.requests.average / Math.max(1, details.requests.average)).toFixed(2)}`,
  );
  console.log(`changes_statements_per_flights_read=${statements.choose.length}`);
  console.log(`changes_race_rounds_one_winner=${roundsWithOneWinner}/${ROUNDS}`);
  console.log(`changes_race_winners=${winners}`);
  console.log(`changes_not_completed_exactly_once=${notOnce}`);
  console.log(`changes_flights_sold_not_held=${seats.rows[0]!.off}`);
  console.log(`changes_5xx=${(flights['5xx'] ?? 0) + (details['5xx'] ?? 0)}`);
} finally {
  await api.stop();
}

/** Waits until these change orders succeeded; seconds from the last payment to the last success. */
async function allSucceeded(bench: BenchApi, changeNos: string[]): Promise<string> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const r = await bench.db.query<{ left: number; spread: string | null }>(
      `select count(*) filter (where status <> 'succeeded')::int as left,
              extract(epoch from max(succeeded_at) - max(paid_at))::text as spread
         from change_orders where change_no = any($1)`,
      [changeNos],
    );
    const row = r.rows[0]!;
    if (row.left === 0) return `${Number(row.spread ?? 0).toFixed(2)} s after the last payment`;
    if (Date.now() > deadline) return `${row.left} not succeeded in 120 s`;
    await new Promise((res) => setTimeout(res, 100));
  }
}
