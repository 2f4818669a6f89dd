import type { StaffRole } from '@wings/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { memberOk, ok } from '../envelope';
import { AppError } from '../errors';
import { languagePlugin } from '../i18n';
import {
  API_VERSION,
  answerFailures,
  type LayerName,
  layersPlugin,
  mainLayerEnvelope,
  mountLayers,
} from './index';

const LIVE = 'live-token';

/**
 * The three layers on a bare Fastify instance, each with a few calls of its own: a success, a
 * business failure, login expiry and a body with a schema. The access tokens and the database
 * are stand-ins: this is about the layers' shapes, not about tokens.
 */
async function layeredApp(options: { databaseUp?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(languagePlugin);
  // As app.ts: paths outside every layer answer in the main envelope.
  answerFailures(app, mainLayerEnvelope);
  await app.register(layersPlugin);
  const calls = (layer: LayerName) => async (scope: FastifyInstance) => {
    const success = layer === 'member' ? memberOk : ok;
    // A staff call names the roles that may make it (an agent's and an admin's here).
    const config = layer === 'staff' ? { config: { roles: ['agent', 'admin'] as const } } : {};
    scope.get('/calls/fine', config, async () => success({ fine: true }));
    scope.get('/calls/public', { config: { public: true } }, async () => success({ open: true }));
    scope.get('/calls/unpaid', config, async () => {
      throw new AppError('itineraryUnpaid');
    });
    scope.get('/calls/expired', config, async () => {
      throw new AppError('loginExpired');
    });
    scope.post(
      '/calls/named',
      { ...config, schema: { body: z.object({ name: z.string().min(1) }) } },
      async () => success(null),
    );
  };
  for (const layer of ['main', 'member', 'staff'] as const) app.layers.add(layer, calls(layer));
  // A stand-in for the staff module's sign-in: the roles a test names in a header.
  app.layers.authenticate('staff', async (request) => {
    const roles = request.headers['x-test-staff-roles'];
    if (typeof roles !== 'string') return;
    request.staff = {
      id: '00000000-0000-4000-8000-000000000001',
      email: 'staff@example.com',
      name: 'Staff',
      roles: roles.split(',') as StaffRole[],
      sessionId: 's1',
    };
  });
  await mountLayers(app, {
    database: { ping: async () => options.databaseUp ?? true },
    tokens: {
      check: async (token) => (token === undefined ? 'missing' : token === LIVE ? 'valid' : 'expired'),
    },
  });
  await app.ready();
  return app;
}

const withToken = { authorization: `Bearer ${LIVE}`, language: '1' };

describe('the request layers', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await layeredApp();
  });
  afterAll(() => app.close());

  describe('main layer (/api)', () => {
    it('answers a success as { code: "0", message, data }', async () => {
      const res = await app.inject({ url: '/api/calls/fine', headers: withToken });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: '0', message: 'Success', data: { fine: true } });
    });

    it('answers a business failure with its catalogue code, HTTP 200', async () => {
      const res = await app.inject({ url: '/api/calls/unpaid', headers: withToken });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: '608', data: null });
      expect(res.json().message).toMatch(/pay/i);
    });

    it('answers login expiry as code 600, also in data.status', async () => {
      const res = await app.inject({ url: '/api/calls/expired', headers: withToken });
      expect(res.json()).toMatchObject({ code: '600', data: { status: 600 } });
    });

    it('asks for the access token first (2000 / 2007), except on a public call', async () => {
      expect((await app.inject({ url: '/api/calls/fine' })).json()).toMatchObject({ code: '2000' });
      const stale = { authorization: 'Bearer stale' };
      expect((await app.inject({ url: '/api/calls/fine', headers: stale })).json()).toMatchObject({
        code: '2007',
      });
      expect((await app.inject({ url: '/api/calls/public' })).json()).toMatchObject({ code: '0' });
    });

    it('answers a path it does not serve with 404 in its envelope', async () => {
      const res = await app.inject({ url: '/api/travelsky/nothing-here', headers: withToken });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: '404', data: null });
      expect(res.json().message).toBeTruthy();
    });

    it('answers health without a token', async () => {
      const res = await app.inject({ url: '/api/health' });
      expect(res.json()).toEqual({
        code: '0',
        message: expect.any(String),
        data: { status: 'ok', database: 'up', version: API_VERSION, pid: process.pid },
      });
    });
  });

  describe('member layer (/api/fqt)', () => {
    it('answers a success as { status: "200", message, data }', async () => {
      const res = await app.inject({ url: '/api/fqt/calls/fine', headers: withToken });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: '200', message: 'Success', data: { fine: true } });
    });

    it('answers a business failure with its code in status, HTTP 200', async () => {
      const res = await app.inject({ url: '/api/fqt/calls/unpaid', headers: withToken });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: '608', data: null });
      expect(res.json()).not.toHaveProperty('code');
    });

    it('answers login expiry as status CAF9999 (spec §7), never 600', async () => {
      const res = await app.inject({ url: '/api/fqt/calls/expired', headers: withToken });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.status).toBe('CAF9999');
      expect(body.message).toBe('Your login has expired. Please log in again.');
      expect(body).not.toHaveProperty('code');
      expect(JSON.stringify(body)).not.toContain('600');
    });

    it('asks for the access token as the main layer does, in its own shape', async () => {
      const res = await app.inject({ url: '/api/fqt/calls/fine' });
      expect(res.json()).toMatchObject({ status: '2000', data: null });
    });

    it('names the field of a malformed body, as 400 in its envelope', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/fqt/calls/named',
        headers: withToken,
        payload: { name: '' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: '400', data: { fields: [{ field: 'name' }] } });
    });

    it('answers a path it does not serve with 404 in its envelope', async () => {
      const res = await app.inject({ url: '/api/fqt/consumer/nothing-here', headers: withToken });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: '404', data: null });
      expect(res.json()).not.toHaveProperty('code');
    });

    it('answers health without a token', async () => {
      const res = await app.inject({ url: '/api/fqt/health' });
      expect(res.json()).toEqual({
        status: '200',
        message: expect.any(String),
        data: { status: 'ok', database: 'up', version: API_VERSION, pid: process.pid },
      });
    });
  });

  describe('staff layer (/api/admin)', () => {
    it('answers health in the main shape, without any login', async () => {
      const res = await app.inject({ url: '/api/admin/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: '0', data: { status: 'ok' } });
    });

    it("answers every other call not-logged-in (600) without a staff session, the app's access token notwithstanding", async () => {
      for (const url of ['/api/admin/calls/fine', '/api/admin/calls/unpaid']) {
        const res = await app.inject({ url, headers: withToken });
        expect(res.json(), url).toMatchObject({ code: '600', data: { status: 600 } });
      }
    });

    it("lets a member holding one of the call's roles through and refuses every other role with 403", async () => {
      for (const roles of ['agent', 'admin', 'auditor,agent']) {
        const res = await app.inject({
          url: '/api/admin/calls/fine',
          headers: { 'x-test-staff-roles': roles },
        });
        expect(res.json(), roles).toMatchObject({ code: '0', data: { fine: true } });
      }
      for (const roles of ['finance', 'auditor', 'content_editor', 'auditor,finance']) {
        const res = await app.inject({
          url: '/api/admin/calls/fine',
          headers: { 'x-test-staff-roles': roles },
        });
        expect(res.statusCode, roles).toBe(403);
        expect(res.json(), roles).toMatchObject({ code: '403', data: null });
      }
      // Refused before the body is read against its schema: nothing about the call leaks.
      const named = await app.inject({
        method: 'POST',
        url: '/api/admin/calls/named',
        headers: { 'x-test-staff-roles': 'finance' },
        payload: {},
      });
      expect(named.statusCode).toBe(403);
    });

    it('refuses to start when a staff call names no roles and is not public', async () => {
      const bare = Fastify({ logger: false });
      await bare.register(layersPlugin);
      bare.layers.add('staff', async (scope: FastifyInstance) => {
        scope.get('/forgotten', async () => ok(null));
      });
      await expect(
        mountLayers(bare, { database: { ping: async () => true }, tokens: { check: async () => 'valid' } }),
      ).rejects.toThrow(/GET \/api\/admin\/forgotten declares no roles/);
      await bare.close();
    });

    it('answers a public call and a path it does not serve in its envelope', async () => {
      expect((await app.inject({ url: '/api/admin/calls/public' })).json()).toMatchObject({
        code: '0',
        data: { open: true },
      });
      const missing = await app.inject({ url: '/api/admin/nothing-here' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: '404', data: null });
    });
  });

  it('answers a path outside every layer with 404 in the main envelope', async () => {
    const res = await app.inject({ url: '/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: '404', data: null });
  });

  it("answers health 503 in each layer's shape while the database is down", async () => {
    const down = await layeredApp({ databaseUp: false });
    try {
      const main = await down.inject({ url: '/api/health' });
      expect(main.statusCode).toBe(503);
      expect(main.json()).toMatchObject({ code: '503', data: { database: 'down' } });
      const member = await down.inject({ url: '/api/fqt/health' });
      expect(member.statusCode).toBe(503);
      expect(member.json()).toMatchObject({ status: '503', data: { database: 'down' } });
    } finally {
      await down.close();
    }
  });

  it('refuses a module that adds to a layer after the layers are mounted', async () => {
    expect(() => app.layers.add('main', async () => {})).toThrow(/already mounted/);
  });
});

describe('the layers in the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves each layer its health call, in its envelope', async () => {
    expect((await t.app.inject({ url: '/api/health' })).json()).toMatchObject({ code: '0' });
    expect((await t.app.inject({ url: '/api/fqt/health' })).json()).toMatchObject({
      status: '200',
      data: { database: 'up' },
    });
    expect((await t.app.inject({ url: '/api/admin/health' })).json()).toMatchObject({
      code: '0',
      data: { database: 'up' },
    });
  });

  it('keeps each prefix in its own layer: member and staff paths get their envelopes', async () => {
    // A member path no module serves (consumer/login is the loyalty module's since issue 17).
    const member = await t.app.inject({
      url: '/api/fqt/consumer/nothing',
      method: 'POST',
      headers: t.headers(),
    });
    expect(member.statusCode).toBe(404);
    expect(member.json()).toMatchObject({ status: '404' });
    // An admin path no module serves (GET /api/admin/orders is the console's order search now).
    const staff = await t.app.inject({ url: '/api/admin/no-such-call', headers: t.headers() });
    expect(staff.statusCode).toBe(404);
    expect(staff.json()).toMatchObject({ code: '404' });
  });
});
