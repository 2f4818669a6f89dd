import { randomUUID } from 'node:crypto';
import { addDays, localDate } from '@wings/rules';
import { describe, expect, it } from 'vitest';
import { axeFindings } from './support/axe';
import { screenshot } from './support/browser';
import { consoleContext, signInToConsole } from './support/console';
import { useJourney } from './support/journey';
import { mailTo, waitForMail } from './support/mail';
import { createMember } from './support/member';
import { getAccessToken } from './support/token';

// biome-ignore lint/suspicious/noExplicitAny: replies are read field by field, as the app would
type Json = { code: string; message: string; data: any };

/**
 * A member of the traveller app booking one adult on a KTI → SAI flight through its API, paying
 * in the sandbox and waiting for the e-ticket, as the app does.
 */
async function aTicketedBooking(baseUrl: string) {
  const email = `orders-${randomUUID().slice(0, 8)}@example.com`;
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

  const date = addDays(localDate(new Date(), 'Asia/Phnom_Penh'), 25);
  const search = await call('POST', '/travelsky/ibe/queryFlight', {
    depCode: 'KTI',
    arrCode: 'SAI',
    depDate: date,
    passengers: [1, 0, 0],
    tripType: 0,
  });
  expect(search.code, JSON.stringify(search)).toBe('0');
  const flights: Array<{ flightId: string; fares: Array<{ bookingClass: string; seatsLeft: number }> }> =
    search.data.flights;
  const flight = flights.find((f) => f.fares.some((fare) => fare.seatsLeft >= 1))!;
  const fare = flight.fares.find((f) => f.seatsLeft >= 1)!;
  const offer = await call('POST', '/travelsky/ibe/chooseFlight', {
    passengers: [1, 0, 0],
    segments: [{ flightId: flight.flightId, bookingClass: fare.bookingClass }],
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
  const orderNo = String(saved.data.orderNo);

  // Paid on the sandbox's page; the sandbox tells the API, then ticketing issues the e-ticket.
  const started = await call('POST', `/travelsky/payment/getPayUrl/${orderNo}`, { method: 'card' });
  expect(started.code, JSON.stringify(started)).toBe('0');
  const approve = await fetch(new URL(`${started.data.checkoutUrl}/approve`, baseUrl), {
    method: 'POST',
    redirect: 'manual',
  });
  expect(approve.status).toBe(303);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const status = await call('GET', `/travelsky/payment/status/${orderNo}`);
    if (status.code === '0' && status.data.status === 1 && status.data.ticketsIssued >= 1) break;
    if (Date.now() > deadline) throw new Error(`order ${orderNo} not ticketed: ${JSON.stringify(status)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return { email, orderNo, pnr: String(saved.data.pnr), docNumber };
}

describe('staff console: orders and tickets (issue 13)', () => {
  const journey = useJourney('console-orders');

  it('an agent finds a traveller’s order by PNR, reads its history and resends the itinerary, seen in the dev mailbox', async () => {
    const { url } = journey.server;
    const booking = await aTicketedBooking(url);

    const context = await consoleContext(journey.browser);
    // The console opens in the language last used on this browser (Chinese the first time).
    await context.addInitScript(() => localStorage.setItem('wings.console.language', 'en'));
    const page = await context.newPage();
    await signInToConsole(page, url, 'agent');

    // Orders and tickets, from the menu: search by the PNR, typed in lower case.
    await page.getByRole('navigation', { name: 'Navigation' }).getByText('Orders and tickets').click();
    await page.getByRole('heading', { name: 'Orders and tickets' }).waitFor();
    await page.getByLabel('PNR').fill(booking.pnr.toLowerCase());
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\/console\/orders\?pnr=/);
    const link = page.getByRole('link', { name: booking.orderNo });
    await link.waitFor();
    // Only this order (the list before the search showed every order): one row, its route.
    await expect.poll(() => page.locator('tr.ant-table-row').count()).toBe(1);
    await page.getByRole('cell', { name: booking.pnr, exact: true }).waitFor();
    expect(await page.getByRole('cell', { name: 'KTI → SAI' }).count()).toBe(1);
    await screenshot(page, 'console-orders-01-search');
    expect(await axeFindings(page)).toEqual([]);

    // The order: the passenger's document whole (an agent), the flight in Phnom Penh's time, the history.
    await link.click();
    await page.getByRole('heading', { name: `Order ${booking.orderNo}` }).waitFor();
    expect(await page.getByTestId('doc-0').textContent()).toBe(booking.docNumber);
    expect(await page.getByText(/\(UTC\+07:00\) Asia\/Phnom_Penh/).count()).toBeGreaterThan(0);
    const history = page.getByTestId('order-history');
    for (const step of ['Booked', 'Paid', 'Ticketed']) {
      await history.getByText(step, { exact: true }).waitFor();
    }
    expect(await history.getByText('By gateway:sandbox').count()).toBe(1);
    await screenshot(page, 'console-orders-02-order');
    expect(await axeFindings(page)).toEqual([]);

    // Resend the itinerary to the contact (nothing mailed it before): confirm, then see it sent
    // and written in the audit rows.
    const itinerary = new RegExp(`itinerary, booking ${booking.pnr}`);
    expect((await mailTo(url, booking.email)).filter((m) => itinerary.test(m.subject))).toEqual([]);
    await page.getByTestId('action-resend').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Resend the itinerary of order ${booking.orderNo}?`).waitFor();
    await dialog.getByLabel(/^Note/).fill('traveller lost the e-mail');
    await screenshot(page, 'console-orders-03-resend');
    expect(await axeFindings(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(`Itinerary sent to ${booking.email}`).waitFor();
    await page.getByRole('cell', { name: 'order.resend_itinerary' }).waitFor();
    await page.getByRole('cell', { name: 'traveller lost the e-mail' }).waitFor();
    await screenshot(page, 'console-orders-04-resent');

    // The traveller's mailbox has it, with the PDF.
    const mail = await waitForMail(url, booking.email, itinerary);
    expect(mail.attachments.map((a) => a.contentType)).toContain('application/pdf');
    await page.goto(`${url}/api/dev/mail?to=${encodeURIComponent(booking.email)}`);
    await screenshot(page, 'console-orders-05-mailbox');
    await context.close();
  });
});
