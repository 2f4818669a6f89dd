import type { StaffRole } from '@wings/contracts';
import { generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { watchCsp } from './browser';

/**
 * The staff console in the browser journeys (issue 13): a desktop window and signing in as one of
 * the demo staff the API seeds in development (apps/api/src/modules/staff/staff.demo.ts: one
 * member per role, one known password and TOTP secret), computing the authenticator's code.
 */

// The demo staff the API seeds in development (apps/api/src/modules/staff/staff.demo.ts), written
// out: importing that file would bring the API's types into the journeys' build. A drift fails
// every console journey at its first sign-in.
const DEMO_STAFF_DOMAIN = 'demo.wings-airways.test';
const DEMO_STAFF_PASSWORD = 'Console2026';
const DEMO_STAFF_TOTP_SECRET = 'WINGSDEMOSTAFFTOTPSECRETXXKHPPNH';
const DEMO_STAFF: ReadonlyArray<{ role: StaffRole; email: string; name: string }> = [
  { role: 'admin', email: `admin@${DEMO_STAFF_DOMAIN}`, name: 'Demo Admin' },
  { role: 'agent', email: `agent@${DEMO_STAFF_DOMAIN}`, name: 'Demo Agent' },
  { role: 'finance', email: `finance@${DEMO_STAFF_DOMAIN}`, name: 'Demo Finance' },
  { role: 'auditor', email: `auditor@${DEMO_STAFF_DOMAIN}`, name: 'Demo Auditor' },
  { role: 'content_editor', email: `editor@${DEMO_STAFF_DOMAIN}`, name: 'Demo Content Editor' },
];

/** The console's journeys run at 1280×800, an office screen. */
export const CONSOLE_VIEWPORT = { width: 1280, height: 800 } as const;

/** A desktop browser window (CSP violations recorded like the phones'). */
export async function consoleContext(browser: Browser, locale = 'en-GB'): Promise<BrowserContext> {
  return watchCsp(await browser.newContext({ viewport: CONSOLE_VIEWPORT, locale }));
}

/** The demo member of a role, with the password and TOTP secret every demo member shares. */
export function demoStaff(role: StaffRole): {
  email: string;
  name: string;
  password: string;
  totpSecret: string;
} {
  const member = DEMO_STAFF.find((m) => m.role === role);
  if (!member) throw new Error(`no demo staff member for ${role}`);
  return {
    email: member.email,
    name: member.name,
    password: DEMO_STAFF_PASSWORD,
    totpSecret: DEMO_STAFF_TOTP_SECRET,
  };
}

const STEP_SECONDS = 30;
/** The last TOTP step each e-mail signed in with: the API accepts a step once (no replay). */
const lastStep = new Map<string, number>();

/**
 * A code the API accepts for `email` now: it allows one step of drift either way and refuses a
 * step already used, so a second sign-in within the same 30 s uses the next step's code. A third
 * within it would have to wait for the clock; the helper says so instead of sleeping.
 */
export async function totpCodeFor(email: string, secret = DEMO_STAFF_TOTP_SECRET): Promise<string> {
  const now = Math.floor(Date.now() / 1000 / STEP_SECONDS);
  const used = lastStep.get(email) ?? Number.NEGATIVE_INFINITY;
  const step = [now - 1, now, now + 1].find((s) => s > used && s >= now);
  if (step === undefined) {
    throw new Error(`${email} signed in three times within 30 seconds; its TOTP codes are used up for now`);
  }
  lastStep.set(email, step);
  return generate({ secret, epoch: step * STEP_SECONDS });
}

/**
 * Signs in to the console at `baseUrl` as the demo member of `role`: e-mail and password, then the
 * 6-digit code. Waits for the console's header; the page is then on the member's first menu entry
 * (or `next`, a path below /console such as '/orders'), in the member's language (the demo staff's
 * is the one the API seeds them with).
 */
export async function signInToConsole(
  page: Page,
  baseUrl: string,
  role: StaffRole = 'admin',
  next?: string,
): Promise<void> {
  const member = demoStaff(role);
  const from = next ? `?from=${encodeURIComponent(next)}` : '';
  await page.goto(`${baseUrl}/console/sign-in${from}`);
  await page.getByLabel('E-mail').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('6-digit code').fill(await totpCodeFor(member.email, member.totpSecret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The header names the member once signed in, whatever language their account speaks.
  await page.getByTestId('member-name').waitFor();
}
