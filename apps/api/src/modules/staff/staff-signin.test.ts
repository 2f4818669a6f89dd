import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { CONSOLE_HEADERS, sessionCookieOf, signInStaff, staffClientIp } from '../../../test/support/staff';
import { STAFF_COOKIE, totpCode } from '.';

const SEC = 1000;
const MIN = 60_000;

describe('staff sign-in with a password and TOTP', () => {
  let t: TestApp;
  let clock = new Date();
  const tick = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin${url}`,
      headers: { ...CONSOLE_HEADERS, ...headers },
      payload: payload as Record<string, unknown>,
    });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/admin${url}`, headers: { language: '1', ...headers } });

  /** A member who enrolled already, with a client address of their own. */
  async function enrolled(roles: Parameters<typeof signInStaff>[1] = ['agent']) {
    const member = await signInStaff(t, roles);
    // The next sign-in's code must be of a later step than the enrolment's.
    tick(31 * SEC);
    return { ...member, ip: staffClientIp() };
  }
  const login = (email: string, password: string, ip: string) =>
    post('/auth/login', { email, password }, { 'x-forwarded-for': ip });
  const verify = (challenge: string, code: string, ip: string) =>
    post('/auth/verify', { challenge, code }, { 'x-forwarded-for': ip });
  const auditRows = async (staffId: string) =>
    (
      await t.database.pool.query(
        'select action, staff_id, before, after, reason, ip from audit_log where target_type = $1 and target_id = $2 order by id',
        ['staff', staffId],
      )
    ).rows;

  it('enrols an authenticator at first sign-in, then asks for its code and sets the session cookie', async () => {
    const member = await enrolled();
    const me = await get('/auth/me', member.headers);
    expect(me.json()).toMatchObject({ code: '0', data: { email: member.staff.email, roles: ['agent'] } });

    const first = await login(member.staff.email, member.password, member.ip);
    expect(first.json().data).toMatchObject({ stage: 'totp', expiresInSeconds: 300 });
    expect(first.json().data.secret).toBeUndefined();
    const second = await verify(
      first.json().data.challenge,
      await totpCode(member.totpSecret, clock),
      member.ip,
    );
    expect(second.json()).toMatchObject({ code: '0', data: { staff: { id: member.staff.id } } });
    expect(new Date(second.json().data.expiresAt).getTime()).toBe(clock.getTime() + 12 * 3600_000);
    const setCookie = String(second.headers['set-cookie']);
    expect(setCookie).toContain(`${STAFF_COOKIE}=`);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/api/admin');
    expect(setCookie).not.toContain('Secure');
    const cookie = sessionCookieOf(second.headers['set-cookie'])!;
    const again = await get('/auth/me', { cookie: `${STAFF_COOKIE}=${cookie}` });
    expect(again.json().data.id).toBe(member.staff.id);
    // Only a digest of the cookie's token is kept.
    const { rowCount } = await t.database.pool.query('select 1 from staff_sessions where token_hash = $1', [
      cookie,
    ]);
    expect(rowCount).toBe(0);
  });

  it('answers an enrolment with an otpauth address of the console and a secret it keeps encrypted', async () => {
    const { account, password } = await t.app.staff.create(
      null,
      { email: `enrol-${Date.now()}@staff.test`, name: 'Enrol', roles: ['finance'], language: 'km' },
      {},
    );
    const ip = staffClientIp();
    const res = await login(account.email, password, ip);
    const data = res.json().data;
    expect(data.stage).toBe('enrol');
    expect(data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Wings%20Airways%20Console:/);
    expect(data.otpauthUrl).toContain(`secret=${data.secret}`);
    expect(data.otpauthUrl).toContain('issuer=Wings%20Airways%20Console');
    // Not confirmed yet: no secret on the account until the first code proves the app has it.
    const before = await t.database.pool.query(
      'select totp_secret_enc, totp_confirmed from staff_users where id = $1',
      [account.id],
    );
    expect(before.rows[0]).toEqual({ totp_secret_enc: null, totp_confirmed: false });
    // A wrong first code does not enrol.
    const wrong = await verify(
      data.challenge,
      '000000' === (await totpCode(data.secret, clock)) ? '111111' : '000000',
      ip,
    );
    expect(wrong.json().code).toBe('4020');
    const ok = await verify(data.challenge, await totpCode(data.secret, clock), ip);
    expect(ok.json().code).toBe('0');
    const after = await t.database.pool.query(
      'select totp_secret_enc, totp_confirmed from staff_users where id = $1',
      [account.id],
    );
    expect(after.rows[0].totp_confirmed).toBe(true);
    expect(after.rows[0].totp_secret_enc).toMatch(/^v1:/);
    expect(after.rows[0].totp_secret_enc).not.toContain(data.secret);
    const challenges = await t.database.pool.query(
      'select enrol_secret_enc, token_hash from staff_challenges where staff_id = $1',
      [account.id],
    );
    expect(JSON.stringify(challenges.rows)).not.toContain(data.secret);
    expect(JSON.stringify(challenges.rows)).not.toContain(data.challenge);
  });

  it('lets only the first of two enrolments started together set the authenticator', async () => {
    const { account, password } = await t.app.staff.create(
      null,
      { email: `race-${Date.now()}@staff.test`, name: 'Race', roles: ['agent'], language: 'en' },
      {},
    );
    const ip = staffClientIp();
    const a = (await login(account.email, password, ip)).json().data;
    const b = (await login(account.email, password, ip)).json().data;
    expect([a.stage, b.stage]).toEqual(['enrol', 'enrol']);
    expect((await verify(a.challenge, await totpCode(a.secret, clock), ip)).json().code).toBe('0');
    tick(30 * SEC);
    const late = await verify(b.challenge, await totpCode(b.secret, clock), ip);
    expect(late.json().code).toBe('4021');
    // The first authenticator still signs in.
    const c = (await login(account.email, password, ip)).json().data;
    expect(c.stage).toBe('totp');
    expect((await verify(c.challenge, await totpCode(a.secret, clock), ip)).json().code).toBe('0');
  });

  it('answers an unknown e-mail and a wrong password alike', async () => {
    const member = await enrolled();
    const wrong = await login(member.staff.email, 'not-the-password', member.ip);
    const unknown = await login(`nobody-${Date.now()}@staff.test`, member.password, member.ip);
    expect(wrong.json()).toEqual({ code: '601', message: 'The account or password is wrong.', data: null });
    expect(unknown.json()).toEqual(wrong.json());
    // An unknown e-mail locks like a known one, so the lock tells nothing either.
    const ghost = `ghost-${Date.now()}@staff.test`;
    for (let i = 0; i < 4; i++) expect((await login(ghost, `guess-${i}`, member.ip)).json().code).toBe('601');
    expect((await login(ghost, 'guess-5', member.ip)).json()).toMatchObject({
      code: '203',
      data: { lockedUntil: new Date(clock.getTime() + 15 * MIN).toISOString() },
    });
    expect((await login(ghost, 'guess-6', member.ip)).json().code).toBe('203');
  });

  it('refuses a code used once already, and takes the next step', async () => {
    const member = await enrolled();
    const code = await totpCode(member.totpSecret, clock);
    const a = await login(member.staff.email, member.password, member.ip);
    expect((await verify(a.json().data.challenge, code, member.ip)).json().code).toBe('0');
    const b = await login(member.staff.email, member.password, member.ip);
    const replay = await verify(b.json().data.challenge, code, member.ip);
    expect(replay.json()).toMatchObject({ code: '4020' });
    tick(30 * SEC);
    const next = await verify(b.json().data.challenge, await totpCode(member.totpSecret, clock), member.ip);
    expect(next.json().code).toBe('0');
  });

  it('allows one step of clock drift either way, not two', async () => {
    const member = await enrolled();
    tick(5 * MIN);
    const a = await login(member.staff.email, member.password, member.ip);
    const behind = await totpCode(member.totpSecret, new Date(clock.getTime() - 30 * SEC));
    expect((await verify(a.json().data.challenge, behind, member.ip)).json().code).toBe('0');
    const b = await login(member.staff.email, member.password, member.ip);
    const twoAhead = await totpCode(member.totpSecret, new Date(clock.getTime() + 60 * SEC));
    expect((await verify(b.json().data.challenge, twoAhead, member.ip)).json().code).toBe('4020');
    const ahead = await totpCode(member.totpSecret, new Date(clock.getTime() + 30 * SEC));
    expect((await verify(b.json().data.challenge, ahead, member.ip)).json().code).toBe('0');
  });

  it('redeems a challenge once, and not after 5 minutes', async () => {
    const member = await enrolled();
    const a = await login(member.staff.email, member.password, member.ip);
    expect(
      (await verify(a.json().data.challenge, await totpCode(member.totpSecret, clock), member.ip)).json()
        .code,
    ).toBe('0');
    tick(30 * SEC);
    const used = await verify(a.json().data.challenge, await totpCode(member.totpSecret, clock), member.ip);
    expect(used.json()).toMatchObject({ code: '4021' });
    expect(used.json().message).toBe('This sign-in step has expired. Enter your e-mail and password again.');

    const b = await login(member.staff.email, member.password, member.ip);
    tick(5 * MIN + SEC);
    const late = await verify(b.json().data.challenge, await totpCode(member.totpSecret, clock), member.ip);
    expect(late.json().code).toBe('4021');
    const forged = await verify('x'.repeat(43), await totpCode(member.totpSecret, clock), member.ip);
    expect(forged.json().code).toBe('4021');
  });

  it('locks an account for 15 minutes after 5 wrong passwords, and opens it again', async () => {
    const member = await enrolled();
    for (let i = 0; i < 4; i++) {
      expect((await login(member.staff.email, `wrong-${i}`, member.ip)).json().code).toBe('601');
    }
    const fifth = await login(member.staff.email, 'wrong-5', member.ip);
    expect(fifth.json()).toMatchObject({ code: '203' });
    const opensAt = new Date(clock.getTime() + 15 * MIN).toISOString();
    expect(fifth.json().data).toEqual({ lockedUntil: opensAt });
    // Even the right password is refused while locked.
    tick(14 * MIN);
    const locked = await login(member.staff.email, member.password, member.ip);
    expect(locked.json()).toMatchObject({ code: '203', data: { lockedUntil: opensAt } });
    tick(MIN + SEC);
    const open = await login(member.staff.email, member.password, member.ip);
    expect(open.json().data.stage).toBe('totp');

    const rows = await auditRows(member.staff.id);
    const actions = rows.map((r) => r.action);
    expect(actions.filter((a) => a === 'staff.login_failed')).toHaveLength(5);
    const lock = rows.find((r) => r.action === 'staff.locked');
    expect(lock).toMatchObject({ staff_id: null, after: { lockedUntil: opensAt }, ip: member.ip });
    expect(rows.find((r) => r.action === 'staff.login_failed')?.after).toEqual({
      factor: 'password',
      failures: 1,
    });
  });

  it('locks an account after 5 wrong codes, and a right code is then refused too', async () => {
    const member = await enrolled();
    const a = await login(member.staff.email, member.password, member.ip);
    const challenge = a.json().data.challenge;
    const right = await totpCode(member.totpSecret, clock);
    const wrong = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < 4; i++) expect((await verify(challenge, wrong, member.ip)).json().code).toBe('4020');
    const fifth = await verify(challenge, wrong, member.ip);
    expect(fifth.json()).toMatchObject({ code: '203', data: { lockedUntil: expect.any(String) } });
    expect((await verify(challenge, right, member.ip)).json().code).toBe('203');
    expect((await login(member.staff.email, member.password, member.ip)).json().code).toBe('203');
  });

  it('counts wrong passwords and codes together toward the lock', async () => {
    const member = await enrolled();
    for (let i = 0; i < 3; i++) await login(member.staff.email, `wrong-${i}`, member.ip);
    const a = await login(member.staff.email, member.password, member.ip);
    const right = await totpCode(member.totpSecret, clock);
    const wrong = right === '123456' ? '654321' : '123456';
    expect((await verify(a.json().data.challenge, wrong, member.ip)).json().code).toBe('4020');
    expect((await verify(a.json().data.challenge, wrong, member.ip)).json().code).toBe('203');
  });

  it('clears the count of failures at a sign-in', async () => {
    const member = await enrolled();
    for (let i = 0; i < 4; i++) await login(member.staff.email, `wrong-${i}`, member.ip);
    const a = await login(member.staff.email, member.password, member.ip);
    expect(
      (await verify(a.json().data.challenge, await totpCode(member.totpSecret, clock), member.ip)).json()
        .code,
    ).toBe('0');
    for (let i = 0; i < 4; i++) {
      expect((await login(member.staff.email, `again-${i}`, member.ip)).json().code).toBe('601');
    }
  });

  it('answers 429 after 30 failures from one network in 15 minutes, other networks unaffected', async () => {
    const ip = staffClientIp();
    for (let i = 0; i < 30; i++) {
      // Each a different e-mail: no account lock, only the network's count.
      expect((await login(`spray-${i}-${Date.now()}@staff.test`, 'guess', ip)).json().code).toBe('601');
    }
    const refused = await login(`spray-last@staff.test`, 'guess', ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('429');
    const member = await enrolled();
    expect((await login(member.staff.email, member.password, member.ip)).json().data.stage).toBe('totp');
    tick(15 * MIN + SEC);
    expect((await login(`spray-after@staff.test`, 'guess', ip)).json().code).toBe('601');
  });

  it('refuses a disabled member, telling only someone who knows the password', async () => {
    const admin = await signInStaff(t, ['admin']);
    const member = await enrolled(['agent']);
    const disable = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/staff/${member.staff.id}`,
      headers: admin.headers,
      payload: {
        name: member.staff.name,
        roles: ['agent'],
        language: 'en',
        active: false,
        reason: 'left the company',
      },
    });
    expect(disable.json()).toMatchObject({ code: '0', data: { active: false } });
    // The session they had ends at once.
    expect((await get('/auth/me', member.headers)).json().code).toBe('600');
    const right = await login(member.staff.email, member.password, member.ip);
    expect(right.json()).toMatchObject({
      code: '4022',
      message: 'This staff account is disabled. Ask an administrator.',
    });
    expect((await login(member.staff.email, 'wrong', member.ip)).json().code).toBe('601');
  });

  it('writes the sign-ins to the audit log without a password, hash, secret or token', async () => {
    const member = await enrolled();
    await login(member.staff.email, 'wrong-password-here', member.ip);
    const a = await login(member.staff.email, member.password, member.ip);
    const right = await totpCode(member.totpSecret, clock);
    await verify(a.json().data.challenge, right === '123456' ? '654321' : '123456', member.ip);
    await verify(a.json().data.challenge, right, member.ip);
    const rows = await auditRows(member.staff.id);
    expect(rows.map((r) => r.action)).toEqual([
      'staff.create',
      'staff.login',
      'staff.login_failed',
      'staff.login_failed',
      'staff.login',
    ]);
    expect(rows[1]).toMatchObject({ staff_id: member.staff.id, after: { enrolled: true } });
    expect(rows[4]).toMatchObject({ staff_id: member.staff.id, after: { enrolled: false }, ip: member.ip });
    expect(rows[3].after).toEqual({ factor: 'code', failures: 2 });
    const text = JSON.stringify(rows);
    for (const secret of [
      member.password,
      'wrong-password-here',
      member.totpSecret,
      a.json().data.challenge,
      '$argon2',
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});
