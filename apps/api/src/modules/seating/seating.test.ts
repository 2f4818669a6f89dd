import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { callAsStaff, expectOnlyRoles, signInStaff } from '../../../test/support/staff';
import { AppError } from '../../platform/errors';
import { createDatedFlight } from '../network';
import { createSeating, type SeatPick, type SeatPrices } from '.';

/*
 * The seating module (issue 14): the traveller's seat map (ibe/getSeatLeaveInfo), the service
 * API booking calls in its transaction (hold all or nothing, confirm, release), the seat rules on
 * the server, and the staff console's reads. Flights are private dated flights of an A320:
 * business rows 1-2 (A C | D F), economy 3-31 (A B C | D E F), rows 3-5 UPST, exit rows 12-13.
 */

const DATE = '2028-03-15';
let t: TestApp;

const newFlight = async (): Promise<string> => {
  const flightNo = `S${Math.floor(10000 + Math.random() * 89999)}`;
  const f = await t.database.db.transaction((tx) =>
    createDatedFlight(tx, { flightNo, from: 'KTI', to: 'BKK', date: DATE }),
  );
  return f.flightId;
};

const seatMap = async (body: unknown, lang = '1') => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/travelsky/ibe/getSeatLeaveInfo',
    headers: t.headers({ language: lang }),
    payload: body as Record<string, unknown>,
  });
  return { status: res.statusCode, body: res.json() };
};

const adult = { birthday: '1990-01-01', passengerType: 1, withInfant: false };
const pick = (
  flightId: string,
  seat: string,
  passengerRef: string,
  extra: Partial<SeatPick> = {},
): SeatPick => ({
  flightId,
  seat,
  cabin: 'Y',
  passengerRef,
  segmentRef: 'seg-1',
  taker: adult,
  ...extra,
});
const orderRef = () => `order-${Math.random().toString(36).slice(2, 10)}`;
const hold = (ref: string, picks: SeatPick[]) =>
  t.database.db.transaction((tx) => t.app.seating.holdSeats(tx, ref, picks));
const failureOf = async (p: Promise<unknown>): Promise<AppError> => {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('ibe/getSeatLeaveInfo', () => {
  it('answers the seat map of a dated flight: cabins, rows, aisles, exit rows, types, serials, taken seats', async () => {
    const flightId = await newFlight();
    await hold(orderRef(), [pick(flightId, '20C', 'p1')]);
    const { body } = await seatMap({ flightId });
    expect(body.code).toBe('0');
    const map = body.data;
    expect(map).toMatchObject({ flightId, date: DATE, route: 'KTI-BKK', aircraftCode: '320' });
    expect(map.layout.capacity).toEqual({ C: 8, Y: 172 });
    expect(map.layout.exitRows).toEqual([12, 13]);
    expect(map.layout.sections[1]).toMatchObject({
      cabin: 'Y',
      letters: ['A', 'B', 'C', '', 'D', 'E', 'F'],
      seatType: 'UPST',
    });
    expect(map.seats).toHaveLength(180);
    expect(map.seats.map((s: { serial: number }) => s.serial)).toEqual(
      Array.from({ length: 180 }, (_, i) => i + 1),
    );
    const seat = (id: string) => map.seats.find((s: { seat: string }) => s.seat === id);
    expect(seat('1A')).toMatchObject({
      row: 1,
      col: 0,
      cabin: 'C',
      seatType: 'PFST',
      firstRow: true,
      window: true,
    });
    expect(seat('3C')).toMatchObject({ col: 2, cabin: 'Y', seatType: 'UPST', firstRow: true, aisle: true });
    expect(seat('12F')).toMatchObject({ col: 6, exitRow: true, seatType: 'SEAT', window: true });
    expect(seat('20C')).toMatchObject({ taken: true, isSelector: false, barred: [] });
    expect(seat('20D')).toMatchObject({ col: 4, taken: false, isSelector: true });
    expect(map.taken).toEqual(['20C']);
    // Prices come from the add-on catalogue (the demo one): each seat type's price of the route
    // and cabin for this departure, in the route's currency.
    const catalogue = async (cabin: 'C' | 'Y') =>
      Object.fromEntries(await t.app.addons.seatPrices('KTI-BKK', cabin, new Date(`${DATE}T03:00:00Z`)));
    const [business, economy] = await Promise.all([catalogue('C'), catalogue('Y')]);
    expect(business.PFST?.currency).toBe('USD');
    expect(economy.UPST?.amount).toBeGreaterThan(0);
    expect(seat('1A').price).toEqual(business.PFST);
    expect(seat('3A').price).toEqual(economy.UPST);
    expect(seat('20D').price).toEqual(economy.SEAT ?? null);
    expect(map.seatTypes).toEqual([
      { cabin: 'C', seatType: 'PFST', price: business.PFST },
      { cabin: 'Y', seatType: 'UPST', price: economy.UPST },
      { cabin: 'Y', seatType: 'SEAT', price: economy.SEAT ?? null },
    ]);
    expect(map.suggestion).toBeNull();
  });

  it('refuses a malformed body naming the field, and answers an unknown flight with 204', async () => {
    const bad = await seatMap({ flightId: 'KT101' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields.map((f: { field: string }) => f.field)).toContain('flightId');
    const badParty = await seatMap({
      flightId: '1',
      party: [{ ref: 'a', passengerType: 1, birthday: '1 May 1990' }],
    });
    expect(badParty.status).toBe(400);
    expect(badParty.body.data.fields.map((f: { field: string }) => f.field)).toContain('party.0.birthday');
    const unknown = await seatMap({ flightId: '999999999999' });
    expect(unknown.body.code).toBe('204');
  });

  it('marks the seats the rules bar to each passenger of the party, in their language', async () => {
    const flightId = await newFlight();
    const { body } = await seatMap(
      {
        flightId,
        party: [
          // 12 years old on the day before the departure date… turned 12 on the departure date.
          { ref: 'kid', passengerType: 2, birthday: '2020-06-01', adultRef: 'mum' },
          { ref: 'mum', passengerType: 1, birthday: '1990-02-01', withInfant: true },
          { ref: 'baby', passengerType: 3, birthday: '2027-09-01' },
          { ref: 'teen', passengerType: 1, birthday: '2016-03-15' },
          { ref: 'grandpa', passengerType: 1, birthday: '1967-03-14' },
        ],
      },
      '0',
    );
    expect(body.code).toBe('0');
    const bars = (id: string) =>
      Object.fromEntries(
        body.data.seats
          .find((s: { seat: string }) => s.seat === id)
          .barred.map((b: { ref: string; key: string }) => [b.ref, b.key]),
      );
    // First row of economy: the child (7) is under 12; the adult with the infant may not; the
    // teen (12 on the day) may; grandpa turned 61 the day before the departure: over 60.
    expect(bars('3A')).toEqual({
      kid: 'seat.first_row_age',
      mum: 'seat.first_row_infant',
      baby: 'seat.infant_no_seat',
      grandpa: 'seat.first_row_age',
    });
    // Exit row: under 18 (the child and the teen), the infant's adult, over 60.
    expect(bars('12A')).toEqual({
      kid: 'seat.exit_row_age',
      mum: 'seat.exit_row_infant',
      baby: 'seat.infant_no_seat',
      teen: 'seat.exit_row_age',
      grandpa: 'seat.exit_row_age',
    });
    expect(bars('20A')).toEqual({ baby: 'seat.infant_no_seat' });
    const exit = body.data.seats.find((s: { seat: string }) => s.seat === '12A');
    expect(exit.isSelector).toBe(false);
    expect(exit.barred.find((b: { ref: string }) => b.ref === 'teen').message).toBe(
      '紧急出口排座位仅限 18 至 60 周岁的旅客选择',
    );
    // The first row stays open to the teen.
    expect(body.data.seats.find((s: { seat: string }) => s.seat === '3A').isSelector).toBe(true);
  });

  it('suggests the best block side by side for the party and a free seat for a child next to its adult', async () => {
    const flightId = await newFlight();
    const party = [
      { ref: 'dad', passengerType: 1, birthday: '1985-05-05' },
      { ref: 'kid', passengerType: 2, birthday: '2021-05-05' },
      { ref: 'mum', passengerType: 1, birthday: '1987-05-05', withInfant: true },
      { ref: 'baby', passengerType: 3, birthday: '2027-10-01' },
    ];
    // Row 3 is the first economy row (barred to the child and to the adult with the infant):
    // the block is row 4's left three seats, leaving the right three together.
    const first = await seatMap({ flightId, cabin: 'Y', party });
    expect(first.body.data.suggestion.block).toEqual(['4A', '4B', '4C']);
    // Without the adult's seat, the child gets a pair with its adult (the first adult by default).
    expect(first.body.data.suggestion.children).toEqual([
      { ref: 'kid', adultRef: 'dad', adultSeat: '4A', seat: '4B' },
    ]);

    // Once dad sits in 20C, the child is offered the free seat beside him (20B; 20D is across the aisle).
    const beside = await seatMap({
      flightId,
      party: [{ ...party[0], seat: '20C' }, party[1]],
    });
    expect(beside.body.data.suggestion.children).toEqual([
      { ref: 'kid', adultRef: 'dad', adultSeat: '20C', seat: '20B' },
    ]);
    // 20B taken: nothing beside him is free, so no seat is offered by him.
    await hold(orderRef(), [pick(flightId, '20B', 'other')]);
    const none = await seatMap({ flightId, party: [{ ...party[0], seat: '20C' }, party[1]] });
    expect(none.body.data.suggestion.children).toEqual([]);
  });
});

describe('seat prices through the SeatPrices port', () => {
  it('prices each seat by its type, route, cabin and departure; a type without a price is not sold', async () => {
    const flightId = await newFlight();
    const asked: Array<[string, string, string]> = [];
    // A stand-in for the add-on catalogue (modules/addons): only in this test.
    const prices: SeatPrices = {
      seatPrices: async (route, cabin, at) => {
        asked.push([route, cabin, at.toISOString()]);
        return cabin === 'Y' ? new Map([['SEAT', { amount: 500, currency: 'USD' }]]) : new Map();
      },
    };
    const seating = createSeating({ db: t.database.db, now: () => new Date(), prices });
    const map = await seating.seatMap(flightId, { lang: 'en' });
    const seat = (id: string) => map.seats.find((s) => s.seat === id);
    expect(seat('20A')?.price).toEqual({ amount: 500, currency: 'USD' });
    expect(seat('3A')?.price).toBeNull();
    expect(seat('1A')?.price).toBeNull();
    expect(map.seatTypes).toContainEqual({
      cabin: 'Y',
      seatType: 'SEAT',
      price: { amount: 500, currency: 'USD' },
    });
    // Asked per cabin for the flight's departure (10:00 in Phnom Penh on the date).
    expect(asked.sort()).toEqual([
      ['KTI-BKK', 'C', '2028-03-15T03:00:00.000Z'],
      ['KTI-BKK', 'Y', '2028-03-15T03:00:00.000Z'],
    ]);
  });
});

describe('the seat assignment API (booking calls it in its transaction)', () => {
  it('holds all or nothing: a seat another order holds refuses the whole pick, naming the seat', async () => {
    const flightId = await newFlight();
    const a = orderRef();
    const b = orderRef();
    const held = await hold(a, [pick(flightId, '10A', 'p1')]);
    expect(held).toMatchObject([{ flightId, seat: '10A', orderRef: a, status: 'held' }]);

    const refused = await failureOf(hold(b, [pick(flightId, '10B', 'q1'), pick(flightId, '10A', 'q2')]));
    expect(refused.errorName).toBe('seatTaken');
    expect(refused.params).toMatchObject({ seat: '10A' });
    expect(refused.data).toEqual({ seats: [{ flightId, seat: '10A' }] });
    expect(await t.app.seating.seatsOfOrder(b)).toEqual([]);

    // Even a caller that goes on with its transaction keeps nothing of the refused hold (savepoint).
    await t.database.db.transaction(async (tx) => {
      await failureOf(
        t.app.seating.holdSeats(tx, b, [pick(flightId, '10C', 'q1'), pick(flightId, '10A', 'q2')]),
      );
    });
    expect(await t.app.seating.seatsOfOrder(b)).toEqual([]);
  });

  it('confirms a paid order’s seats, and an expired order’s release frees them for another order', async () => {
    const flightId = await newFlight();
    const a = orderRef();
    await hold(a, [
      pick(flightId, '14A', 'p1'),
      pick(flightId, '14B', 'p2', { taker: { ...adult, passengerType: 2, birthday: '2020-01-01' } }),
    ]);
    expect(await t.database.db.transaction((tx) => t.app.seating.confirmSeats(tx, a))).toBe(2);
    expect((await t.app.seating.seatsOfOrder(a)).map((s) => [s.seat, s.status])).toEqual([
      ['14A', 'confirmed'],
      ['14B', 'confirmed'],
    ]);
    const other = orderRef();
    expect((await failureOf(hold(other, [pick(flightId, '14A', 'x')]))).errorName).toBe('seatTaken');

    const freed = await t.database.db.transaction((tx) => t.app.seating.releaseSeats(tx, a, 'expired'));
    expect(freed.map((s) => s.seat).sort()).toEqual(['14A', '14B']);
    // Exactly once: a second release frees nothing.
    expect(await t.database.db.transaction((tx) => t.app.seating.releaseSeats(tx, a, 'expired'))).toEqual([]);
    expect(await t.app.seating.seatsOfOrder(a)).toEqual([]);
    expect(await hold(other, [pick(flightId, '14A', 'x')])).toMatchObject([{ seat: '14A', orderRef: other }]);
    const { rows } = await t.database.pool.query(
      `select status, release_reason from seat_assignments where order_ref = $1 order by seat`,
      [a],
    );
    expect(rows).toEqual([
      { status: 'released', release_reason: 'expired' },
      { status: 'released', release_reason: 'expired' },
    ]);
  });

  it('enforces the seat rules on the server: a barred pick is a 400 naming the pick', async () => {
    const flightId = await newFlight();
    const child = { birthday: '2020-01-01', passengerType: 2, withInfant: false };
    const withInfant = { ...adult, withInfant: true };
    const infant = { birthday: '2027-12-01', passengerType: 3, withInfant: false };
    const refusal = async (picks: SeatPick[]) => {
      const err = await failureOf(hold(orderRef(), picks));
      expect(err.errorName).toBe('invalidRequest');
      return err.fields.map((f) => [f.field, f.key]);
    };
    expect(await refusal([pick(flightId, '20A', 'a'), pick(flightId, '3A', 'c', { taker: child })])).toEqual([
      ['picks[1].seat', 'seat.first_row_age'],
    ]);
    expect(await refusal([pick(flightId, '13C', 'c', { taker: child })])).toEqual([
      ['picks[0].seat', 'seat.exit_row_age'],
    ]);
    expect(await refusal([pick(flightId, '12D', 'm', { taker: withInfant })])).toEqual([
      ['picks[0].seat', 'seat.exit_row_infant'],
    ]);
    expect(await refusal([pick(flightId, '3D', 'm', { taker: withInfant })])).toEqual([
      ['picks[0].seat', 'seat.first_row_infant'],
    ]);
    expect(await refusal([pick(flightId, '20A', 'i', { taker: infant })])).toEqual([
      ['picks[0].seat', 'seat.infant_no_seat'],
    ]);
    expect(await refusal([pick(flightId, '31C', 'a')])).toEqual([['picks[0].seat', 'seat.not_on_map']]);
    expect(await refusal([pick(flightId, '1A', 'a')])).toEqual([['picks[0].seat', 'seat.wrong_cabin']]);
    expect(await refusal([pick(flightId, '20A', 'a'), pick(flightId, '20A', 'b')])).toEqual([
      ['picks[1].seat', 'seat.picked_twice'],
    ]);
    // Nothing was held by any refused call.
    const map = await seatMap({ flightId });
    expect(map.body.data.taken).toEqual([]);
    // The same adult may take the exit row and the first row (business, booked in C).
    expect(
      await hold(orderRef(), [pick(flightId, '12A', 'a'), pick(flightId, '1A', 'b', { cabin: 'C' })]),
    ).toHaveLength(2);
    // Unknown flight.
    expect((await failureOf(hold(orderRef(), [pick('999999999999', '20A', 'a')]))).errorName).toBe(
      'flightNotFound',
    );
  });

  it('a passenger re-picking on the same leg swaps seats, freeing the old one', async () => {
    const flightId = await newFlight();
    const a = orderRef();
    await hold(a, [pick(flightId, '22A', 'p1')]);
    await hold(a, [pick(flightId, '22B', 'p1')]);
    expect((await t.app.seating.seatsOfOrder(a)).map((s) => s.seat)).toEqual(['22B']);
    expect((await seatMap({ flightId })).body.data.taken).toEqual(['22B']);
  });
});

describe('the staff console’s seat maps', () => {
  it('lets admin, agent and auditor read aircraft maps and a flight’s taken seats, and no one else', async () => {
    const flightId = await newFlight();
    await expectOnlyRoles(t, { method: 'GET', url: '/api/admin/seating/aircraft' }, [
      'admin',
      'agent',
      'auditor',
    ]);
    await expectOnlyRoles(t, { method: 'GET', url: `/api/admin/seating/flights/${flightId}` }, [
      'admin',
      'agent',
      'auditor',
    ]);
  });

  it('draws every aircraft type, and lists the orders holding seats on a flight', async () => {
    const auditor = await signInStaff(t, ['auditor']);
    const maps = await callAsStaff(t, auditor, 'GET', '/seating/aircraft');
    expect(maps.body.code).toBe('0');
    const a320 = maps.body.data.list.find((a: { code: string }) => a.code === '320');
    expect(a320.layout.capacity).toEqual({ C: 8, Y: 172 });
    expect(a320.seats).toHaveLength(180);
    expect(a320.seats.at(-1)).toMatchObject({ seat: '31F', serial: 180, col: 4 });

    const flightId = await newFlight();
    const a = orderRef();
    await hold(a, [pick(flightId, '25E', 'p1')]);
    const seats = await callAsStaff(t, auditor, 'GET', `/seating/flights/${flightId}`);
    expect(seats.body.data).toMatchObject({ flightId, date: DATE, aircraftCode: '320', status: 'scheduled' });
    expect(seats.body.data.assignments).toMatchObject([
      { seat: '25E', status: 'held', orderRef: a, passengerRef: 'p1' },
    ]);
    const unknown = await callAsStaff(t, auditor, 'GET', '/seating/flights/999999999999');
    expect(unknown.body.code).toBe('4730');
    const bad = await callAsStaff(t, auditor, 'GET', '/seating/flights/KT1');
    expect(bad.status).toBe(400);
  });
});
