import {
  memberEnvelope,
  ZAwardCalculatorResult,
  ZEarnCalculatorResult,
  ZEarnRateOptions,
} from '@wings/contracts';
import { accrualFor, awardZone, DEMO_AWARD_CHART } from '@wings/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { routeMiles } from './flight-credit';
import { memberClient, mileageServices } from './test-support';

/**
 * The calculators (issue 18; after-sales §5), open to anyone: what a flight earns, what an award
 * costs, the fare classes offered; 874 names the first empty field in the caller's language, 876
 * an unknown route, cabin or ticket type.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const earnBody = { depCode: 'KTI', arrCode: 'SAI', cabin: 'Y', fareClass: 'M', level: 1 };

describe('the earn calculator', () => {
  it('answers distance × the class rate plus the tier bonus, either way of a route', async () => {
    const c = memberClient(t);
    const distance = (await routeMiles(mileageServices(t).ctx, 'KTI', 'SAI'))!;
    for (const body of [earnBody, { ...earnBody, depCode: 'sai', arrCode: 'kti' }]) {
      const r = await c.post('/consumer/calculator/earnMileage', body);
      expect(r.body.status, JSON.stringify(r.body)).toBe('200');
      const data = memberEnvelope(ZEarnCalculatorResult).parse(r.body).data;
      const a = accrualFor(distance, 100, 1);
      expect(data).toEqual({ distanceMiles: distance, earnRatePercent: 100, ...a });
      expect(data.bonusMiles).toBeGreaterThan(0);
    }
  });

  it.each([
    [{}, 'Departure'],
    [{ depCode: 'KTI' }, 'Arrival'],
    [{ depCode: 'KTI', arrCode: 'SAI', cabin: ' ' }, 'Cabin'],
    [{ depCode: 'KTI', arrCode: 'SAI', cabin: 'Y' }, 'Ticket type'],
    [{ depCode: 'KTI', arrCode: 'SAI', cabin: 'Y', fareClass: 'M' }, 'Level'],
  ])('874 names the first empty field (%j)', async (body, field) => {
    const r = await memberClient(t).post('/consumer/calculator/earnMileage', body);
    expect(r.body.status).toBe('874');
    expect(r.body.message).toBe(`${field} cannot be empty.`);
  });

  it('874 in Chinese and Khmer', async () => {
    expect(
      (await memberClient(t, { lang: '0' }).post('/consumer/calculator/earnMileage', {})).body.message,
    ).toBe('出发地不能为空');
    expect(
      (await memberClient(t, { lang: '2' }).post('/consumer/calculator/awardMileage', { depCode: 'KTI' }))
        .body.message,
    ).toContain('គោលដៅ');
  });

  it.each([
    ['no route between the airports', { ...earnBody, arrCode: 'BKK', depCode: 'SAI' }],
    ['an unknown airport', { ...earnBody, arrCode: 'XXX' }],
    ['a fare class of another cabin', { ...earnBody, cabin: 'C' }],
    ['an unknown fare class', { ...earnBody, fareClass: 'Z' }],
    ['an unknown cabin', { ...earnBody, cabin: 'F' }],
  ])('876 for %s', async (_name, body) => {
    const r = await memberClient(t).post('/consumer/calculator/earnMileage', body);
    expect(r.body.status).toBe('876');
  });

  it('offers the filed classes with their rates', async () => {
    const r = await memberClient(t).post('/consumer/calculator/queryEarnRates');
    const list = memberEnvelope(ZEarnRateOptions).parse(r.body).data.list;
    expect(list).toContainEqual({ letter: 'M', family: 'Grand', cabin: 'Y', earnRatePercent: 100 });
    expect(list).toContainEqual({ letter: 'N', family: 'WingsFlex', cabin: 'C', earnRatePercent: 200 });
  });
});

describe('the award calculator', () => {
  it("answers the zone's filed miles, twice for a return", async () => {
    const distance = (await routeMiles(mileageServices(t).ctx, 'KTI', 'SAI'))!;
    const zone = awardZone(distance);
    for (const [cabin, tripType] of [
      ['Y', 0],
      ['C', 1],
      ['C', '1'],
    ] as const) {
      const r = await memberClient(t).post('/consumer/calculator/awardMileage', {
        depCode: 'KTI',
        arrCode: 'SAI',
        cabin,
        tripType,
      });
      expect(r.body.status, JSON.stringify(r.body)).toBe('200');
      const filed = DEMO_AWARD_CHART.find((x) => x.zone === zone && x.cabin === cabin)!.miles;
      expect(memberEnvelope(ZAwardCalculatorResult).parse(r.body).data).toEqual({
        distanceMiles: distance,
        zone,
        oneWayMiles: filed,
        totalMiles: Number(tripType) === 1 ? filed * 2 : filed,
      });
    }
  });

  it('874 for an empty trip type, 876 for an unknown cabin or route', async () => {
    const c = memberClient(t);
    const body = { depCode: 'KTI', arrCode: 'SAI', cabin: 'Y', tripType: 0 };
    const empty = await c.post('/consumer/calculator/awardMileage', { ...body, tripType: '' });
    expect([empty.body.status, empty.body.message]).toEqual(['874', 'Trip type cannot be empty.']);
    expect((await c.post('/consumer/calculator/awardMileage', { ...body, cabin: 'F' })).body.status).toBe(
      '876',
    );
    expect(
      (await c.post('/consumer/calculator/awardMileage', { ...body, arrCode: 'BKK', depCode: 'SAI' })).body
        .status,
    ).toBe('876');
  });
});
