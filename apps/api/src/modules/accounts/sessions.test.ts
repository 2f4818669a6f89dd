import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { client, fieldsOf, mailedCode, newEmail, PASSWORD, registerUser } from './test-support';

const DAY = 24 * 3600_000;

describe('sessions, logout and passwords', () => {
  let t: TestApp;
  let clock = new Date();
  const tick = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(() => t.close());

  const me = (c: ReturnType<typeof client>, userId: string) => c.get(`/travelsky/user/getMember/${userId}`);

  it('answers 600 on a signed-in call without a session, or with an unknown token', async () => {
    const c = client(t);
    const none = await c.get('/travelsky/user/getMember/00000000-0000-0000-0000-000000000000');
    expect(none.body.code).toBe('600');
    expect(none.body.message).toBe('Your login has expired. Please log in again.');
    c.session = 'x'.repeat(43);
    expect((await c.post('/travelsky/user/verifyPassword', { password: PASSWORD })).body.code).toBe('600');
  });

  it('checks the access token before the session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/travelsky/user/getMember/abc' });
    expect(res.json().code).toBe('2000');
  });

  it('stores only a digest of the session token', async () => {
    const c = client(t);
    const { token } = await registerUser(t, c);
    const { rowCount } = await t.database.pool.query('select 1 from sessions where token_hash = $1', [token]);
    expect(rowCount).toBe(0);
  });

  it('ends a session at logout, idempotently', async () => {
    const c = client(t);
    const { userId } = await registerUser(t, c);
    const other = client(t);
    const login = await other.post('/travelsky/user/login', {
      account: (await me(c, userId)).body.data.email,
      password: PASSWORD,
    });
    other.session = login.body.data.token;

    expect((await c.get('/travelsky/user/logout')).body).toMatchObject({ code: '0', data: null });
    expect((await me(c, userId)).body.code).toBe('600');
    expect((await c.get('/travelsky/user/logout')).body.code).toBe('0');
    expect((await client(t).get('/travelsky/user/logout')).body.code).toBe('0');
    // The other session is untouched.
    expect((await me(other, userId)).body.code).toBe('0');
  });

  it('resets a forgotten password with a code and ends every session', async () => {
    const c = client(t);
    const { email, userId } = await registerUser(t, c);
    tick(61_000);
    const code = await mailedCode(t, client(t), email, 'reset');
    const body = { email, code, password: 'NewPass99', confirmPassword: 'NewPass99' };

    const mismatch = await client(t).post('/travelsky/user/resetPassword', {
      ...body,
      confirmPassword: 'NewPass98',
    });
    expect(fieldsOf(mismatch.body)).toEqual(['confirmPassword']);
    const wrong = await client(t).post('/travelsky/user/resetPassword', {
      ...body,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.body.code).toBe('4003');

    expect((await client(t).post('/travelsky/user/resetPassword', body)).body).toMatchObject({ code: '0' });
    expect((await me(c, userId)).body.code).toBe('600');
    expect((await client(t).post('/travelsky/user/resetPassword', body)).body.code).toBe('4003');
    expect(
      (await client(t).post('/travelsky/user/login', { account: email, password: PASSWORD })).body.code,
    ).toBe('601');
    expect(
      (await client(t).post('/travelsky/user/login', { account: email, password: 'NewPass99' })).body.code,
    ).toBe('0');
  });

  it('refuses a reset code for an address without an account', async () => {
    const email = newEmail();
    const c = client(t);
    expect((await c.post('/travelsky/user/testEmail', { email, purpose: 'reset' })).body.code).toBe('0');
    const guess = await c.post('/travelsky/user/resetPassword', {
      email,
      code: '123456',
      password: 'NewPass99',
      confirmPassword: 'NewPass99',
    });
    expect(guess.body.code).toBe('4003');
  });

  it('changes the password: old one required, must differ, other sessions end', async () => {
    const c = client(t);
    const { email, userId } = await registerUser(t, c);
    const other = client(t);
    other.session = (
      await other.post('/travelsky/user/login', { account: email, password: PASSWORD })
    ).body.data.token;

    const wrongOld = await c.post('/travelsky/user/changePassword', {
      oldPassword: 'Wrong1234',
      password: 'NewPass99',
      confirmPassword: 'NewPass99',
    });
    expect(wrongOld.body).toMatchObject({ code: '4006', message: 'The old password is wrong.' });

    const same = await c.post('/travelsky/user/changePassword', {
      oldPassword: PASSWORD,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(same.status).toBe(400);
    expect(same.body.data.fields).toEqual([
      expect.objectContaining({ field: 'password', key: 'account.password_same' }),
    ]);

    const weak = await c.post('/travelsky/user/changePassword', {
      oldPassword: PASSWORD,
      password: 'abc',
      confirmPassword: 'abc',
    });
    expect(fieldsOf(weak.body)).toEqual(['password']);

    const done = await c.post('/travelsky/user/changePassword', {
      oldPassword: PASSWORD,
      password: 'NewPass99',
      confirmPassword: 'NewPass99',
    });
    expect(done.body.code).toBe('0');
    expect((await me(c, userId)).body.code).toBe('0');
    expect((await me(other, userId)).body.code).toBe('600');
    expect(
      (await client(t).post('/travelsky/user/login', { account: email, password: 'NewPass99' })).body.code,
    ).toBe('0');
  });

  it('verifies the password before sensitive edits (4008)', async () => {
    const c = client(t);
    await registerUser(t, c);
    expect((await c.post('/travelsky/user/verifyPassword', { password: PASSWORD })).body).toMatchObject({
      code: '0',
      data: { verified: true },
    });
    const wrong = await c.post('/travelsky/user/verifyPassword', { password: 'Wrong1234' });
    expect(wrong.body).toMatchObject({ code: '4008', message: 'The password is wrong.' });
    const missing = await c.post('/travelsky/user/verifyPassword', {});
    expect(missing.status).toBe(400);
    expect(fieldsOf(missing.body)).toEqual(['password']);
  });
});

describe('session expiry', () => {
  let t: TestApp;
  let clock = new Date();
  const tick = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(() => t.close());

  const me = (c: ReturnType<typeof client>, userId: string) => c.get(`/travelsky/user/getMember/${userId}`);

  it('expires a session 30 days after its last use, sliding with use', async () => {
    const c = client(t);
    const { userId, token } = await registerUser(t, c);
    const expiry = async () =>
      (
        await t.database.pool.query(
          'select expires_at from sessions where token_hash = encode(sha256($1::bytea), $2)',
          [token, 'hex'],
        )
      ).rows[0].expires_at as Date;
    const first = await expiry();

    // Used within a minute: no write.
    tick(30_000);
    expect((await me(c, userId)).body.code).toBe('0');
    expect((await expiry()).getTime()).toBe(first.getTime());

    // Used 20 days later: slides to 30 days from now.
    tick(20 * DAY);
    await c.refreshAccessToken(clock);
    expect((await me(c, userId)).body.code).toBe('0');
    expect((await expiry()).getTime()).toBe(clock.getTime() + 30 * DAY);

    // Unused for 30 days and a minute: gone.
    tick(30 * DAY + 60_000);
    await c.refreshAccessToken(clock);
    const expired = await me(c, userId);
    expect(expired.body.code).toBe('600');
  });
});
