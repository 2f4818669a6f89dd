import { randomInt, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { fetchToken, type TestApp } from '../helpers';

/** Test support of the accounts module: unique addresses and IPs, calls with a session, mail reading. */

export const PASSWORD = 'Secret123';

export function newEmail(): string {
  return `u-${randomUUID()}@example.com`;
}

/** A fresh client address per test, so per-IP limits of parallel test files never meet. */
export function newIp(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** A phone number unlikely to be taken by another test. */
export function newPhone(): string {
  return `9${String(randomInt(0, 1e9)).padStart(9, '0')}`;
}

export interface Client {
  ip: string;
  /** The session token, once logged in. */
  session?: string;
  get(url: string, headers?: Record<string, string>): Promise<{ status: number; body: Reply }>;
  post(
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: Reply }>;
}

// biome-ignore lint/suspicious/noExplicitAny: replies are read loosely in tests and checked field by field.
export type Reply = { code: string; message: string; data: any };

/**
 * A client of the test app from one IP. The access token is fetched at the app's current
 * clock, so tests that move the clock by days call `refreshAccessToken` first.
 */
export function client(t: TestApp, opts: { ip?: string; session?: string; lang?: string } = {}) {
  let access = t.token;
  const c = {
    ip: opts.ip ?? newIp(),
    session: opts.session,
    async refreshAccessToken(at: Date) {
      access = await fetchToken(t.app, t.config, at);
    },
    headers(): Record<string, string> {
      const h: Record<string, string> = {
        authorization: `Bearer ${access}`,
        language: opts.lang ?? '1',
        'x-forwarded-for': c.ip,
      };
      if (c.session) h.token = c.session;
      return h;
    },
    async get(url: string, headers: Record<string, string> = {}) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api${url}`,
        headers: { ...c.headers(), ...headers },
      });
      return { status: res.statusCode, body: res.json() as Reply };
    },
    /** `headers` go with this call only (an `orderToken` grant, say). */
    async post(url: string, payload?: unknown, headers: Record<string, string> = {}) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api${url}`,
        headers: { ...c.headers(), ...headers },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
      return { status: res.statusCode, body: res.json() as Reply };
    },
  };
  return c;
}

/** The newest message sent to an address (the dev mailbox of the test database). */
export async function latestMail(t: TestApp, to: string): Promise<{ subject: string; text: string } | null> {
  const { rows } = await t.database.pool.query<{ subject: string; text_body: string }>(
    'select subject, text_body from mail_outbox where to_address = $1 order by created_at desc limit 1',
    [to.toLowerCase()],
  );
  return rows[0] ? { subject: rows[0].subject, text: rows[0].text_body } : null;
}

export async function mailCount(t: TestApp, to: string): Promise<number> {
  const { rows } = await t.database.pool.query<{ n: string }>(
    'select count(*) as n from mail_outbox where to_address = $1',
    [to.toLowerCase()],
  );
  return Number(rows[0]?.n ?? 0);
}

/** The 6-digit code of the newest mail to an address. */
export async function latestCode(t: TestApp, to: string): Promise<string> {
  const mail = await latestMail(t, to);
  const code = mail ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

/** Asks for a code and reads it from the mailbox. */
export async function mailedCode(
  t: TestApp,
  c: ReturnType<typeof client>,
  email: string,
  purpose: 'register' | 'reset' | 'bind' | 'verify',
): Promise<string> {
  const res = await c.post('/travelsky/user/testEmail', { email, purpose });
  expect(res.body.code, JSON.stringify(res.body)).toBe('0');
  return latestCode(t, email);
}

/** Registers a new account and leaves the client logged in. */
export async function registerUser(
  t: TestApp,
  c: ReturnType<typeof client>,
  extra: Record<string, unknown> = {},
): Promise<{ email: string; userId: string; token: string }> {
  const email = (extra.email as string | undefined) ?? newEmail();
  const code = await mailedCode(t, c, email, 'register');
  const res = await c.post('/travelsky/user/register', {
    email,
    code,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    agree: true,
    ...extra,
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe('0');
  c.session = res.body.data.token;
  return { email, userId: res.body.data.user.id, token: res.body.data.token };
}

/** The field names of a 400 reply. */
export function fieldsOf(body: Reply): string[] {
  return (body.data?.fields ?? []).map((f: { field: string }) => f.field);
}
