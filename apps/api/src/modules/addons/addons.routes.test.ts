import {
  envelope,
  ZAddonMenuReply,
  ZBaggageServiceReply,
  ZPriorityBoardReply,
  ZSeatTypeItemsReply,
} from '@wings/contracts';
import { refundUpgradePrice } from '@wings/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { aPrivateFlight, aReturnFlight } from '../../../test/scenarios';
import { offerFor } from '../../../test/support/booking';
import { client } from '../../../test/support/clients';
import { type SignedInStaff, signInStaff } from '../../../test/support/staff';
import { demoAddonPrices } from './demo-addons';

/** Yuan per dollar of the demo CNY filings (demo-addons.ts). */
const cny = (usdCents: number) => Math.round((usdCents / 100) * 7.1) * 100;

describe('add-on price lists of an offer (ibe/getBaggageService, getPriorityBoardService, getSeatTypeItems, backService)', () => {
  let t: TestApp;
  let boss: SignedInStaff;
  const distance = new Map<string, number>();

  beforeAll(async () => {
    t = await createTestApp();
    boss = await signInStaff(t, ['admin']);
    const { rows } = await t.database.pool.query<{ code: string; distance_km: number }>(
      'select code, distance_km from routes',
    );
    for (const r of rows) distance.set(r.code, Number(r.distance_km));
  });
  afterAll(() => t.close());

  const demo = (route: string) => demoAddonPrices(distance.get(route)!);

  async function fareOf(offerId: string, segment: number, passengerType: number): Promise<number> {
    const { rows } = await t.database.pool.query<{ amount: string }>(
      `select coalesce(sum((l->>'amount')::int), 0)::text as amount
         from offers o, jsonb_array_elements(o.price_lines) l
        where o.id = $1 and l->>'kind' = 'fare' and (l->>'segment')::int = $2 and (l->>'passengerType')::int = $3`,
      [offerId, segment, passengerType],
    );
    return Number(rows[0]!.amount);
  }

  it('answers a one-way economy KTI → SAI offer per leg, in USD, with the demo prices', async () => {
    const c = client(t);
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'SAI' });
    const offerId = await offerFor(c, [1, 1, 0], [{ flightId: flight.flightId, bookingClass: 'M' }]);
    const p = demo('KTI-SAI');
    const leg = {
      segment: 0,
      flightId: flight.flightId,
      flightNo: flight.flightNo,
      route: 'KTI-SAI',
      depDate: flight.depLocalDate,
      cabin: 'Y',
    };

    const bag = await c.get(`/travelsky/ibe/getBaggageService?offerId=${offerId}`);
    expect(bag.body.code, JSON.stringify(bag.body)).toBe('0');
    const baggage = envelope(ZBaggageServiceReply).parse(bag.body).data;
    expect(baggage).toMatchObject({
      offerId,
      currency: 'USD',
      serviceCode: 13,
      allowance: { carryOnKg: 7, checkedKg: 20 },
    });
    expect(baggage.legs).toHaveLength(1);
    expect(baggage.legs[0]).toMatchObject(leg);
    expect(baggage.legs[0]!.options).toEqual(
      p.baggage.map((b) => ({
        weightKg: b.weightKg,
        totalCheckedKg: 20 + b.weightKg,
        price: { amount: b.usd, currency: 'USD' },
      })),
    );
    expect(baggage.legs[0]!.options[0]!.price).toEqual({ amount: 1200, currency: 'USD' }); // +5 kg, 12.00 USD

    const prio = await c.get(`/travelsky/ibe/getPriorityBoardService?offerId=${offerId}`);
    const priority = envelope(ZPriorityBoardReply).parse(prio.body).data;
    expect(priority.serviceCode).toBe(11);
    expect(priority.legs[0]).toMatchObject({ ...leg, price: { amount: p.priorityY, currency: 'USD' } });

    const seats = envelope(ZSeatTypeItemsReply).parse(
      (await c.get(`/travelsky/ibe/getSeatTypeItems?offerId=${offerId}`)).body,
    ).data;
    expect(seats.serviceCode).toBe(12);
    // Economy sells front (UPST) and standard seats; a standard seat is free on this short route.
    expect(seats.legs[0]!.seatTypes).toEqual([
      { seatType: 'UPST', price: { amount: p.seatsY.UPST, currency: 'USD' } },
      { seatType: 'SEAT', price: { amount: 0, currency: 'USD' } },
    ]);

    const menu = envelope(ZAddonMenuReply).parse(
      (await c.get(`/travelsky/ibe/backService/${offerId}`)).body,
    ).data;
    expect(menu.legs[0]!.baggage).toEqual(baggage.legs[0]!.options);
    expect(menu.legs[0]!.priority).toEqual(priority.legs[0]!.price);
    expect(menu.legs[0]!.seatTypes).toEqual(seats.legs[0]!.seatTypes);
    const adultFare = await fareOf(offerId, 0, 1);
    const childFare = await fareOf(offerId, 0, 2);
    expect(adultFare).toBeGreaterThan(childFare);
    expect(menu.legs[0]!.refundUpgrade).toEqual({
      percent: 12,
      prices: [
        { passengerType: 1, price: refundUpgradePrice({ amount: adultFare, currency: 'USD' }, 12) },
        { passengerType: 2, price: refundUpgradePrice({ amount: childFare, currency: 'USD' }, 12) },
      ],
    });
  });

  it('answers business class with its PFST seat and upgrade share, and no priority boarding (it comes with the cabin)', async () => {
    const c = client(t);
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'SAI' });
    const offerId = await offerFor(c, [1, 0, 0], [{ flightId: flight.flightId, bookingClass: 'N' }]);
    const menu = envelope(ZAddonMenuReply).parse(
      (await c.get(`/travelsky/ibe/backService/${offerId}`)).body,
    ).data;
    const leg = menu.legs[0]!;
    expect(leg.cabin).toBe('C');
    expect(leg.priority).toBeNull();
    expect(leg.seatTypes).toEqual([
      { seatType: 'PFST', price: { amount: demo('KTI-SAI').seatC.PFST, currency: 'USD' } },
    ]);
    expect(leg.refundUpgrade?.percent).toBe(8);
    const fare = await fareOf(offerId, 0, 1);
    expect(leg.refundUpgrade?.prices).toEqual([
      { passengerType: 1, price: { amount: Math.round((fare * 8) / 100), currency: 'USD' } },
    ]);
  });

  it('prices a round trip from mainland China in CNY on both legs', async () => {
    const c = client(t);
    const out = await aPrivateFlight(t, { from: 'CAN', to: 'KTI' });
    const back = await aReturnFlight(t, out);
    const offerId = await offerFor(
      c,
      [1, 0, 0],
      [
        { flightId: out.flightId, bookingClass: 'M' },
        { flightId: back.flightId, bookingClass: 'M' },
      ],
    );
    const bag = envelope(ZBaggageServiceReply).parse(
      (await c.get(`/travelsky/ibe/getBaggageService?offerId=${offerId}`)).body,
    ).data;
    expect(bag.currency).toBe('CNY');
    expect(bag.legs.map((l) => [l.segment, l.route])).toEqual([
      [0, 'CAN-KTI'],
      [1, 'KTI-CAN'],
    ]);
    expect(bag.legs[0]!.options[0]!.price).toEqual({
      amount: cny(demo('CAN-KTI').baggage[0]!.usd),
      currency: 'CNY',
    });
    expect(bag.legs[1]!.options[0]!.price).toEqual({
      amount: cny(demo('KTI-CAN').baggage[0]!.usd),
      currency: 'CNY',
    });
    const menu = envelope(ZAddonMenuReply).parse(
      (await c.get(`/travelsky/ibe/backService/${offerId}`)).body,
    ).data;
    const fareBack = await fareOf(offerId, 1, 1);
    expect(menu.legs[1]!.refundUpgrade?.prices).toEqual([
      { passengerType: 1, price: { amount: Math.round((fareBack * 12) / 100), currency: 'CNY' } },
    ]);
  });

  it('follows the catalogue: a price filed from the departure date replaces the standing one; disabled, the old one is back', async () => {
    const c = client(t);
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'SAI' });
    const offerId = await offerFor(c, [1, 0, 0], [{ flightId: flight.flightId, bookingClass: 'M' }]);
    const priorityNow = async () =>
      (await c.get(`/travelsky/ibe/getPriorityBoardService?offerId=${offerId}`)).body.data.legs[0].price;
    expect(await priorityNow()).toEqual({ amount: demo('KTI-SAI').priorityY, currency: 'USD' });

    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/addons/prices',
      headers: boss.headers,
      payload: {
        routeCode: 'KTI-SAI',
        cabin: 'Y',
        kind: 'priority',
        currency: 'USD',
        amount: 999,
        validFrom: flight.depLocalDate,
        validTo: flight.depLocalDate,
      },
    });
    expect(filed.json().code, filed.body).toBe('0');
    expect(await priorityNow()).toEqual({ amount: 999, currency: 'USD' });

    // Seating's port reads the same catalogue for a departure on that date (the route's own currency).
    const seatsThatDay = await t.app.addons.seatPrices('KTI-SAI', 'Y', flight.depUtc);
    expect(seatsThatDay.get('UPST')).toEqual({ amount: demo('KTI-SAI').seatsY.UPST, currency: 'USD' });
    expect(seatsThatDay.has('PFST')).toBe(false);
    // Seat maps keep these prices a minute (seat-price-cache.ts); a staff change drops them at once.
    const seatFiled = await t.app.inject({
      method: 'POST',
      url: '/api/admin/addons/prices',
      headers: boss.headers,
      payload: {
        routeCode: 'KTI-SAI',
        cabin: 'Y',
        kind: 'seat',
        seatType: 'UPST',
        currency: 'USD',
        amount: 777,
        validFrom: flight.depLocalDate,
        validTo: flight.depLocalDate,
      },
    });
    expect(seatFiled.json().code, seatFiled.body).toBe('0');
    expect((await t.app.addons.seatPrices('KTI-SAI', 'Y', flight.depUtc)).get('UPST')).toEqual({
      amount: 777,
      currency: 'USD',
    });

    const off = await t.app.inject({
      method: 'POST',
      url: `/api/admin/addons/prices/${filed.json().data.id}/disable`,
      headers: boss.headers,
      payload: { reason: 'priced by mistake' },
    });
    expect(off.json().code, off.body).toBe('0');
    expect(await priorityNow()).toEqual({ amount: demo('KTI-SAI').priorityY, currency: 'USD' });
  });

  it.each([
    '/travelsky/ibe/getBaggageService?offerId=',
    '/travelsky/ibe/getPriorityBoardService?offerId=',
    '/travelsky/ibe/getSeatTypeItems?offerId=',
    '/travelsky/ibe/backService/',
  ])('%s answers 301 (offer expired) for an unknown offer, as the other offer calls do', async (path) => {
    const c = client(t);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-offer']) {
      const res = await c.get(`${path}${id}`);
      expect(res.body.code, JSON.stringify(res.body)).toBe('301');
    }
  });

  it('answers 301 once the offer’s 20 minutes are over', async () => {
    const c = client(t);
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'SAI' });
    const offerId = await offerFor(c, [1, 0, 0], [{ flightId: flight.flightId, bookingClass: 'M' }]);
    await t.database.pool.query(`update offers set expires_at = now() - interval '1 second' where id = $1`, [
      offerId,
    ]);
    expect((await c.get(`/travelsky/ibe/backService/${offerId}`)).body.code).toBe('301');
  });

  it('names the missing offerId field, and refuses a call without an access token', async () => {
    const c = client(t);
    const missing = await c.get('/travelsky/ibe/getBaggageService');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('offerId');
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/travelsky/ibe/getSeatTypeItems?offerId=00000000-0000-4000-8000-000000000000',
    });
    expect(anonymous.json().code).not.toBe('0');
    expect(anonymous.json().code).not.toBe('301');
  });
});
