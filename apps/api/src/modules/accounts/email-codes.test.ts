import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { client, fieldsOf, latestCode, latestMail, mailCount, newEmail, registerUser } from './test-support';

describe('e-mail codes (user/testEmail, user/testRandomNumber)', () => {
  let t: TestApp;
  let clock = new Date();
  const tick = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(() => t.close());

  it('mails a 6-digit code in the caller’s language and keeps only its digest', async () => {
    const c = client(t, { lang: '2' });
    const email = newEmail();
    const res = await c.post('/travelsky/user/testEmail', { email, purpose: 'register' });
    expect(res.body).toMatchObject({ code: '0', data: { resendAfterSeconds: 60, validMinutes: 10 } });
    const code = await latestCode(t, email);
    expect(code).toMatch(/^\d{6}$/);
    const mail = await latestMail(t, email);
    expect(mail?.text).toMatch(/[\u1780-\u17FF]/); // Khmer script
    const { rows } = await t.database.pool.query('select code_hash from email_codes where email = $1', [
      email,
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0].code_hash).not.toContain(code);
  });

  it('sends one code per address a minute (4004)', async () => {
    const c = client(t);
    const email = newEmail();
    expect((await c.post('/travelsky/user/testEmail', { email, purpose: 'register' })).body.code).toBe('0');
    const again = await c.post('/travelsky/user/testEmail', { email, purpose: 'verify' });
    expect(again.body.code).toBe('4004');
    tick(61_000);
    expect((await c.post('/travelsky/user/testEmail', { email, purpose: 'register' })).body.code).toBe('0');
  });

  it('limits one IP to 10 codes in 10 minutes (429)', async () => {
    const c = client(t);
    for (let i = 0; i < 10; i++) {
      const res = await c.post('/travelsky/user/testEmail', { email: newEmail(), purpose: 'verify' });
      expect(res.body.code).toBe('0');
    }
    const over = await c.post('/travelsky/user/testEmail', { email: newEmail(), purpose: 'verify' });
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('429');
    // Another client is not affected.
    expect(
      (await client(t).post('/travelsky/user/testEmail', { email: newEmail(), purpose: 'verify' })).body.code,
    ).toBe('0');
  });

  it('sends at most 10 codes when 12 requests from one IP arrive at once', async () => {
    const c = client(t);
    const emails = Array.from({ length: 12 }, () => newEmail());
    const replies = await Promise.all(
      emails.map((email) => c.post('/travelsky/user/testEmail', { email, purpose: 'verify' })),
    );
    const sent = (await Promise.all(emails.map((email) => mailCount(t, email)))).reduce((a, b) => a + b, 0);
    // Before the fix all 12 were sent.
    expect(sent).toBe(10);
    expect(replies.filter((r) => r.body.code === '0')).toHaveLength(10);
    const refused = replies.filter((r) => r.body.code === '429');
    expect(refused).toHaveLength(2);
    expect(refused.every((r) => r.status === 429)).toBe(true);
  });

  it('sends one code to an address however many requests arrive at once', async () => {
    const email = newEmail();
    const replies = await Promise.all(
      Array.from({ length: 8 }, () =>
        client(t).post('/travelsky/user/testEmail', { email, purpose: 'verify' }),
      ),
    );
    expect(await mailCount(t, email)).toBe(1);
    expect(replies.filter((r) => r.body.code === '0')).toHaveLength(1);
    expect(replies.filter((r) => r.body.code === '4004')).toHaveLength(7);
  });

  it('does not count a refused request against the IP', async () => {
    const c = client(t);
    const email = newEmail();
    expect((await c.post('/travelsky/user/testEmail', { email, purpose: 'verify' })).body.code).toBe('0');
    for (let i = 0; i < 5; i++) {
      expect((await c.post('/travelsky/user/testEmail', { email, purpose: 'verify' })).body.code).toBe(
        '4004',
      );
    }
    for (let i = 0; i < 9; i++) {
      expect(
        (await c.post('/travelsky/user/testEmail', { email: newEmail(), purpose: 'verify' })).body.code,
      ).toBe('0');
    }
    expect((await c.post('/travelsky/user/testEmail', { email: newEmail(), purpose: 'verify' })).status).toBe(
      429,
    );
  });

  it('answers 4002 for a registration code to an address that has an account', async () => {
    const c = client(t);
    const { email } = await registerUser(t, c);
    tick(61_000);
    const res = await client(t).post('/travelsky/user/testEmail', { email, purpose: 'register' });
    expect(res.body.code).toBe('4002');
    expect(res.body.message).toBe('This e-mail is already registered.');
  });

  it('answers a reset for an unknown address like a sent one, and sends nothing', async () => {
    const c = client(t);
    const known = (await registerUser(t, c)).email;
    const unknown = newEmail();
    tick(61_000);
    const a = await client(t).post('/travelsky/user/testEmail', { email: unknown, purpose: 'reset' });
    const b = await client(t).post('/travelsky/user/testEmail', { email: known, purpose: 'reset' });
    expect(a.body).toEqual(b.body);
    expect(await mailCount(t, unknown)).toBe(0);
    expect((await latestMail(t, known))?.subject).toBeTruthy();
    // The resend throttle answers alike too.
    const a2 = await client(t).post('/travelsky/user/testEmail', { email: unknown, purpose: 'reset' });
    const b2 = await client(t).post('/travelsky/user/testEmail', { email: known, purpose: 'reset' });
    expect(a2.body.code).toBe('4004');
    expect(b2.body.code).toBe('4004');
  });

  it('sends the reset code through ibe/resetPassword too', async () => {
    const c = client(t);
    const { email } = await registerUser(t, c);
    tick(61_000);
    const res = await c.get(`/travelsky/ibe/resetPassword?email=${encodeURIComponent(email)}`);
    expect(res.body.code).toBe('0');
    const code = await latestCode(t, email);
    const check = await c.post('/travelsky/user/testRandomNumber', { email, purpose: 'reset', code });
    expect(check.body).toMatchObject({ code: '0', data: { valid: true } });
  });

  it('checks a code without using it up, for its purpose only', async () => {
    const c = client(t);
    const email = newEmail();
    await c.post('/travelsky/user/testEmail', { email, purpose: 'verify' });
    const code = await latestCode(t, email);
    for (let i = 0; i < 3; i++) {
      expect(
        (await c.post('/travelsky/user/testRandomNumber', { email, purpose: 'verify', code })).body.code,
      ).toBe('0');
    }
    expect(
      (await c.post('/travelsky/user/testRandomNumber', { email, purpose: 'bind', code })).body.code,
    ).toBe('4003');
  });

  it('kills a code after five wrong tries', async () => {
    const c = client(t);
    const email = newEmail();
    await c.post('/travelsky/user/testEmail', { email, purpose: 'verify' });
    const code = await latestCode(t, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await c.post('/travelsky/user/testRandomNumber', { email, purpose: 'verify', code: wrong });
      expect(res.body.code).toBe('4003');
    }
    const right = await c.post('/travelsky/user/testRandomNumber', { email, purpose: 'verify', code });
    expect(right.body.code).toBe('4003');
  });

  it('expires a code after 10 minutes', async () => {
    const c = client(t);
    const email = newEmail();
    await c.post('/travelsky/user/testEmail', { email, purpose: 'verify' });
    const code = await latestCode(t, email);
    tick(9 * 60_000);
    expect(
      (await c.post('/travelsky/user/testRandomNumber', { email, purpose: 'verify', code })).body.code,
    ).toBe('0');
    tick(61_000);
    expect(
      (await c.post('/travelsky/user/testRandomNumber', { email, purpose: 'verify', code })).body.code,
    ).toBe('4003');
  });

  it('accepts only the newest code of an address', async () => {
    const c = client(t);
    const email = newEmail();
    await c.post('/travelsky/user/testEmail', { email, purpose: 'verify' });
    const first = await latestCode(t, email);
    tick(61_000);
    await c.post('/travelsky/user/testEmail', { email, purpose: 'verify' });
    const second = await latestCode(t, email);
    if (first !== second) {
      expect(
        (await c.post('/travelsky/user/testRandomNumber', { email, purpose: 'verify', code: first })).body
          .code,
      ).toBe('4003');
    }
    expect(
      (await c.post('/travelsky/user/testRandomNumber', { email, purpose: 'verify', code: second })).body
        .code,
    ).toBe('0');
  });

  it('names the field of a malformed request', async () => {
    const c = client(t);
    const bad = await c.post('/travelsky/user/testEmail', { email: newEmail(), purpose: 'spam' });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toContain('purpose');
    const badEmail = await c.post('/travelsky/user/testEmail', { email: 'not-an-email', purpose: 'verify' });
    expect(badEmail.status).toBe(400);
    expect(fieldsOf(badEmail.body)).toEqual(['email']);
    expect(badEmail.body.message).toBe('Enter a valid e-mail address.');
    const badCode = await c.post('/travelsky/user/testRandomNumber', {
      email: newEmail(),
      purpose: 'verify',
      code: '12ab',
    });
    expect(badCode.status).toBe(400);
    expect(fieldsOf(badCode.body)).toContain('code');
  });

  it('needs an access token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/travelsky/user/testEmail',
      payload: { email: newEmail(), purpose: 'verify' },
    });
    expect(res.json().code).toBe('2000');
  });
});
