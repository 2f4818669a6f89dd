import { randomUUID } from 'node:crypto';
import { addDays, formatMoney, localDate } from '@wings/rules';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeFindings } from './support/axe';
import { phoneContext, screenshot } from './support/browser';
import { demoStaff, type Json, openConsole, ticketedBooking } from './support/console';
import { useJourney } from './support/journey';
import { getAccessToken } from './support/token';

interface ShownFare {
  family: string;
  bookingClass: string;
  adultPrice: { amount: number; currency: 'USD' | 'CNY' };
}

/** The home page's title as the app ships it (packages/contracts app-texts/en.ts, `home.hero_title`). */
const APP_TITLE = 'Fly Cambodia and beyond';

/** What the traveller app's search shows for a route and date (its API, as the app calls it). */
async function search(baseUrl: string, from: string, to: string, date: string) {
  const accessToken = await getAccessToken(baseUrl);
  const res = await fetch(`${baseUrl}/api/travelsky/ibe/queryFlight`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}`, language: '1' },
    body: JSON.stringify({ depCode: from, arrCode: to, depDate: date, passengers: [1, 0, 0], tripType: 0 }),
  });
  const body = (await res.json()) as Json;
  expect(body.code, JSON.stringify(body)).toBe('0');
  return body.data.flights as Array<{ flightNo: string; fares: ShownFare[] }>;
}

/** Opens a page from the side menu. */
async function openFromMenu(page: Page, entry: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Navigation' }).getByText(entry, { exact: true }).click();
}

/** Picks an option of an antd Select by the combobox's accessible name and the option's text. */
async function choose(page: Page, combobox: string, option: string, search = false): Promise<void> {
  const box = page.getByRole('combobox', { name: combobox });
  await box.click();
  // A long list is virtual: type to bring the option into it.
  if (search) await box.pressSequentially(option);
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

describe('staff console: fares and translations (issue 13)', () => {
  const journey = useJourney('console-fares');

  it('an admin changes a fare and the next search shows it; a content editor changes a text of the app, the app shows it, and resets it; an auditor finds both and an agent’s resent itinerary in the audit log', async () => {
    const { url } = journey.server;
    const date = addDays(localDate(new Date(), 'Asia/Phnom_Penh'), 21);

    // An agent resends a traveller's itinerary from the order's page (console-orders.journey.test.ts
    // walks there through the search and reads the order's history).
    const booking = await ticketedBooking(url, 'fares');
    const agent = await openConsole(journey.browser, url, 'agent', `/orders/${booking.orderNo}`);
    await agent.getByRole('heading', { name: `Order ${booking.orderNo}` }).waitFor();
    await agent.getByTestId('action-resend').click();
    await agent.getByRole('dialog').getByLabel(/^Note/).fill('traveller asked again');
    await agent.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await agent.getByText(`Itinerary sent to ${booking.email}`).waitFor();
    await agent.context().close();

    // What search shows today for the Basic family on KTI → SAI: its lowest open class and fare.
    const before = await search(url, 'KTI', 'SAI', date);
    const shown = before.flatMap((f) => f.fares).find((f) => f.family === 'Basic');
    expect(shown, JSON.stringify(before)).toBeDefined();
    const { bookingClass } = shown!;
    const oldPrice = shown!.adultPrice;
    // A dollar less: still the family's cheapest open class, so search shows it.
    const newPrice = { amount: oldPrice.amount - 100, currency: oldPrice.currency };

    const admin = await openConsole(journey.browser, url, 'admin');
    await openFromMenu(admin, 'Fares');
    await admin.getByRole('heading', { name: 'Fares' }).waitFor();
    await choose(admin, 'Route', 'KTI-SAI', true);
    await choose(admin, 'Class', `${bookingClass} · Basic`, true);
    await choose(admin, 'Currency', oldPrice.currency);
    const edit = admin.getByRole('button', {
      name: new RegExp(`^Edit KTI-SAI ${bookingClass} ${oldPrice.currency} `),
    });
    await edit.first().waitFor();
    await admin
      .getByRole('cell', { name: formatMoney(oldPrice), exact: true })
      .first()
      .waitFor();
    await screenshot(admin, 'console-fares-01-fares');
    expect(await axeFindings(admin)).toEqual([]);

    await edit.first().click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Adult fare').fill((newPrice.amount / 100).toFixed(2));
    await dialog.getByLabel('Reason').fill('rainy season offer');
    await screenshot(admin, 'console-fares-02-edit');
    expect(await axeFindings(admin)).toEqual([]);
    // The filing's id, from the console's call, is the audit row's target.
    const put = admin.waitForResponse(
      (r) =>
        r.request().method() === 'PUT' &&
        /^\/api\/admin\/pricing\/fares\/\d+$/.test(new URL(r.url()).pathname),
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    const fareId = new URL((await put).url()).pathname.split('/').pop();
    await admin.getByText('Fare saved').waitFor();
    await admin
      .getByRole('cell', { name: formatMoney(newPrice), exact: true })
      .first()
      .waitFor();

    // The traveller's next search shows the new fare (the search cache dropped the route).
    const after = await search(url, 'KTI', 'SAI', date);
    const now = after.flatMap((f) => f.fares).find((f) => f.family === 'Basic');
    expect(now).toMatchObject({ bookingClass, adultPrice: newPrice });

    // Taxes and promo codes: read, and checked for accessibility.
    await openFromMenu(admin, 'Taxes');
    await admin.getByRole('heading', { name: 'Taxes' }).waitFor();
    await admin.getByRole('cell', { name: 'YQ', exact: true }).first().waitFor();
    await screenshot(admin, 'console-fares-03-taxes');
    expect(await axeFindings(admin)).toEqual([]);
    await openFromMenu(admin, 'Promo codes');
    await admin.getByText('ANGKOR20').waitFor();
    await screenshot(admin, 'console-fares-04-promos');
    expect(await axeFindings(admin)).toEqual([]);
    await admin.getByRole('button', { name: 'Edit ANGKOR20' }).click();
    await admin.getByRole('dialog').getByLabel('Title (English)').waitFor();
    await screenshot(admin, 'console-fares-05-promo-form');
    expect(await axeFindings(admin)).toEqual([]);
    await admin.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await admin.context().close();

    // The content editor changes the home page's title, one of the app's own texts (the editor
    // lists all of them): an override in English, Chinese left to the app's own text.
    const tag = randomUUID().slice(0, 6);
    const editor = await openConsole(journey.browser, url, 'content_editor');
    await openFromMenu(editor, 'Translations');
    await editor.getByRole('heading', { name: 'Translations' }).waitFor();
    // The first page of the app's texts, side by side.
    await editor
      .getByRole('button', { name: /^Edit / })
      .first()
      .waitFor();
    await screenshot(editor, 'console-fares-06-translations');
    expect(await axeFindings(editor)).toEqual([]);
    await editor.getByLabel('Search by key or text').fill('home.hero_title');
    await editor.getByRole('button', { name: 'Edit home.hero_title' }).waitFor();
    await editor.getByRole('cell', { name: APP_TITLE, exact: true }).waitFor();

    const title = `Cambodia and beyond ${tag}`;
    await editor.getByRole('button', { name: 'Edit home.hero_title' }).click();
    const editDialog = editor.getByRole('dialog');
    await editDialog.getByText(`Left empty, the app’s text: ${APP_TITLE}`).waitFor();
    await editDialog.getByLabel('English').fill(title);
    await editDialog.getByLabel('ខ្មែរ').fill(`ហោះហើរកម្ពុជា ${tag}`);
    await editDialog.getByLabel('Reason').fill('autumn campaign');
    await screenshot(editor, 'console-fares-07-edit-text');
    expect(await axeFindings(editor)).toEqual([]);
    await editDialog.getByRole('button', { name: 'Save' }).click();
    await editor.getByText('Saved: the traveller app shows it at its next start').waitFor();
    // The new text in effect, marked edited, with the app's own beneath it.
    await editor.getByText(title, { exact: true }).waitFor();
    await editor.getByText(`App: ${APP_TITLE}`).waitFor();
    await screenshot(editor, 'console-fares-08-edited');
    expect(await axeFindings(editor)).toEqual([]);

    // The traveller app shows the new text after its next start (it merges queryList at start-up).
    const phone = await phoneContext(journey.browser, 'en-US');
    const app = await phone.newPage();
    await app.goto(`${url}/`);
    await app.getByRole('heading', { level: 1 }).waitFor();
    await app.reload();
    await app.getByRole('heading', { level: 1, name: title }).waitFor();
    await screenshot(app, 'console-fares-09-traveller-app');

    // Reset: the override goes, and the app's own title is back at the app's next start.
    await editor.getByRole('button', { name: 'Reset home.hero_title' }).click();
    await editor.getByText('Remove the edit of home.hero_title?', { exact: false }).waitFor();
    await editor.getByRole('button', { name: 'Yes' }).click();
    await editor.getByText('Back to the app’s text: the traveller app shows it at its next start').waitFor();
    await editor.getByRole('cell', { name: APP_TITLE, exact: true }).waitFor();
    expect(await editor.getByRole('button', { name: 'Reset home.hero_title' }).count()).toBe(0);
    await editor.context().close();
    await app.reload();
    await app.getByRole('heading', { level: 1, name: APP_TITLE }).waitFor();
    await phone.close();

    // An auditor finds the changes in the audit log, each by its action and target, made by
    // the member who made it.
    const auditor = await openConsole(journey.browser, url, 'auditor', '/audit');
    await auditor.getByRole('heading', { name: 'Audit log' }).waitFor();
    const changes = [
      { action: 'order.resend_itinerary', target: `order ${booking.orderNo}`, by: 'agent', shot: 'resend' },
      { action: 'fare.update', target: `fare ${fareId}`, by: 'admin', shot: 'fare' },
      {
        action: 'translation.update',
        target: 'translation 1:home.hero_title',
        by: 'content_editor',
        shot: 'text',
      },
      {
        action: 'translation.reset',
        target: 'translation 1:home.hero_title',
        by: 'content_editor',
        shot: 'text-reset',
      },
    ] as const;
    for (const [i, change] of changes.entries()) {
      await auditor.getByLabel('Action').fill(change.action);
      await auditor.getByRole('button', { name: 'Search' }).click();
      const row = auditor
        .getByRole('row')
        .filter({ has: auditor.getByRole('cell', { name: change.action, exact: true }) })
        .filter({ has: auditor.getByRole('cell', { name: change.target, exact: true }) });
      await row.waitFor();
      expect(await row.count()).toBe(1);
      expect(await row.textContent()).toContain(demoStaff(change.by).email);
      await screenshot(auditor, `console-fares-${String(10 + i).padStart(2, '0')}-audit-${change.shot}`);
    }
    expect(await axeFindings(auditor)).toEqual([]);

    // The auditor reads the order, the fares and the translations, and is offered no change.
    await auditor.goto(`${url}/console/orders/${booking.orderNo}`);
    await auditor.getByRole('heading', { name: `Order ${booking.orderNo}` }).waitFor();
    await auditor.getByTestId('order-history').waitFor();
    expect(await auditor.locator('[data-testid^="action-"]').count()).toBe(0);
    await screenshot(auditor, 'console-fares-14-auditor-order');
    await openFromMenu(auditor, 'Fares');
    await auditor.getByRole('heading', { name: 'Fares' }).waitFor();
    await auditor.getByText('You can read these; only admins can change them.').waitFor();
    await auditor.locator('tr.ant-table-row').first().waitFor();
    expect(await auditor.getByRole('button', { name: 'New fare' }).count()).toBe(0);
    expect(await auditor.getByRole('button', { name: /^Edit / }).count()).toBe(0);
    await screenshot(auditor, 'console-fares-15-auditor-fares');
    await openFromMenu(auditor, 'Translations');
    await auditor.getByRole('heading', { name: 'Translations' }).waitFor();
    await auditor.getByText('You can read these; only admins and content editors can change them.').waitFor();
    await auditor.getByLabel('Search by key or text').fill('home.hero_title');
    await auditor.getByRole('cell', { name: APP_TITLE, exact: true }).waitFor();
    expect(await auditor.getByRole('button', { name: 'Add key' }).count()).toBe(0);
    expect(await auditor.getByRole('button', { name: /^Edit / }).count()).toBe(0);
    expect(await auditor.getByRole('button', { name: /^Reset / }).count()).toBe(0);
    await screenshot(auditor, 'console-fares-16-auditor-translations');
    await auditor.context().close();
  });
});
