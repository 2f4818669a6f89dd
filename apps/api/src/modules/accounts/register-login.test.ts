import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { hashCaptchaAnswer } from './captcha';
import {
  client,
  fieldsOf,
  mailedCode,
  newEmail,
  newIp,
  newPhone,
  PASSWORD,
  registerUser,
} from './test-support';

describe('registration (user/register, validateUserName, checkUserEmail)', () => {
  let t: TestApp;
  let clock = new Date();
  const tick = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(() => t.close());

  it('registers with an e-mail code and is logged in at once', async () => {
    const c = client(t);
    const email = newEmail();
    const code = await mailedCode(t, c, email, 'register');
    const res = await c.post('/travelsky/user/register', {
      email: email.toUpperCase(),
      code,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      agree: true,
    });
    expect(res.body.code).toBe('0');
    const { token, expiresAt, user } = res.body.data;
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(Date.parse(expiresAt) - clock.getTime()).toBe(30 * 24 * 3600_000);
    expect(user).toMatchObject({
      email,
      emailVerified: true,
      hasPassword: true,
      linkedProviders: [],
      language: 1,
      phone: null,
    });
    expect(user.createdAt).toBe(clock.toISOString());
    const { rows } = await t.database.pool.query('select password_hash from users where id = $1', [user.id]);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$v=19\$/);
    expect(rows[0].password_hash.split('$')[3].split(',').sort()).toEqual(['m=19456', 'p=1', 't=2']);
    const me = await client(t, { session: token }).get(`/travelsky/user/getMember/${user.id}`);
    expect(me.body.data.id).toBe(user.id);
  });

  it('refuses a code that was already used', async () => {
    const c = client(t);
    const email = newEmail();
    const code = await mailedCode(t, c, email, 'register');
    const body = { email, code, password: PASSWORD, confirmPassword: PASSWORD, agree: true };
    expect((await c.post('/travelsky/user/register', body)).body.code).toBe('0');
    const again = await c.post('/travelsky/user/register', body);
    expect(again.body.code).toBe('4002');
    // And a code of another purpose, or a wrong one, is refused.
    const other = newEmail();
    const resetCode = await mailedCode(t, c, other, 'verify');
    const wrongPurpose = await c.post('/travelsky/user/register', { ...body, email: other, code: resetCode });
    expect(wrongPurpose.body.code).toBe('4003');
  });

  it('checks every field with the shared rules, naming each', async () => {
    const c = client(t);
    const res = await c.post('/travelsky/user/register', {
      email: 'bad@',
      code: '123456',
      password: 'short',
      confirmPassword: 'other',
      agree: false,
    });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body).sort()).toEqual(['agree', 'confirmPassword', 'email', 'password']);
    const keys = res.body.data.fields.map((f: { key: string }) => f.key);
    expect(keys).toContain('account.agree_required');
    expect(keys).toContain('account.password_rule');
    const digitsOnly = await c.post('/travelsky/user/register', {
      email: newEmail(),
      code: '123456',
      password: '12345678',
      confirmPassword: '12345678',
      agree: true,
    });
    expect(fieldsOf(digitsOnly.body)).toEqual(['password']);
    const missing = await c.post('/travelsky/user/register', { email: newEmail(), password: PASSWORD });
    expect(missing.status).toBe(400);
    expect(fieldsOf(missing.body)).toEqual(expect.arrayContaining(['code', 'confirmPassword', 'agree']));
  });

  it('answers 4002 for a taken e-mail and 4001 for a taken phone', async () => {
    const a = client(t);
    const phone = newPhone();
    const { email } = await registerUser(t, a, { countryCode: '+855', phone });

    const b = client(t);
    const taken = await b.post('/travelsky/user/register', {
      email,
      code: '123456',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      agree: true,
    });
    expect(taken.body.code).toBe('4002');

    const other = newEmail();
    const code = await mailedCode(t, b, other, 'register');
    const phoneTaken = await b.post('/travelsky/user/register', {
      email: other,
      code,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      agree: true,
      countryCode: '855',
      phone,
    });
    expect(phoneTaken.body.code).toBe('4001');
    expect(phoneTaken.body.message).toBe('This phone number is already registered.');
    // The code was not used up by the refused registration.
    const ok = await b.post('/travelsky/user/register', {
      email: other,
      code,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      agree: true,
    });
    expect(ok.body.code).toBe('0');
  });

  it('tells whether an e-mail or phone is free', async () => {
    const c = client(t);
    const phone = newPhone();
    const { email } = await registerUser(t, c, { countryCode: '855', phone });
    const free = newEmail();
    expect((await c.get(`/travelsky/user/checkUserEmail/${encodeURIComponent(email)}`)).body.data).toEqual({
      available: false,
    });
    expect((await c.get(`/travelsky/user/checkUserEmail/${encodeURIComponent(free)}`)).body.data).toEqual({
      available: true,
    });
    expect((await c.get(`/travelsky/user/validateUserName/${encodeURIComponent(email)}`)).body.data).toEqual({
      available: false,
    });
    expect(
      (await c.get(`/travelsky/user/validateUserName/${encodeURIComponent(`+855 ${phone}`)}`)).body.data,
    ).toEqual({ available: false });
    expect((await c.get(`/travelsky/user/validateUserName/${newPhone()}`)).body.data).toEqual({
      available: true,
    });
    const bad = await c.get('/travelsky/user/checkUserEmail/not-an-email');
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toEqual(['email']);
  });

  it('limits availability look-ups per IP (429)', async () => {
    const c = client(t);
    for (let i = 0; i < 30; i++) {
      expect((await c.get(`/travelsky/user/checkUserEmail/${newEmail()}`)).body.code).toBe('0');
    }
    const over = await c.get(`/travelsky/user/validateUserName/${newEmail()}`);
    expect(over.status).toBe(429);
    tick(61_000);
    expect((await c.get(`/travelsky/user/checkUserEmail/${newEmail()}`)).body.code).toBe('0');
  });
});

describe('login (user/login, getCaptcha)', () => {
  let t: TestApp;
  let clock = new Date();
  const tick = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(() => t.close());

  const login = (c: ReturnType<typeof client>, body: Record<string, unknown>) =>
    c.post('/travelsky/user/login', body);

  /** A captcha whose answer the test knows: the stored digest is replaced. */
  async function solvedCaptcha(c: ReturnType<typeof client>, answer = 'AbCd') {
    const res = await c.get('/getCaptcha');
    expect(res.body.code).toBe('0');
    await t.database.pool.query('update captchas set answer_hash = $1 where id = $2', [
      hashCaptchaAnswer(answer),
      res.body.data.captchaId,
    ]);
    return res.body.data.captchaId as string;
  }

  it('logs in with e-mail or phone and answers a session', async () => {
    const c = client(t);
    const phone = newPhone();
    const { email, userId } = await registerUser(t, c, { countryCode: '855', phone });
    for (const account of [email, email.toUpperCase(), `+855 ${phone}`, phone]) {
      const res = await login(client(t), { account, password: PASSWORD });
      expect(res.body.code, account).toBe('0');
      expect(res.body.data.user.id).toBe(userId);
      expect(res.body.data.token).toBeTruthy();
    }
    const { rows } = await t.database.pool.query(
      'select count(*)::int as n from login_attempts where account_key = $1 and succeeded',
      [`email:${email}`],
    );
    expect(rows[0].n).toBe(2);
  });

  it('answers 601 alike for a wrong password and an unknown account', async () => {
    const c = client(t);
    const { email } = await registerUser(t, c);
    const wrong = await login(client(t), { account: email, password: 'Wrong1234' });
    const unknown = await login(client(t), { account: newEmail(), password: 'Wrong1234' });
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({
      code: '601',
      message: 'The account or password is wrong.',
      data: { captchaRequired: false },
    });
  });

  it('serves a PNG captcha behind the access token', async () => {
    const res = await client(t).get('/getCaptcha');
    expect(res.body.data.image).toMatch(/^data:image\/png;base64,/);
    expect(res.body.data.expiresInSeconds).toBe(120);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/getCaptcha' });
    expect(anonymous.json().code).toBe('2000');
  });

  it('requires a captcha after 5 failures, case-insensitive and single use', async () => {
    const c = client(t);
    const { email } = await registerUser(t, c);
    for (let i = 1; i <= 5; i++) {
      const res = await login(c, { account: email, password: 'Wrong1234' });
      expect(res.body.code).toBe('601');
      expect(res.body.data.captchaRequired).toBe(i >= 5);
    }
    const noCaptcha = await login(c, { account: email, password: PASSWORD });
    expect(noCaptcha.body).toMatchObject({ code: '602', data: { captchaRequired: true } });
    const captchaId = await solvedCaptcha(c);
    const wrongAnswer = await login(c, { account: email, password: PASSWORD, captchaId, captcha: 'zzzz' });
    expect(wrongAnswer.body.code).toBe('602');
    // Used up by the wrong try.
    const reused = await login(c, { account: email, password: PASSWORD, captchaId, captcha: 'abcd' });
    expect(reused.body.code).toBe('602');
    const fresh = await solvedCaptcha(c);
    const ok = await login(c, { account: email, password: PASSWORD, captchaId: fresh, captcha: 'ABCD' });
    expect(ok.body.code).toBe('0');
    // A success resets the count.
    expect((await login(c, { account: email, password: 'Wrong1234' })).body.data.captchaRequired).toBe(false);
  });

  it('refuses an expired captcha', async () => {
    const c = client(t);
    const { email } = await registerUser(t, c);
    for (let i = 0; i < 5; i++) await login(c, { account: email, password: 'Wrong1234' });
    const captchaId = await solvedCaptcha(c);
    tick(121_000);
    const res = await login(c, { account: email, password: PASSWORD, captchaId, captcha: 'abcd' });
    expect(res.body.code).toBe('602');
  });

  it('locks the account for 15 minutes after 10 failures (203)', async () => {
    const c = client(t);
    const { email } = await registerUser(t, c);
    for (let i = 0; i < 10; i++) {
      const captchaId = i >= 5 ? await solvedCaptcha(c) : undefined;
      const res = await login(c, {
        account: email,
        password: 'Wrong1234',
        ...(captchaId ? { captchaId, captcha: 'abcd' } : {}),
      });
      expect(res.body.code).toBe('601');
    }
    const locked = await login(client(t), {
      account: email,
      password: PASSWORD,
      captchaId: await solvedCaptcha(c),
      captcha: 'abcd',
    });
    expect(locked.body.code).toBe('203');
    expect(locked.body.message).toBe(
      'This account is temporarily unavailable. Please contact customer service.',
    );
    // An unknown account is locked alike after 10 failures.
    const ghost = newEmail();
    for (let i = 0; i < 10; i++) await login(c, { account: ghost, password: 'Wrong1234' });
    expect((await login(c, { account: ghost, password: 'Wrong1234' })).body.code).toBe('203');

    tick(16 * 60_000);
    const after = await login(client(t), {
      account: email,
      password: PASSWORD,
      captchaId: await solvedCaptcha(c),
      captcha: 'abcd',
    });
    expect(after.body.code).toBe('0');
  });

  it('answers 203 to a suspended account, only with the right password', async () => {
    const c = client(t);
    const { email, userId } = await registerUser(t, c);
    await t.database.pool.query(`update users set status = 'suspended' where id = $1`, [userId]);
    expect((await login(client(t), { account: email, password: 'Wrong1234' })).body.code).toBe('601');
    expect((await login(client(t), { account: email, password: PASSWORD })).body.code).toBe('203');
  });

  it('limits failures per IP (429)', async () => {
    const c = client(t, { ip: newIp() });
    for (let i = 0; i < 30; i++) {
      expect((await login(c, { account: newEmail(), password: 'Wrong1234' })).body.code).toBe('601');
    }
    const over = await login(c, { account: newEmail(), password: 'Wrong1234' });
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('429');
    expect((await login(client(t), { account: newEmail(), password: 'Wrong1234' })).body.code).toBe('601');
  });

  /** How many replies carry each code: `601` means the password was checked (and wrong). */
  function tally(replies: { body: { code: string } }[]): Record<string, number> {
    const out: Record<string, number> = {};
    for (const r of replies) out[r.body.code] = (out[r.body.code] ?? 0) + 1;
    return out;
  }

  it('checks at most 5 passwords without a captcha when 25 wrong ones arrive at once', async () => {
    const { email } = await registerUser(t, client(t));
    const c = client(t);
    const replies = await Promise.all(
      Array.from({ length: 25 }, () => login(c, { account: email, password: 'Wrong1234' })),
    );
    const codes = tally(replies);
    // Before the fix the burst read one count and 16-23 passwords were checked.
    expect(codes['601']).toBe(5);
    // Attempts refused for want of a captcha count as failures too: from the 10th on, locked.
    expect(codes['602']).toBe(5);
    expect(codes['203']).toBe(15);
    const next = await login(client(t), { account: email, password: PASSWORD });
    expect(next.body.code).toBe('203');
  });

  it('checks at most 10 passwords and locks when 60 arrive at once, captchas solved, from many IPs', async () => {
    const { email } = await registerUser(t, client(t));
    const captchaIds: string[] = [];
    // Each from its own address: one address may draw 60 captchas a minute.
    for (let i = 0; i < 61; i++) captchaIds.push(await solvedCaptcha(client(t)));
    const replies = await Promise.all(
      captchaIds
        .slice(0, 60)
        .map((captchaId) =>
          login(client(t), { account: email, password: 'Wrong1234', captchaId, captcha: 'abcd' }),
        ),
    );
    const codes = tally(replies);
    // Before the fix 18 passwords were checked.
    expect(codes['601']).toBe(10);
    expect(codes['203']).toBe(50);
    const locked = await login(client(t), {
      account: email,
      password: PASSWORD,
      captchaId: captchaIds[60],
      captcha: 'abcd',
    });
    expect(locked.body.code).toBe('203');
  });

  it('checks at most 30 passwords from one IP when 42 logins to different accounts arrive at once', async () => {
    const c = client(t, { ip: newIp() });
    const replies = await Promise.all(
      Array.from({ length: 42 }, () => login(c, { account: newEmail(), password: 'Wrong1234' })),
    );
    const codes = tally(replies);
    // Before the fix all 42 were checked.
    expect(codes['601']).toBe(30);
    expect(codes['429']).toBe(12);
    expect(replies.filter((r) => r.body.code === '429').every((r) => r.status === 429)).toBe(true);
  });

  it('counts an IPv6 client by its /64, however it rotates its addresses', async () => {
    const net = `2001:db8:${randomInt(0, 0xffff).toString(16)}:${randomInt(0, 0xffff).toString(16)}`;
    const replies = await Promise.all(
      Array.from({ length: 42 }, (_, i) =>
        login(client(t, { ip: `${net}:${i.toString(16)}::${randomInt(1, 0xffff).toString(16)}` }), {
          account: newEmail(),
          password: 'Wrong1234',
        }),
      ),
    );
    const codes = tally(replies);
    expect(codes['601']).toBe(30);
    expect(codes['429']).toBe(12);
  });

  it('does not count a right password against the IP, and clears the account count', async () => {
    const ip = newIp();
    const { email } = await registerUser(t, client(t));
    for (let i = 0; i < 4; i++) await login(client(t, { ip }), { account: email, password: 'Wrong1234' });
    for (let i = 0; i < 30; i++) {
      expect((await login(client(t, { ip }), { account: email, password: PASSWORD })).body.code).toBe('0');
    }
    for (let i = 0; i < 26; i++) {
      const res = await login(client(t, { ip }), { account: newEmail(), password: 'Wrong1234' });
      expect(res.body.code).toBe('601');
    }
    // 4 + 26 failures from the IP: the next is refused.
    expect((await login(client(t, { ip }), { account: newEmail(), password: 'Wrong1234' })).status).toBe(429);
    // The account's own count was cleared by the successes.
    const again = await login(client(t), { account: email, password: 'Wrong1234' });
    expect(again.body).toMatchObject({ code: '601', data: { captchaRequired: false } });
  });

  it('names the missing fields', async () => {
    const res = await login(client(t), { account: '' });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual(expect.arrayContaining(['account', 'password']));
  });
});
