import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createTestApp,
  fetchToken,
  ownDatabase,
  signedTokenHeaders,
  type TestApp,
  testConfig,
} from '../../test/helpers';
import { buildApp } from '../app';
import { openDatabase } from './db';

describe('POST /api/dev/jobs/:name/run', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: { NODE_ENV: 'development' } });
  });
  afterAll(async () => {
    await app.close();
  });

  it("runs a declared job's handler now, and answers 404 for a job nobody declared", async () => {
    const run = await app.app.inject({
      method: 'POST',
      url: '/api/dev/jobs/check-in.departure-close-sweep/run',
      headers: app.headers(),
    });
    expect(run.statusCode).toBe(200);
    expect(run.json()).toMatchObject({ code: '0', data: { name: 'check-in.departure-close-sweep' } });
    const unknown = await app.app.inject({
      method: 'POST',
      url: '/api/dev/jobs/no.such-job/run',
      headers: app.headers(),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('does not exist in production', async () => {
    const config = testConfig({
      NODE_ENV: 'production',
      APP_ID: 'wings-prod-test',
      APP_SECRET: 'a-production-secret-for-tests',
    });
    const database = openDatabase(inject('databaseUrl'), { error() {} }, 1);
    const prod = await buildApp({ config, database, logger: false });
    try {
      await prod.ready();
      const token = await fetchToken(prod, config);
      const r = await prod.inject({
        method: 'POST',
        url: '/api/dev/jobs/check-in.departure-close-sweep/run',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(r.statusCode).toBe(404);
    } finally {
      await prod.close();
      await database.close();
    }
  });
});

describe('access tokens and the development clock', () => {
  it('outside production, a phone may sign with the wall clock or with the moved development clock', async () => {
    const own = await ownDatabase({ empty: false });
    const t = await createTestApp({ env: { NODE_ENV: 'development' }, databaseUrl: own.url });
    try {
      const DAYS_30 = 30 * 24 * 3600_000;
      const moved = await t.app.inject({
        method: 'POST',
        url: '/api/dev/clock',
        headers: t.headers(),
        payload: { advanceMs: DAYS_30 },
      });
      expect(moved.json().code).toBe('0');
      const url = '/api/travelsky/common/getAccessToken';
      for (const at of [new Date(), new Date(Date.now() + DAYS_30)]) {
        const res = await t.app.inject({ method: 'POST', url, headers: signedTokenHeaders(t.config, at) });
        expect(res.json().code, at.toISOString()).toBe('0');
      }
      // Neither clock: refused as ever.
      const off = signedTokenHeaders(t.config, new Date(Date.now() + DAYS_30 / 2));
      expect((await t.app.inject({ method: 'POST', url, headers: off })).json().code).toBe('2002');
    } finally {
      await t.close();
      await own.drop();
    }
  });
});
