import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { aPrivateFlight } from '../../../test/scenarios';
import { client, registerUser } from '../../../test/support/clients';
import { type Client, contact, inventory, offerFor, party } from './test-support';

const BUYERS = 200;
const SEATS_LEFT = 7;

describe('seat holds under concurrency (docs/architecture.md §7: never oversold)', () => {
  let t: TestApp;
  let members: Client[];

  beforeAll(async () => {
    t = await createTestApp();
    members = [];
    for (let i = 0; i < 5; i++) {
      const c = client(t);
      await registerUser(t, c);
      members.push(c);
    }
  });
  afterAll(() => t.close());

  it(`sells exactly the ${SEATS_LEFT} seats left to ${BUYERS} parallel buyers, the rest get 204`, async () => {
    const flight = await aPrivateFlight(t, {
      from: 'KTI',
      to: 'HKG',
      classes: { M: { seatsLeft: SEATS_LEFT } },
    });
    const offerId = await offerFor(
      members[0]!,
      [1, 0, 0],
      [{ flightId: flight.flightId, bookingClass: 'M' }],
    );
    const before = await inventory(t, flight.flightId, 'M');

    const replies = await Promise.all(
      Array.from({ length: BUYERS }, (_, i) =>
        members[i % members.length]!.post('/travelsky/ibe/saveTicketOrder', {
          offerId,
          passengers: party([1, 0, 0], flight.depLocalDate),
          contact,
          idempotencyKey: randomUUID(),
          acceptTerms: true,
        }),
      ),
    );
    const codes = replies.map((r) => r.body.code);
    const won = codes.filter((c) => c === '0').length;
    const soldOut = codes.filter((c) => c === '204').length;
    console.info(`concurrency: ${BUYERS} buyers, ${SEATS_LEFT} seats: ${won} orders, ${soldOut} sold out`);
    expect(replies.every((r) => r.status < 500)).toBe(true);
    expect(won).toBe(SEATS_LEFT);
    expect(soldOut).toBe(BUYERS - SEATS_LEFT);

    const after = await inventory(t, flight.flightId, 'M');
    expect(after.classSold).toBe(before.classSold + SEATS_LEFT);
    expect(after.classSold + after.classExternalSold).toBe(after.classLimit);
    expect(after.cabinSold).toBe(before.cabinSold + SEATS_LEFT);
    // Sold equals the seats of live holds (docs/architecture.md §7), and nothing went past a limit.
    const { rows } = await t.database.pool.query(
      `select coalesce(sum(h.seats), 0)::int as held, count(distinct h.order_id)::int as orders
         from order_holds h where h.flight_id = $1 and h.booking_class = 'M' and h.released_at is null`,
      [flight.flightId],
    );
    expect(rows[0]).toEqual({ held: after.classSold, orders: SEATS_LEFT + before.classSold });
  }, 120_000);
});
