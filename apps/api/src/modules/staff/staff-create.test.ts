import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownDatabase, TEST_SERVER_SECRET, type TestApp } from '../../../test/helpers';
import { enrolmentSecret, passwordThenCode, staffClientIp } from '../../../test/support/staff';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD, DEMO_STAFF_TOTP_SECRET } from '.';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Runs `npm run staff:create -- <args>` as the operator would, on `databaseUrl`. */
function staffCreate(
  databaseUrl: string,
  args: string[],
): Promise<{ status: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/staff-create.ts', ...args], {
      cwd: API_DIR,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: databaseUrl,
        SERVER_SECRET: TEST_SERVER_SECRET,
      },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('close', (status) => resolve({ status, out, err }));
  });
}

describe('npm run staff:create, and no default account in production', () => {
  let own: Awaited<ReturnType<typeof ownDatabase>>;
  beforeAll(async () => {
    own = await ownDatabase();
  }, 120_000);
  afterAll(() => own.drop());

  it('creates a member, prints the one-time password once, and the member signs in with it', async () => {
    const email = 'First.Admin@Wings.kh';
    const run = await staffCreate(own.url, [
      '--email',
      email,
      '--role',
      'admin',
      '--role',
      'agent',
      '--name',
      'First Admin',
    ]);
    expect(run.err).toBe('');
    expect(run.status).toBe(0);
    const password = /One-time password: (\S+)/.exec(run.out)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);

    const t: TestApp = await createTestApp({
      databaseUrl: own.url,
      // Even with the demo data asked for, production writes no demo staff.
      env: {
        NODE_ENV: 'production',
        APP_ID: 'wings-prod-test',
        APP_SECRET: 'a-production-secret-for-tests',
        SEED_DEMO: 'true',
      },
    });
    try {
      const rows = await t.database.pool.query(
        "select staff_id, action, target_id, after from audit_log where action = 'staff.create'",
      );
      expect(rows.rows).toHaveLength(1);
      expect(rows.rows[0]).toMatchObject({
        staff_id: null,
        after: { email: 'first.admin@wings.kh', roles: ['admin', 'agent'], name: 'First Admin' },
      });
      expect(JSON.stringify(rows.rows)).not.toContain(password!);
      // Production writes no demo staff: the command's member is the only one.
      const staff = await t.database.pool.query('select email from staff_users');
      expect(staff.rows).toEqual([{ email: 'first.admin@wings.kh' }]);

      const { verify } = await passwordThenCode(t, { email, password: password! }, enrolmentSecret);
      expect(verify.json()).toMatchObject({ code: '0', data: { staff: { roles: ['admin', 'agent'] } } });
      // In production the cookie is Secure.
      expect(String(verify.headers['set-cookie'])).toContain('Secure');
    } finally {
      await t.close();
    }

    const again = await staffCreate(own.url, ['--email', 'first.admin@wings.kh', '--role', 'finance']);
    expect(again.status).toBe(1);
    expect(again.err).toContain('exists already');
    expect(again.out).not.toContain('One-time password');
  }, 60_000);

  it('names the argument that is wrong', async () => {
    const badRole = await staffCreate(own.url, ['--email', 'x@wings.kh', '--role', 'pilot']);
    expect(badRole.status).toBe(1);
    expect(badRole.err).toContain('--role');
    const noEmail = await staffCreate(own.url, ['--role', 'admin']);
    expect(noEmail.status).toBe(1);
    expect(noEmail.err).toContain('--email');
    const noRole = await staffCreate(own.url, ['--email', 'y@wings.kh']);
    expect(noRole.status).toBe(1);
    expect(noRole.err).toContain('--role');
  }, 60_000);

  it('seeds one demo member per role outside production, who sign in with the documented secret', async () => {
    const t = await createTestApp({ databaseUrl: own.url });
    try {
      const { rows } = await t.database.pool.query(
        'select email, roles from staff_users where email like $1 order by email',
        ['%@demo.wings-airways.test'],
      );
      expect(rows.map((r) => r.roles[0]).sort()).toEqual([
        'admin',
        'agent',
        'auditor',
        'content_editor',
        'finance',
      ]);
      const ip = staffClientIp();
      for (const demo of DEMO_STAFF) {
        const { login, verify } = await passwordThenCode(
          t,
          { email: demo.email, password: DEMO_STAFF_PASSWORD },
          () => DEMO_STAFF_TOTP_SECRET,
          { ip },
        );
        expect(login.stage, demo.email).toBe('totp');
        expect(verify.json(), demo.email).toMatchObject({
          code: '0',
          data: { staff: { roles: [demo.role] } },
        });
      }
    } finally {
      await t.close();
    }
  }, 60_000);
});
