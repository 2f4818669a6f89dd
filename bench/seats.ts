// Seat maps and the seat race (issue 14): ibe/getSeatLeaveInfo reads per second on one hot
// flight (half its seats taken), bare and for a party of four (the seat rules marked per seat and
// the suggestions made), and 100 orders racing for one seat, round after round, with the winners
// and the conflicts counted. Figures from one run on this machine; never a timed assertion.
// Usage: npm run bench:seats [-- --seconds 10]

import os from 'node:os';
import autocannon from 'autocannon';
import { createSeating, NO_SEAT_PRICES } from '../apps/api/src/modules/seating';
import { openDatabase } from '../apps/api/src/platform/db';
import { AppError } from '../apps/api/src/platform/errors';
import { startBenchApi } from './support';

const secondsArg = process.argv.indexOf('--seconds');
const seconds = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : 10;
const RACERS = 100;
const ROUNDS = 20;

const api = await startBenchApi('seats', {}, { processes: 1 });
const { db, base } = api;

try {
  // The hot flight: the first scheduled A320 flight a week ahead, with half its economy seats held.
  const hot = await db.query<{ id: string }>(
    `select id::text from flights where status = 'scheduled' and aircraft_code = '320'
       and dep_local_date >= current_date + 7 order by dep_utc limit 1`,
  );
  const flightId = hot.rows[0]!.id;
  const first = await api.call<{ seats: { seat: string; cabin: string }[] }>(
    '/travelsky/ibe/getSeatLeaveInfo',
    {
      flightId,
    },
  );
  if (first.code !== '0') throw new Error(`getSeatLeaveInfo: ${first.message}`);
  const economy = first.data.seats.filter((s) => s.cabin === 'Y').map((s) => s.seat);
  const takenSeats = economy.filter((_, i) => i % 2 === 0);
  await db.query(
    `insert into seat_assignments (flight_id, seat, order_ref, passenger_ref, segment_ref)
       select $1::bigint, seat, 'bench-' || seat, 'p', 's' from unnest($2::text[]) as seat`,
    [flightId, takenSeats],
  );

  const party = [
    { ref: 'a', passengerType: 1, birthday: '1985-05-05', seat: economy[1] },
    { ref: 'b', passengerType: 1, birthday: '1987-05-05', withInfant: true },
    { ref: 'c', passengerType: 2, birthday: '2020-05-05' },
    { ref: 'd', passengerType: 3, birthday: '2026-01-05' },
  ];
  const read = (body: unknown, connections: number) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      autocannon(
        {
          url: `${api.url}/api/travelsky/ibe/getSeatLeaveInfo`,
          method: 'POST',
          connections,
          duration: seconds,
          headers: base,
          body: JSON.stringify(body),
        },
        (err, result) => (err ? reject(err) : resolve(result)),
      );
    });
  const bare = await read({ flightId }, 20);
  const withParty = await read({ flightId, cabin: 'Y', party }, 20);

  // The race, on the product's code in this process over a pool wide enough for every racer.
  const c = db;
  const url = `postgres://${c.user}:${encodeURIComponent(c.password ?? '')}@${c.host}:${c.port}/${c.database}`;
  const database = openDatabase(url, { error() {} }, 40);
  const seating = createSeating({ db: database.db, now: () => new Date(), prices: NO_SEAT_PRICES });
  const free = economy.filter((_, i) => i % 2 === 1).slice(2, 2 + ROUNDS);
  let winners = 0;
  let conflicts = 0;
  let otherErrors = 0;
  let roundsWithOneWinner = 0;
  const started = performance.now();
  for (const [round, seat] of free.entries()) {
    const results = await Promise.allSettled(
      Array.from({ length: RACERS }, (_, i) =>
        database.db.transaction((tx) =>
          seating.holdSeats(tx, `race-${round}-${i}`, [
            {
              flightId,
              seat,
              cabin: 'Y',
              passengerRef: 'p',
              segmentRef: 's',
              taker: { birthday: '1990-01-01', passengerType: 1, withInfant: false },
            },
          ]),
        ),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled').length;
    winners += won;
    if (won === 1) roundsWithOneWinner += 1;
    for (const r of results) {
      if (r.status === 'fulfilled') continue;
      if (r.reason instanceof AppError && r.reason.errorName === 'seatTaken') conflicts += 1;
      else otherErrors += 1;
    }
  }
  const raceMs = performance.now() - started;
  await database.close();
  const live = await db.query<{ n: string }>(
    'select count(*) as n from seat_assignments where flight_id = $1 and released_at is null',
    [flightId],
  );
  const doubled = await db.query<{ n: string }>(
    `select count(*) as n from (select seat from seat_assignments where flight_id = $1 and released_at is null
       group by seat having count(*) > 1) d`,
    [flightId],
  );

  const codes = (r: autocannon.Result) => `2xx ${r['2xx']}, non-2xx ${r.non2xx}, errors ${r.errors}`;
  console.log(
    `${os.cpus().length} cores; flight ${flightId}: ${first.data.seats.length} seats, ${takenSeats.length} taken`,
  );
  console.log(
    `seat map, bare:        ${bare.requests.average.toFixed(0)} reads/s, p50 ${bare.latency.p50} ms, p99 ${bare.latency.p99} ms (${codes(bare)})`,
  );
  console.log(
    `seat map, party of 4:  ${withParty.requests.average.toFixed(0)} reads/s, p50 ${withParty.latency.p50} ms, p99 ${withParty.latency.p99} ms (${codes(withParty)})`,
  );
  console.log(
    `seat race: ${ROUNDS} rounds of ${RACERS} orders for one seat in ${raceMs.toFixed(0)} ms (${((ROUNDS * RACERS * 1000) / raceMs).toFixed(0)} hold attempts/s); rounds with exactly one winner ${roundsWithOneWinner}/${ROUNDS}; conflicts ${conflicts}; other errors ${otherErrors}`,
  );
  console.log(
    `live seats ${live.rows[0]!.n} (${takenSeats.length} taken before + ${winners} won); seats held twice ${doubled.rows[0]!.n}`,
  );
  console.log(`seats_map_reads_per_s=${bare.requests.average.toFixed(1)}`);
  console.log(`seats_map_party_reads_per_s=${withParty.requests.average.toFixed(1)}`);
  console.log(
    `seats_party_to_bare_ratio=${(withParty.requests.average / Math.max(1, bare.requests.average)).toFixed(2)}`,
  );
  console.log(`seats_race_rounds_one_winner=${roundsWithOneWinner}/${ROUNDS}`);
  console.log(`seats_race_other_errors=${otherErrors}`);
  console.log(`seats_map_5xx=${(bare['5xx'] ?? 0) + (withParty['5xx'] ?? 0)}`);
} finally {
  await api.stop();
}
