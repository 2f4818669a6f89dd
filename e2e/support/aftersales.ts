import { randomUUID } from 'node:crypto';
import { addDays } from '@wings/rules';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Json, SearchedFlight } from './console';
import { createMember } from './member';
import { getAccessToken } from './token';

/*
 * A ticketed member of the traveller app for the after-sales journeys (refunds, changes of date):
 * registered, booked and paid through the API as the app does it, then signed in on the login page.
 */

/**
 * Grand (M, U, H) and Basic (W, Q, V, L, T) fares are refundable for a fee (after-sales §9: USD 30
 * and 50 per passenger and flight), so the journey books one of them and sees the fee kept.
 */
export const FEE_CLASSES: ReadonlySet<string> = new Set(['M', 'U', 'H', 'W', 'Q', 'V', 'L', 'T']);

/**
 * A member of the traveller app driven through its API as the app drives it, in the language the
 * order is made in (its mails follow it): registers, books a party of adults on one flight and
 * pays in the sandbox until the e-tickets are issued.
 */
export async function memberWithTickets(
  baseUrl: string,
  prefix: string,
  p: {
    from: string;
    to: string;
    date: string;
    adults: { surname: string; givenName: string }[];
    language: '0' | '1' | '2';
    /** The booking classes the fare is chosen from (the refundable ones with a fee by default). */
    classes?: ReadonlySet<string>;
  },
) {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
  const member = await createMember(baseUrl, email);
  const accessToken = await getAccessToken(baseUrl);
  let token = '';
  const call = async (route: string, body?: unknown, method: 'GET' | 'POST' = 'POST'): Promise<Json> => {
    const res = await fetch(`${baseUrl}/api${route}`, {
      method,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${accessToken}`,
        language: p.language,
        ...(token ? { token } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await res.json()) as Json;
  };
  const login = await call('/travelsky/user/login', { account: email, password: member.password });
  expect(login.code, JSON.stringify(login)).toBe('0');
  token = String(login.data.token);

  const n = p.adults.length;
  const found = await call('/travelsky/ibe/queryFlight', {
    depCode: p.from,
    arrCode: p.to,
    depDate: p.date,
    passengers: [n, 0, 0],
    tripType: 0,
  });
  expect(found.code, JSON.stringify(found)).toBe('0');
  const flights = found.data.flights as SearchedFlight[];
  const pick = flights
    .flatMap((f) => f.fares.map((fare) => ({ f, fare })))
    .find(({ fare }) => fare.seatsLeft >= n && (p.classes ?? FEE_CLASSES).has(fare.bookingClass));
  if (!pick) throw new Error(`no fare of the classes asked ${p.from} → ${p.to} on ${p.date}`);
  const offer = await call('/travelsky/ibe/chooseFlight', {
    passengers: [n, 0, 0],
    segments: [{ flightId: pick.f.flightId, bookingClass: pick.fare.bookingClass }],
  });
  expect(offer.code, JSON.stringify(offer)).toBe('0');
  const saved = await call('/travelsky/ibe/saveTicketOrder', {
    offerId: offer.data.offerId,
    passengers: p.adults.map((a, i) => ({
      passengerType: 1,
      surname: a.surname,
      givenName: a.givenName,
      middleName: null,
      title: i % 2,
      gender: i % 2,
      nationality: 'KH',
      birthday: `198${i}-03-1${i}`,
      docType: 1,
      docNumber: `P${randomUUID().slice(0, 7).toUpperCase()}`,
      docExpiry: addDays(p.date, 3 * 365),
      email: null,
      countryCode: '855',
      phone: '12345678',
    })),
    contact: {
      name: `${p.adults[0]!.surname} ${p.adults[0]!.givenName}`,
      countryCode: '855',
      phone: '12345678',
      email,
    },
    idempotencyKey: randomUUID(),
    acceptTerms: true,
  });
  expect(saved.code, JSON.stringify(saved)).toBe('0');
  const orderNo = String(saved.data.orderNo);

  const started = await call(`/travelsky/payment/getPayUrl/${orderNo}`, { method: 'card' });
  expect(started.code, JSON.stringify(started)).toBe('0');
  const approve = await fetch(new URL(`${started.data.checkoutUrl}/approve`, baseUrl), {
    method: 'POST',
    redirect: 'manual',
  });
  expect(approve.status).toBe(303);
  await expect
    .poll(
      async () => (await call(`/travelsky/payment/status/${orderNo}`, undefined, 'GET')).data?.ticketsIssued,
      {
        timeout: 60_000,
        interval: 300,
      },
    )
    .toBe(n);
  return { email, password: member.password, orderNo, call };
}

/** Signs the member in on the app's login page, as a traveller does. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/#/pages/more/login/login`);
  await page.getByTestId('login-account').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForFunction(
    () => JSON.parse(localStorage.getItem('session') ?? '{}').state?.loggedIn === true,
  );
  // The login page then leaves for where the traveller came from (the More tab here).
  await page.waitForFunction(() => !location.hash.includes('/login/'));
}
