import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app';
import { ConfigError, loadConfig } from '../src/config';
import { openDatabase } from '../src/platform/db';
import {
  createTestApp,
  fetchToken,
  signedTokenHeaders,
  TEST_ABA_KEYS,
  TEST_SERVER_SECRET,
  type TestApp,
  testConfig,
} from './helpers';

const TOKEN_URL = '/api/travelsky/common/getAccessToken';

describe('access tokens (spec §7)', () => {
  let t: TestApp;
  let clock = new Date();
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(() => t.close());

  it('issues an opaque token for a correctly signed request', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: TOKEN_URL,
      headers: signedTokenHeaders(t.config, clock),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe('0');
    expect(body.data.access_token).toMatch(/^[\w-]{40,}$/);
    expect(body.data.expires_in).toBe(7200);
  });

  it('stores only a hash of the token', async () => {
    const token = await fetchToken(t.app, t.config, clock);
    const rows = await t.database.pool.query('select token_hash from access_tokens where token_hash = $1', [
      token,
    ]);
    expect(rows.rowCount).toBe(0);
  });

  it('refuses a wrong signature', async () => {
    const headers = { ...signedTokenHeaders(t.config, clock), sign: '0'.repeat(32) };
    const body = (await t.app.inject({ method: 'POST', url: TOKEN_URL, headers })).json();
    expect(body.code).toBe('2001');
  });

  it('refuses a request signed with another secret', async () => {
    const headers = signedTokenHeaders({ ...t.config, appSecret: 'someone-elses-secret' }, clock);
    expect((await t.app.inject({ method: 'POST', url: TOKEN_URL, headers })).json().code).toBe('2001');
  });

  it('signs the body fields too', async () => {
    const headers = signedTokenHeaders(t.config, clock);
    const res = await t.app.inject({
      method: 'POST',
      url: TOKEN_URL,
      headers,
      payload: { channel: 'CA-H5' },
    });
    expect(res.json().code).toBe('2001');
  });

  it('refuses a timestamp more than five minutes off, either way', async () => {
    for (const offset of [-5 * 60_000 - 2000, 5 * 60_000 + 2000]) {
      const headers = signedTokenHeaders(t.config, new Date(clock.getTime() + offset));
      expect((await t.app.inject({ method: 'POST', url: TOKEN_URL, headers })).json().code).toBe('2002');
    }
    const within = signedTokenHeaders(t.config, new Date(clock.getTime() - 4 * 60_000));
    expect((await t.app.inject({ method: 'POST', url: TOKEN_URL, headers: within })).json().code).toBe('0');
  });

  it('refuses a reused nonce', async () => {
    const headers = signedTokenHeaders(t.config, clock, 'nonce-used-twice-1234');
    expect((await t.app.inject({ method: 'POST', url: TOKEN_URL, headers })).json().code).toBe('0');
    expect((await t.app.inject({ method: 'POST', url: TOKEN_URL, headers })).json().code).toBe('2003');
  });

  it('names the missing header', async () => {
    const { sign: _sign, ...headers } = signedTokenHeaders(t.config, clock);
    const res = await t.app.inject({ method: 'POST', url: TOKEN_URL, headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('400');
    expect(res.json().message).toContain('sign');
  });

  it('answers 2000 without a token and 2007 for an unknown one', async () => {
    const url = '/api/travelsky/ibe/getAirport';
    expect((await t.app.inject({ url })).json().code).toBe('2000');
    expect((await t.app.inject({ url, headers: { authorization: 'Bearer nope' } })).json().code).toBe('2007');
    expect((await t.app.inject({ url, headers: t.headers() })).json().code).toBe('0');
  });

  it('answers 2007 once the token is two hours old', async () => {
    const token = await fetchToken(t.app, t.config, clock);
    const url = '/api/travelsky/ibe/getAirport';
    const headers = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ url, headers })).json().code).toBe('0');
    clock = new Date(clock.getTime() + 7200_000 + 1000);
    try {
      expect((await t.app.inject({ url, headers })).json().code).toBe('2007');
    } finally {
      clock = new Date();
    }
  });
});

describe('the envelope and the platform', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports health without a token', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: '0', data: { status: 'ok', database: 'up' } });
  });

  it('serves the OpenAPI document generated from the contracts', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/travelsky/common/getAccessToken', '/api/travelsky/ibe/queryFlight']),
    );
    expect((await t.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('answers in the language of the `language` header', async () => {
    const url = '/api/travelsky/ibe/getAirport';
    const zh = (await t.app.inject({ url, headers: { language: '0' } })).json().message;
    const en = (await t.app.inject({ url, headers: { language: '1' } })).json().message;
    const km = (await t.app.inject({ url, headers: { language: '2' } })).json().message;
    expect(zh).toBe('缺少访问令牌');
    expect(en).toBe('An access token is required.');
    expect(km).toMatch(/[\u1780-\u17FF]/);
  });

  it('echoes or creates a request id', async () => {
    const given = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'trace-12345678' } });
    expect(given.headers['x-request-id']).toBe('trace-12345678');
    const made = await t.app.inject({ url: '/api/health' });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an unknown path with 404 in the envelope', async () => {
    const res = await t.app.inject({ url: '/api/travelsky/nothing-here', headers: t.headers() });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: '404', data: null });
  });

  it('answers a body that is not JSON with a clear 400, never a 5xx', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/travelsky/ibe/queryFlight',
      headers: t.headers({ 'content-type': 'application/json' }),
      payload: '{"depCode": "KTI",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('400');
    expect(res.json().message).toMatch(/JSON/);
  });

  it('reports a database that is down as 503 on health', async () => {
    const down = openDatabase('postgres://postgres@127.0.0.1:1/none', { error() {} });
    const app = await buildApp({ config: testConfig(), database: down, logger: false });
    try {
      const res = await app.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: '503', data: { database: 'down' } });
    } finally {
      await app.close();
      await down.close();
    }
  });
});

describe('the traveller app served at /', () => {
  it('serves the built files with the right caching, and leaves unknown /api paths a 404', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'wings-web-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(path.join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
    const database = openDatabase(inject('databaseUrl'), { error() {} }, 1);
    const app = await buildApp({ config: testConfig({ WEB_DIST: dir }), database, logger: false });
    try {
      const index = await app.inject({ url: '/' });
      expect(index.statusCode).toBe(200);
      expect(index.body).toContain('<div id="root">');
      expect(index.headers['cache-control']).toBe('no-cache');
      const asset = await app.inject({ url: '/assets/app-1234.js' });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const url of ['/api/travelsky/nothing-here', '/api/dev/anything', '/missing.html']) {
        const res = await app.inject({ url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toMatchObject({ code: '404' });
      }
    } finally {
      await app.close();
      await database.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('configuration', () => {
  it('names a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it('refuses to start in production without app credentials', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_ID: is required in production/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', APP_ID: 'x', APP_SECRET: 'demo-secret-change-me' }),
    ).toThrow(/APP_SECRET/);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        APP_ID: 'x',
        APP_SECRET: 'a-real-secret-of-length',
        SERVER_SECRET: TEST_SERVER_SECRET,
        ...TEST_ABA_KEYS,
      }).appId,
    ).toBe('x');
  });

  it('refuses production without an https public address for travellers and gateways', () => {
    const prod = {
      NODE_ENV: 'production',
      APP_ID: 'x',
      APP_SECRET: 'a-real-secret-of-length',
      SERVER_SECRET: TEST_SERVER_SECRET,
      ...TEST_ABA_KEYS,
    };
    const { PUBLIC_URL: _, ...withoutUrl } = prod;
    expect(() => loadConfig(withoutUrl)).toThrow(/PUBLIC_URL: must be the https:\/\/ address/);
    expect(() => loadConfig({ ...prod, PUBLIC_URL: 'http://fly.example' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig(prod).publicUrl).toBe('https://fly.example');
  });

  it('keeps the captcha test text out of production', () => {
    const prod = {
      NODE_ENV: 'production',
      APP_ID: 'x',
      APP_SECRET: 'a-real-secret-of-length',
      SERVER_SECRET: TEST_SERVER_SECRET,
      ...TEST_ABA_KEYS,
    };
    expect(() => loadConfig({ ...prod, CAPTCHA_TEST_TEXT: 'AB23' })).toThrow(
      /CAPTCHA_TEST_TEXT: must not be set/,
    );
    expect(loadConfig({ CAPTCHA_TEST_TEXT: 'AB23' }).accounts.captchaTestText).toBe('AB23');
  });

  it('keeps the OAuth sandbox out of production', () => {
    const prod = {
      NODE_ENV: 'production',
      APP_ID: 'x',
      APP_SECRET: 'a-real-secret-of-length',
      SERVER_SECRET: TEST_SERVER_SECRET,
      ...TEST_ABA_KEYS,
    };
    expect(loadConfig(prod).oauth.sandbox).toBe(false);
    expect(loadConfig({}).oauth.sandbox).toBe(true);
    expect(() => loadConfig({ ...prod, OAUTH_SANDBOX: 'true' })).toThrow(
      /OAUTH_SANDBOX: must not be on in production/,
    );
  });

  it('uses the demo pair outside production', () => {
    expect(loadConfig({}).appId).toBe('wings-h5-demo');
    expect(loadConfig({}).port).toBe(8080);
  });
});
