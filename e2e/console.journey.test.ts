import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { phoneContext, screenshot } from './support/browser';
import { consoleContext, signInToConsole } from './support/console';
import { useJourney } from './support/journey';

/**
 * Issue 13, the console itself: an admin signs in with the authenticator's code, creates a staff
 * member (the one-time password shown once) and finds it in the audit log; the new member enrols
 * their authenticator from the QR code and sees only what their role allows. The admin also files
 * the customer-service phone in Settings, which the traveller app's More tab then shows. axe-core
 * checks every console page on the way.
 */
// Each page is photographed before axe-core reads it: the screenshot waits out antd's opening
// animations (a dialog fading in has, for a moment, too little contrast).
describe('staff console: sign-in, staff accounts and the audit log (issue 13)', () => {
  const journey = useJourney('console');

  it('an admin creates a member and sees it in the audit log; the member enrols and sees their menu only', async () => {
    const { url } = journey.server;
    const context = await consoleContext(journey.browser);
    const page = await context.newPage();

    // Not signed in: the console sends the member to sign-in, keeping the page asked for.
    await page.goto(`${url}/console/staff`);
    await page.getByRole('button', { name: 'Next' }).waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/console/sign-in?from=%2Fstaff');
    await screenshot(page, 'console-01-sign-in');
    await expectAccessible(page, 'sign-in');

    await signInToConsole(page, url, 'admin', '/staff');
    await page.getByRole('heading', { name: 'Staff accounts' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/console/staff');
    await page.getByText('admin@demo.wings-airways.test').waitFor();
    await screenshot(page, 'console-02-staff');
    await expectAccessible(page, 'staff accounts');

    // A new agent: the one-time password is shown once.
    const email = `agent-${randomUUID().slice(0, 8)}@wings-airways.test`;
    await page.getByRole('button', { name: 'New account' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Name').fill('Sokha Chan');
    await dialog.getByRole('combobox', { name: 'Console language' }).click();
    await page.locator('.ant-select-item-option[title="English"]').click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    const oneTime = page.getByTestId('one-time-password');
    await oneTime.waitFor();
    const password = await oneTime.inputValue();
    expect(password.length).toBeGreaterThanOrEqual(8);
    await screenshot(page, 'console-03-one-time-password');
    await expectAccessible(page, 'one-time password');
    await page.getByRole('button', { name: 'I have noted it' }).click();
    await oneTime.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: email }).waitFor();
    expect(await page.content()).not.toContain(password);

    // The audit log has the creation, by the admin, and what the account was made with.
    await page.getByRole('menuitem', { name: 'Audit log' }).click();
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    await page.getByLabel('Action').fill('staff.create');
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row').filter({ hasText: 'staff.create' }).first();
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('admin@demo.wings-airways.test');
    await row.getByRole('button', { name: /expand row/i }).click();
    await page.getByRole('cell', { name: email }).first().waitFor();
    await screenshot(page, 'console-04-audit');
    await expectAccessible(page, 'audit log');

    await page.getByRole('menuitem', { name: 'My account' }).click();
    await page.getByRole('heading', { name: 'My account' }).waitFor();
    await screenshot(page, 'console-05-account');
    await expectAccessible(page, 'my account');

    // Settings: the admin files the customer-service phone, and the traveller app shows it.
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    const phone = page.getByRole('textbox', { name: 'Phone' });
    await phone.fill('+855 23 888 777');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    await screenshot(page, 'console-09-settings');
    await expectAccessible(page, 'settings');
    await context.close();
    const travellerContext = await phoneContext(journey.browser);
    const app = await travellerContext.newPage();
    await app.goto(`${url}/#/pages/tab-bar/more/more`);
    await expect.poll(() => app.getByTestId('service-phone').getAttribute('href')).toBe('tel:+85523888777');
    await screenshot(app, 'console-10-app-service-phone');
    await travellerContext.close();

    // The new member: the one-time password, then the authenticator set up from the QR code.
    const second = await consoleContext(journey.browser);
    const member = await second.newPage();
    await member.goto(`${url}/console/sign-in`);
    await member.getByLabel('E-mail').fill(email);
    await member.getByLabel('Password').fill(password);
    await member.getByRole('button', { name: 'Next' }).click();
    await member.getByText('Set up your authenticator').waitFor();
    await member.getByTestId('enrol-qr').waitFor();
    const secret = ((await member.getByTestId('enrol-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await screenshot(member, 'console-06-enrol');
    await expectAccessible(member, 'enrol');
    await member.getByLabel('6-digit code').fill(await generate({ secret }));
    await member.getByRole('button', { name: 'Sign in' }).click();
    const nav = member.getByRole('navigation', { name: 'Navigation' });
    await nav.waitFor();
    await expect.poll(() => nav.textContent()).toContain('My account');
    expect(await nav.textContent()).not.toContain('Staff accounts');
    expect(await nav.textContent()).not.toContain('Audit log');

    // An agent opening the audit log reads that the role does not allow it.
    await member.goto(`${url}/console/audit`);
    await member.getByText('Your role does not allow this.').waitFor();
    await screenshot(member, 'console-07-forbidden');
    await expectAccessible(member, 'not allowed');

    // The language follows the member's choice, kept on the account.
    await member.getByRole('combobox', { name: 'Console language' }).click();
    await member.getByTitle('ខ្មែរ').click();
    await member.getByText('មិនអនុញ្ញាត', { exact: true }).waitFor();
    await member.reload();
    await member.getByText('មិនអនុញ្ញាត', { exact: true }).waitFor();
    await screenshot(member, 'console-08-khmer');
    await second.close();
  });
});
