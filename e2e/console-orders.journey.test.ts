import { describe, expect, it } from 'vitest';
import { axeFindings } from './support/axe';
import { screenshot } from './support/browser';
import { openConsole, ticketedBooking } from './support/console';
import { useJourney } from './support/journey';
import { mailTo, waitForMail } from './support/mail';

describe('staff console: orders and tickets (issue 13)', () => {
  const journey = useJourney('console-orders');

  it('an agent finds a traveller’s order by PNR, reads its history and resends the itinerary, seen in the dev mailbox', async () => {
    const { url } = journey.server;
    // A member of the traveller app books one adult on a KTI → SAI flight, pays and is e-ticketed.
    const booking = await ticketedBooking(url);

    const page = await openConsole(journey.browser, url, 'agent');

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
    // Polled too: on a loaded machine the list before the search can still be on screen for a
    // moment, then give way to the searched list's loading state.
    await expect.poll(() => page.getByRole('cell', { name: 'KTI → SAI' }).count()).toBe(1);
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
    await page.context().close();
  });
});
