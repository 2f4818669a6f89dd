import { accrualFor, addDays, HUB_TIME_ZONE, localDate } from '@wings/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownDatabase, type TestApp } from '../../../test/helpers';
import { aPaidOrderWithTickets, aPrivateFlight } from '../../../test/scenarios';
import { AccrualSweep } from './accrual';
import { earnRateTable, routeMiles } from './flight-credit';
import {
  balances,
  checkInCoupon,
  flyAsMember,
  type MileageServices,
  mileageServices,
  registerApprovedMember,
} from './test-support';

/**
 * The accrual sweep (issue 18; after-sales §1): a coupon flown by a member (checked in, the flight
 * closed at departure) is credited once, however often the sweep runs; a no-show earns nothing;
 * the tier's bonus is added. A database of its own: the sweep and the departure close read every
 * flight.
 */

const base = new Date();
let clock = base;
let own: { url: string; drop(): Promise<void> };
let t: TestApp;
let m: MileageServices;

beforeAll(async () => {
  own = await ownDatabase();
  t = await createTestApp({ now: () => clock, databaseUrl: own.url });
  m = mileageServices(t);
});
afterAll(async () => {
  await t?.close();
  await own?.drop();
});

async function flightRows(memberId: string) {
  return (
    await t.database.pool.query(
      `select kind, miles, bonus_miles, elite_miles, elite_segments, coupon_id, flight_no, dep_code, arr_code, booking_class
         from mileage_ledger where member_id = $1 and kind = 'flight' order by id`,
      [memberId],
    )
  ).rows;
}

describe('the accrual sweep', () => {
  it('credits a flown coupon once, never a no-show, and adds the tier bonus', async () => {
    clock = base;
    const flier = await registerApprovedMember(t);
    const absent = await registerApprovedMember(t);
    const today = localDate(base, HUB_TIME_ZONE);
    const flight = await aPrivateFlight(t, {
      from: 'KTI',
      to: 'SAI',
      date: addDays(today, 3),
      depTime: '10:00',
    });
    const order = await aPaidOrderWithTickets(t, { flight, passengers: [2, 0, 0], bookingClass: 'M' });
    await flyAsMember(t, order.id, 0, flier.cardNo);
    await flyAsMember(t, order.id, 1, absent.cardNo);
    clock = new Date(flight.depUtc.getTime() - 60 * 60_000);
    await checkInCoupon(t, order.id, 0);

    // Before departure nothing is flown.
    expect(await m.accrual.sweep()).toBe(0);
    clock = flight.depUtc;
    expect(await t.app.checkIn.closeDueFlights()).toBeGreaterThanOrEqual(1);

    const distance = await routeMiles(m.ctx, 'KTI', 'SAI');
    const rate = (await earnRateTable(m.ctx)).get('M') ?? 0;
    const silver = accrualFor(distance ?? 0, rate, 0);
    expect(silver.totalMiles).toBeGreaterThan(0);

    expect(await m.accrual.sweep()).toBe(1);
    expect(await m.accrual.sweep()).toBe(0);
    const rows = await flightRows(flier.memberId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      miles: silver.totalMiles,
      bonus_miles: 0,
      elite_miles: silver.eliteMiles,
      elite_segments: 1,
      flight_no: flight.flightNo,
      dep_code: 'KTI',
      arr_code: 'SAI',
      booking_class: 'M',
    });
    expect(await balances(t, flier.memberId)).toEqual({ balance: silver.totalMiles, sum: silver.totalMiles });
    expect(await flightRows(absent.memberId)).toHaveLength(0);
    expect(await balances(t, absent.memberId)).toEqual({ balance: 0, sum: 0 });

    // A gold member's next flight earns the 25 % bonus on its base.
    await t.app.loyalty.setLevel(flier.memberId, 1);
    clock = base;
    const next = await aPrivateFlight(t, {
      from: 'KTI',
      to: 'SAI',
      date: addDays(today, 4),
      depTime: '10:00',
    });
    const second = await aPaidOrderWithTickets(t, { flight: next, passengers: [1, 0, 0], bookingClass: 'M' });
    await flyAsMember(t, second.id, 0, flier.cardNo);
    clock = new Date(next.depUtc.getTime() - 60 * 60_000);
    await checkInCoupon(t, second.id, 0);
    clock = next.depUtc;
    await t.app.checkIn.closeDueFlights();
    expect(await m.accrual.sweep()).toBe(1);
    const gold = accrualFor(distance ?? 0, rate, 1);
    expect(gold.bonusMiles).toBeGreaterThan(0);
    const after = await flightRows(flier.memberId);
    expect(after).toHaveLength(2);
    expect(after[1]).toMatchObject({
      miles: gold.totalMiles,
      bonus_miles: gold.bonusMiles,
      elite_miles: gold.eliteMiles,
    });
    expect((await balances(t, flier.memberId)).balance).toBe(silver.totalMiles + gold.totalMiles);

    // The cursor moved: a sweep after it reads nothing new, and rereading behind it writes nothing.
    const { rows: cursor } = await t.database.pool.query(
      `select position from mileage_cursors where name = 'accrual'`,
    );
    expect(new Date(cursor[0].position).getTime()).toBe(next.depUtc.getTime());
    expect(await m.accrual.sweep()).toBe(0);
  }, 120_000);

  it('gets past a page of coupons flown at one instant (one departure close)', async () => {
    clock = base;
    const flier = await registerApprovedMember(t);
    const today = localDate(base, HUB_TIME_ZONE);
    const flight = await aPrivateFlight(t, {
      from: 'KTI',
      to: 'SAI',
      date: addDays(today, 5),
      depTime: '10:00',
    });
    const order = await aPaidOrderWithTickets(t, { flight, passengers: [3, 0, 0], bookingClass: 'M' });
    clock = new Date(flight.depUtc.getTime() - 60 * 60_000);
    for (const seq of [0, 1, 2]) {
      await flyAsMember(t, order.id, seq, flier.cardNo);
      await checkInCoupon(t, order.id, seq);
    }
    clock = flight.depUtc;
    await t.app.checkIn.closeDueFlights();
    // Pages of 2: the three coupons share their flown instant.
    expect(await new AccrualSweep(m.ctx, m.ledger, { batch: 2 }).sweep()).toBe(3);
    expect(await flightRows(flier.memberId)).toHaveLength(3);
  }, 120_000);
});
