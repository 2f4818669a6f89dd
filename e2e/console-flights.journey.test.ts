import { addDays, localDate } from '@wings/rules';
import { describe, expect, it } from 'vitest';
import { axeFindings } from './support/axe';
import { screenshot } from './support/browser';
import { openConsole, traveller } from './support/console';
import { useJourney } from './support/journey';
import { waitForMail } from './support/mail';

describe('staff console: flights (issue 13)', () => {
  const journey = useJourney('console-flights');

  it('an admin sees a booked seat as sold and one held, changes a limit and retimes the flight; the traveller gets an e-mail', async () => {
    const { url } = journey.server;
    const date = addDays(localDate(new Date(), 'Asia/Phnom_Penh'), 20);

    // A traveller books two seats on a KTI → SAI flight: one paid, one left unpaid (held).
    const t = await traveller(url, 'flight');
    const flights = await t.search('KTI', 'SAI', date);
    const flight = flights.find((f) => f.fares.some((fare) => fare.seatsLeft >= 2))!;
    const fare = flight.fares.find((f) => f.seatsLeft >= 2)!;
    const paid = await t.book(flight.flightId, fare.bookingClass, date);
    await t.pay(paid.orderNo);
    await t.book(flight.flightId, fare.bookingClass, date);

    const page = await openConsole(journey.browser, url, 'admin');
    const context = page.context();

    // The flights list, filtered by the flight's number, shows its load.
    await page.goto(`${url}/console/flights`);
    await page.getByLabel('Departure dates 1').fill(date);
    await page.getByLabel('Departure dates 2').fill(date);
    await page.getByLabel('Flight number').fill(flight.flightNo);
    await page.getByRole('button', { name: 'Search' }).click();
    const link = page.getByRole('link', { name: flight.flightNo });
    await link.waitFor();
    await screenshot(page, 'console-flights-01-list');
    expect(await axeFindings(page)).toEqual([]);

    // The flight's page: the booked class shows one more sold and one held.
    await link.click();
    await page.getByText(`Flight ${flight.flightNo} · ${date}`).waitFor();
    const row = page.locator('tr', { has: page.getByRole('cell', { name: fare.bookingClass, exact: true }) });
    const cells = row.locator('td');
    const limit = Number(await cells.nth(1).textContent());
    const sold = Number(await cells.nth(2).textContent());
    const held = Number(await cells.nth(3).textContent());
    expect(held).toBe(1);
    expect(sold).toBeGreaterThanOrEqual(1);
    await screenshot(page, 'console-flights-02-flight');
    expect(await axeFindings(page)).toEqual([]);

    // Change the class's limit to what it has sold and held plus one.
    const newLimit = sold + held + 1;
    expect(newLimit).toBeLessThanOrEqual(limit + 1);
    await page.getByRole('button', { name: `Change limit ${fare.bookingClass}` }).click();
    const limitDialog = page.getByRole('dialog');
    await limitDialog.getByLabel('New limit').fill(String(newLimit));
    await limitDialog.getByLabel('Reason').fill('holding seats back for a group');
    await screenshot(page, 'console-flights-03-limit');
    expect(await axeFindings(page)).toEqual([]);
    await limitDialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Class ${fare.bookingClass} now has a limit of ${newLimit}`).waitFor();
    await expect.poll(async () => Number(await cells.nth(1).textContent())).toBe(newLimit);

    // Retime: an hour later at both ends, in each airport's own time.
    await page.getByRole('button', { name: 'Retime' }).click();
    const retime = page.getByRole('dialog');
    const dep = retime.getByLabel(/^Departs KTI/);
    const arr = retime.getByLabel(/^Arrives SAI/);
    const later = (local: string) => {
      const d = new Date(`${local}:00Z`);
      return new Date(d.getTime() + 3_600_000).toISOString().slice(0, 16);
    };
    const newDep = later(await dep.inputValue());
    await dep.fill(newDep);
    await arr.fill(later(await arr.inputValue()));
    await retime.getByLabel('Reason').fill('late inbound aircraft');
    await screenshot(page, 'console-flights-04-retime');
    expect(await axeFindings(page)).toEqual([]);
    await retime.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/^Retimed: \d+ orders told, \d+ e-mails sent$/).waitFor();
    await page.getByText('Retimed', { exact: true }).first().waitFor();
    await screenshot(page, 'console-flights-05-retimed');

    // The traveller of the paid order has the e-mail in the dev mailbox, with the new time.
    const mail = await waitForMail(url, t.email, new RegExp(`flight ${flight.flightNo} has new times`));
    expect(mail.text).toContain(`${newDep.replace('T', ' ')} (Asia/Phnom_Penh)`);
    // The e-mail as the traveller reads it.
    const mailPage = await context.newPage();
    await mailPage.setContent(mail.html);
    await screenshot(mailPage, 'console-flights-06-email');
    await mailPage.close();

    // The network lists.
    await page.goto(`${url}/console/network`);
    await page.getByText('Asia/Phnom_Penh').first().waitFor();
    await screenshot(page, 'console-flights-07-network');
    expect(await axeFindings(page)).toEqual([]);

    // The admin adds a schedule line on an existing route: its dated flights appear at once.
    const first = addDays(date, 30);
    const last = addDays(date, 32);
    await page.getByRole('tab', { name: 'Schedules' }).click();
    await page.getByRole('button', { name: 'Add schedule line' }).click();
    const line = page.getByRole('dialog');
    await line.getByLabel('Flight number').fill('WC177');
    await line.getByLabel('Route').fill('KTI-SAI');
    await page.locator('.ant-select-item-option[title="KTI-SAI"]').click();
    await line.getByLabel('Departure (local time at the origin)').fill('21:30');
    await line.getByLabel('Aircraft type').click();
    await page.locator('.ant-select-item-option[title^="320"]').click();
    await line.getByLabel('First date').fill(first);
    await line.getByLabel('Last date').fill(last);
    await screenshot(page, 'console-flights-08-schedule');
    expect(await axeFindings(page)).toEqual([]);
    await line.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Schedule line WC177 added: 3 dated flights').waitFor();

    await page.goto(`${url}/console/flights`);
    await page.getByLabel('Departure dates 1').fill(first);
    await page.getByLabel('Departure dates 2').fill(last);
    await page.getByLabel('Flight number').fill('WC177');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'WC177' }).count()).toBe(3);
    await screenshot(page, 'console-flights-09-new-flights');
    await context.close();
  });
});
