import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { newEmail } from '../../../test/support/clients';
import {
  approveMember,
  MEMBER_PASSWORD,
  memberClient,
  memberEmailCode,
  OTHER_MEMBER_PASSWORD,
  registerApprovedMember,
  registerMember,
  textedMemberCode,
} from '../../../test/support/members';

const fieldsOf = (body: { data: { fields?: { field: string }[] } | null }) =>
  (body.data?.fields ?? []).map((f) => f.field).sort();

describe('member sign-in (consumer/login)', () => {
  let t: TestApp;
  let clock = new Date();
  const tick = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(() => t.close());

  it('signs in by card number, main e-mail or main phone in every spelling', async () => {
    const m = await registerApprovedMember(t);
    const c = memberClient(t);
    const accounts = [m.cardNo, m.email.toUpperCase(), `+855 ${m.phone}`, `855${m.phone}`, m.phone];
    for (const account of accounts) {
      const res = await c.post('/consumer/login', { account, password: MEMBER_PASSWORD });
      expect(res.body.status, account).toBe('200');
      expect(res.body.data).toMatchObject({
        member: { id: m.memberId, cardNo: m.cardNo, status: 'approved', level: 0 },
        firstLogin: false,
      });
      expect(res.body.data.vipToken).toMatch(/^[\w-]{43}$/);
      const home = await memberClient(t, { vipToken: res.body.data.vipToken }).post(
        '/consumer/home/queryUserInfo',
      );
      expect(home.body.data.member.id).toBe(m.memberId);
    }
  });

  it('says firstLogin on the first sign-in only', async () => {
    const m = await registerApprovedMember(t);
    await t.database.pool.query('update members set first_login_at = null where id = $1', [m.memberId]);
    const c = memberClient(t);
    const first = await c.post('/consumer/login', { account: m.cardNo, password: MEMBER_PASSWORD });
    expect(first.body.data.firstLogin).toBe(true);
    const { rows } = await t.database.pool.query('select first_login_at from members where id = $1', [
      m.memberId,
    ]);
    expect(rows[0].first_login_at).not.toBeNull();
    const second = await c.post('/consumer/login', { account: m.cardNo, password: MEMBER_PASSWORD });
    expect(second.body.data.firstLogin).toBe(false);
  });

  it('lets a member under audit sign in by e-mail and see the audit state', async () => {
    const m = await registerMember(t);
    const res = await memberClient(t).post('/consumer/login', {
      account: m.email,
      password: MEMBER_PASSWORD,
    });
    expect(res.body.data.member).toMatchObject({ status: 'auditing', cardNo: null });
  });

  it('signs in with a login code by e-mail or SMS; a code is used once', async () => {
    const m = await registerApprovedMember(t);
    // The register code went to this address just now: one code a minute per destination.
    tick(61_000);
    const c = memberClient(t);
    const code = await memberEmailCode(t, c, m.email, 'login');
    const ok = await c.post('/consumer/login', { account: m.email, code });
    expect(ok.body.status).toBe('200');
    const again = await c.post('/consumer/login', { account: m.email, code });
    expect(again.body.status).toBe('800');
    const sent = await c.post('/consumer/getToken', {
      channel: 'sms',
      purpose: 'login',
      countryCode: '855',
      phone: m.phone,
    });
    expect(sent.body.status).toBe('200');
    const sms = await textedMemberCode(t, '855', m.phone);
    expect((await c.post('/consumer/login', { account: m.cardNo, code: sms })).body.status).toBe('200');
    // Password and code together, or neither, is refused by field.
    const both = await c.post('/consumer/login', { account: m.email, code: sms, password: MEMBER_PASSWORD });
    expect(both.status).toBe(400);
    expect(fieldsOf(both.body)).toEqual(['password']);
  });

  it('answers a wrong password and an unknown account alike (800)', async () => {
    const m = await registerApprovedMember(t);
    const c = memberClient(t);
    const wrong = await c.post('/consumer/login', { account: m.cardNo, password: OTHER_MEMBER_PASSWORD });
    const unknown = await c.post('/consumer/login', { account: newEmail(), password: MEMBER_PASSWORD });
    const badCard = await c.post('/consumer/login', { account: '8000000000', password: MEMBER_PASSWORD });
    for (const res of [wrong, unknown, badCard]) {
      expect(res.body.status).toBe('800');
      expect(res.body.data).toBeNull();
    }
    expect(wrong.body.message).toBe(unknown.body.message);
  });

  it('locks the account for 15 minutes after 10 failures (801), even for the right password', async () => {
    const m = await registerApprovedMember(t);
    for (let i = 0; i < 10; i++) {
      const c = memberClient(t);
      expect(
        (await c.post('/consumer/login', { account: m.email, password: OTHER_MEMBER_PASSWORD })).body.status,
      ).toBe('800');
    }
    const c = memberClient(t);
    expect(
      (await c.post('/consumer/login', { account: m.email, password: MEMBER_PASSWORD })).body.status,
    ).toBe('801');
    // The lock is the member's, whatever account spelling is typed.
    expect(
      (await c.post('/consumer/login', { account: m.cardNo, password: MEMBER_PASSWORD })).body.status,
    ).toBe('801');
    tick(16 * 60_000);
    await c.refreshAccessToken(clock);
    expect(
      (await c.post('/consumer/login', { account: m.cardNo, password: MEMBER_PASSWORD })).body.status,
    ).toBe('200');
  });

  it('limits failures from one IP (429)', async () => {
    const c = memberClient(t);
    for (let i = 0; i < 30; i++) {
      const res = await c.post('/consumer/login', { account: newEmail(), password: MEMBER_PASSWORD });
      expect(res.body.status).toBe('800');
    }
    const over = await c.post('/consumer/login', { account: newEmail(), password: MEMBER_PASSWORD });
    expect(over.status).toBe(429);
    expect(over.body.status).toBe('429');
  });

  it('tells a member blocked by repeated rejection (802) or by staff (805), only after the right password', async () => {
    const rejected = await registerMember(t);
    await t.database.pool.query(
      "update members set status = 'blocked', rejections = 3, reject_reason = 'Documents unreadable' where id = $1",
      [rejected.memberId],
    );
    const c = memberClient(t);
    const wrong = await c.post('/consumer/login', {
      account: rejected.email,
      password: OTHER_MEMBER_PASSWORD,
    });
    expect(wrong.body.status).toBe('800');
    const right = await c.post('/consumer/login', { account: rejected.email, password: MEMBER_PASSWORD });
    expect(right.body.status).toBe('802');
    expect(right.body.message).toContain('customer service');
    // Its session, opened at registration, is gone.
    const session = memberClient(t, { vipToken: rejected.vipToken });
    expect((await session.post('/consumer/home/queryUserInfo')).body.status).toBe('CAF9999');

    const staff = await registerApprovedMember(t);
    await t.database.pool.query(
      "update members set status = 'blocked', status_before_block = 'approved', block_reason = 'Fraud check' where id = $1",
      [staff.memberId],
    );
    expect(
      (await c.post('/consumer/login', { account: staff.cardNo, password: OTHER_MEMBER_PASSWORD })).body
        .status,
    ).toBe('800');
    expect(
      (await c.post('/consumer/login', { account: staff.cardNo, password: MEMBER_PASSWORD })).body.status,
    ).toBe('805');
  });
});

describe('member passwords and sign-out', () => {
  let t: TestApp;
  let clock = new Date();
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(() => t.close());

  it('changes the password: the old one must be right (812), rules by field, other sessions end', async () => {
    const m = await registerApprovedMember(t);
    const login = await memberClient(t).post('/consumer/login', {
      account: m.cardNo,
      password: MEMBER_PASSWORD,
    });
    const other = memberClient(t, { vipToken: login.body.data.vipToken });
    const c = memberClient(t, { vipToken: m.vipToken });
    const wrongOld = await c.post('/consumer/user/updateUserPassword', {
      oldPassword: OTHER_MEMBER_PASSWORD,
      password: '935172',
      confirmPassword: '935172',
    });
    expect(wrongOld.body.status).toBe('812');
    const same = await c.post('/consumer/user/updateUserPassword', {
      oldPassword: MEMBER_PASSWORD,
      password: MEMBER_PASSWORD,
      confirmPassword: MEMBER_PASSWORD,
    });
    expect(fieldsOf(same.body)).toEqual(['password']);
    const weak = await c.post('/consumer/user/updateUserPassword', {
      oldPassword: MEMBER_PASSWORD,
      password: '111111',
      confirmPassword: '111112',
    });
    expect(weak.status).toBe(400);
    expect(fieldsOf(weak.body)).toEqual(['confirmPassword', 'password']);
    const done = await c.post('/consumer/user/updateUserPassword', {
      oldPassword: MEMBER_PASSWORD,
      password: '935172',
      confirmPassword: '935172',
    });
    expect(done.body).toMatchObject({ status: '200', data: null });
    expect((await c.post('/consumer/home/queryUserInfo')).body.status).toBe('200');
    expect((await other.post('/consumer/home/queryUserInfo')).body.status).toBe('CAF9999');
    const fresh = memberClient(t);
    expect(
      (await fresh.post('/consumer/login', { account: m.cardNo, password: MEMBER_PASSWORD })).body.status,
    ).toBe('800');
    expect((await fresh.post('/consumer/login', { account: m.cardNo, password: '935172' })).body.status).toBe(
      '200',
    );
  });

  it('resets the password with an e-mail or SMS code; every session ends', async () => {
    const m = await registerApprovedMember(t);
    // The register code went to this address just now: one code a minute per destination.
    clock = new Date(clock.getTime() + 61_000);
    const c = memberClient(t);
    const code = await memberEmailCode(t, c, m.email, 'reset');
    const bad = await c.post('/consumer/resetPwd', {
      channel: 'email',
      email: m.email,
      code,
      password: '123456',
      confirmPassword: '123456',
    });
    expect(fieldsOf(bad.body)).toEqual(['password']);
    const done = await c.post('/consumer/resetPwd', {
      channel: 'email',
      email: m.email,
      code,
      password: '935172',
      confirmPassword: '935172',
    });
    expect(done.body.status).toBe('200');
    expect(
      (await memberClient(t, { vipToken: m.vipToken }).post('/consumer/home/queryUserInfo')).body.status,
    ).toBe('CAF9999');
    expect((await c.post('/consumer/login', { account: m.email, password: '935172' })).body.status).toBe(
      '200',
    );
    // The code is used up.
    const reused = await c.post('/consumer/resetPwd', {
      channel: 'email',
      email: m.email,
      code,
      password: '582716',
      confirmPassword: '582716',
    });
    expect(reused.body.status).toBe('806');

    const sent = await c.post('/consumer/getToken', {
      channel: 'sms',
      purpose: 'reset',
      countryCode: '855',
      phone: m.phone,
    });
    expect(sent.body.status).toBe('200');
    const sms = await textedMemberCode(t, '855', m.phone);
    const bySms = await c.post('/consumer/resetPwd', {
      channel: 'sms',
      countryCode: '+855',
      phone: m.phone,
      code: sms,
      password: '582716',
      confirmPassword: '582716',
    });
    expect(bySms.body.status).toBe('200');
    expect((await c.post('/consumer/login', { account: m.cardNo, password: '582716' })).body.status).toBe(
      '200',
    );
  });

  it('signs out: the session ends, others stay', async () => {
    const m = await registerMember(t);
    await approveMember(t, m.memberId);
    const login = await memberClient(t).post('/consumer/login', {
      account: m.email,
      password: MEMBER_PASSWORD,
    });
    const c = memberClient(t, { vipToken: m.vipToken });
    expect((await c.get('/consumer/userLogout')).body).toMatchObject({ status: '200', data: null });
    expect((await c.post('/consumer/home/queryUserInfo')).body.status).toBe('CAF9999');
    const other = memberClient(t, { vipToken: login.body.data.vipToken });
    expect((await other.post('/consumer/home/queryUserInfo')).body.status).toBe('200');
    const { rows } = await t.database.pool.query(
      'select count(*)::int as n from member_sessions where member_id = $1 and revoked_at is not null',
      [m.memberId],
    );
    expect(rows[0].n).toBe(1);
  });
});
