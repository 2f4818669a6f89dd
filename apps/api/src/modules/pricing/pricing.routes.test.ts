import {
  envelope,
  FARE_FAMILY_NAMES,
  type FareFamily,
  type Offer,
  type PriceBreakdown,
  ZFareRuleList,
  ZOffer,
  ZPriceBreakdown,
} from '@wings/contracts';
import {
  addDays,
  fareConditions,
  isoWeekday,
  localDate,
  type RouteCountries,
  refundRule,
} from '@wings/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { aPrivateFlight, type PrivateFlight } from '../../../test/scenarios';
import { FILING_CNY_PER_USD } from './demo-fares';
import type { PriceLine } from './pricing.service';

const PP = 'Asia/Phnom_Penh';
const KHMER = /[\u1780-\u17FF]/;

interface Reply {
  status: number;
  code: string;
  message: string;
  // biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field
  data: any;
}

type Party = [number, number, number];

/** The next date on or after `from` falling on one of the ISO weekdays. */
function nextWeekday(from: string, days: number[]): string {
  let d = from;
  while (!days.includes(isoWeekday(d))) d = addDays(d, 1);
  return d;
}

/** A tax filed in USD cents, as filed in CNY (whole yuan at the filing rate: seed-network.ts). */
const cny = (usdCents: number) => Math.round((usdCents / 100) * FILING_CNY_PER_USD) * 100;

/** Taxes of one departure per passenger type, as the demo network files them (demo-fares.ts TAXES). */
const FROM_KH = {
  adult: { KH: 2500, E7: 600, YQ: 3000 },
  child: { KH: 1300, E7: 600, YQ: 3000 },
  infant: { E7: 300 },
};
const FROM_BKK = {
  adult: { TS: 2300, E7: 30, G8: 100, YQ: 3000 },
  child: { TS: 2300, E7: 30, G8: 100, YQ: 3000 },
  infant: { E7: 30, G8: 100 },
};
const FROM_CN = { adult: { CN: 1300, YQ: 3000 }, child: { CN: 1300, YQ: 3000 }, infant: {} };

/** Routes by the countries of their airports (fareConditions). */
const KH_TO_TH: RouteCountries = { depCountry: 'KH', arrCountry: 'TH' };
const CN_TO_KH: RouteCountries = { depCountry: 'CN', arrCountry: 'KH' };

function sumTaxes(...parts: Record<string, number>[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of parts) for (const [k, v] of Object.entries(p)) out[k] = (out[k] ?? 0) + v;
  return out;
}
function inCny(taxes: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(taxes).map(([k, v]) => [k, cny(v)]));
}
function taxMap(taxes: Array<{ code: string; amount: { amount: number } }>): Record<string, number> {
  return Object.fromEntries(taxes.map((t) => [t.code, t.amount.amount]));
}
/** Σ over lines of (passengers of the line's type × amount): what an order built from them totals. */
function linesTotal(lines: PriceLine[], party: Party): number {
  return lines.reduce((a, l) => a + l.amount * party[l.passengerType - 1]!, 0);
}

describe('pricing: offers, price breakdown, promo codes, fare rules (issue 4)', () => {
  const today = localDate(new Date(), PP);
  let t: TestApp;

  async function call(method: 'GET' | 'POST', url: string, payload?: unknown, app = t): Promise<Reply> {
    const res = await app.app.inject({
      method,
      url: `/api${url}`,
      headers: app.headers(),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, ...res.json() };
  }
  const post = (url: string, payload: unknown, app = t) => call('POST', url, payload, app);
  const get = (url: string) => call('GET', url);

  interface Choice {
    flightId: string;
    bookingClass: string;
    family: FareFamily;
    arrTime: string;
    /** The local departure time search showed; sent with the segment when present. */
    depTime?: string;
  }

  /**
   * A flight of a route on a date (`only` that flight, when given) and its open class of `family`
   * (or of the first family offered), via search.
   */
  async function pick(
    dep: string,
    arr: string,
    date: string,
    party: Party,
    family?: FareFamily,
    only?: string,
  ): Promise<Choice> {
    const r = await post('/travelsky/ibe/queryFlight', {
      depCode: dep,
      arrCode: arr,
      depDate: date,
      passengers: party,
    });
    expect(r.code, `${dep}-${arr} ${date}: ${r.message}`).toBe('0');
    for (const f of r.data.flights) {
      if (only !== undefined && f.flightId !== only) continue;
      const fare = family ? f.fares.find((x: { family: string }) => x.family === family) : f.fares[0];
      if (fare)
        return {
          flightId: f.flightId,
          bookingClass: fare.bookingClass,
          family: fare.family,
          arrTime: f.arrTime,
          depTime: f.depTime,
        };
    }
    throw new Error(`no ${family ?? 'fare'} on ${dep}-${arr} ${date}`);
  }

  /** A flight of the test's own (in the search window) and its open class of `family`, via search. */
  function pickFlight(flight: PrivateFlight, party: Party, family?: FareFamily): Promise<Choice> {
    return pick(flight.from, flight.to, flight.depLocalDate, party, family, flight.flightId);
  }

  async function choose(party: Party, ...segments: Choice[]): Promise<Reply> {
    return post('/travelsky/ibe/chooseFlight', {
      passengers: party,
      segments: segments.map((s) => ({
        flightId: s.flightId,
        bookingClass: s.bookingClass,
        ...(s.depTime === undefined ? {} : { depTime: s.depTime }),
      })),
    });
  }

  async function offerFor(party: Party, ...segments: Choice[]): Promise<Offer> {
    const r = await choose(party, ...segments);
    expect(r.code, r.message).toBe('0');
    return envelope(ZOffer).parse(r).data;
  }

  async function adultFare(route: string, cls: string, currency: string): Promise<number> {
    const r = await t.database.pool.query<{ adult_amount: number }>(
      `select adult_amount from fares where route_code = $1 and booking_class = $2 and currency = $3`,
      [route, cls, currency],
    );
    return Number(r.rows[0]!.adult_amount);
  }

  async function computePrice(offerId: string, promoCode?: string | null, app = t): Promise<Reply> {
    return post(
      '/travelsky/ibe/computePrice',
      { offerId, ...(promoCode === undefined ? {} : { promoCode }) },
      app,
    );
  }

  async function insertPromo(row: {
    code: string;
    kind: 'percent' | 'amount';
    value: number;
    currency?: string | null;
    minSpend?: number | null;
    usageLimit?: number | null;
  }): Promise<void> {
    await t.database.pool.query(
      `insert into promo_codes (code, title_zh, title_en, title_km, kind, value, currency, min_spend,
         valid_from, valid_to, routes, usage_limit, listed)
       values ($1, '测试', 'Test', 'សាកល្បង', $2, $3, $4, $5, '2020-01-01', '2040-01-01', null, $6, 0)
       on conflict (code) do nothing`,
      [row.code, row.kind, row.value, row.currency ?? null, row.minSpend ?? null, row.usageLimit ?? null],
    );
  }

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('POST ibe/chooseFlight', () => {
    it('prices a one-way KTI → BKK for 2 adults, a child and an infant: fares by type, Cambodian taxes, no YQ for the infant', async () => {
      const party: Party = [2, 1, 1];
      const out = await pick('KTI', 'BKK', addDays(today, 31), party, 'Grand');
      const before = Date.now();
      const offer = await offerFor(party, out);
      const adult = await adultFare('KTI-BKK', out.bookingClass, 'USD');

      expect(offer.currency).toBe('USD');
      expect(offer.passengers).toEqual(party);
      expect(offer.segments).toHaveLength(1);
      expect(offer.segments[0]).toMatchObject({
        flightId: out.flightId,
        depCode: 'KTI',
        arrCode: 'BKK',
        family: 'Grand',
        cabin: 'Y',
        bookingClass: out.bookingClass,
        conditions: fareConditions('Grand', 'USD', KH_TO_TH),
      });
      expect(offer.segments[0]!.depTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\+07:00$/);
      const expires = Date.parse(offer.expiresAt) - before;
      expect(expires).toBeGreaterThan(19 * 60_000);
      expect(expires).toBeLessThanOrEqual(20 * 60_000 + 5_000);

      const [a, c, i] = [1, 2, 3].map((type) => offer.prices.find((p) => p.passengerType === type)!);
      expect(a!.fare.amount).toBe(adult);
      expect(c!.fare.amount).toBe(Math.round(adult * 0.75));
      expect(i!.fare.amount).toBe(Math.round(adult * 0.1));
      expect(taxMap(a!.taxes)).toEqual(FROM_KH.adult);
      expect(taxMap(c!.taxes)).toEqual(FROM_KH.child);
      expect(taxMap(i!.taxes)).toEqual(FROM_KH.infant);
      expect(i!.taxes.map((x) => x.code)).not.toContain('YQ');
      for (const p of offer.prices) {
        const taxes = p.taxes.reduce((s, x) => s + x.amount.amount, 0);
        expect(p.total.amount).toBe(p.fare.amount + taxes);
        expect(p.total.currency).toBe('USD');
      }
      expect(offer.total.amount).toBe(2 * a!.total.amount + c!.total.amount + i!.total.amount);
    });

    it('prices a return KTI → BKK → KTI with the Thai taxes on the way back, totals exact', async () => {
      const party: Party = [2, 1, 1];
      const out = await pick('KTI', 'BKK', addDays(today, 32), party, 'Basic');
      const back = await pick('BKK', 'KTI', addDays(today, 35), party, 'Basic');
      const offer = await offerFor(party, out, back);
      const fareOut = await adultFare('KTI-BKK', out.bookingClass, 'USD');
      const fareBack = await adultFare('BKK-KTI', back.bookingClass, 'USD');

      expect(offer.currency).toBe('USD');
      expect(offer.segments.map((s) => `${s.depCode}-${s.arrCode}`)).toEqual(['KTI-BKK', 'BKK-KTI']);
      const byType = (type: number) => offer.prices.find((p) => p.passengerType === type)!;
      expect(byType(1).fare.amount).toBe(fareOut + fareBack);
      expect(byType(2).fare.amount).toBe(Math.round(fareOut * 0.75) + Math.round(fareBack * 0.75));
      expect(byType(3).fare.amount).toBe(Math.round(fareOut * 0.1) + Math.round(fareBack * 0.1));
      expect(taxMap(byType(1).taxes)).toEqual(sumTaxes(FROM_KH.adult, FROM_BKK.adult));
      expect(taxMap(byType(2).taxes)).toEqual(sumTaxes(FROM_KH.child, FROM_BKK.child));
      expect(taxMap(byType(3).taxes)).toEqual(sumTaxes(FROM_KH.infant, FROM_BKK.infant));

      const price = await computePrice(offer.offerId);
      const b = envelope(ZPriceBreakdown).parse(price).data;
      expect(b.total.amount).toBe(offer.total.amount);
      expect(b.fareTotal.amount + b.taxTotal.amount).toBe(b.total.amount);
      expect(b.discount.amount).toBe(0);
      expect(b.promo).toBeNull();
      expect(b.lines.map((l) => [l.passengerType, l.count])).toEqual([
        [1, 2],
        [2, 1],
        [3, 1],
      ]);
      expect(b.lines[0]!.total.amount).toBe(2 * byType(1).total.amount);
      const yq = b.taxesByCode.find((x) => x.code === 'YQ')!.amount.amount;
      expect(yq).toBe(3 * 2 * 3000);
      const { lines } = await t.app.pricing.priceBreakdown(offer.offerId, null);
      expect(linesTotal(lines, party)).toBe(b.total.amount);
    });

    it('prices a journey from Fuzhou in yuan, the way back from Phnom Penh too', async () => {
      const party: Party = [1, 1, 1];
      const outDate = nextWeekday(addDays(today, 33), [1, 3, 5]);
      const out = await pick('FOC', 'KTI', outDate, party, 'Grand');
      const back = await pick('KTI', 'FOC', nextWeekday(addDays(outDate, 1), [1, 3, 5]), party, 'Grand');
      const offer = await offerFor(party, out, back);
      expect(offer.currency).toBe('CNY');
      expect(offer.segments[0]!.depTime).toMatch(/\+08:00$/);
      expect(offer.segments[0]!.conditions).toEqual(fareConditions('Grand', 'CNY', CN_TO_KH));
      expect(offer.segments[0]!.conditions.refund).toEqual({
        allowed: false,
        fee: null,
        reason: 'china_route',
      });
      expect(offer.segments[1]!.conditions.refund).toEqual({
        allowed: false,
        fee: null,
        reason: 'china_route',
      });
      const fares =
        (await adultFare('FOC-KTI', out.bookingClass, 'CNY')) +
        (await adultFare('KTI-FOC', back.bookingClass, 'CNY'));
      const adult = offer.prices.find((p) => p.passengerType === 1)!;
      expect(adult.fare).toEqual({ amount: fares, currency: 'CNY' });
      expect(taxMap(adult.taxes)).toEqual(sumTaxes(inCny(FROM_CN.adult), inCny(FROM_KH.adult)));
      expect(taxMap(offer.prices.find((p) => p.passengerType === 3)!.taxes)).toEqual(inCny(FROM_KH.infant));
      expect(offer.total.currency).toBe('CNY');

      // The same route from the other end starts in Cambodia: USD.
      const usd = await offerFor([1, 0, 0], await pick('KTI', 'FOC', outDate, [1, 0, 0], 'Grand'));
      expect(usd.currency).toBe('USD');
    });

    it('refuses a class that cannot take the party (610): its own bucket, its cabin, the lap infants', async () => {
      const flight = await aPrivateFlight(t, { from: 'KTI', to: 'HAN', searchable: true });
      const out = await pickFlight(flight, [1, 0, 0], 'Grand');
      const pool = t.database.pool;
      const id = Number(out.flightId);
      const cls = await pool.query(
        `select external_sold from flight_class_inventory where flight_id = $1 and booking_class = $2`,
        [id, out.bookingClass],
      );
      const cab = await pool.query(
        `select external_sold, infant_sold from flight_cabins where flight_id = $1 and cabin = 'Y'`,
        [id],
      );
      try {
        await pool.query(
          `update flight_class_inventory set external_sold = authorised_limit - sold - 2 where flight_id = $1 and booking_class = $2`,
          [id, out.bookingClass],
        );
        expect((await choose([2, 1, 0], out)).code).toBe('610');
        expect((await choose([2, 0, 0], out)).code).toBe('0');
        await pool.query(
          `update flight_cabins set external_sold = capacity - sold - 1 where flight_id = $1 and cabin = 'Y'`,
          [id],
        );
        expect((await choose([2, 0, 0], out)).code).toBe('610');
        expect((await choose([1, 0, 1], out)).code).toBe('0');
        await pool.query(
          `update flight_cabins set infant_sold = infant_capacity where flight_id = $1 and cabin = 'Y'`,
          [id],
        );
        const r = await choose([1, 0, 1], out);
        expect(r.code).toBe('610');
        expect(r.message).toBeTruthy();
        expect((await choose([1, 0, 0], out)).code).toBe('0');
      } finally {
        await pool.query(
          `update flight_class_inventory set external_sold = $3 where flight_id = $1 and booking_class = $2`,
          [id, out.bookingClass, cls.rows[0].external_sold],
        );
        await pool.query(
          `update flight_cabins set external_sold = $2, infant_sold = $3 where flight_id = $1 and cabin = 'Y'`,
          [id, cab.rows[0].external_sold, cab.rows[0].infant_sold],
        );
      }
      // A class the flight does not sell.
      expect((await choose([1, 0, 0], { ...out, bookingClass: 'Z' })).code).toBe('610');
    });

    it('answers 204 for an unknown, malformed, departed or cancelled flight', async () => {
      const unknown = await choose([1, 0, 0], { flightId: '999999999', bookingClass: 'Y' } as Choice);
      expect(unknown.code).toBe('204');
      expect((await choose([1, 0, 0], { flightId: 'abc', bookingClass: 'Y' } as Choice)).code).toBe('204');
      // Yesterday at 10:00: still scheduled, departed long ago.
      const departed = await aPrivateFlight(t, { from: 'KTI', to: 'SAI', date: addDays(today, -1) });
      expect(
        (await choose([1, 0, 0], { flightId: departed.flightId, bookingClass: 'Y' } as Choice)).code,
      ).toBe('204');

      const out = await pickFlight(
        await aPrivateFlight(t, { from: 'KTI', to: 'SGN', searchable: true }),
        [1, 0, 0],
      );
      await t.database.pool.query(`update flights set status = 'cancelled' where id = $1`, [
        Number(out.flightId),
      ]);
      try {
        expect((await choose([1, 0, 0], out)).code).toBe('204');
      } finally {
        await t.database.pool.query(`update flights set status = 'scheduled' where id = $1`, [
          Number(out.flightId),
        ]);
      }
    });

    it('answers 611 when the flight was retimed since it was shown, and checkFlightSchedule reports the change', async () => {
      const flight = await aPrivateFlight(t, { from: 'KTI', to: 'SGN', searchable: true });
      const date = flight.depLocalDate;
      const out = await pickFlight(flight, [1, 0, 0]);
      const id = Number(out.flightId);
      const shownBefore = out.depTime!;
      const before = await post('/ca/caweb/backend/checkFlightSchedule', { flightIds: [out.flightId] });
      expect(before.code).toBe('0');
      expect(before.data.changed).toBe(false);
      expect(before.data.flights[0]).toMatchObject({
        flightId: out.flightId,
        changed: false,
        status: 'scheduled',
      });
      expect(before.data.flights[0].depTime).toBe(before.data.flights[0].originalDepTime);
      expect(Date.parse(before.data.flights[0].depTime)).toBe(Date.parse(shownBefore));

      await t.database.pool.query(
        `update flights set dep_utc = dep_utc + interval '45 minutes', arr_utc = arr_utc + interval '45 minutes' where id = $1`,
        [id],
      );
      try {
        // Chosen at the time shown before the retime: the schedule changed since, choose again.
        const r = await choose([1, 0, 0], out);
        expect(r.code).toBe('611');
        expect(r.message).toMatch(/changed/);

        // Search lists the flight at its new time; chosen at that time it is sold, at that time.
        const again = await post('/travelsky/ibe/queryFlight', {
          depCode: 'KTI',
          arrCode: 'SGN',
          depDate: date,
          passengers: [1, 0, 0],
        });
        const listed = again.data.flights.find((f: { flightId: string }) => f.flightId === out.flightId);
        expect(listed, 'the retimed flight is still listed').toBeTruthy();
        const shownAfter: string = listed.depTime;
        expect(Date.parse(shownAfter) - Date.parse(shownBefore)).toBe(45 * 60_000);
        const offer = await offerFor([1, 0, 0], { ...out, depTime: shownAfter });
        expect(Date.parse(offer.segments[0]!.depTime)).toBe(Date.parse(shownAfter));
        expect(offer.segments[0]!.depTime).toMatch(/\+07:00$/);
        // Without a shown time it is sold at its current time too (the offer shows it).
        const unstated = await offerFor([1, 0, 0], { ...out, depTime: undefined } as Choice);
        expect(Date.parse(unstated.segments[0]!.depTime)).toBe(Date.parse(shownAfter));
        // The same instant written with another offset is the same time.
        const utc = new Date(Date.parse(shownAfter)).toISOString();
        expect((await choose([1, 0, 0], { ...out, depTime: utc })).code).toBe('0');

        // No seen time: compared with the original schedule.
        const after = await post('/ca/caweb/backend/checkFlightSchedule', { flightIds: [out.flightId] });
        expect(after.data.changed).toBe(true);
        const f = after.data.flights[0];
        expect(f.changed).toBe(true);
        expect(Date.parse(f.depTime) - Date.parse(f.originalDepTime)).toBe(45 * 60_000);
        expect(f.depTime).toMatch(/\+07:00$/);

        // Seen before the retime: changed. Seen at the new time: unchanged (originalDepTime still told).
        const seenOld = await post('/ca/caweb/backend/checkFlightSchedule', {
          flightIds: [out.flightId],
          seen: [{ flightId: out.flightId, depTime: shownBefore }],
        });
        expect(seenOld.code).toBe('0');
        expect(seenOld.data.changed).toBe(true);
        expect(seenOld.data.flights[0].changed).toBe(true);
        const seenNew = await post('/ca/caweb/backend/checkFlightSchedule', {
          flightIds: [out.flightId],
          seen: [{ flightId: out.flightId, depTime: shownAfter }],
        });
        expect(seenNew.code).toBe('0');
        expect(seenNew.data.changed).toBe(false);
        expect(seenNew.data.flights[0]).toMatchObject({
          flightId: out.flightId,
          depTime: f.depTime,
          originalDepTime: f.originalDepTime,
          changed: false,
          status: 'scheduled',
        });
      } finally {
        await t.database.pool.query(
          `update flights set dep_utc = original_dep_utc, arr_utc = original_arr_utc where id = $1`,
          [id],
        );
      }
      // A seen time that is not an ISO time with offset is refused.
      const bad = await post('/ca/caweb/backend/checkFlightSchedule', {
        flightIds: [out.flightId],
        seen: [{ flightId: out.flightId, depTime: '08:30' }],
      });
      expect(bad.status).toBe(400);
      expect((await choose([1, 0, 0], { ...out, depTime: 'tomorrow' })).status).toBe(400);
      const unknown = await post('/ca/caweb/backend/checkFlightSchedule', { flightIds: ['999999999'] });
      expect(unknown.code).toBe('204');
    });

    it('refuses a second segment that is not the way back (CAC2112) or leaves before the outbound lands (400)', async () => {
      const out = await pick('KTI', 'BKK', addDays(today, 34), [1, 0, 0]);
      const other = await pick('KTI', 'SAI', addDays(today, 36), [1, 0, 0]);
      expect((await choose([1, 0, 0], out, other)).code).toBe('CAC2112');
      const early = await pick('BKK', 'KTI', addDays(today, 33), [1, 0, 0]);
      const r = await choose([1, 0, 0], out, early);
      expect(r.status).toBe(400);
      expect(r.data.fields[0].field).toBe('segments.1.flightId');
    });

    it('answers 400 naming the field for malformed bodies and impossible parties', async () => {
      const out = await pick('KTI', 'BKK', addDays(today, 31), [1, 0, 0]);
      const seg = { flightId: out.flightId, bookingClass: out.bookingClass };
      const noAdult = await post('/travelsky/ibe/chooseFlight', { passengers: [0, 1, 0], segments: [seg] });
      expect(noAdult.status).toBe(400);
      expect(noAdult.data.fields[0]).toMatchObject({ field: 'passengers', key: 'search.adult_required' });
      const tooMany = await post('/travelsky/ibe/chooseFlight', { passengers: [1, 0, 2], segments: [seg] });
      expect(tooMany.data.fields[0].key).toBe('search.infants_exceed_adults');
      const noSegments = await post('/travelsky/ibe/chooseFlight', { passengers: [1, 0, 0], segments: [] });
      expect(noSegments.status).toBe(400);
      expect(noSegments.data.fields[0].field).toBe('segments');
      const badClass = await post('/travelsky/ibe/chooseFlight', {
        passengers: [1, 0, 0],
        segments: [{ flightId: out.flightId, bookingClass: 'YY' }],
      });
      expect(badClass.data.fields[0].field).toBe('segments.0.bookingClass');
      const noOffer = await post('/travelsky/ibe/computePrice', { promoCode: 'FLY5' });
      expect(noOffer.status).toBe(400);
      expect(noOffer.data.fields[0].field).toBe('offerId');
      const badIds = await post('/ca/caweb/backend/checkFlightSchedule', { flightIds: [] });
      expect(badIds.data.fields[0].field).toBe('flightIds');
      const notJson = await t.app.inject({
        method: 'POST',
        url: '/api/travelsky/ibe/chooseFlight',
        headers: { ...t.headers(), 'content-type': 'application/json' },
        payload: '{"passengers":',
      });
      expect(notJson.statusCode).toBe(400);
    });
  });

  describe('offer expiry', () => {
    it('holds the price for 20 minutes, then answers 301', async () => {
      let clock = new Date();
      const moved = await createTestApp({ now: () => clock });
      try {
        const party: Party = [1, 0, 0];
        const out = await pick('KTI', 'BKK', addDays(today, 37), party);
        const r = await post('/travelsky/ibe/chooseFlight', { passengers: party, segments: [out] }, moved);
        expect(r.code).toBe('0');
        clock = new Date(clock.getTime() + 19 * 60_000);
        expect((await computePrice(r.data.offerId, null, moved)).code).toBe('0');
        clock = new Date(clock.getTime() + 2 * 60_000);
        const late = await computePrice(r.data.offerId, null, moved);
        expect(late.code).toBe('301');
        expect(
          (await post('/ca/caweb/backend/usePromoCode/queryCodeList', { offerId: r.data.offerId }, moved))
            .code,
        ).toBe('301');
        await expect(moved.app.pricing.getOffer(r.data.offerId)).rejects.toMatchObject({ code: '301' });
      } finally {
        await moved.close();
      }
      expect((await computePrice('00000000-0000-4000-8000-000000000000')).code).toBe('301');
      expect((await computePrice('not-an-offer')).code).toBe('301');
    });
  });

  describe('POST ibe/computePrice with promo codes', () => {
    const party: Party = [2, 1, 1];
    let usdOffer: Offer;

    beforeAll(async () => {
      usdOffer = await offerFor(party, await pick('KTI', 'BKK', addDays(today, 38), party, 'Grand'));
    });

    async function breakdown(offerId: string, code: string | null): Promise<PriceBreakdown> {
      const r = await computePrice(offerId, code);
      expect(r.code, r.message).toBe('0');
      return envelope(ZPriceBreakdown).parse(r).data;
    }

    it.each([
      ['NOSUCHCODE', 'promo.unknown'],
      ['OLDDEAL', 'promo.expired'],
      ['SOLDOUT', 'promo.used_up'],
      ['ANGKOR20', 'promo.route'],
      ['CNY50', 'promo.route'],
    ])('does not apply %s to a USD journey to Bangkok: %s', async (code, reason) => {
      const b = await breakdown(usdOffer.offerId, code);
      expect(b.promo).toEqual({ code, applied: false, reason });
      expect(b.discount.amount).toBe(0);
      expect(b.total.amount).toBe(usdOffer.total.amount);
    });

    it('refuses a code below its spend threshold with the amount to reach', async () => {
      await insertPromo({
        code: 'PTEST-MINSPEND',
        kind: 'percent',
        value: 10,
        currency: 'USD',
        minSpend: 10_000_000,
      });
      const b = await breakdown(usdOffer.offerId, 'ptest-minspend');
      expect(b.promo).toEqual({ code: 'PTEST-MINSPEND', applied: false, reason: 'promo.min_spend' });
      const { promo } = await t.app.pricing.priceBreakdown(usdOffer.offerId, 'PTEST-MINSPEND');
      expect(promo?.params).toEqual({ amount: '$100,000.00' });
    });

    it('takes WELCOME10 (10% of the fares, spend over USD 100) off, spread so the lines add up to the total', async () => {
      const b = await breakdown(usdOffer.offerId, 'welcome10');
      expect(b.promo).toEqual({ code: 'WELCOME10', applied: true, reason: null });
      expect(b.discount.amount).toBe(Math.round(b.fareTotal.amount * 0.1));
      expect(b.total.amount).toBe(usdOffer.total.amount - b.discount.amount);
      expect(b.taxTotal.amount + b.fareTotal.amount).toBe(usdOffer.total.amount);
      const { lines } = await t.app.pricing.priceBreakdown(usdOffer.offerId, 'WELCOME10');
      expect(linesTotal(lines, party)).toBe(b.total.amount);
      const discounts = lines.filter((l) => l.kind === 'discount');
      expect(discounts.every((l) => l.amount < 0 && l.code === 'WELCOME10')).toBe(true);
      expect(-linesTotal(discounts, party)).toBe(b.discount.amount);
    });

    it('rounds a percent discount over a return so the order still sums exactly (FLY5)', async () => {
      const p: Party = [3, 2, 1];
      const offer = await offerFor(
        p,
        await pick('KTI', 'BKK', addDays(today, 39), p, 'Value'),
        await pick('BKK', 'KTI', addDays(today, 42), p, 'Basic'),
      );
      const { breakdown: b, lines } = await t.app.pricing.priceBreakdown(offer.offerId, 'FLY5');
      expect(b.promo?.applied).toBe(true);
      const ideal = Math.round(b.fareTotal.amount * 0.05);
      expect(b.discount.amount).toBeLessThanOrEqual(ideal);
      expect(ideal - b.discount.amount).toBeLessThan(3);
      expect(linesTotal(lines, p)).toBe(b.total.amount);
      expect(b.total.amount).toBe(offer.total.amount - b.discount.amount);
      // Each passenger's discount is spread over both segments.
      expect(
        new Set(lines.filter((l) => l.kind === 'discount' && l.passengerType === 1).map((l) => l.segment)),
      ).toEqual(new Set([0, 1]));
    });

    it('takes ANGKOR20 (USD 20) off a Siem Reap return, and never more than 20 over three adults', async () => {
      const p: Party = [2, 1, 0];
      const out = await pick('KTI', 'SAI', addDays(today, 43), p, 'Grand');
      const back = await pick('SAI', 'KTI', addDays(today, 45), p, 'Grand');
      const offer = await offerFor(p, out, back);
      const { breakdown: b, lines } = await t.app.pricing.priceBreakdown(offer.offerId, 'ANGKOR20');
      expect(b.discount).toEqual({ amount: 2000, currency: 'USD' });
      expect(linesTotal(lines, p)).toBe(b.total.amount);

      const three: Party = [3, 0, 0];
      const offer3 = await offerFor(three, await pick('KTI', 'SAI', addDays(today, 44), three, 'Grand'));
      const r3 = await t.app.pricing.priceBreakdown(offer3.offerId, 'ANGKOR20');
      // 2000 cents cannot be split evenly over three identical tickets: each gets 666.
      expect(r3.breakdown.discount.amount).toBe(1998);
      expect(linesTotal(r3.lines, three)).toBe(r3.breakdown.total.amount);
    });

    it('takes CNY50 off a journey from China, in yuan', async () => {
      const p: Party = [1, 0, 0];
      const out = await pick('FOC', 'KTI', nextWeekday(addDays(today, 46), [1, 3, 5]), p);
      const offer = await offerFor(p, out);
      const b = await breakdown(offer.offerId, 'CNY50');
      expect(b.promo?.applied).toBe(true);
      expect(b.discount).toEqual({ amount: 5000, currency: 'CNY' });
      expect(b.total.amount).toBe(offer.total.amount - 5000);
      expect((await breakdown(offer.offerId, 'WELCOME10')).promo?.reason).toBe('promo.route');
    });

    it('counts uses atomically: never more than the usage limit, then used up', async () => {
      const code = `PTEST-LIMIT-${Date.now().toString(36).toUpperCase()}`;
      await insertPromo({ code, kind: 'percent', value: 5, usageLimit: 3 });
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          t.database.db.transaction((tx) => t.app.pricing.redeemPromo(tx, code)),
        ),
      );
      expect(results.filter(Boolean)).toHaveLength(3);
      const used = await t.database.pool.query(`select used_count from promo_codes where code = $1`, [code]);
      expect(used.rows[0].used_count).toBe(3);
      expect((await breakdown(usdOffer.offerId, code)).promo?.reason).toBe('promo.used_up');
      expect(await t.app.pricing.redeemPromo(t.database.db, 'NOSUCHCODE')).toBe(false);
    });
  });

  describe('POST usePromoCode/queryCodeList', () => {
    const codes = (r: Reply) => r.data.promotions.map((p: { code: string }) => p.code);

    it('lists the promotions valid now for the journey, its routes and its currency', async () => {
      const bkk = await offerFor([1, 0, 0], await pick('KTI', 'BKK', addDays(today, 47), [1, 0, 0]));
      const r = await post('/ca/caweb/backend/usePromoCode/queryCodeList', { offerId: bkk.offerId });
      expect(r.code).toBe('0');
      expect(codes(r)).toEqual(expect.arrayContaining(['WELCOME10', 'FLY5']));
      for (const gone of ['ANGKOR20', 'CNY50', 'SOLDOUT', 'OLDDEAL']) expect(codes(r)).not.toContain(gone);
      const welcome = r.data.promotions.find((p: { code: string }) => p.code === 'WELCOME10');
      expect(welcome).toMatchObject({
        kind: 'percent',
        value: 10,
        minSpend: { amount: 10_000, currency: 'USD' },
      });
      expect(welcome.title.km).toMatch(KHMER);

      const sai = await offerFor([1, 0, 0], await pick('KTI', 'SAI', addDays(today, 47), [1, 0, 0]));
      const rs = await post('/ca/caweb/backend/usePromoCode/queryCodeList', { offerId: sai.offerId });
      expect(codes(rs)).toEqual(expect.arrayContaining(['ANGKOR20', 'FLY5', 'WELCOME10']));

      const foc = await offerFor(
        [1, 0, 0],
        await pick('FOC', 'KTI', nextWeekday(addDays(today, 48), [1, 3, 5]), [1, 0, 0]),
      );
      const rf = await post('/ca/caweb/backend/usePromoCode/queryCodeList', { offerId: foc.offerId });
      expect(codes(rf)).toEqual(expect.arrayContaining(['CNY50', 'FLY5']));
      expect(codes(rf)).not.toContain('WELCOME10');
      expect(codes(rf)).not.toContain('ANGKOR20');
    });
  });

  describe('fare rules', () => {
    it('gives one family of a route (getTicketRuleInfo) in three languages with the spec fees', async () => {
      const r = await get(
        '/ca/caweb/backend/userInfo/getTicketRuleInfo?depCode=KTI&arrCode=BKK&family=Basic',
      );
      expect(r.code).toBe('0');
      const { rules } = ZFareRuleList.parse(r.data);
      expect(rules).toHaveLength(1);
      const basic = rules[0]!;
      expect(basic).toMatchObject({ id: 'KTI-BKK:Basic', family: 'Basic', currency: 'USD' });
      expect(basic.conditions).toEqual(fareConditions('Basic', 'USD', KH_TO_TH));
      for (const lang of ['zh', 'en', 'km'] as const) {
        expect(basic.text.change[lang]).toContain('$50.00');
        expect(basic.text.refund[lang]).toContain('$50.00');
        expect(basic.text.noShow[lang]).toContain('$30.00');
        expect(basic.text.nameCorrection[lang]).toContain('$30.00');
      }
      expect(basic.text.change.zh).toMatch(/更改费/);
      expect(basic.text.change.km).toMatch(KHMER);
      expect(basic.text.baggage.en).toBe('7 kg carry-on, 20 kg checked');
      expect(basic.text.baggage.km).toMatch(KHMER);
    });

    it('lists every family of a route (getFatherRuleListByPlace): Grand refund 30, Value not changeable nor refundable', async () => {
      const r = await get('/ca/caweb/backend/getFatherRuleListByPlace?depCode=KTI&arrCode=BKK');
      const rules = ZFareRuleList.parse(r.data).rules;
      expect(rules.map((x) => x.family)).toEqual(['WingsFlex', 'Premium', 'Grand', 'Basic', 'Value']);
      const by = (f: string) => rules.find((x) => x.family === f)!;
      expect(by('Grand').text.refund.en).toBe('Refund fee $30.00 per passenger');
      expect(by('Grand').text.change.en).toMatch(/free/i);
      expect(by('Premium').text.refund.en).toMatch(/free/i);
      expect(by('Value').text.change.en).toBe('Not changeable');
      expect(by('Value').text.refund.en).toBe('Not refundable');
      expect(by('Value').text.refund.zh).toBe('不可退票');
      expect(by('Value').text.refund.km).toMatch(KHMER);
    });

    it('files China-origin rules in yuan: Basic change 350, no-show and name correction 210, nothing refundable', async () => {
      const r = await get('/ca/caweb/backend/getFatherRuleListByPlace?depCode=FOC&arrCode=KTI');
      const rules = ZFareRuleList.parse(r.data).rules;
      expect(rules.every((x) => x.currency === 'CNY' && !x.conditions.refund.allowed)).toBe(true);
      expect(
        rules.every((x) => x.text.refund.en === 'Not refundable (routes to or from mainland China)'),
      ).toBe(true);
      const basic = rules.find((x) => x.family === 'Basic')!;
      expect(basic.text.change.en).toContain('¥350.00');
      expect(basic.text.noShow.en).toContain('¥210.00');
      expect(basic.text.nameCorrection.km).toContain('¥210.00');
    });

    // Issue 10 item 24: search, the fare rules, the priced offer and the refund rule agree on
    // China routes, to or from mainland China alike (docs/decisions.md).
    it.each([
      ['to China, priced in dollars', 'KTI', 'CAN', 'USD', { depCountry: 'KH', arrCountry: 'CN' }],
      ['from China, priced in yuan', 'CAN', 'KTI', 'CNY', { depCountry: 'CN', arrCountry: 'KH' }],
      ['neither end in China', 'KTI', 'BKK', 'USD', { depCountry: 'KH', arrCountry: 'TH' }],
      ['Hong Kong, not mainland China', 'KTI', 'HKG', 'USD', { depCountry: 'KH', arrCountry: 'HK' }],
    ] as const)(
      'route %s: search, fare rules, offer and refund rule say the same for every family',
      async (_n, dep, arr, currency, countries) => {
        const date = addDays(today, 40);
        const search = await post('/travelsky/ibe/queryFlight', {
          depCode: dep,
          arrCode: arr,
          depDate: date,
          passengers: [1, 0, 0],
        });
        expect(search.code, search.message).toBe('0');
        const shown = new Map<string, unknown>();
        for (const f of search.data.flights)
          for (const fare of f.fares) shown.set(fare.family, fare.conditions);
        expect(shown.size).toBeGreaterThan(0);

        const rules = ZFareRuleList.parse(
          (await get(`/ca/caweb/backend/getFatherRuleListByPlace?depCode=${dep}&arrCode=${arr}`)).data,
        ).rules;
        expect(rules.map((x) => x.family)).toEqual(FARE_FAMILY_NAMES);
        for (const rule of rules) {
          const family = rule.family as FareFamily;
          const expected = refundRule(family, currency, countries);
          expect(rule.currency).toBe(currency);
          expect(rule.conditions.refund, `${family} rule`).toEqual({
            allowed: expected.refundable,
            fee: expected.fee,
            reason: expected.reason,
          });
          if (shown.has(family)) expect(shown.get(family), `${family} in search`).toEqual(rule.conditions);
          if (expected.reason === 'china_route') {
            expect(rule.text.refund.en).toBe('Not refundable (routes to or from mainland China)');
            expect(rule.text.refund.zh).toContain('中国大陆');
            expect(rule.text.refund.km).toMatch(KHMER);
          }
        }

        const china = countries.depCountry === 'CN' || countries.arrCountry === 'CN';
        const rule = (f: FareFamily) => rules.find((x) => x.family === f)!;
        expect(rule('Basic').conditions.refund.allowed).toBe(!china);
        // Change and the other fees stay those of the journey's origin.
        expect(rule('Basic').conditions.change.fee).toEqual(
          currency === 'USD' ? { amount: 5000, currency: 'USD' } : { amount: 35000, currency: 'CNY' },
        );

        const first = search.data.flights.find((f: { fares: unknown[] }) => f.fares.length > 0);
        const offer = await offerFor([1, 0, 0], {
          flightId: first.flightId,
          bookingClass: first.fares[0].bookingClass,
          family: first.fares[0].family,
          arrTime: first.arrTime,
        });
        expect(offer.segments[0]!.conditions).toEqual(rule(first.fares[0].family).conditions);
      },
    );

    it('reads one rule by id (getRuleManageById, queryOne/{id}); unknown ids and routes are refused', async () => {
      const a = await get('/ca/caweb/backend/getRuleManageById?id=KTI-BKK:Grand');
      expect(a.code).toBe('0');
      expect(a.data.id).toBe('KTI-BKK:Grand');
      const b = await get(`/ca/caweb/backend/queryOne/${encodeURIComponent('KTI-BKK:Grand')}`);
      expect(b.data).toEqual(a.data);
      expect((await get('/ca/caweb/backend/queryOne/KTI-BKK:Cheap')).status).toBe(404);
      expect((await get('/ca/caweb/backend/getRuleManageById?id=KTI-XXX:Basic')).code).toBe('404');
      expect((await get('/ca/caweb/backend/getFatherRuleListByPlace?depCode=KTI&arrCode=XXX')).code).toBe(
        '205',
      );
      const bad = await get('/ca/caweb/backend/getFatherRuleListByPlace?depCode=KT&arrCode=BKK');
      expect(bad.status).toBe(400);
      expect(bad.data.fields[0].field).toBe('depCode');
      const badFamily = await get(
        '/ca/caweb/backend/userInfo/getTicketRuleInfo?depCode=KTI&arrCode=BKK&family=Cheap',
      );
      expect(badFamily.data.fields[0].field).toBe('family');
    });
  });
});
