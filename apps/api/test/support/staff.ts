import { randomInt, randomUUID } from 'node:crypto';
import { STAFF_ROLES, type StaffMe, type StaffRole } from '@wings/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { STAFF_COOKIE, totpCode } from '../../src/modules/staff';
import type { TestApp } from '../helpers';

/**
 * Staff sign-in for API tests of /api/admin routes (issue 13). `signInStaff` makes a member with
 * the given roles through the staff service and signs in through the real calls (password, then
 * a TOTP code computed from the enrolment's secret); `expectOnlyRoles` proves a route's roles.
 */

/** A signed-in staff member: the headers to send (session cookie, console header, English). */
export interface SignedInStaff {
  headers: Record<string, string>;
  staff: StaffMe;
  /** The member's password and TOTP secret, for tests that sign in again. */
  password: string;
  totpSecret: string;
}

/** A fresh client address per sign-in, so the per-network sign-in limit of one test never meets another's. */
export function staffClientIp(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** The headers every state-changing staff call carries besides the cookie. */
export const CONSOLE_HEADERS = { 'x-wings-console': '1', language: '1' } as const;

/** The value of the staff session cookie a reply sets, or undefined. */
export function sessionCookieOf(setCookie: string | string[] | number | undefined): string | undefined {
  const all = Array.isArray(setCookie) ? setCookie : setCookie === undefined ? [] : [String(setCookie)];
  for (const line of all) {
    const [pair] = line.split(';');
    const [name, ...value] = (pair ?? '').split('=');
    if (name?.trim() === STAFF_COOKIE) return value.join('=');
  }
  return undefined;
}

/** The clock the app reads (a test that moves it passes it to createTestApp). */
const clockOf = (t: TestApp) => t.now?.() ?? new Date();

/** What the password step answered: the next stage, and the secret to enrol when it is `enrol`. */
export interface StaffLoginStep {
  stage: string;
  challenge: string;
  secret?: string;
}

/** The secret a first sign-in enrols (the login step must ask to enrol). */
export function enrolmentSecret(login: StaffLoginStep): string {
  if (login.stage !== 'enrol' || !login.secret)
    throw new Error(`staff login did not ask to enrol: ${JSON.stringify(login)}`);
  return login.secret;
}

/**
 * The two sign-in calls from one address (a fresh one unless given): POST /api/admin/auth/login
 * with the password, then /auth/verify with the code at `at` (the app's clock unless given) of
 * the TOTP secret `secretOf` picks (the enrolment's from the login reply, or one the test kept).
 * Throws with the reply when the password step fails; the verify reply is the test's to check.
 */
export async function passwordThenCode(
  t: TestApp,
  credentials: { email: string; password: string },
  secretOf: (login: StaffLoginStep) => string,
  options: { ip?: string; at?: Date } = {},
): Promise<{ login: StaffLoginStep; verify: LightMyRequestResponse }> {
  const ip = options.ip ?? staffClientIp();
  const reply = await t.app.inject({
    method: 'POST',
    url: '/api/admin/auth/login',
    headers: { ...CONSOLE_HEADERS, 'x-forwarded-for': ip },
    payload: credentials,
  });
  const first = reply.json();
  if (first.code !== '0') throw new Error(`staff login failed: ${reply.body}`);
  const login: StaffLoginStep = first.data;
  const verify = await t.app.inject({
    method: 'POST',
    url: '/api/admin/auth/verify',
    headers: { ...CONSOLE_HEADERS, 'x-forwarded-for': ip },
    payload: { challenge: login.challenge, code: await totpCode(secretOf(login), options.at ?? clockOf(t)) },
  });
  return { login, verify };
}

/**
 * Creates a staff member with `roles` (through the staff service, like `npm run staff:create`)
 * and signs them in through POST /api/admin/auth/login and /auth/verify, enrolling the
 * authenticator with a code computed from the secret the login answered.
 */
export async function signInStaff(
  t: TestApp,
  roles: StaffRole[],
  options: { email?: string; name?: string } = {},
): Promise<SignedInStaff> {
  const email = options.email ?? `staff-${randomUUID().slice(0, 12)}@staff.test`;
  const { password } = await t.app.staff.create(
    null,
    { email, name: options.name ?? `Test ${roles.join(' ')}`, roles, language: 'en' },
    {},
  );
  const { login, verify } = await passwordThenCode(t, { email, password }, enrolmentSecret);
  const totpSecret = enrolmentSecret(login);
  const second = verify.json();
  const cookie = sessionCookieOf(verify.headers['set-cookie']);
  if (second.code !== '0' || !cookie) throw new Error(`staff verify failed: ${verify.body}`);
  return {
    headers: { ...CONSOLE_HEADERS, cookie: `${STAFF_COOKIE}=${cookie}` },
    staff: second.data.staff,
    password,
    totpSecret,
  };
}

/** A request to an admin route, as app.inject takes it (the url starts with /api/admin). */
export interface StaffRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

/** A call to an admin route (`url` after /api/admin) as the signed-in `who`: its HTTP status and envelope. */
export async function callAsStaff(
  t: TestApp,
  who: SignedInStaff,
  method: StaffRequest['method'],
  url: string,
  payload?: unknown,
) {
  const res = await t.app.inject({
    method,
    url: `/api/admin${url}`,
    headers: who.headers,
    ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

/** One signed-in member per role and test app, reused across expectOnlyRoles calls. */
const sessions = new WeakMap<TestApp, Map<StaffRole, SignedInStaff>>();

async function memberFor(t: TestApp, role: StaffRole, fresh: boolean): Promise<SignedInStaff> {
  let byRole = sessions.get(t);
  if (!byRole) {
    byRole = new Map();
    sessions.set(t, byRole);
  }
  const known = byRole.get(role);
  if (known && !fresh) return known;
  const member = await signInStaff(t, [role]);
  byRole.set(role, member);
  return member;
}

async function call(t: TestApp, request: StaffRequest, headers: Record<string, string>) {
  const res = await t.app.inject({
    method: request.method,
    url: request.url,
    headers: { ...headers, ...request.headers },
    ...(request.payload !== undefined ? { payload: request.payload as InjectOptions['payload'] } : {}),
  });
  let code: string | undefined;
  try {
    code = res.json().code;
  } catch {
    code = undefined;
  }
  return { status: res.statusCode, code, body: res.body };
}

/**
 * Calls an admin route as nobody and as a member of every role, and asserts: nobody gets 600
 * (login expired), each role not in `allowed` gets 403, each allowed role gets anything but
 * 403 or 600 (validation, not found or success: the role got past the gate). A member holds one
 * role; sessions are reused per test app (and renewed when the clock has ended them).
 */
export async function expectOnlyRoles(
  t: TestApp,
  request: StaffRequest,
  allowed: StaffRole[],
): Promise<void> {
  const what = `${request.method} ${request.url}`;
  const nobody = await call(t, request, { ...CONSOLE_HEADERS });
  expect(nobody.code, `${what} as nobody: ${nobody.body}`).toBe('600');
  for (const role of STAFF_ROLES) {
    let member = await memberFor(t, role, false);
    let res = await call(t, request, member.headers);
    if (res.code === '600') {
      // The reused session ended (the clock moved, or a call ended it): sign in afresh once.
      member = await memberFor(t, role, true);
      res = await call(t, request, member.headers);
    }
    if (allowed.includes(role)) {
      expect(res.status, `${what} as ${role}: ${res.body}`).not.toBe(403);
      expect(res.code, `${what} as ${role}: ${res.body}`).not.toBe('403');
      expect(res.code, `${what} as ${role}: ${res.body}`).not.toBe('600');
    } else {
      expect(res.status, `${what} as ${role}: ${res.body}`).toBe(403);
      expect(res.code, `${what} as ${role}: ${res.body}`).toBe('403');
    }
  }
}
