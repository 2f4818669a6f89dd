import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { type Database, openDatabase } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { createDatedFlight } from '../network';
import { createSeating, NO_SEAT_PRICES } from '.';

/*
 * Issue 14's proof: 100 orders race for one seat of one dated flight, each in its own
 * transaction on a pool wide enough for them to overlap in the database. Exactly one wins; every
 * other gets the `seatTaken` conflict, and nothing else fails.
 */

const quiet = { error() {} };
let t: TestApp;
let database: Database;

beforeAll(async () => {
  t = await createTestApp();
  database = openDatabase(inject('databaseUrl'), quiet, 25);
});
afterAll(async () => {
  await database.close();
  await t.close();
});

describe('the seat race', () => {
  it('gives one seat to exactly one of 100 racing orders, and a clean conflict to the rest', async () => {
    const flightNo = `R${Math.floor(10000 + Math.random() * 89999)}`;
    const { flightId } = await database.db.transaction((tx) =>
      createDatedFlight(tx, { flightNo, from: 'KTI', to: 'BKK', date: '2028-04-20' }),
    );
    const seating = createSeating({ db: database.db, now: () => new Date(), prices: NO_SEAT_PRICES });
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        database.db.transaction((tx) =>
          seating.holdSeats(tx, `race-${flightNo}-${i}`, [
            {
              flightId,
              seat: '15C',
              cabin: 'Y',
              passengerRef: 'p1',
              segmentRef: 's1',
              taker: { birthday: '1990-01-01', passengerType: 1, withInfant: false },
            },
          ]),
        ),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(99);
    for (const err of lost) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).errorName).toBe('seatTaken');
      expect((err as AppError).httpStatus).toBe(200);
    }
    const { rows } = await database.pool.query(
      'select order_ref from seat_assignments where flight_id = $1 and released_at is null',
      [Number(flightId)],
    );
    expect(rows).toHaveLength(1);
    const winner = (won[0] as PromiseFulfilledResult<Array<{ orderRef: string }>>).value[0]?.orderRef;
    expect(rows[0].order_ref).toBe(winner);
    // The map shows it taken.
    const map = await seating.seatMap(flightId, { lang: 'en' });
    expect(map.taken).toEqual(['15C']);
  });
});
