// The mileage ledger (issue 18), on members registered through the member layer's own calls:
// 1. The race (money): round after round, a member's balance pays for exactly 3 debits and
//    RACERS debits of the ledger (LedgerService.debit, in this process on a pool of connections)
//    ask at once; 3 win, the others are refused (861), and the balance always equals the sum of
//    the member's ledger rows and is never below 0.
// 2. The hot path: queryMileageInfo reads per second beside queryUserBaseInfo of the same member
//    (a member-layer read that touches no ledger), and the statements each sends to PostgreSQL.
// 3. Accrual: what crediting ACCRUALS flown coupons costs. Real flown coupons need orders booked,
//    paid, ticketed, checked in and closed (seconds each), so this times the ledger credits the
//    sweep writes per coupon (`ledger.credit` of kind flight, with elite figures, one after the
//    other as the sweep does) and, apart, one sweep over no new coupon (its fixed cost).
// 4. A month's bill of BILL_ROWS rows: queryBillDetail reads per second.
// Figures from one run on this machine; never a timed assertion.
// Usage: npm run bench:mileage [-- --seconds 10]

import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import { billCycles, HUB_TIME_ZONE, localDate, monthStart } from '@wings/rules';
import type autocannon from 'autocannon';
import { AppError } from '../apps/api/src/platform/errors';
import { countRoundTrips } from '../apps/api/test/support/round-trips';
import { inParallel, loadFor } from './aftersales-support';
import { mileageServices, registerBenchMember } from './mileage-support';
import { startBenchApi, withInProcessApp } from './support';

const secondsArg = process.argv.indexOf('--seconds');
const seconds = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : 10;
/** Rounds of the race. */
const ROUNDS = 10;
/** Debits of one member at once per round. */
const RACERS = 100;
/** Debits the balance pays for in each round. */
const AFFORDABLE = 3;
/** Miles of each racing debit. */
const DEBIT = 1_000;
/** Flown coupons credited in the accrual measure. */
const ACCRUALS = 200;
/** Ledger rows in the month of the bill. */
const BILL_ROWS = 500;
/** Connections of the autocannon reads. */
const CONNECTIONS = 20;
/** Connections of the in-process ledger: enough that the racing debits really run at once. */
const LEDGER_POOL = 20;

const env = { SERVER_SECRET: randomBytes(32).toString('hex') };
const api = await startBenchApi('mileage', env, { processes: 1 });
const { db } = api;

/** The member's balance as the account keeps it, and the sum of its ledger rows. */
async function balances(memberId: string): Promise<{ balance: number; sum: number }> {
  const r = await db.query<{ balance: number | null; sum: number }>(
    `select (select balance from mileage_accounts where member_id = $1) as balance,
            (select coalesce(sum(miles), 0)::int from mileage_ledger where member_id = $1) as sum`,
    [memberId],
  );
  return { balance: r.rows[0]?.balance ?? 0, sum: r.rows[0]?.sum ?? 0 };
}

try {
  const racer = await registerBenchMember(api, 0);
  const reader = await registerBenchMember(api, 1);
  const flyer = await registerBenchMember(api, 2);
  const billed = await registerBenchMember(api, 3);
  const today = localDate(new Date(), HUB_TIME_ZONE);
  const cycle = billCycles(today)[0]!;

  const inProcess = await withInProcessApp(api, env, async (app) => {
    const m = mileageServices(api, app, LEDGER_POOL);
    try {
      const adjust = (memberId: string, miles: number, occurredAt = new Date()) =>
        m.ledger.credit({
          memberId,
          kind: 'adjustment',
          miles,
          sourceKey: `adjust:${randomUUID()}`,
          occurredAt,
          actor: 'system',
          reason: 'bench set-up',
        });

      // ---- 1. The race: RACERS debits at once against a balance that pays for AFFORDABLE.
      const rounds: { winners: number; refusals: Record<string, number>; ms: number }[] = [];
      let worstGap = 0;
      let lowest = Number.POSITIVE_INFINITY;
      for (let round = 0; round < ROUNDS; round++) {
        await adjust(racer.memberId, AFFORDABLE * DEBIT);
        const started = performance.now();
        const results = await Promise.allSettled(
          Array.from({ length: RACERS }, () =>
            m.ledger.debit({
              memberId: racer.memberId,
              kind: 'redemption',
              miles: DEBIT,
              sourceKey: `redeem:${randomUUID()}`,
              occurredAt: new Date(),
              actor: 'member',
            }),
          ),
        );
        const ms = performance.now() - started;
        const refusals: Record<string, number> = {};
        let winners = 0;
        for (const r of results) {
          if (r.status === 'fulfilled') winners += r.value.inserted ? 1 : 0;
          else {
            const code = r.reason instanceof AppError ? r.reason.code : String(r.reason);
            refusals[code] = (refusals[code] ?? 0) + 1;
          }
        }
        rounds.push({ winners, refusals, ms });
        const b = await balances(racer.memberId);
        worstGap = Math.max(worstGap, Math.abs(b.balance - b.sum));
        lowest = Math.min(lowest, b.balance);
      }
      const negativeRows = await db.query<{ n: number }>(
        'select count(*)::int as n from mileage_accounts where balance < 0',
      );

      // ---- 3. Accrual: the credits the sweep writes for ACCRUALS flown coupons, one after the other.
      const accrualStarted = performance.now();
      for (let i = 0; i < ACCRUALS; i++) {
        await m.ledger.credit({
          memberId: flyer.memberId,
          kind: 'flight',
          miles: 800,
          bonusMiles: 0,
          eliteMiles: 800,
          eliteSegments: 1,
          sourceKey: `coupon:${randomUUID()}`,
          flightNo: 'KR101',
          depCode: 'KTI',
          arrCode: 'BKK',
          flightDate: today,
          bookingClass: 'Y',
          occurredAt: new Date(),
          actor: 'system',
        });
      }
      const accrualMs = performance.now() - accrualStarted;
      const sweepStarted = performance.now();
      const swept = await m.accrual.sweep();
      const emptySweepMs = performance.now() - sweepStarted;

      // ---- 4. A month of BILL_ROWS rows: credits, then debits, spread over the bill's month.
      const from = monthStart(cycle, HUB_TIME_ZONE).getTime();
      const step = (27 * 86_400_000) / BILL_ROWS;
      const debits = BILL_ROWS / 10;
      await inParallel(BILL_ROWS - debits, 8, async (i) => {
        await adjust(billed.memberId, 100, new Date(from + 3_600_000 + i * step));
      });
      await inParallel(debits, 8, async (i) => {
        await m.ledger.debit({
          memberId: billed.memberId,
          kind: 'adjustment',
          miles: 50,
          sourceKey: `adjust:${randomUUID()}`,
          occurredAt: new Date(from + 3_600_000 + (BILL_ROWS - debits + i) * step),
          actor: 'system',
          reason: 'bench set-up',
        });
      });
      await adjust(reader.memberId, 12_345);

      // ---- 2 and 4: the statements of one read each, on the product's own code.
      const info = () =>
        app.inject({
          method: 'POST',
          url: '/api/fqt/consumer/mileage/queryMileageInfo',
          headers: reader.headers,
        });
      const base = () =>
        app.inject({
          method: 'GET',
          url: '/api/fqt/consumer/user/queryUserBaseInfo',
          headers: reader.headers,
        });
      const bill = () =>
        app.inject({
          method: 'POST',
          url: '/api/fqt/consumer/mileage/queryBillDetail',
          headers: { ...billed.headers, 'content-type': 'application/json' },
          payload: { cycle },
        });
      await info();
      await base();
      await bill();
      const i = await countRoundTrips(info);
      const b = await countRoundTrips(base);
      const d = await countRoundTrips(bill);
      for (const [name, r] of [
        ['queryMileageInfo', i.result],
        ['queryUserBaseInfo', b.result],
        ['queryBillDetail', d.result],
      ] as const) {
        if (r.json<{ status: string }>().status !== '200') throw new Error(`in-process ${name}: ${r.body}`);
      }
      const billRows = d.result.json<{ data: { transactions: unknown[] } }>().data.transactions.length;
      return {
        rounds,
        worstGap,
        lowest,
        negative: negativeRows.rows[0]!.n,
        accrualMs,
        emptySweepMs,
        swept,
        billRows,
        statements: { info: i.statements.length, base: b.statements.length, bill: d.statements.length },
      };
    } finally {
      await m.database.close();
    }
  });

  // ---- 2. The hot path beside a read that touches no ledger; 4. the bill.
  const infoLoad = await loadFor(seconds, CONNECTIONS, {
    url: `${api.url}/api/fqt/consumer/mileage/queryMileageInfo`,
    method: 'POST',
    headers: reader.headers,
  });
  const baseLoad = await loadFor(seconds, CONNECTIONS, {
    url: `${api.url}/api/fqt/consumer/user/queryUserBaseInfo`,
    method: 'GET',
    headers: reader.headers,
  });
  const billLoad = await loadFor(seconds, CONNECTIONS, {
    url: `${api.url}/api/fqt/consumer/mileage/queryBillDetail`,
    method: 'POST',
    headers: { ...billed.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ cycle }),
  });

  const racerEnd = await balances(racer.memberId);
  const { rounds } = inProcess;
  const winners = rounds.reduce((n, r) => n + r.winners, 0);
  const roundsOfExactly = rounds.filter((r) => r.winners === AFFORDABLE).length;
  const codes = (r: autocannon.Result) => `2xx ${r['2xx']}, non-2xx ${r.non2xx}, errors ${r.errors}`;
  const reads = (r: autocannon.Result) =>
    `${r.requests.average.toFixed(0)} reads/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms (${codes(r)})`;

  console.log(`${os.cpus().length} cores; 4 approved members; ledger pool of ${LEDGER_POOL} connections`);
  rounds.forEach((r, n) => {
    console.log(
      `race round ${n + 1}: ${RACERS} debits of ${DEBIT} at once on ${AFFORDABLE * DEBIT} miles in ${r.ms.toFixed(0)} ms; winners ${r.winners}, refusals ${JSON.stringify(r.refusals)}`,
    );
  });
  console.log(
    `race money: rounds with exactly ${AFFORDABLE} winners ${roundsOfExactly}/${ROUNDS}; balance ${racerEnd.balance}, ledger sum ${racerEnd.sum}; largest balance-to-sum gap after a round ${inProcess.worstGap}; lowest balance ${inProcess.lowest}; accounts below 0 ${inProcess.negative}`,
  );
  console.log(`queryMileageInfo:  ${reads(infoLoad)}; ${inProcess.statements.info} statements per read`);
  console.log(`queryUserBaseInfo: ${reads(baseLoad)}; ${inProcess.statements.base} statements per read`);
  console.log(
    `accrual: ${ACCRUALS} flight credits (ledger.credit, not real flown coupons) in ${inProcess.accrualMs.toFixed(0)} ms, ${((ACCRUALS * 1000) / inProcess.accrualMs).toFixed(0)} credits/s; a sweep with nothing new: ${inProcess.emptySweepMs.toFixed(1)} ms (${inProcess.swept} credits)`,
  );
  console.log(
    `queryBillDetail (${cycle}, ${inProcess.billRows} rows): ${reads(billLoad)}; ${inProcess.statements.bill} statements per read`,
  );
  console.log(`mileage_race_rounds_exact_winners=${roundsOfExactly}/${ROUNDS}`);
  console.log(`mileage_race_winners=${winners}`);
  console.log(`mileage_race_balance_minus_ledger_sum=${racerEnd.balance - racerEnd.sum}`);
  console.log(`mileage_accounts_below_zero=${inProcess.negative}`);
  console.log(`mileage_info_reads_per_s=${infoLoad.requests.average.toFixed(1)}`);
  console.log(`mileage_info_p99_ms=${infoLoad.latency.p99}`);
  console.log(`mileage_base_info_reads_per_s=${baseLoad.requests.average.toFixed(1)}`);
  console.log(`mileage_base_info_p99_ms=${baseLoad.latency.p99}`);
  console.log(
    `mileage_info_to_base_info_ratio=${(infoLoad.requests.average / Math.max(1, baseLoad.requests.average)).toFixed(2)}`,
  );
  console.log(`mileage_statements_per_info_read=${inProcess.statements.info}`);
  console.log(`mileage_statements_per_base_info_read=${inProcess.statements.base}`);
  console.log(`mileage_accrual_credits_per_s=${((ACCRUALS * 1000) / inProcess.accrualMs).toFixed(1)}`);
  console.log(`mileage_bill_reads_per_s=${billLoad.requests.average.toFixed(1)}`);
  console.log(`mileage_bill_p99_ms=${billLoad.latency.p99}`);
  console.log(`mileage_5xx=${(infoLoad['5xx'] ?? 0) + (baseLoad['5xx'] ?? 0) + (billLoad['5xx'] ?? 0)}`);
} finally {
  await api.stop();
}
