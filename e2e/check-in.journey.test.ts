import { addDays, HUB_TIME_ZONE, localDate } from '@wings/rules';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { phoneContext, screenshot } from './support/browser';
import { traveller } from './support/console';
import { useJourney } from './support/journey';
import { expectNoFindings, inspectPage, useLanguage } from './support/layout-page';
import { setClock } from './support/programme';

const MINUTE = 60_000;

/**
 * Issue 15, online check-in: a member's ticketed order for a flight 25 days away; the server's
 * development clock moved to 100 minutes before departure (the window opens 2 hours before);
 * the member checks in from ticket detail, is given a seat, and gets a boarding pass with its
 * QR code, which opens again with the phone offline.
 */
describe('a member checks in on the day and keeps the boarding pass offline', () => {
  const journey = useJourney('check-in');

  it('checks in from ticket detail, sees the boarding pass, and opens it offline', async () => {
    const base = journey.server.url;
    const member = await traveller(base, 'checkin');
    const date = addDays(localDate(new Date(), HUB_TIME_ZONE), 25);
    const flights = await member.search('KTI', 'SAI', date);
    const flight = flights.find((f) => f.fares.some((fare) => fare.seatsLeft >= 1));
    if (!flight) throw new Error(`no open seat on KTI → SAI on ${date}`);
    const booking = await member.book(
      flight.flightId,
      flight.fares.find((f) => f.seatsLeft >= 1)!.bookingClass,
      date,
    );
    await member.pay(booking.orderNo, { ticketed: true });

    const before = await member.call('POST', '/travelsky/checkin/queryCheckIn', { orderNo: booking.orderNo });
    expect(before.code, JSON.stringify(before)).toBe('0');
    const leg = before.data.passengers[0].legs[0];
    expect(leg).toMatchObject({ state: 'not_checked_in', phase: 'not_open', canCheckIn: false });
    await setClock(base, new Date(new Date(leg.depUtc).getTime() - 100 * MINUTE));

    const context = await phoneContext(journey.browser, 'en-US');
    const page = await context.newPage();
    await page.goto(`${base}/#/pages/more/login/login`);
    await page.getByTestId('login-account').fill(member.email);
    await page.getByTestId('login-password').fill('Angkor2026');
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => !url.hash.includes('/login/'));

    await page.goto(`${base}/#/pages/ticket/ticket-detail/ticket-detail?orderNo=${booking.orderNo}`);
    await page.getByTestId('check-in-open-0').click();
    await page.getByTestId('ci-leg-0').waitFor();
    await screenshot(page, 'check-in-01-open');
    await expectAccessible(page, 'check-in-01-open');
    await page.getByTestId('check-in-submit').click();

    await page.getByTestId('bp-0-0-qr').waitFor();
    const bcbp = await page.getByTestId('bp-0-0-qr').getAttribute('data-bcbp');
    expect(bcbp).toMatch(new RegExp(`^M1KEO/CHANTHOU\\s+E${booking.pnr}\\s*KTISAI`));
    expect(await page.getByTestId('bp-0-0-seat').textContent()).toMatch(/^\d{1,2}[A-K]$/);
    await screenshot(page, 'check-in-02-boarding-pass');
    await expectAccessible(page, 'check-in-02-boarding-pass');

    // At the gate without a connection: the pass kept on the phone opens, QR code and all.
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('bp-offline').waitFor();
    await page.getByTestId('bp-0-0-qr').waitFor();
    await screenshot(page, 'check-in-03-offline');
    await context.setOffline(false);

    // On the smallest phone, in the three languages: the check-in page and the boarding pass fit.
    await page.setViewportSize({ width: 320, height: 640 });
    // Measured where the pages stop, not mid-slide (as the layout journey's small phone).
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const findings: string[] = [];
    for (const lang of ['km', 'zh', 'en'] as const) {
      await useLanguage(page, lang);
      await page.goto(`${base}/#/pages/ticket/check-in/check-in?orderNo=${booking.orderNo}&leg=0`);
      await page.getByTestId('ci-pax-0-0-cancel').waitFor();
      await inspectPage(page, 'check-in', lang, findings);
      await page.goto(`${base}/#/pages/ticket/boarding-pass/boarding-pass?orderNo=${booking.orderNo}`);
      await page.getByTestId('bp-0-0-qr').waitFor();
      await inspectPage(page, 'boarding-pass', lang, findings);
    }
    await expectNoFindings('check-in', findings);

    // Back on ticket detail, the ticket reads checked in.
    await page.goto(`${base}/#/pages/ticket/ticket-detail/ticket-detail?orderNo=${booking.orderNo}`);
    await expect.poll(() => page.getByTestId('ticket-check-in-0').textContent()).toBe('Checked in');
    await context.close();
    await setClock(base, new Date());
  });
});
