import { randomUUID } from 'node:crypto';
import type { StaffRole } from '@wings/contracts';
import { addDays, localDate } from '@wings/rules';
import { generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { watchCsp } from './browser';
import { createMember } from './member';
import { getAccessToken } from './token';

/**
 * The staff console in the browser journeys (issue 13): a desktop window and signing in as one of
 * the demo staff the API seeds in development (apps/api/src/modules/staff/staff.demo.ts: one
 * member per role, one known password and TOTP secret), computing the authenticator's code; and
 * the traveller whose orders the staff then handle, booking through the app's API.
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
export async function totpCodeFor(
  email: string,
  secret = DEMO_STAFF_TOTP_SECRET,
  nowMs = Date.now(),
): Promise<string> {
  const now = Math.floor(nowMs / 1000 / STEP_SECONDS);
  const used = lastStep.get(email) ?? Number.NEGATIVE_INFINITY;
  const step = [now - 1, now, now + 1].find((s) => s > used && s >= now);
  if (step === undefined) {
    throw new Error(`${email} signed in three times within 30 seconds; its TOTP codes are used up for now`);
  }
  lastStep.set(email, step);
  return generate({ secret, epoch: step * STEP_SECONDS });
}

/** The server's time in ms: its development clock (GET /api/dev/clock), or this machine's. */
export async function serverNow(baseUrl: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/dev/clock`).catch(() => null);
  if (!res?.ok) return Date.now();
  const json = (await res.json()) as { data?: { now?: string } };
  return json.data?.now ? new Date(json.data.now).getTime() : Date.now();
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
  // The code of the server's time: a journey may have moved its development clock on.
  await page
    .getByLabel('6-digit code')
    .fill(await totpCodeFor(member.email, member.totpSecret, await serverNow(baseUrl)));
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The header names the member once signed in, whatever language their account speaks.
  await page.getByTestId('member-name').waitFor();
}

/**
 * A console window in English signed in as the demo member of `role` (see `signInToConsole`), on
 * `next` or the member's first menu entry. Close it with `page.context().close()`.
 */
export async function openConsole(
  browser: Browser,
  baseUrl: string,
  role: StaffRole = 'admin',
  next?: string,
): Promise<Page> {
  const context = await consoleContext(browser);
  // The console opens in the language last used on this browser (Chinese the first time).
  await context.addInitScript(() => localStorage.setItem('wings.console.language', 'en'));
  const page = await context.newPage();
  await signInToConsole(page, baseUrl, role, next);
  return page;
}

// biome-ignore lint/suspicious/noExplicitAny: replies are read field by field, as the app would
export type Json = { code: string; message: string; data: any };

/** A flight as the traveller app's search lists it, with its open classes. */
export interface SearchedFlight {
  flightId: string;
  flightNo: string;
  fares: Array<{ bookingClass: string; seatsLeft: number }>;
}

/**
 * A new member of the traveller app, signed in through its API as the app is (`call` sends the
 * app's headers and the member's token): searches, books one adult and pays in the sandbox.
 */
export async function traveller(baseUrl: string, prefix: string) {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
  const member = await createMember(baseUrl, email);
  const accessToken = await getAccessToken(baseUrl);
  let token = '';
  const call = async (method: 'GET' | 'POST', route: string, body?: unknown): Promise<Json> => {
    const res = await fetch(`${baseUrl}/api${route}`, {
      method,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${accessToken}`,
        language: '1',
        ...(token ? { token } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await res.json()) as Json;
  };
  const login = await call('POST', '/travelsky/user/login', { account: email, password: member.password });
  expect(login.code, JSON.stringify(login)).toBe('0');
  token = String(login.data.token);

  /** The flights of a day, one adult. */
  async function search(from: string, to: string, date: string): Promise<SearchedFlight[]> {
    const found = await call('POST', '/travelsky/ibe/queryFlight', {
      depCode: from,
      arrCode: to,
      depDate: date,
      passengers: [1, 0, 0],
      tripType: 0,
    });
    expect(found.code, JSON.stringify(found)).toBe('0');
    return found.data.flights;
  }

  /** One adult seat on the flight and class: an unpaid order holding it. */
  async function book(flightId: string, bookingClass: string, date: string) {
    const offer = await call('POST', '/travelsky/ibe/chooseFlight', {
      passengers: [1, 0, 0],
      segments: [{ flightId, bookingClass }],
    });
    expect(offer.code, JSON.stringify(offer)).toBe('0');
    const docNumber = `P${randomUUID().slice(0, 7).toUpperCase()}`;
    const saved = await call('POST', '/travelsky/ibe/saveTicketOrder', {
      offerId: offer.data.offerId,
      passengers: [
        {
          passengerType: 1,
          surname: 'Keo',
          givenName: 'Chanthou',
          middleName: null,
          title: 1,
          gender: 1,
          nationality: 'KH',
          birthday: '1990-07-09',
          docType: 1,
          docNumber,
          docExpiry: addDays(date, 3 * 365),
          email: null,
          countryCode: '855',
          phone: '12345678',
        },
      ],
      contact: { name: 'Keo Chanthou', countryCode: '855', phone: '12345678', email },
      idempotencyKey: randomUUID(),
      acceptTerms: true,
    });
    expect(saved.code, JSON.stringify(saved)).toBe('0');
    return { orderNo: String(saved.data.orderNo), pnr: String(saved.data.pnr), docNumber };
  }

  /**
   * Pays the order on the sandbox's page (its Pay button) and waits until the order is paid, or,
   * with `ticketed`, until ticketing has issued its e-ticket too.
   */
  async function pay(orderNo: string, { ticketed = false } = {}): Promise<void> {
    const started = await call('POST', `/travelsky/payment/getPayUrl/${orderNo}`, { method: 'card' });
    expect(started.code, JSON.stringify(started)).toBe('0');
    const approve = await fetch(new URL(`${started.data.checkoutUrl}/approve`, baseUrl), {
      method: 'POST',
      redirect: 'manual',
    });
    expect(approve.status).toBe(303);
    const deadline = Date.now() + (ticketed ? 60_000 : 30_000);
    for (;;) {
      const status = await call('GET', `/travelsky/payment/status/${orderNo}`);
      // Order status 1: paid (spec §4); the sandbox tells the API through a job, a moment later.
      if (status.code === '0' && status.data.status === 1 && (!ticketed || status.data.ticketsIssued >= 1))
        return;
      if (Date.now() > deadline) {
        throw new Error(`order ${orderNo} not ${ticketed ? 'ticketed' : 'paid'}: ${JSON.stringify(status)}`);
      }
      await new Promise((r) => setTimeout(r, 300));
    }
  }

  /** The app's access token and the account's session (the `token` header), for other layers' calls. */
  const session = () => ({ accessToken, token });
  return { email, call, search, book, pay, session };
}

/**
 * A traveller's paid and ticketed order: one adult on a KTI → SAI flight 25 days from today
 * (Phnom Penh's date), booked, paid in the sandbox and e-ticketed, as the app does it.
 */
export async function ticketedBooking(baseUrl: string, prefix = 'orders') {
  const member = await traveller(baseUrl, prefix);
  const date = addDays(localDate(new Date(), 'Asia/Phnom_Penh'), 25);
  const flights = await member.search('KTI', 'SAI', date);
  const flight = flights.find((f) => f.fares.some((fare) => fare.seatsLeft >= 1));
  if (!flight) throw new Error(`no open seat on KTI → SAI on ${date}: ${JSON.stringify(flights)}`);
  const fare = flight.fares.find((f) => f.seatsLeft >= 1)!;
  const booking = await member.book(flight.flightId, fare.bookingClass, date);
  await member.pay(booking.orderNo, { ticketed: true });
  return { email: member.email, ...booking };
}
