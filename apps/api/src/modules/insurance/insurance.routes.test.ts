import { addDays } from '@wings/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { aPrivateFlight } from '../../../test/scenarios';
import { offerFor } from '../../../test/support/booking';
import { client } from '../../../test/support/clients';

const GRADE_PATHS = [
  '/travelsky/insurance/getInsuranceGrade',
  '/ca/caweb/backend/insurance/getInsuranceGrade',
];
const PRICE_PATHS = ['/travelsky/insurance/getInsurancePrice', '/ca/caweb/backend/insurance/getPrice'];

describe('insurance calls (getInsuranceGrade, getInsurancePrice / getPrice)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function post(path: string, payload?: unknown, lang = '1') {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api${path}`,
      headers: t.headers({ language: lang }),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, ...res.json() };
  }

  describe.each(GRADE_PATHS)('POST %s', (path) => {
    it('lists the plans by grade with their cover and bands, unpriced without a trip', async () => {
      const r = await post(path);
      expect(r.code, JSON.stringify(r)).toBe('0');
      expect(r.data).toMatchObject({ available: true, currency: 'USD', insuredCount: 1, cover: null });
      const demo = r.data.grades.filter((g: { insuranceType: string }) =>
        ['BASIC', 'PLUS', 'PREMIUM'].includes(g.insuranceType),
      );
      expect(demo.map((g: { insuranceType: string }) => g.insuranceType)).toEqual([
        'BASIC',
        'PLUS',
        'PREMIUM',
      ]);
      expect(demo[0]).toMatchObject({
        grade: 1,
        name: { en: 'Basic', zh: '基础保障', km: 'មូលដ្ឋាន' },
        insuranceLimit: 3_000_000,
        currency: 'USD',
        price: null,
        total: null,
      });
      expect(demo[0].coverage).toContainEqual({
        item: 'medical',
        limit: { amount: 3_000_000, currency: 'USD' },
      });
      expect(demo[0].bands.at(-1)).toEqual({ upToDays: 90, amount: 5000 });
    });

    it('prices each plan for trip dates and insured count, in the journey currency', async () => {
      const r = await post(path, {
        startDate: '2027-03-01',
        endDate: '2027-03-10',
        insuredCount: 2,
        currency: 'CNY',
      });
      expect(r.code, JSON.stringify(r)).toBe('0');
      expect(r.data.cover).toEqual({
        coverFrom: '2027-03-01',
        coverTo: '2027-03-10',
        days: 10,
        extensionDaysMax: 7,
        latestCoverTo: '2027-03-17',
      });
      const plus = r.data.grades.find((g: { insuranceType: string }) => g.insuranceType === 'PLUS');
      // 10 days fall in the 8–15 day band: 19 USD filed as 133 CNY.
      expect(plus).toMatchObject({
        currency: 'CNY',
        price: { amount: 13_300, currency: 'CNY' },
        total: { amount: 26_600, currency: 'CNY' },
      });
    });

    it('insures 1 and 90 days, refuses 91 and 0 with their own messages naming endDate', async () => {
      expect((await post(path, { startDate: '2027-03-01', endDate: '2027-03-01' })).data.cover.days).toBe(1);
      expect((await post(path, { startDate: '2027-01-01', endDate: '2027-03-31' })).data.cover.days).toBe(90);
      const tooLong = await post(path, { startDate: '2027-01-01', endDate: '2027-04-01' });
      expect(tooLong).toMatchObject({ status: 400, code: '400' });
      expect(tooLong.message).toBe('Insurance covers at most 90 days; this trip is 91 days.');
      expect(tooLong.data.fields).toEqual([
        expect.objectContaining({ field: 'endDate', key: 'insurance.days_too_many' }),
      ]);
      const backwards = await post(path, { startDate: '2027-03-02', endDate: '2027-03-01' });
      expect(backwards.code).toBe('400');
      expect(backwards.data.fields[0]).toMatchObject({ field: 'endDate', key: 'insurance.days_too_few' });
      const zh = await post(path, { startDate: '2027-01-01', endDate: '2027-04-01' }, '0');
      expect(zh.message).toBe('保险最长 90 天，本次行程为 91 天');
    });

    it('names a missing date and a bad insured count', async () => {
      const half = await post(path, { startDate: '2027-03-01' });
      expect(half.data.fields[0]).toMatchObject({ field: 'endDate', key: 'insurance.date_invalid' });
      const none = await post(path, { startDate: '2027-03-01', endDate: '2027-03-02', insuredCount: 0 });
      expect(none.code).toBe('400');
      expect(none.data.fields[0].field).toBe('insuredCount');
      const bad = await post(path, { startDate: '2027-02-30', endDate: '2027-03-02' });
      expect(bad.data.fields[0].field).toBe('startDate');
    });
  });

  describe.each(PRICE_PATHS)('POST %s', (path) => {
    it('prices one plan for trip dates (the same for the same question)', async () => {
      const body = {
        insuranceType: 'premium',
        startDate: '2027-05-01',
        endDate: '2027-05-31',
        insuredCount: 3,
      };
      const r = await post(path, body);
      expect(r.code, JSON.stringify(r)).toBe('0');
      expect(r.data).toEqual({
        insuranceType: 'PREMIUM',
        insuredCount: 3,
        cover: {
          coverFrom: '2027-05-01',
          coverTo: '2027-05-31',
          days: 31,
          extensionDaysMax: 7,
          latestCoverTo: '2027-06-07',
        },
        unitPrice: { amount: 8800, currency: 'USD' },
        totalPrice: { amount: 26_400, currency: 'USD' },
      });
      expect((await post(path, body)).data).toEqual(r.data);
    });

    it('refuses an unknown plan, a missing trip and 91 days, naming the field', async () => {
      const unknown = await post(path, {
        insuranceType: 'GOLD',
        startDate: '2027-05-01',
        endDate: '2027-05-02',
      });
      expect(unknown.data.fields[0]).toMatchObject({ field: 'insuranceType', key: 'insurance.plan_unknown' });
      const noTrip = await post(path, { insuranceType: 'BASIC' });
      expect(noTrip.data.fields[0]).toMatchObject({ field: 'offerId', key: 'insurance.trip_required' });
      const long = await post(path, {
        insuranceType: 'BASIC',
        startDate: '2027-01-01',
        endDate: '2027-04-01',
      });
      expect(long.data.fields[0]).toMatchObject({ field: 'endDate', key: 'insurance.days_too_many' });
      const noType = await post(path, { startDate: '2027-01-01', endDate: '2027-01-02' });
      expect(noType).toMatchObject({ status: 400, code: '400' });
      expect(noType.data.fields[0].field).toBe('insuranceType');
    });
  });

  describe('for an offer', () => {
    it('covers a one-way offer’s departure day, for its whole party by default, in its currency', async () => {
      const c = client(t);
      const flight = await aPrivateFlight(t, { from: 'KTI', to: 'SAI' });
      const offerId = await offerFor(c, [1, 1, 0], [{ flightId: flight.flightId, bookingClass: 'M' }]);
      const r = await post(PRICE_PATHS[0]!, { insuranceType: 'BASIC', offerId });
      expect(r.code, JSON.stringify(r)).toBe('0');
      expect(r.data).toMatchObject({
        insuredCount: 2,
        cover: { coverFrom: flight.depLocalDate, coverTo: flight.depLocalDate, days: 1 },
        unitPrice: { amount: 800, currency: 'USD' },
        totalPrice: { amount: 1600, currency: 'USD' },
      });
      const one = await post(PRICE_PATHS[1]!, { insuranceType: 'BASIC', offerId, insuredCount: 1 });
      expect(one.data.totalPrice).toEqual({ amount: 800, currency: 'USD' });
      const more = await post(PRICE_PATHS[0]!, { insuranceType: 'BASIC', offerId, insuredCount: 3 });
      expect(more.data.fields[0]).toMatchObject({
        field: 'insuredCount',
        key: 'insurance.insured_count',
      });
      expect(more.message).toBe('The number of insured people must be from 1 to 2.');
    });

    it('runs a round trip to the return’s arrival date', async () => {
      const c = client(t);
      const out = await aPrivateFlight(t, { from: 'KTI', to: 'SAI' });
      const back = await aPrivateFlight(t, { from: 'SAI', to: 'KTI', date: addDays(out.depLocalDate, 11) });
      const offerId = await offerFor(
        c,
        [1, 0, 0],
        [
          { flightId: out.flightId, bookingClass: 'M' },
          { flightId: back.flightId, bookingClass: 'M' },
        ],
      );
      const r = await post(GRADE_PATHS[1]!, { offerId });
      expect(r.code, JSON.stringify(r)).toBe('0');
      expect(r.data.cover).toMatchObject({
        coverFrom: out.depLocalDate,
        coverTo: back.depLocalDate,
        days: 12,
      });
      const basic = r.data.grades.find((g: { insuranceType: string }) => g.insuranceType === 'BASIC');
      expect(basic.price).toEqual({ amount: 1200, currency: 'USD' });
    });

    it('prices a journey from mainland China in CNY', async () => {
      const c = client(t);
      const flight = await aPrivateFlight(t, { from: 'CAN', to: 'KTI' });
      const offerId = await offerFor(c, [1, 0, 0], [{ flightId: flight.flightId, bookingClass: 'M' }]);
      const r = await post(GRADE_PATHS[0]!, { offerId });
      expect(r.code, JSON.stringify(r)).toBe('0');
      expect(r.data.currency).toBe('CNY');
      const basic = r.data.grades.find((g: { insuranceType: string }) => g.insuranceType === 'BASIC');
      expect(basic.price).toEqual({ amount: 5600, currency: 'CNY' });
    });

    it('answers 301 for an unknown offer', async () => {
      const r = await post(PRICE_PATHS[0]!, { insuranceType: 'BASIC', offerId: 'no-such-offer' });
      expect(r.code).toBe('301');
    });
  });

  it('needs an access token', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api${GRADE_PATHS[0]}`, payload: {} });
    expect(res.json().code).toBe('2000');
  });
});

describe('insurance where no insurer sells (INSURANCE_PROVIDER=off)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { INSURANCE_PROVIDER: 'off' } });
  });
  afterAll(() => t.close());

  it('answers grades as unavailable and prices as insurance abnormal', async () => {
    const grades = await t.app.inject({
      method: 'POST',
      url: `/api${GRADE_PATHS[0]}`,
      headers: t.headers(),
      payload: { startDate: '2027-03-01', endDate: '2027-03-02' },
    });
    expect(grades.json()).toMatchObject({ code: '0', data: { available: false, grades: [] } });
    const price = await t.app.inject({
      method: 'POST',
      url: `/api${PRICE_PATHS[1]}`,
      headers: t.headers(),
      payload: { insuranceType: 'BASIC', startDate: '2027-03-01', endDate: '2027-03-02' },
    });
    expect(price.json()).toMatchObject({ code: '650' });
    expect(price.json().message).toMatch(/Insurance is not available/);
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/insurance/sandbox/policies/SBX000000000001?sig=x',
    });
    expect(page.statusCode).toBe(404);
  });
});
