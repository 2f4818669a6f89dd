import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { createSmsSender } from './sms';

interface Received {
  method: string | undefined;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

/** A stand-in SMS provider: records each request and answers with `status`. */
async function fakeProvider(): Promise<{
  url: string;
  received: Received[];
  status: { code: number };
  close(): Promise<void>;
}> {
  const received: Received[] = [];
  const status = { code: 202 };
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (chunk) => {
        data += chunk;
      });
      req.on('end', () => resolve(data));
    });
  const server: Server = createServer(async (req, res) => {
    received.push({
      method: req.method,
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      body: JSON.parse(await read(req)),
    });
    res.statusCode = status.code;
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/send`,
    received,
    status,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('SMS sender (platform/sms)', () => {
  let t: TestApp;
  let provider: Awaited<ReturnType<typeof fakeProvider>>;
  beforeAll(async () => {
    t = await createTestApp();
    provider = await fakeProvider();
  });
  afterAll(async () => {
    await provider.close();
    await t.close();
  });

  it('posts { from, to, text } to the provider with the bearer token, and keeps nothing', async () => {
    const to = `+8551${Date.now() % 1e7}`;
    const sms = createSmsSender({
      config: { smsUrl: provider.url, smsToken: 'provider-key-123', smsFrom: 'WingsAir' },
      db: t.database.db,
    });
    await sms.send({ to, text: 'Your code is 123456' });
    expect(provider.received.at(-1)).toEqual({
      method: 'POST',
      authorization: 'Bearer provider-key-123',
      contentType: 'application/json',
      body: { from: 'WingsAir', to, text: 'Your code is 123456' },
    });
    const { rows } = await t.database.pool.query(
      'select count(*)::int as n from sms_outbox where to_number = $1',
      [to],
    );
    expect(rows[0].n).toBe(0);
  });

  it('fails when the provider answers anything but 2xx', async () => {
    const sms = createSmsSender({
      config: { smsUrl: provider.url, smsToken: 'provider-key-123', smsFrom: 'WingsAir' },
      db: t.database.db,
    });
    provider.status.code = 500;
    await expect(sms.send({ to: '+85512345678', text: 'x' })).rejects.toThrow(/HTTP 500/);
    provider.status.code = 401;
    await expect(sms.send({ to: '+85512345678', text: 'x' })).rejects.toThrow(/HTTP 401/);
    provider.status.code = 202;
  });

  it('without SMS_URL keeps texts in the dev outbox, read at /api/dev/sms?to= newest first', async () => {
    const number = `9${Date.now() % 1e7}`;
    const sms = createSmsSender({
      config: { smsUrl: undefined, smsToken: undefined, smsFrom: 'WingsAir' },
      db: t.database.db,
    });
    await sms.send({ to: `+855${number}`, text: 'first' });
    await sms.send({ to: `+855 ${number}`, text: 'second' });
    for (const spelling of [`+855${number}`, `855${number}`, `+855 ${number}`]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/dev/sms?to=${encodeURIComponent(spelling)}`,
      });
      expect(res.statusCode).toBe(200);
      const messages = res.json().data.messages;
      expect(messages.map((m: { text: string }) => m.text)).toEqual(['second', 'first']);
      expect(messages[0].to).toBe(`+855${number}`);
    }
  });

  it('serves no dev outbox when a provider is configured', async () => {
    const withProvider = await createTestApp({
      env: { SMS_URL: provider.url, SMS_TOKEN: 'provider-key-123' },
    });
    try {
      const res = await withProvider.app.inject({ method: 'GET', url: '/api/dev/sms' });
      expect(res.statusCode).toBe(404);
    } finally {
      await withProvider.close();
    }
  });
});
