import { randomInt, randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Json } from './console';
import { latestCode } from './mail';
import { DOCUMENT_PHOTO_JPEG } from './photos';
import { getAccessToken } from './token';

/** A member password the rules accept (6 digits, no run, not one digit repeated). */
export const PROGRAMME_PASSWORD = '284619';

/** A member-layer reply (`/api/fqt`): status '200' when it went well. */
// biome-ignore lint/suspicious/noExplicitAny: replies are read loosely and checked field by field.
export type MemberJson = { status: string; message: string; data: any };

/** Calls of the member layer with the app's access token, and the app session or member session when given. */
export function memberLayer(
  baseUrl: string,
  session: { accessToken: string; token?: string; vipToken?: string },
) {
  const headers = (): Record<string, string> => ({
    authorization: `Bearer ${session.accessToken}`,
    language: '1',
    clientSource: 'CA-H5',
    ...(session.token ? { token: session.token } : {}),
    ...(session.vipToken ? { vipToken: session.vipToken } : {}),
  });
  return {
    session,
    async post(route: string, body: unknown = {}): Promise<MemberJson> {
      const res = await fetch(`${baseUrl}/api/fqt${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers() },
        body: JSON.stringify(body),
      });
      return (await res.json()) as MemberJson;
    },
    async upload(): Promise<string> {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(DOCUMENT_PHOTO_JPEG)], { type: 'image/jpeg' }), 'id.jpg');
      const res = await fetch(`${baseUrl}/api/fqt/common/uploadFile`, {
        method: 'POST',
        headers: headers(),
        body: form,
      });
      const json = (await res.json()) as MemberJson;
      expect(json.status, JSON.stringify(json)).toBe('200');
      return String(json.data.fileId);
    },
  };
}

/**
 * An app account joins the member programme through the API as the app does (ID card photos
 * uploaded, the register code from the dev mailbox, the account's session sent so that its bookings
 * carry the card), under the name and birthday of the passenger it books (`traveller()` books Keo
 * Chanthou, born 9 July 1990). Under audit until staff approve it (`approveInConsole`).
 */
export async function joinProgramme(
  baseUrl: string,
  session: { accessToken: string; token: string },
  person = { surname: 'Keo', givenName: 'Chanthou', birthday: '1990-07-09', title: 1, gender: 1 },
): Promise<{ memberId: string; email: string; password: string }> {
  const layer = memberLayer(baseUrl, session);
  const email = `programme-${randomUUID().slice(0, 8)}@example.com`;
  const front = await layer.upload();
  const back = await layer.upload();
  const sent = Date.now() - 2000;
  const token = await layer.post('/consumer/getToken', { channel: 'email', purpose: 'register', email });
  expect(token.status, JSON.stringify(token)).toBe('200');
  const code = await latestCode(baseUrl, email, sent);
  const registered = await layer.post('/consumer/register', {
    ...person,
    middleName: null,
    nationality: 'KH',
    document: {
      documentType: 0,
      documentNo: `K${String(randomInt(0, 1e9)).padStart(9, '0')}`,
      validFrom: '2021-01-01',
      validTo: '2035-01-01',
      frontPhotoId: front,
      backPhotoId: back,
    },
    countryCode: '855',
    phone: `9${String(randomInt(0, 1e7)).padStart(7, '0')}`,
    email,
    address: {
      country: 'KH',
      province: 'Phnom Penh',
      city: 'Phnom Penh',
      postcode: '12000',
      detail: '12 Street 240',
    },
    contactLanguage: 1,
    password: PROGRAMME_PASSWORD,
    confirmPassword: PROGRAMME_PASSWORD,
    code,
    agree: true,
  });
  expect(registered.status, JSON.stringify(registered)).toBe('200');
  return { memberId: String(registered.data.member.id), email, password: PROGRAMME_PASSWORD };
}

/** The header every console call carries (apps/console/src/api/admin-client.ts). */
const CONSOLE_HEADER_NAME = 'x-wings-console';

/** A staff call from a signed-in console page (its session cookie and the console's header). */
export async function staffCall(
  page: Page,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
): Promise<Json> {
  const res = await page.request.fetch(url, {
    method,
    headers: {
      [CONSOLE_HEADER_NAME]: '1',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { data: JSON.stringify(body) }),
  });
  return (await res.json()) as Json;
}

/** Staff approve a registration (the card number is issued); returns the card number. */
export async function approveInConsole(page: Page, baseUrl: string, memberId: string): Promise<string> {
  const r = await staffCall(page, 'POST', `${baseUrl}/api/admin/members/${memberId}/approve`, {});
  expect(r.code, JSON.stringify(r)).toBe('0');
  const member = await staffCall(page, 'GET', `${baseUrl}/api/admin/members/${memberId}`);
  return String(member.data.cardNo);
}

/** Moves the server's development clock so that it reads `at` (POST /api/dev/clock, development only). */
export async function setClock(baseUrl: string, at: Date): Promise<void> {
  const res = await fetch(`${baseUrl}/api/dev/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ offsetMs: at.getTime() - Date.now() }),
  });
  const json = (await res.json()) as { code: string };
  expect(json.code, JSON.stringify(json)).toBe('0');
}

/** Runs a declared job now (the departure close, the accrual sweep) instead of at its next minute. */
export async function runJob(baseUrl: string, name: string): Promise<void> {
  const res = await fetch(`${baseUrl}/api/dev/jobs/${name}/run`, { method: 'POST' });
  const json = (await res.json()) as { code: string };
  expect(json.code, `${name}: ${JSON.stringify(json)}`).toBe('0');
}

/**
 * A main-layer call of a signed-in app account with a fresh access token (access tokens keep the
 * wall clock, so one got before the journey moved the development clock has expired by then).
 */
export async function appCall(baseUrl: string, token: string, route: string, body: unknown): Promise<Json> {
  const accessToken = await getAccessToken(baseUrl);
  const res = await fetch(`${baseUrl}/api${route}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${accessToken}`,
      language: '1',
      token,
    },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Json;
}

/** The order's one passenger and first leg as check-in reads them: its ticket and departure. */
export async function firstLeg(
  baseUrl: string,
  token: string,
  orderNo: string,
): Promise<{ seq: number; legSeq: number; ticketNo: string; depUtc: string; flightNo: string }> {
  const state = await appCall(baseUrl, token, '/travelsky/checkin/queryCheckIn', { orderNo });
  expect(state.code, JSON.stringify(state)).toBe('0');
  const p = state.data.passengers[0];
  const leg = p.legs[0];
  return { seq: p.seq, legSeq: leg.legSeq, ticketNo: p.ticketNo, depUtc: leg.depUtc, flightNo: leg.flightNo };
}

/** Checks the order's passenger in for the first leg, the clock moved to 100 minutes before it. */
export async function checkInBeforeDeparture(baseUrl: string, token: string, orderNo: string): Promise<void> {
  const leg = await firstLeg(baseUrl, token, orderNo);
  await setClock(baseUrl, new Date(new Date(leg.depUtc).getTime() - 100 * 60_000));
  const done = await appCall(baseUrl, token, '/travelsky/checkin/checkIn', {
    orderNo,
    items: [{ seq: leg.seq, legSeq: leg.legSeq }],
  });
  expect(done.code, JSON.stringify(done)).toBe('0');
}
