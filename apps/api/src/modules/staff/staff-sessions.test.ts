import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { client, registerUser } from '../../../test/support/clients';
import { CONSOLE_HEADERS, signInStaff, staffClientIp } from '../../../test/support/staff';
import { totpCode } from '.';

const SEC = 1000;
const MIN = 60_000;

describe('staff sessions', () => {
  let t: TestApp;
  let clock = new Date();
  const tick = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/admin${url}`,
      headers,
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
  const me = (headers: Record<string, string>) => call('GET', '/auth/me', headers);

  /** A second session of the same member, from another browser. */
  async function secondSession(member: Awaited<ReturnType<typeof signInStaff>>) {
    tick(31 * SEC);
    const ip = staffClientIp();
    const headers = { ...CONSOLE_HEADERS, 'x-forwarded-for': ip };
    const login = await call('POST', '/auth/login', headers, {
      email: member.staff.email,
      password: member.password,
    });
    const verify = await call('POST', '/auth/verify', headers, {
      challenge: login.json().data.challenge,
      code: await totpCode(member.totpSecret, clock),
    });
    const cookie = String(verify.headers['set-cookie']).split(';')[0]!;
    return { ...CONSOLE_HEADERS, cookie };
  }

  it('ends a session after 30 minutes unused', async () => {
    const member = await signInStaff(t, ['agent']);
    tick(30 * MIN - SEC);
    expect((await me(member.headers)).json().code).toBe('0');
    tick(30 * MIN + SEC);
    const expired = await me(member.headers);
    expect(expired.json()).toMatchObject({ code: '600', data: { status: 600 } });
  });

  it('slides the idle end with use, at most once a minute, up to 12 hours from sign-in', async () => {
    const member = await signInStaff(t, ['agent']);
    const idleEnd = async () =>
      (
        await t.database.pool.query(
          'select idle_expires_at from staff_sessions where staff_id = $1 and revoked_at is null',
          [member.staff.id],
        )
      ).rows[0].idle_expires_at as Date;
    const first = await idleEnd();
    tick(30 * SEC);
    await me(member.headers);
    expect(await idleEnd()).toEqual(first);
    // Used every 20 minutes it stays open for 12 hours, then ends however busy.
    for (let used = 0; used < 12 * 3; used++) {
      tick(20 * MIN);
      const res = await me(member.headers);
      const open = clock.getTime() - (first.getTime() - 30 * MIN) < 12 * 3600_000;
      expect(res.json().code, `after ${used + 1} x 20 minutes`).toBe(open ? '0' : '600');
    }
  });

  it('ends this session at logout, and every session of the member at logout-all', async () => {
    const member = await signInStaff(t, ['finance']);
    const other = await secondSession(member);
    const third = await secondSession(member);
    const logout = await call('POST', '/auth/logout', member.headers);
    expect(logout.json()).toMatchObject({ code: '0', data: null });
    expect(String(logout.headers['set-cookie'])).toMatch(/wings_staff=;.*Max-Age=0/);
    expect((await me(member.headers)).json().code).toBe('600');
    expect((await me(other)).json().code).toBe('0');

    const all = await call('POST', '/auth/logout-all', other);
    expect(all.json()).toMatchObject({ code: '0', data: { sessionsEnded: 2 } });
    expect((await me(other)).json().code).toBe('600');
    expect((await me(third)).json().code).toBe('600');
    const rows = await t.database.pool.query(
      "select staff_id, after from audit_log where action = 'staff.logout_all' and target_id = $1",
      [member.staff.id],
    );
    expect(rows.rows).toEqual([{ staff_id: member.staff.id, after: { sessionsEnded: 2 } }]);
  });

  it('refuses a state-changing call without the console header, before anything else', async () => {
    const member = await signInStaff(t, ['agent']);
    const { 'x-wings-console': _, ...bare } = member.headers;
    const refused = await call('POST', '/auth/logout', bare);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: '4026' });
    expect((await call('POST', '/auth/logout', { ...bare, 'x-wings-console': 'yes' })).statusCode).toBe(403);
    // The session is still open: nothing happened.
    expect((await me(bare)).json().code).toBe('0');
    const signIn = await call('POST', '/auth/login', { language: '1' }, { email: 'a@b.kh', password: 'x' });
    expect(signIn.json().code).toBe('4026');
    // Reads need no header.
    expect((await call('GET', '/health', { language: '1' })).json().code).toBe('0');
  });

  it('changes the password with the old one, ends the other sessions, and applies the password rule', async () => {
    const member = await signInStaff(t, ['content_editor']);
    const other = await secondSession(member);
    const wrongOld = await call('POST', '/auth/password', member.headers, {
      oldPassword: 'not-it',
      newPassword: 'NewPass2026',
    });
    expect(wrongOld.json().code).toBe('4006');
    const weak = await call('POST', '/auth/password', member.headers, {
      oldPassword: member.password,
      newPassword: 'short',
    });
    expect(weak.json()).toMatchObject({ code: '400' });
    expect(weak.json().data.fields[0].field).toBe('newPassword');
    const done = await call('POST', '/auth/password', member.headers, {
      oldPassword: member.password,
      newPassword: 'NewPass2026',
    });
    expect(done.json()).toMatchObject({ code: '0' });
    expect((await me(member.headers)).json().code).toBe('0');
    expect((await me(other)).json().code).toBe('600');
    const ip = staffClientIp();
    const oldLogin = await call(
      'POST',
      '/auth/login',
      { ...CONSOLE_HEADERS, 'x-forwarded-for': ip },
      { email: member.staff.email, password: member.password },
    );
    expect(oldLogin.json().code).toBe('601');
    const newLogin = await call(
      'POST',
      '/auth/login',
      { ...CONSOLE_HEADERS, 'x-forwarded-for': ip },
      { email: member.staff.email, password: 'NewPass2026' },
    );
    expect(newLogin.json().data.stage).toBe('totp');
    const audit = await t.database.pool.query(
      "select before, after from audit_log where action = 'staff.password' and target_id = $1",
      [member.staff.id],
    );
    expect(audit.rows).toEqual([{ before: null, after: { otherSessionsEnded: 1 } }]);
  });

  it("keeps the member's language", async () => {
    const member = await signInStaff(t, ['auditor']);
    const res = await call('POST', '/auth/language', member.headers, { language: 'km' });
    expect(res.json()).toMatchObject({ code: '0', data: { language: 'km' } });
    expect((await me(member.headers)).json().data.language).toBe('km');
    const bad = await call('POST', '/auth/language', member.headers, { language: 'fr' });
    expect(bad.json().code).toBe('400');
    expect(bad.json().message).toContain('language');
  });
});

describe('staff and traveller credentials stay on their own layers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>) =>
    t.app.inject({ method, url: `/api/admin${url}`, headers });

  it('means nothing on the traveller layers: a staff cookie is no traveller session', async () => {
    const member = await signInStaff(t, ['admin']);
    const traveller = client(t);
    const { userId } = await registerUser(t, traveller);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/travelsky/user/getMember/${userId}`,
      headers: t.headers({ cookie: member.headers.cookie! }),
    });
    expect(res.json().code).toBe('600');
    // With the traveller's own session the same call answers: the cookie was what was missing.
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/travelsky/user/getMember/${userId}`,
      headers: t.headers({ token: traveller.session! }),
    });
    expect(own.json().code).toBe('0');
  });

  it("refuses the traveller's session token and the app's access token on the staff layer", async () => {
    const traveller = client(t);
    const { token } = await registerUser(t, traveller);
    const res = await call('GET', '/auth/me', t.headers({ token, ...CONSOLE_HEADERS }));
    expect(res.json()).toMatchObject({ code: '600' });
    const staffList = await call('GET', '/staff', {
      authorization: `Bearer ${t.token}`,
      token,
      language: '1',
    });
    expect(staffList.json().code).toBe('600');
    const change = await call('POST', '/auth/logout-all', t.headers({ token, ...CONSOLE_HEADERS }));
    expect(change.json().code).toBe('600');
  });
});
