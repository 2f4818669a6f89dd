import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ABA_KEYS, type TestApp } from '../../../test/helpers';
import { loadConfig } from '../../config';

const production = {
  NODE_ENV: 'production',
  APP_ID: 'app',
  APP_SECRET: 'a-production-app-secret',
  SERVER_SECRET: 'a-server-secret-of-at-least-thirty-two-characters',
  ...TEST_ABA_KEYS,
};

describe("the insurance module's settings", () => {
  it('sells through the sandbox insurer by default outside production', () => {
    expect(loadConfig({}).insurance.provider).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'test' }).insurance.provider).toBe('sandbox');
    expect(loadConfig({ INSURANCE_PROVIDER: 'off' }).insurance.provider).toBe('off');
    expect(() => loadConfig({ INSURANCE_PROVIDER: 'acme' })).toThrow(/INSURANCE_PROVIDER/);
  });

  it('in production without a real insurer, insurance is off; the sandbox is refused', () => {
    expect(loadConfig(production).insurance.provider).toBe('off');
    expect(loadConfig({ ...production, INSURANCE_PROVIDER: 'off' }).insurance.provider).toBe('off');
    expect(() => loadConfig({ ...production, INSURANCE_PROVIDER: 'sandbox' })).toThrow(
      /INSURANCE_PROVIDER: must name a real insurer in production, or be off/,
    );
  });
});

describe('a production app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        NODE_ENV: 'production',
        APP_ID: 'wings-prod-test',
        APP_SECRET: 'a-production-secret-for-tests',
        SERVER_SECRET: 'a-server-secret-for-production-tests-0123456789',
      },
    });
  });
  afterAll(() => t.close());

  it('does not sell insurance and serves no sandbox insurer page', async () => {
    const price = await t.app.inject({
      method: 'POST',
      url: '/api/travelsky/insurance/getInsurancePrice',
      headers: t.headers(),
      payload: { insuranceType: 'BASIC', startDate: '2027-03-01', endDate: '2027-03-02' },
    });
    expect(price.json().code).toBe('650');
    const grades = await t.app.inject({
      method: 'POST',
      url: '/api/travelsky/insurance/getInsuranceGrade',
      headers: t.headers(),
      payload: {},
    });
    expect(grades.json().data).toMatchObject({ available: false, grades: [] });
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/insurance/sandbox/policies/SBX000000000001?sig=x',
    });
    expect(page.statusCode).toBe(404);
  });
});
