import { addDays } from '@wings/rules';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/helpers';
import { hashCaptchaAnswer } from '../accounts/captcha';
import type { client } from '../accounts/test-support';

/**
 * Scenario builders of the booking tests. Each test file books its own route and dates far
 * ahead (never KTI-BKK, whose seats the seed test keeps open), so files running in parallel on
 * the shared database never touch each other's inventory.
 */

export type Client = ReturnType<typeof client>;

export interface FlightPick {
  flightId: string;
  flightNo: string;
  depLocalDate: string;
}

/** The first flight of `flightNo` on or after `daysAhead` days from today. */
export async function flightOn(t: TestApp, flightNo: string, daysAhead: number): Promise<FlightPick> {
  const { rows } = await t.database.pool.query<{ id: string; d: string }>(
    `select id::text as id, to_char(dep_local_date, 'YYYY-MM-DD') as d from flights
      where flight_no = $1 and dep_local_date >= current_date + $2::int and status = 'scheduled'
      order by dep_local_date limit 1`,
    [flightNo, daysAhead],
  );
  const row = rows[0];
  if (!row) throw new Error(`no flight ${flightNo} ${daysAhead} days ahead`);
  return { flightId: row.id, flightNo, depLocalDate: row.d };
}

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

/** A captcha whose answer the test knows (`abcd`): the stored digest is replaced. */
export async function solvedCaptcha(t: TestApp, c: Client): Promise<string> {
  const res = await c.get('/getCaptcha');
  await t.database.pool.query('update captchas set answer_hash = $1 where id = $2', [
    hashCaptchaAnswer('abcd'),
    res.body.data.captchaId,
  ]);
  return res.body.data.captchaId as string;
}

/** Sold counters of a flight's class and its cabin. */
export async function inventory(t: TestApp, flightId: string, bookingClass: string) {
  const { rows } = await t.database.pool.query<{
    class_sold: number;
    class_ext: number;
    class_limit: number;
    cabin_sold: number;
    cabin_ext: number;
    capacity: number;
    infant_sold: number;
  }>(
    `select i.sold as class_sold, i.external_sold as class_ext, i.authorised_limit as class_limit,
            c.sold as cabin_sold, c.external_sold as cabin_ext, c.capacity, c.infant_sold
       from flight_class_inventory i join flight_cabins c on c.flight_id = i.flight_id and c.cabin = i.cabin
      where i.flight_id = $1 and i.booking_class = $2`,
    [flightId, bookingClass],
  );
  return rows[0]!;
}
