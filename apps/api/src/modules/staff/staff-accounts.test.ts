import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { CONSOLE_HEADERS, expectOnlyRoles, signInStaff, staffClientIp } from '../../../test/support/staff';
import { totpCode } from '.';

const NO_ID = '00000000-0000-4000-8000-000000000000';

describe('staff accounts and the audit log', () => {
  let t: TestApp;
  let clock = new Date();
  const tick = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  let admin: Awaited<ReturnType<typeof signInStaff>>;
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    admin = await signInStaff(t, ['admin']);
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    headers: Record<string, string>,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url: `/api/admin${url}`,
      headers,
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
  const auditOf = async (action: string, targetId: string) =>
    (
      await t.database.pool.query(
        'select staff_id, staff_email, before, after, reason, ip from audit_log where action = $1 and target_id = $2 order by id',
        [action, targetId],
      )
    ).rows;
  const newMember = (roles: string[] = ['agent']) => ({
    email: `New.Member-${Math.random().toString(36).slice(2, 10)}@Staff.Test`,
    name: 'Sok Dara',
    roles,
    language: 'km',
  });

  describe('every call names its roles', () => {
    const update = { name: 'x', roles: ['agent'], language: 'en', active: true };
    it.each([
      [
        'POST',
        '/api/admin/auth/logout',
        undefined,
        ['admin', 'agent', 'finance', 'auditor', 'content_editor'],
      ],
      [
        'POST',
        '/api/admin/auth/logout-all',
        undefined,
        ['admin', 'agent', 'finance', 'auditor', 'content_editor'],
      ],
      ['GET', '/api/admin/auth/me', undefined, ['admin', 'agent', 'finance', 'auditor', 'content_editor']],
      [
        'POST',
        '/api/admin/auth/password',
        { oldPassword: 'x', newPassword: 'y' },
        ['admin', 'agent', 'finance', 'auditor', 'content_editor'],
      ],
      [
        'POST',
        '/api/admin/auth/language',
        { language: 'en' },
        ['admin', 'agent', 'finance', 'auditor', 'content_editor'],
      ],
      ['GET', '/api/admin/staff', undefined, ['admin', 'auditor']],
      ['POST', '/api/admin/staff', { email: 'bad' }, ['admin']],
      ['PUT', `/api/admin/staff/${NO_ID}`, update, ['admin']],
      ['POST', `/api/admin/staff/${NO_ID}/reset-password`, undefined, ['admin']],
      ['POST', `/api/admin/staff/${NO_ID}/reset-totp`, undefined, ['admin']],
      ['GET', '/api/admin/audit', undefined, ['admin', 'auditor']],
    ] as const)('%s %s', async (method, url, payload, allowed) => {
      await expectOnlyRoles(t, { method, url, ...(payload ? { payload } : {}) }, [...allowed]);
    });
  });

  it('documents the calls in the OpenAPI reference', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of [
      '/api/admin/auth/login',
      '/api/admin/auth/verify',
      '/api/admin/staff/{id}',
      '/api/admin/audit',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });

  it('creates an account with a one-time password shown once, and the member enrols at first sign-in', async () => {
    const input = newMember(['agent', 'finance', 'agent']);
    const res = await call('POST', '/staff', { ...admin.headers, 'x-forwarded-for': '203.0.113.7' }, input);
    expect(res.json()).toMatchObject({
      code: '0',
      data: {
        account: {
          email: input.email.toLowerCase(),
          name: 'Sok Dara',
          roles: ['agent', 'finance'],
          language: 'km',
          active: true,
          totpEnrolled: false,
          lockedUntil: null,
          lastLoginAt: null,
        },
      },
    });
    const { account, password } = res.json().data;
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    const stored = await t.database.pool.query('select password_hash from staff_users where id = $1', [
      account.id,
    ]);
    expect(stored.rows[0].password_hash).toMatch(/^\$argon2id\$/);
    const rows = await auditOf('staff.create', account.id);
    expect(rows).toEqual([
      {
        staff_id: admin.staff.id,
        staff_email: admin.staff.email,
        before: null,
        after: {
          email: account.email,
          name: 'Sok Dara',
          roles: ['agent', 'finance'],
          language: 'km',
          active: true,
          totpEnrolled: false,
        },
        reason: null,
        ip: '203.0.113.7',
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain(password);

    const ip = staffClientIp();
    const login = await call(
      'POST',
      '/auth/login',
      { ...CONSOLE_HEADERS, 'x-forwarded-for': ip },
      {
        email: input.email,
        password,
      },
    );
    expect(login.json().data.stage).toBe('enrol');
    // The list shows it; a second account with that e-mail is refused, whatever its case.
    const list = await call('GET', '/staff', admin.headers);
    expect(list.json().data.list.map((a: { id: string }) => a.id)).toContain(account.id);
    const again = await call('POST', '/staff', admin.headers, { ...input, email: input.email.toUpperCase() });
    expect(again.json()).toMatchObject({
      code: '4023',
      message: 'A staff account with this e-mail already exists.',
    });
  });

  it('checks a new account field by field', async () => {
    const res = await call('POST', '/staff', admin.headers, {
      ...newMember(),
      roles: ['pilot'],
      email: 'not-mail',
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().data.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['email', 'roles.0']));
    const none = await call('POST', '/staff', admin.headers, { ...newMember(), roles: [] });
    expect(none.json().data.fields[0].field).toBe('roles');
  });

  it("changes an account's name, roles, language and active flag, with the reason in the audit log", async () => {
    const member = await signInStaff(t, ['agent']);
    const res = await call('PUT', `/staff/${member.staff.id}`, admin.headers, {
      name: 'Chan Sophea',
      roles: ['finance'],
      language: 'zh',
      active: true,
      reason: 'moved to finance',
    });
    expect(res.json()).toMatchObject({
      code: '0',
      data: {
        id: member.staff.id,
        name: 'Chan Sophea',
        roles: ['finance'],
        language: 'zh',
        totpEnrolled: true,
      },
    });
    // The new roles apply to the open session at once.
    expect((await call('GET', '/auth/me', member.headers)).json().data.roles).toEqual(['finance']);
    const rows = await auditOf('staff.update', member.staff.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      staff_id: admin.staff.id,
      reason: 'moved to finance',
      before: { name: member.staff.name, roles: ['agent'], language: 'en', active: true },
      after: { name: 'Chan Sophea', roles: ['finance'], language: 'zh', active: true },
    });
    const missing = await call('PUT', `/staff/${NO_ID}`, admin.headers, {
      name: 'x',
      roles: ['agent'],
      language: 'en',
      active: true,
    });
    expect(missing.json().code).toBe('4024');
    const notUuid = await call('PUT', '/staff/abc', admin.headers, {
      name: 'x',
      roles: ['agent'],
      language: 'en',
      active: true,
    });
    expect(notUuid.json().code).toBe('4024');
  });

  it('does not let an admin remove their own admin role or disable themselves', async () => {
    const self = await signInStaff(t, ['admin']);
    const body = { name: 'Me', roles: ['agent'], language: 'en', active: true };
    const demote = await call('PUT', `/staff/${self.staff.id}`, self.headers, body);
    expect(demote.json()).toMatchObject({ code: '4025' });
    const disable = await call('PUT', `/staff/${self.staff.id}`, self.headers, {
      ...body,
      roles: ['admin'],
      active: false,
    });
    expect(disable.json().code).toBe('4025');
    const rename = await call('PUT', `/staff/${self.staff.id}`, self.headers, {
      ...body,
      roles: ['admin', 'auditor'],
      name: 'Renamed',
    });
    expect(rename.json()).toMatchObject({
      code: '0',
      data: { roles: ['admin', 'auditor'], name: 'Renamed' },
    });
    // Another admin may.
    const other = await call('PUT', `/staff/${self.staff.id}`, admin.headers, {
      ...body,
      roles: ['auditor'],
    });
    expect(other.json()).toMatchObject({ code: '0', data: { roles: ['auditor'] } });
  });

  it('resets a password: a new one-time password, the old one and the sessions end, a lock lifts', async () => {
    const member = await signInStaff(t, ['content_editor']);
    const ip = staffClientIp();
    for (let i = 0; i < 5; i++) {
      await call(
        'POST',
        '/auth/login',
        { ...CONSOLE_HEADERS, 'x-forwarded-for': ip },
        {
          email: member.staff.email,
          password: `wrong-${i}`,
        },
      );
    }
    const listed = (await call('GET', '/staff', admin.headers)).json().data.list;
    expect(listed.find((a: { id: string }) => a.id === member.staff.id).lockedUntil).not.toBeNull();

    const res = await call('POST', `/staff/${member.staff.id}/reset-password`, admin.headers);
    expect(res.json()).toMatchObject({
      code: '0',
      data: { account: { id: member.staff.id, lockedUntil: null } },
    });
    const password = res.json().data.password;
    expect(password).not.toBe(member.password);
    expect((await call('GET', '/auth/me', member.headers)).json().code).toBe('600');
    tick(31_000);
    const old = await call(
      'POST',
      '/auth/login',
      { ...CONSOLE_HEADERS, 'x-forwarded-for': ip },
      {
        email: member.staff.email,
        password: member.password,
      },
    );
    expect(old.json().code).toBe('601');
    const fresh = await call(
      'POST',
      '/auth/login',
      { ...CONSOLE_HEADERS, 'x-forwarded-for': ip },
      {
        email: member.staff.email,
        password,
      },
    );
    expect(fresh.json().data.stage).toBe('totp');
    const rows = await auditOf('staff.reset_password', member.staff.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      staff_id: admin.staff.id,
      after: { lockedUntil: null, sessionsEnded: 1 },
    });
    expect(JSON.stringify(rows)).not.toContain(password);
  });

  it('resets the authenticator: sessions end and the member enrols a new one at next sign-in', async () => {
    const member = await signInStaff(t, ['finance']);
    const res = await call('POST', `/staff/${member.staff.id}/reset-totp`, admin.headers);
    expect(res.json()).toMatchObject({ code: '0', data: { id: member.staff.id, totpEnrolled: false } });
    expect((await call('GET', '/auth/me', member.headers)).json().code).toBe('600');
    tick(31_000);
    const ip = staffClientIp();
    const login = await call(
      'POST',
      '/auth/login',
      { ...CONSOLE_HEADERS, 'x-forwarded-for': ip },
      {
        email: member.staff.email,
        password: member.password,
      },
    );
    expect(login.json().data.stage).toBe('enrol');
    expect(login.json().data.secret).not.toBe(member.totpSecret);
    // The old authenticator's codes no longer open the account.
    const oldCode = await call(
      'POST',
      '/auth/verify',
      { ...CONSOLE_HEADERS, 'x-forwarded-for': ip },
      {
        challenge: login.json().data.challenge,
        code: await totpCode(member.totpSecret, clock),
      },
    );
    expect(oldCode.json().code).toBe('4020');
    const rows = await auditOf('staff.reset_totp', member.staff.id);
    expect(rows).toEqual([
      {
        staff_id: admin.staff.id,
        staff_email: admin.staff.email,
        before: { totpEnrolled: true },
        after: { totpEnrolled: false, sessionsEnded: 1 },
        reason: null,
        ip: expect.any(String),
      },
    ]);
  });

  it('pages the audit log, newest first, filtered', async () => {
    const auditor = await signInStaff(t, ['auditor']);
    const member = await signInStaff(t, ['agent']);
    await call('PUT', `/staff/${member.staff.id}`, admin.headers, {
      name: 'First',
      roles: ['agent'],
      language: 'en',
      active: true,
    });
    tick(1000);
    await call('PUT', `/staff/${member.staff.id}`, admin.headers, {
      name: 'Second',
      roles: ['agent'],
      language: 'en',
      active: true,
    });
    const page = await call(
      'GET',
      `/audit?targetType=staff&targetId=${member.staff.id}&action=staff.update&pageSize=1`,
      auditor.headers,
    );
    expect(page.json()).toMatchObject({ code: '0', data: { total: 2, page: 1, pageSize: 1 } });
    expect(page.json().data.list[0]).toMatchObject({
      staffId: admin.staff.id,
      staffEmail: admin.staff.email,
      action: 'staff.update',
      targetType: 'staff',
      targetId: member.staff.id,
      after: { name: 'Second' },
    });
    const second = await call(
      'GET',
      `/audit?targetId=${member.staff.id}&action=staff.update&pageSize=1&page=2`,
      auditor.headers,
    );
    expect(second.json().data.list[0].after).toMatchObject({ name: 'First' });
    const byStaff = await call('GET', `/audit?staffId=${member.staff.id}`, auditor.headers);
    expect(byStaff.json().data.list.map((e: { action: string }) => e.action)).toEqual(['staff.login']);
    const from = new Date(clock.getTime() - 500).toISOString();
    const recent = await call(
      'GET',
      `/audit?targetId=${member.staff.id}&from=${encodeURIComponent(from)}`,
      auditor.headers,
    );
    expect(recent.json().data.list.map((e: { after: { name: string } }) => e.after.name)).toEqual(['Second']);
    const bad = await call('GET', '/audit?staffId=nope&pageSize=500', auditor.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields.map((f: { field: string }) => f.field)).toEqual(
      expect.arrayContaining(['staffId', 'pageSize']),
    );
  });

  it('keeps the audit log append-only in the database', async () => {
    const member = await signInStaff(t, ['agent']);
    const [row] =
      // The row of the member's creation (a sign-in's row names the member too; rows have no order).
      (
        await t.database.pool.query(
          "select id from audit_log where target_id = $1 and action = 'staff.create'",
          [member.staff.id],
        )
      ).rows;
    await expect(
      t.database.pool.query("update audit_log set action = 'staff.nothing' where id = $1", [row.id]),
    ).rejects.toThrow(/append-only|not allowed|audit/i);
    await expect(t.database.pool.query('delete from audit_log where id = $1', [row.id])).rejects.toThrow(
      /append-only|not allowed|audit/i,
    );
    const still = await t.database.pool.query('select action from audit_log where id = $1', [row.id]);
    expect(still.rows[0].action).toBe('staff.create');
  });

  it('never writes a password, hash, secret or token into the audit log', async () => {
    const { rows } = await t.database.pool.query(
      "select before, after, reason from audit_log where action like 'staff.%'",
    );
    const text = JSON.stringify(rows);
    expect(text.match(/argon2|"password":|secret|challenge|token/i)).toBeNull();
    const hashes = await t.database.pool.query('select password_hash, totp_secret_enc from staff_users');
    for (const h of hashes.rows) {
      expect(text).not.toContain(h.password_hash);
      if (h.totp_secret_enc) expect(text).not.toContain(h.totp_secret_enc);
    }
  });
});
