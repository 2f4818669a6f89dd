import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/platform/db';
import { createTestApp, fetchToken, type TestApp, testConfig } from './helpers';
import { client, registerUser } from './support/clients';

/**
 * The edge of the HTTP server, as an attack on the running system found it (issue 9, items 4,
 * 6, 7 and 17): NUL characters, malformed URLs and content types, slow bodies, connection
 * floods, and the security headers.
 */

describe('a NUL character anywhere in a request (issue 9.6)', () => {
  let t: TestApp;
  // Signed in, as the attack was: some of the calls are for members only.
  let session = '';
  beforeAll(async () => {
    t = await createTestApp();
    session = (await registerUser(t, client(t))).token;
  });
  afterAll(() => t.close());

  // The 14 operations the attack found answering 500, and a nested field and a key.
  const attacks: { name: string; method: 'GET' | 'POST'; url: string; body?: unknown; field: string }[] = [
    {
      name: 'computePrice promoCode',
      method: 'POST',
      url: '/api/travelsky/ibe/computePrice',
      body: { offerId: 'x', promoCode: 'SAVE\u000010' },
      field: 'promoCode',
    },
    {
      name: 'queryOrderByOrderNo',
      method: 'POST',
      url: '/api/travelsky/ibe/queryOrderByOrderNo',
      body: { pnr: 'AB\u0000CDE', surname: 'Sok' },
      field: 'pnr',
    },
    { name: 'getOrderDetail', method: 'GET', url: '/api/travelsky/ibe/getOrderDetail/%00', field: 'orderNo' },
    { name: 'payment status', method: 'GET', url: '/api/travelsky/payment/status/W%00', field: 'orderNo' },
    {
      name: 'getPayUrl',
      method: 'POST',
      url: '/api/travelsky/payment/getPayUrl/%00',
      body: { method: 'card' },
      field: 'orderNo',
    },
    {
      name: 'jsPrepayOrder',
      method: 'POST',
      url: '/api/pay/payment/wechat/jsPrepayOrder/%00',
      body: {},
      field: 'orderNo',
    },
    {
      name: 'wechat queryOrder',
      method: 'GET',
      url: '/api/pay/payment/wechat/queryOrder?orderNo=%00',
      field: 'orderNo',
    },
    {
      name: 'sendEItineraryByOrder',
      method: 'POST',
      url: '/api/travelsky/ibe/sendEItineraryByOrder',
      body: { orderNo: 'W1\u0000' },
      field: 'orderNo',
    },
    {
      name: 'testRandomNumber',
      method: 'POST',
      url: '/api/travelsky/user/testRandomNumber',
      body: { email: 'a\u0000@example.com', purpose: 'register', code: '123456' },
      field: 'email',
    },
    {
      name: 'the OAuth callback',
      method: 'GET',
      url: '/api/travelsky/thirdoauth/wechat/callback?code=%00&state=x',
      field: 'code',
    },
    {
      name: 'checkBindEmail',
      method: 'POST',
      url: '/api/travelsky/thirdoauth/checkBindEmail',
      body: { email: '\u0000' },
      field: 'email',
    },
    {
      name: 'associateEmail',
      method: 'POST',
      url: '/api/travelsky/user/associateEmail',
      body: { email: 'x@example.com', code: '\u0000' },
      field: 'code',
    },
    { name: 'the dev mailbox', method: 'GET', url: '/api/dev/mail?to=%00', field: 'to' },
    {
      name: 'validateUserName',
      method: 'GET',
      url: '/api/travelsky/user/validateUserName/a%00b',
      field: 'name',
    },
    {
      name: 'a nested passenger field',
      method: 'POST',
      url: '/api/travelsky/ibe/saveTicketOrder',
      body: { offerId: 'x', passengers: [{ surname: 'OK' }, { surname: 'S\u0000K' }] },
      field: 'passengers.1.surname',
    },
    {
      name: 'a key of the body',
      method: 'POST',
      url: '/api/travelsky/ibe/computePrice',
      body: { offerId: 'x', 'promo\u0000Code': 'A' },
      field: 'promo\u0000Code',
    },
  ];

  for (const a of attacks) {
    it(`refuses it in ${a.name} as 400 naming the field`, async () => {
      const res = await t.app.inject({
        method: a.method,
        url: a.url,
        headers: t.headers({ token: session }),
        ...(a.body !== undefined ? { payload: a.body as object } : {}),
      });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.code).toBe('400');
      expect(body.data.fields[0].field).toBe(a.field);
      expect(body.message).toContain('NUL');
    });
  }

  it('says it in the caller language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/travelsky/ibe/getOrderDetail/%00',
      headers: t.headers({ language: '0' }),
    });
    expect(res.json().message).toContain('不允许的字符');
  });

  it('lets every other character through to the call', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/travelsky/ibe/queryOrderByOrderNo',
      headers: t.headers(),
      payload: { pnr: 'ABCDEF', surname: 'Đặng 王 ស៊ុន' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).not.toBe('400');
  });
});

describe("Fastify's own errors in the envelope (issue 9.7)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers a URL that is not valid percent-encoding with 400 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/travelsky/ibe/getOrderDetail/%C0%AE',
      headers: t.headers(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/json');
    const body = res.json();
    expect(body).toEqual({ code: '400', message: expect.stringContaining('encoded'), data: null });
  });

  it('answers a content type no call takes with 415 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/travelsky/ibe/computePrice',
      headers: t.headers({ 'content-type': 'application/xml' }),
      payload: '<offerId>x</offerId>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      code: '415',
      message: expect.stringContaining('application/json'),
      data: null,
    });
  });
});

/** The app on a real socket (timeouts and connection caps live below app.inject). */
async function listening(
  env: Record<string, string>,
): Promise<{ app: FastifyInstance; port: number; close(): Promise<void> }> {
  const database = openDatabase(inject('databaseUrl'), { error() {} }, 2);
  const app = await buildApp({ config: testConfig(env), database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    port,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

interface Connection {
  socket: net.Socket;
  /** Resolves with everything the server sent, once the socket is closed. */
  closed: Promise<string>;
}

function connect(port: number): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    const closed = new Promise<string>((done) => socket.once('close', () => done(received)));
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

/** Sends one request on an open connection and resolves with the first chunk of the answer. */
function ask(socket: net.Socket, request: string): Promise<string> {
  const answer = new Promise<string>((resolve) => socket.once('data', (c) => resolve(c.toString())));
  socket.write(request);
  return answer;
}

describe('slow clients and connection floods (issue 9.4)', () => {
  it('answers 408 and closes a request whose body never finishes arriving', async () => {
    const server = await listening({ REQUEST_TIMEOUT_MS: '300' });
    try {
      const token = await fetchToken(server.app, testConfig());
      const { socket, closed } = await connect(server.port);
      socket.write(
        `POST /api/travelsky/ibe/computePrice HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"offerId":`,
      );
      // Nothing more is sent: before the fix the connection stayed open for as long as the client liked.
      expect(await closed).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      await server.close();
    }
  });

  it('closes connections from one address beyond its cap and keeps the others', async () => {
    const server = await listening({ MAX_CONNECTIONS_PER_IP: '3' });
    const open: Connection[] = [];
    const health = 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n';
    try {
      for (let i = 0; i < 3; i++) open.push(await connect(server.port));
      // The fourth is closed by the server at accept, having been sent nothing.
      const extra = await connect(server.port);
      expect(await extra.closed).toBe('');
      // The first three still serve.
      expect(await ask(open[0]!.socket, health)).toMatch(/^HTTP\/1\.1 200/);
      // A freed slot is given again.
      open[1]!.socket.destroy();
      await open[1]!.closed;
      // The server learns of the close a moment after the client: a new connection made in that
      // moment is still over the cap, so try a bounded number of times.
      let answer = '';
      for (let attempt = 0; attempt < 50 && !answer; attempt++) {
        const again = await connect(server.port);
        open.push(again);
        answer = await Promise.race([ask(again.socket, health), again.closed]);
      }
      expect(answer).toMatch(/^HTTP\/1\.1 200/);
    } finally {
      for (const c of open) c.socket.destroy();
      await server.close();
    }
  });
});

describe('security headers (issue 9.17)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives pages a CSP that forbids framing and foreign scripts, nosniff, DENY and a referrer policy', async () => {
    // The traveller app, and the pages under /api (the documentation, the sandbox pages).
    for (const url of ['/', '/api/docs/', '/api/pay/sandbox/00000000-0000-0000-0000-000000000000']) {
      const res = await t.app.inject({ method: 'GET', url, headers: t.headers() });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).toContain("form-action 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      // Development runs on plain http: no HSTS there.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('gives JSON replies a policy that loads nothing and sits in no frame, nosniff, DENY, and no page-only headers', async () => {
    for (const url of [
      '/api/health',
      '/api/travelsky/ibe/getOrderDetail/W1',
      '/api/fqt/nothing',
      '/api/nothing',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: t.headers() });
      expect(String(res.headers['content-type']), url).toContain('application/json');
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const pageOnly of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection']) {
        expect(res.headers[pageOnly], `${url} ${pageOnly}`).toBeUndefined();
      }
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('adds HSTS in production, and lets forms post to the ABA PayWay checkout host', async () => {
    const config = testConfig({
      NODE_ENV: 'production',
      APP_ID: 'wings-prod-test',
      APP_SECRET: 'a-production-secret-for-tests',
      SERVER_SECRET: 'a-server-secret-for-production-tests-0123456789',
      ABA_API_URL: 'https://checkout.payway.com.kh',
    });
    const database = openDatabase(inject('databaseUrl'), { error() {} }, 1);
    const app = await buildApp({ config, database, logger: false });
    try {
      const api = await app.inject({ method: 'GET', url: '/api/health' });
      expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const res = await app.inject({ method: 'GET', url: '/' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("form-action 'self' https://checkout.payway.com.kh");
      expect(csp).toContain('upgrade-insecure-requests');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
