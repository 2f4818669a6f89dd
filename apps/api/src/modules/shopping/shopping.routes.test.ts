import {
  envelope,
  FARE_FAMILY_NAMES,
  ZCheckCalendarResponse,
  ZGetAirportResponse,
  ZGetFlightByDepartCityResponse,
  ZPriceCalendarResponse,
  ZQueryFlightResponse,
  ZRouteInfoResponse,
} from '@wings/contracts';
import { addDays, fareConditions, isoWeekday, localDate, zonedTimeToUtc } from '@wings/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { aPrivateFlight } from '../../../test/scenarios';

const PP = 'Asia/Phnom_Penh';
const KHMER = /[\u1780-\u17FF]/;

/** The next date on or after `from` falling on one of the ISO weekdays. */
function nextWeekday(from: string, days: number[]): string {
  let d = from;
  while (!days.includes(isoWeekday(d))) d = addDays(d, 1);
  return d;
}

interface Reply {
  code: string;
  message: string;
  // biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field
  data: any;
}

describe('flight search (spec §7, issue 2 §4)', () => {
  const clock = new Date();
  const today = localDate(clock, PP);
  const d30 = addDays(today, 30);
  let t: TestApp;

  async function post(url: string, payload: unknown, app = t): Promise<Reply & { status: number }> {
    const res = await app.app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: app.headers(),
      payload: payload as object,
    });
    return { status: res.statusCode, ...res.json() };
  }
  async function get(url: string): Promise<Reply & { status: number }> {
    const res = await t.app.inject({ method: 'GET', url: `/api${url}`, headers: t.headers() });
    return { status: res.statusCode, ...res.json() };
  }
  const query = (body: Record<string, unknown>) => post('/travelsky/ibe/queryFlight', body);
  const queryReturn = (body: Record<string, unknown>) => post('/travelsky/ibe/queryFlightReturn', body);

  /**
   * A KTI-FOC flight of the test's own with `left` seats in each cabin (all open when null), on a
   * date in the search window when no other KTI-FOC flight operates (or on `date`, beside another
   * of the test's own).
   */
  function ownFlight(left: { C: number; Y: number } | null, opts: { date?: string; depTime?: string } = {}) {
    return aPrivateFlight(t, {
      from: 'KTI',
      to: 'FOC',
      ...(opts.date ? { date: opts.date } : { searchable: 'alone' as const }),
      ...(opts.depTime ? { depTime: opts.depTime } : {}),
      ...(left ? { cabins: { C: { seatsLeft: left.C }, Y: { seatsLeft: left.Y } } } : {}),
    });
  }

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(() => t.close());

  describe('GET ibe/getAirport', () => {
    it('lists the network, the hub first, with names in zh, en and Khmer script', async () => {
      const r = await get('/travelsky/ibe/getAirport');
      expect(r.code).toBe('0');
      const airports = r.data.airports;
      expect(airports.length).toBeGreaterThanOrEqual(12);
      expect(airports[0]).toMatchObject({
        code: 'KTI',
        isHub: true,
        timeZone: 'Asia/Phnom_Penh',
        country: 'KH',
      });
      for (const code of ['SAI', 'KOS', 'BKK', 'MFM', 'FOC', 'CAN', 'PVG', 'HKG', 'SGN', 'SIN', 'KUL']) {
        expect(airports.map((a: { code: string }) => a.code)).toContain(code);
      }
      for (const a of airports) {
        expect(a.name.km).toMatch(KHMER);
        expect(a.city.km).toMatch(KHMER);
        expect(a.name.zh).toMatch(/[\u4e00-\u9fff]/);
      }
      expect(airports.find((a: { code: string }) => a.code === 'PVG').timeZone).toBe('Asia/Shanghai');
    });
  });

  describe('GET ibe/getFlightByDepartCity/{code}', () => {
    it('lists the destinations of the hub, each with return service', async () => {
      const r = await get('/travelsky/ibe/getFlightByDepartCity/kti');
      expect(r.code).toBe('0');
      expect(r.data.depCode).toBe('KTI');
      const codes = r.data.destinations.map((d: { code: string }) => d.code);
      expect(codes).toEqual(expect.arrayContaining(['SAI', 'KOS', 'BKK', 'MFM', 'FOC', 'PVG']));
      expect(r.data.destinations.every((d: { roundTrip: boolean }) => d.roundTrip)).toBe(true);
    });

    it('marks the one-way Siem Reap → Sihanoukville line as without return service', async () => {
      const r = await get('/travelsky/ibe/getFlightByDepartCity/SAI');
      const kos = r.data.destinations.find((d: { code: string }) => d.code === 'KOS');
      expect(kos.roundTrip).toBe(false);
      expect(r.data.destinations.find((d: { code: string }) => d.code === 'KTI').roundTrip).toBe(true);
    });

    it('answers route_not_found for an unknown airport and 400 for a malformed code', async () => {
      expect((await get('/travelsky/ibe/getFlightByDepartCity/XYZ')).code).toBe('205');
      const bad = await get('/travelsky/ibe/getFlightByDepartCity/12');
      expect(bad.code).toBe('400');
      expect(bad.data.fields[0].field).toBe('code');
    });
  });

  describe('POST ibe/queryFlight', () => {
    it('offers KTI → BKK flights with local times, duration and the lowest open class per family', async () => {
      const r = await query({
        depCode: 'KTI',
        arrCode: 'BKK',
        depDate: d30,
        passengers: [2, 0, 1],
        tripType: 0,
      });
      expect(r.code).toBe('0');
      expect(r.data).toMatchObject({ depCode: 'KTI', arrCode: 'BKK', depDate: d30, currency: 'USD' });
      // The reply is written without runtime validation (see shopping.routes.ts): prove it fits the contract.
      expect(envelope(ZQueryFlightResponse).safeParse(r).success).toBe(true);
      const [first, second] = r.data.flights;
      expect(first.flightNo).toBe('WC201');
      expect(first.depTime).toBe(`${d30}T08:30:00+07:00`);
      expect(first.arrTime).toBe(`${d30}T09:45:00+07:00`);
      expect(first.durationMinutes).toBe(75);
      expect(first.aircraft).toBe('Airbus A321');
      expect(second.flightNo).toBe('WC203');
      expect(first.fares.map((f: { family: string }) => f.family)).toEqual(FARE_FAMILY_NAMES);
      const prices = first.fares.map((f: { adultPrice: { amount: number } }) => f.adultPrice.amount);
      expect([...prices].sort((a, b) => b - a)).toEqual(prices);
      for (const f of first.fares) {
        expect(f.adultPrice.currency).toBe('USD');
        expect(f.childPrice.amount).toBe(Math.round(f.adultPrice.amount * 0.75));
        expect(f.infantPrice.amount).toBe(Math.round(f.adultPrice.amount * 0.1));
        expect(f.seatsLeft).toBe(f.cabin === 'Y' ? 9 : 6); // A321 business: 12 seats, O limited to half
        expect(f.conditions).toEqual(fareConditions(f.family, 'USD', { depCountry: 'KH', arrCountry: 'TH' }));
      }
      expect(first.fares[0]).toMatchObject({ family: 'WingsFlex', cabin: 'C', bookingClass: 'O' });
    });

    it('shows times at each airport in its own zone', async () => {
      const r = await query({ depCode: 'KTI', arrCode: 'HKG', depDate: d30 });
      expect(r.data.flights[0].depTime).toBe(`${d30}T10:05:00+07:00`);
      expect(r.data.flights[0].arrTime).toMatch(/\+08:00$/);
    });

    it('prices China-origin journeys in CNY with the China fee table', async () => {
      const date = nextWeekday(d30, [1, 3, 5]);
      const r = await query({ depCode: 'FOC', arrCode: 'KTI', depDate: date });
      expect(r.code).toBe('0');
      expect(r.data.currency).toBe('CNY');
      for (const f of r.data.flights[0].fares) {
        expect(f.adultPrice.currency).toBe('CNY');
        expect(f.conditions.refund.allowed).toBe(false);
      }
    });

    // Issue 10 item 24: no refund on a route to or from mainland China, whatever the family or
    // the journey's currency; other routes keep the origin's fee table (docs/decisions.md).
    it.each([
      ['to China', 'KTI', 'CAN', 'USD', true],
      ['from China', 'CAN', 'KTI', 'CNY', true],
      ['neither end in China', 'KTI', 'BKK', 'USD', false],
      ['Hong Kong (not mainland China)', 'KTI', 'HKG', 'USD', false],
    ] as const)(
      'shows the refund rule of a route %s for every family',
      async (_n, dep, arr, currency, china) => {
        const r = await query({ depCode: dep, arrCode: arr, depDate: d30, passengers: [1, 0, 0] });
        expect(r.code, r.message).toBe('0');
        expect(envelope(ZQueryFlightResponse).safeParse(r).success).toBe(true);
        const countries = {
          depCountry: dep === 'CAN' ? 'CN' : 'KH',
          arrCountry: arr === 'CAN' ? 'CN' : arr === 'BKK' ? 'TH' : arr === 'HKG' ? 'HK' : 'KH',
        };
        const families = new Set<string>();
        for (const flight of r.data.flights) {
          for (const f of flight.fares) {
            families.add(f.family);
            expect(f.conditions, `${f.family}`).toEqual(fareConditions(f.family, currency, countries));
            if (china)
              expect(f.conditions.refund, f.family).toEqual({
                allowed: false,
                fee: null,
                reason: 'china_route',
              });
          }
        }
        expect(families.size).toBeGreaterThanOrEqual(4);
        if (!china) {
          const basic = r.data.flights
            .flatMap((f: { fares: unknown[] }) => f.fares)
            .find((f: { family: string }) => f.family === 'Basic');
          expect(basic.conditions.refund).toEqual({
            allowed: true,
            fee: { amount: 5000, currency },
            reason: null,
          });
        }
      },
    );

    it('shows no refund on the way back from China either (the return leg of a journey from Phnom Penh)', async () => {
      const back = await queryReturn({
        depCode: 'KTI',
        arrCode: 'CAN',
        depDate: d30,
        retDate: addDays(d30, 3),
      });
      expect(back.code, back.message).toBe('0');
      expect(back.data).toMatchObject({ depCode: 'CAN', arrCode: 'KTI', currency: 'USD' });
      const fares = back.data.flights.flatMap((f: { fares: unknown[] }) => f.fares);
      expect(fares.length).toBeGreaterThan(0);
      for (const f of fares)
        expect(f.conditions.refund).toEqual({ allowed: false, fee: null, reason: 'china_route' });
    });

    it('accepts a return trip on a route flown both ways', async () => {
      const r = await query({
        depCode: 'KTI',
        arrCode: 'BKK',
        depDate: d30,
        tripType: 1,
        retDate: addDays(d30, 5),
      });
      expect(r.code).toBe('0');
    });

    it('answers CAC2112 for a return trip on the one-way line', async () => {
      const date = nextWeekday(d30, [2, 4, 6]);
      const r = await query({
        depCode: 'SAI',
        arrCode: 'KOS',
        depDate: date,
        tripType: 1,
        retDate: addDays(date, 3),
      });
      expect(r.code).toBe('CAC2112');
      expect(r.message).toBeTruthy();
      const oneWay = await query({ depCode: 'SAI', arrCode: 'KOS', depDate: date, tripType: 0 });
      expect(oneWay.code).toBe('0');
    });

    it('answers route_not_found for a city pair that is not flown, or an unknown airport', async () => {
      expect((await query({ depCode: 'KOS', arrCode: 'SAI', depDate: d30 })).code).toBe('205');
      expect((await query({ depCode: 'XXX', arrCode: 'BKK', depDate: d30 })).code).toBe('205');
    });

    it('answers 204 when no flight operates that day', async () => {
      const date = nextWeekday(d30, [2]); // KTI-FOC flies Monday, Wednesday, Friday
      const r = await query({ depCode: 'KTI', arrCode: 'FOC', depDate: date });
      expect(r.code).toBe('204');
      expect(r.status).toBe(200);
    });

    it('answers 610 when flights operate but none has seats for the party', async () => {
      const date = (await ownFlight({ C: 0, Y: 3 })).depLocalDate;
      const full = await query({ depCode: 'KTI', arrCode: 'FOC', depDate: date, passengers: [4, 0, 0] });
      expect(full.code).toBe('610');
      const fits = await query({ depCode: 'KTI', arrCode: 'FOC', depDate: date, passengers: [2, 1, 2] });
      expect(fits.code).toBe('0');
      expect(fits.data.flights[0].fares.every((f: { seatsLeft: number }) => f.seatsLeft === 3)).toBe(true);
    });

    it('counts only seated passengers against seats, and keeps a full flight listed without fares', async () => {
      const nineLeft = await ownFlight({ C: 0, Y: 9 });
      const nine = await query({
        depCode: 'KTI',
        arrCode: 'FOC',
        depDate: nineLeft.depLocalDate,
        passengers: [5, 4, 3],
      });
      expect(nine.code).toBe('0');
      expect(nine.data.flights[0].fares.length).toBeGreaterThan(0);

      const fullOne = await ownFlight({ C: 0, Y: 0 }, { depTime: '07:00' });
      const date = fullOne.depLocalDate;
      const openOne = await ownFlight(null, { date, depTime: '12:30' });
      const r = await query({ depCode: 'KTI', arrCode: 'FOC', depDate: date });
      expect(r.code).toBe('0');
      const full = r.data.flights.find((f: { flightNo: string }) => f.flightNo === fullOne.flightNo);
      expect(full.fares).toEqual([]);
      expect(
        r.data.flights.find((f: { flightNo: string }) => f.flightNo === openOne.flightNo).fares.length,
      ).toBeGreaterThan(0);

      const allFull = await ownFlight({ C: 0, Y: 0 });
      const none = await query({ depCode: 'KTI', arrCode: 'FOC', depDate: allFull.depLocalDate });
      expect(none.code).toBe('610');
    });

    it('leaves out flights that have already departed', async () => {
      const date = addDays(today, 10);
      const noon = zonedTimeToUtc(date, '12:00', PP);
      const later = await createTestApp({ now: () => noon });
      try {
        const r = await post(
          '/travelsky/ibe/queryFlight',
          { depCode: 'KTI', arrCode: 'BKK', depDate: date },
          later,
        );
        expect(r.code).toBe('0');
        expect(r.data.flights.map((f: { flightNo: string }) => f.flightNo)).toEqual(['WC203']);
        const evening = zonedTimeToUtc(date, '23:00', PP);
        const gone = await createTestApp({ now: () => evening });
        try {
          const none = await post(
            '/travelsky/ibe/queryFlight',
            { depCode: 'KTI', arrCode: 'BKK', depDate: date },
            gone,
          );
          expect(none.code).toBe('204');
        } finally {
          await gone.close();
        }
      } finally {
        await later.close();
      }
    });

    describe('refuses a request that breaks the search rules, naming the field', () => {
      const cases: [string, Record<string, unknown>, string, string?][] = [
        ['a missing departure date', { depCode: 'KTI', arrCode: 'BKK' }, 'depDate'],
        ['an impossible date', { depCode: 'KTI', arrCode: 'BKK', depDate: '2027-02-30' }, 'depDate'],
        ['a date in another format', { depCode: 'KTI', arrCode: 'BKK', depDate: '01/12/2027' }, 'depDate'],
        ['a missing arrival', { depCode: 'KTI', depDate: '2027-01-01' }, 'arrCode'],
        [
          'a past date',
          { depCode: 'KTI', arrCode: 'BKK', depDate: addDays(today, -1) },
          'depDate',
          'search.date_past',
        ],
        [
          'a date 181 days ahead',
          { depCode: 'KTI', arrCode: 'BKK', depDate: addDays(today, 181) },
          'depDate',
          'search.date_too_far',
        ],
        [
          'a return before the outbound',
          { depCode: 'KTI', arrCode: 'BKK', depDate: d30, tripType: 1, retDate: addDays(d30, -1) },
          'retDate',
          'search.return_before_outbound',
        ],
        [
          'a return trip without return date',
          { depCode: 'KTI', arrCode: 'BKK', depDate: d30, tripType: 1 },
          'retDate',
          'search.return_date_required',
        ],
        [
          'more infants than adults',
          { depCode: 'KTI', arrCode: 'BKK', depDate: d30, passengers: [1, 0, 2] },
          'passengers',
          'search.infants_exceed_adults',
        ],
        [
          'ten seated passengers',
          { depCode: 'KTI', arrCode: 'BKK', depDate: d30, passengers: [5, 5, 0] },
          'passengers',
          'search.too_many_passengers',
        ],
        [
          'no adult',
          { depCode: 'KTI', arrCode: 'BKK', depDate: d30, passengers: [0, 1, 0] },
          'passengers',
          'search.adult_required',
        ],
        [
          'the same city twice',
          { depCode: 'KTI', arrCode: 'kti', depDate: d30 },
          'arrCode',
          'search.same_city',
        ],
        // 2 is the spec's round trip (§3; issue 10 item 21); 3 is no trip type.
        ['a bad trip type', { depCode: 'KTI', arrCode: 'BKK', depDate: d30, tripType: 3 }, 'tripType'],
        [
          'a negative count',
          { depCode: 'KTI', arrCode: 'BKK', depDate: d30, passengers: [1, -1, 0] },
          'passengers.1',
        ],
      ];
      it.each(cases)('%s', async (_name, body, field, key) => {
        const r = await query(body);
        expect(r.code).toBe('400');
        expect(r.data.fields.map((f: { field: string }) => f.field)).toContain(field);
        if (key) expect(r.data.fields.map((f: { key: string }) => f.key)).toContain(key);
        expect(r.message).toBeTruthy();
      });

      it('accepts a date exactly 180 days ahead', async () => {
        const r = await query({ depCode: 'KTI', arrCode: 'BKK', depDate: addDays(today, 180) });
        expect(r.code).toBe('0');
      });

      it('accepts today', async () => {
        const r = await query({ depCode: 'KTI', arrCode: 'SAI', depDate: today });
        expect(['0', '204']).toContain(r.code);
      });

      it('answers a body that is not JSON with 400, not 500', async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/travelsky/ibe/queryFlight',
          headers: { ...t.headers(), 'content-type': 'application/json' },
          payload: '{"depCode":',
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('400');
      });
    });
  });

  describe('POST ibe/queryFlightReturn', () => {
    it('lists the return leg, arrCode → depCode on the return date', async () => {
      const ret = addDays(d30, 4);
      const r = await queryReturn({
        depCode: 'KTI',
        arrCode: 'BKK',
        depDate: d30,
        retDate: ret,
        passengers: [2, 0, 1],
      });
      expect(r.code).toBe('0');
      expect(r.data).toMatchObject({ depCode: 'BKK', arrCode: 'KTI', depDate: ret, currency: 'USD' });
      expect(envelope(ZQueryFlightResponse).safeParse(r).success).toBe(true);
      expect(r.data.flights[0].flightNo).toBe('WC202');
      expect(r.data.flights[0].depTime).toBe(`${ret}T10:50:00+07:00`);
    });

    it('leaves out return flights leaving before the outbound lands', async () => {
      const out = await query({ depCode: 'KTI', arrCode: 'BKK', depDate: d30 });
      const arrival = out.data.flights[0].arrTime; // 09:45
      const r = await queryReturn({
        depCode: 'KTI',
        arrCode: 'BKK',
        depDate: d30,
        retDate: d30,
        outboundArrTime: arrival,
      });
      expect(r.code).toBe('0');
      for (const f of r.data.flights) expect(Date.parse(f.depTime)).toBeGreaterThan(Date.parse(arrival));
    });

    it('prices the return leg in the currency of the journey origin', async () => {
      const date = nextWeekday(d30, [1]);
      const fromChina = await queryReturn({
        depCode: 'FOC',
        arrCode: 'KTI',
        depDate: date,
        retDate: addDays(date, 2),
      });
      expect(fromChina.code).toBe('0');
      expect(fromChina.data).toMatchObject({ depCode: 'KTI', arrCode: 'FOC', currency: 'CNY' });
      const fromHub = await queryReturn({
        depCode: 'KTI',
        arrCode: 'FOC',
        depDate: date,
        retDate: addDays(date, 2),
      });
      expect(fromHub.data.currency).toBe('USD');
    });

    it('answers CAC2112 on the one-way line and refuses a return before the outbound', async () => {
      const date = nextWeekday(d30, [2, 4, 6]);
      expect(
        (await queryReturn({ depCode: 'SAI', arrCode: 'KOS', depDate: date, retDate: addDays(date, 2) }))
          .code,
      ).toBe('CAC2112');
      const early = await queryReturn({
        depCode: 'KTI',
        arrCode: 'BKK',
        depDate: d30,
        retDate: addDays(d30, -2),
      });
      expect(early.code).toBe('400');
      expect(early.data.fields[0].field).toBe('retDate');
      expect((await queryReturn({ depCode: 'KTI', arrCode: 'BKK', depDate: d30 })).code).toBe('400');
    });
  });

  describe('price calendars', () => {
    it('gives the lowest adult fare per day of a month, null outside the window', async () => {
      const month = today.slice(0, 7);
      const r = await post('/ca/caweb/backend/price/getPriceCalendar', {
        depCode: 'KTI',
        arrCode: 'BKK',
        month,
      });
      expect(r.code).toBe('0');
      expect(r.data.days[0].date).toBe(`${month}-01`);
      for (const day of r.data.days) {
        if (day.date < today) expect(day.lowestPrice).toBeNull();
      }
      const later = await post('/ca/caweb/backend/price/getPriceCalendar', {
        depCode: 'KTI',
        arrCode: 'BKK',
        month: d30.slice(0, 7),
      });
      const day = later.data.days.find((d: { date: string }) => d.date === d30);
      const flights = await query({ depCode: 'KTI', arrCode: 'BKK', depDate: d30 });
      const lowest = Math.min(
        ...flights.data.flights.flatMap((f: { fares: { adultPrice: { amount: number } }[] }) =>
          f.fares.map((x) => x.adultPrice.amount),
        ),
      );
      expect(day.lowestPrice).toEqual({ amount: lowest, currency: 'USD' });
    });

    it('is null on days without flights and in CNY from China', async () => {
      const month = addDays(today, 40).slice(0, 7);
      const r = await post('/ca/caweb/backend/price/getPriceCalendar', {
        depCode: 'FOC',
        arrCode: 'KTI',
        month,
      });
      const priced = r.data.days.filter((d: { lowestPrice: unknown }) => d.lowestPrice !== null);
      expect(priced.length).toBeGreaterThan(0);
      for (const d of priced) {
        expect([1, 3, 5]).toContain(isoWeekday(d.date));
        expect(d.lowestPrice.currency).toBe('CNY');
      }
    });

    it('is all null for a month beyond the search window', async () => {
      const month = addDays(today, 220).slice(0, 7);
      const r = await post('/ca/caweb/backend/price/getPriceCalendar', {
        depCode: 'KTI',
        arrCode: 'BKK',
        month,
      });
      expect(r.data.days.every((d: { lowestPrice: unknown }) => d.lowestPrice === null)).toBe(true);
    });

    it('refuses a bad month, the same city twice and an unknown route', async () => {
      const url = '/ca/caweb/backend/price/getPriceCalendar';
      expect((await post(url, { depCode: 'KTI', arrCode: 'BKK', month: '2027-13' })).code).toBe('400');
      expect((await post(url, { depCode: 'KTI', arrCode: 'KTI', month: '2027-01' })).code).toBe('400');
      expect((await post(url, { depCode: 'KOS', arrCode: 'SAI', month: '2027-01' })).code).toBe('205');
    });

    it('gives the chosen day and three days either side', async () => {
      const url = '/ca/caweb/backend/price/getAroundPriceCalendar';
      const r = await post(url, { depCode: 'KTI', arrCode: 'BKK', depDate: d30, passengers: [1, 0, 0] });
      expect(r.code).toBe('0');
      expect(r.data.days.map((d: { date: string }) => d.date)).toEqual(
        [-3, -2, -1, 0, 1, 2, 3].map((n) => addDays(d30, n)),
      );
      expect(r.data.days.every((d: { lowestPrice: unknown }) => d.lowestPrice !== null)).toBe(true);
      const atStart = await post(url, { depCode: 'KTI', arrCode: 'BKK', depDate: today });
      expect(
        atStart.data.days.slice(0, 3).every((d: { lowestPrice: unknown }) => d.lowestPrice === null),
      ).toBe(true);
    });

    it('tells the bookable window of a route', async () => {
      const url = '/ca/caweb/backend/price/checkCalendarIsYear';
      const r = await post(url, { depCode: 'KTI', arrCode: 'BKK' });
      expect(r.code).toBe('0');
      expect(r.data).toEqual({
        isYear: true,
        firstDate: today,
        lastDate: addDays(today, 180),
        windowDays: 180,
      });
      expect((await post(url, { depCode: 'KOS', arrCode: 'SAI' })).code).toBe('205');
    });
  });

  describe('GET flightinfo/selectByFlight/{route}', () => {
    it('gives time difference in hours, distance and block time', async () => {
      const bkk = await get('/travelsky/flightinfo/selectByFlight/KTI-BKK');
      expect(bkk.code).toBe('0');
      expect(bkk.data).toMatchObject({
        route: 'KTI-BKK',
        depCode: 'KTI',
        arrCode: 'BKK',
        timediff: 0,
        durationMinutes: 75,
      });
      expect(bkk.data.distanceKm).toBeGreaterThan(480);
      expect(bkk.data.distanceKm).toBeLessThan(560);
      expect(bkk.data.distanceMiles).toBe(Math.round(bkk.data.distanceKm / 1.609344));
      expect((await get('/travelsky/flightinfo/selectByFlight/KTI-PVG')).data.timediff).toBe(1);
      expect((await get('/travelsky/flightinfo/selectByFlight/PVG-KTI')).data.timediff).toBe(-1);
    });

    it('answers route_not_found for a route not flown', async () => {
      expect((await get('/travelsky/flightinfo/selectByFlight/KOS-SAI')).code).toBe('205');
    });

    it('names the route parameter when it is malformed', async () => {
      const body = await get('/travelsky/flightinfo/selectByFlight/nonsense');
      expect(body.code).toBe('400');
      expect(body.message).toContain('ORIGIN-DESTINATION');
    });
  });

  it('writes every reply of the module within its contract (the fast serializer checks nothing)', async () => {
    const calls: [string, () => Promise<Reply>, z.ZodType][] = [
      ['getAirport', () => get('/travelsky/ibe/getAirport'), ZGetAirportResponse],
      [
        'getFlightByDepartCity',
        () => get('/travelsky/ibe/getFlightByDepartCity/KTI'),
        ZGetFlightByDepartCityResponse,
      ],
      [
        'queryFlight',
        // A daily China route (fares in CNY): a route of some weekdays only (KTI-PVG) has no
        // flight on d30 on three days of seven.
        () => query({ depCode: 'KTI', arrCode: 'CAN', depDate: d30, passengers: [1, 1, 1] }),
        ZQueryFlightResponse,
      ],
      [
        'queryFlightReturn',
        () => queryReturn({ depCode: 'KTI', arrCode: 'BKK', depDate: d30, retDate: addDays(d30, 3) }),
        ZQueryFlightResponse,
      ],
      [
        'getPriceCalendar',
        () =>
          post('/ca/caweb/backend/price/getPriceCalendar', {
            depCode: 'KTI',
            arrCode: 'BKK',
            month: d30.slice(0, 7),
          }),
        ZPriceCalendarResponse,
      ],
      [
        'getAroundPriceCalendar',
        () =>
          post('/ca/caweb/backend/price/getAroundPriceCalendar', {
            depCode: 'KTI',
            arrCode: 'BKK',
            depDate: d30,
          }),
        ZPriceCalendarResponse,
      ],
      [
        'checkCalendarIsYear',
        () => post('/ca/caweb/backend/price/checkCalendarIsYear', { depCode: 'KTI', arrCode: 'BKK' }),
        ZCheckCalendarResponse,
      ],
      ['selectByFlight', () => get('/travelsky/flightinfo/selectByFlight/KTI-PVG'), ZRouteInfoResponse],
    ];
    for (const [name, call, schema] of calls) {
      const { status: _status, ...reply } = (await call()) as Reply & { status: number };
      expect(reply.code, name).toBe('0');
      // Parsing keeps exactly what the contract names: nothing more, nothing less, nothing retyped.
      expect(envelope(schema).parse(reply), name).toEqual(reply);
    }
  });

  it('needs an access token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/travelsky/ibe/getAirport' });
    expect(res.json().code).toBe('2000');
  });
});
