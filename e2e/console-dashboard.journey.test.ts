import { describe, expect, it } from 'vitest';
import { axeFindings } from './support/axe';
import { screenshot } from './support/browser';
import { openConsole, ticketedBooking } from './support/console';
import { useJourney } from './support/journey';

describe('staff console: dashboard (issue 13)', () => {
  const journey = useJourney('console-dashboard');

  it("finance opens the console on the dashboard and sees today's paid booking; charts have their text", async () => {
    const { url } = journey.server;
    // A traveller books and pays today (the demo server has no other orders of today).
    await ticketedBooking(url, 'dashboard');

    const page = await openConsole(journey.browser, url, 'finance');
    // The start page of finance is the dashboard (the first menu entry).
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/console/dashboard');

    const today = page.locator('.ant-statistic', { hasText: 'Orders made today' });
    expect(Number(await today.locator('.ant-statistic-content').textContent())).toBeGreaterThanOrEqual(1);
    const paidToday = page.locator('.ant-statistic', { hasText: 'Paid today' });
    expect(await paidToday.locator('.ant-statistic-content').textContent()).toMatch(/US\$\d/);
    // Each chart is drawn and described in words, with its figures as a table.
    await page.getByRole('figure', { name: 'Revenue per day, last 30 days (USD)' }).waitFor();
    await page.getByRole('figure', { name: 'Load factor per day' }).waitFor();
    expect(await page.locator('figure svg.recharts-surface').count()).toBeGreaterThanOrEqual(2);
    await page.getByText('Show as a table').first().click();
    await screenshot(page, 'console-dashboard-01');
    expect(await axeFindings(page)).toEqual([]);
    await page.context().close();
  });
});
