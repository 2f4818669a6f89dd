import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, fetchToken, type TestApp, testConfig } from '../../../test/helpers';
import { buildApp } from '../../app';
import { openDatabase } from '../db';

const quiet = { error() {} };

describe('dev mailbox (/api/dev/mail)', () => {
  let t: TestApp;
  const to = `mailbox-${Date.now()}@example.com`;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.mailer.send({
      to,
      subject: 'First <one>',
      text: 'first',
      html: '<p>first</p>',
    });
    await t.app.mailer.send({
      to,
      subject: 'Second',
      text: 'second',
      html: '<p>second</p>',
      attachments: [{ filename: 'ticket.txt', contentType: 'text/plain', content: Buffer.from('WA101 12A') }],
    });
  });
  afterAll(() => t.close());

  it('answers JSON newest first for ?to=, without an access token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/dev/mail?to=${encodeURIComponent(to.toUpperCase())}`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe('0');
    expect(body.message).toBeTruthy();
    const messages = body.data.messages;
    expect(messages.map((m: { subject: string }) => m.subject)).toEqual(['Second', 'First <one>']);
    expect(messages[0]).toMatchObject({
      to,
      text: 'second',
      html: '<p>second</p>',
      attachments: [{ filename: 'ticket.txt', contentType: 'text/plain', size: 9 }],
    });
    expect(Date.parse(messages[0].createdAt)).not.toBeNaN();
  });

  it('answers JSON to Accept: application/json', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/dev/mail',
      headers: { accept: 'application/json' },
    });
    expect(res.json().data.messages.length).toBeGreaterThanOrEqual(2);
  });

  it('lists messages as an HTML page, escaped, each opening the message and its attachments', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/dev/mail',
      headers: { accept: 'text/html' },
    });
    expect(list.headers['content-type']).toMatch(/text\/html/);
    expect(list.body).toContain('First &lt;one&gt;');
    const [id] = (await t.app.inject({ method: 'GET', url: `/api/dev/mail?to=${to}` })).json().data.messages;
    expect(list.body).toContain(`/api/dev/mail/${id.id}`);

    const one = await t.app.inject({ method: 'GET', url: `/api/dev/mail/${id.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain('Second');
    expect(one.body).toContain(`/api/dev/mail/${id.id}/attachments/0`);
    const rendered = await t.app.inject({ method: 'GET', url: `/api/dev/mail/${id.id}/html` });
    expect(rendered.body).toBe('<p>second</p>');

    const file = await t.app.inject({ method: 'GET', url: `/api/dev/mail/${id.id}/attachments/0` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('ticket.txt');
    expect(file.body).toBe('WA101 12A');
  });

  it('answers 404 for an unknown message or attachment', async () => {
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/dev/mail/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('404');
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/mail/not-a-uuid' })).statusCode).toBe(404);
    const [m] = (await t.app.inject({ method: 'GET', url: `/api/dev/mail?to=${to}` })).json().data.messages;
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/dev/mail/${m.id}/attachments/3` })).statusCode,
    ).toBe(404);
  });

  it('does not exist in production', async () => {
    const config = testConfig({
      NODE_ENV: 'production',
      APP_ID: 'wings-prod-test',
      APP_SECRET: 'a-production-secret-for-tests',
    });
    const database = openDatabase(inject('databaseUrl'), quiet, 1);
    const app = await buildApp({ config, database, logger: false });
    try {
      await app.ready();
      // Unknown paths are 404, with or without a token, whether or not the web app is built.
      const anonymous = await app.inject({ method: 'GET', url: `/api/dev/mail?to=${to}` });
      expect(anonymous.statusCode).toBe(404);
      const token = await fetchToken(app, config);
      const res = await app.inject({
        method: 'GET',
        url: `/api/dev/mail?to=${to}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('404');
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('does not exist when mail goes out over SMTP', async () => {
    const config = testConfig({ SMTP_URL: 'smtp://127.0.0.1:1' });
    const database = openDatabase(inject('databaseUrl'), quiet, 1);
    const app = await buildApp({ config, database, logger: false });
    try {
      await app.ready();
      const token = await fetchToken(app, config);
      const res = await app.inject({
        method: 'GET',
        url: '/api/dev/mail',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
