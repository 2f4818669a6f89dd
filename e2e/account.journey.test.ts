import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { phoneContext, screenshot, watchCsp } from './support/browser';
import { useJourney } from './support/journey';
import { latestCode } from './support/mail';
import { getAccessToken } from './support/token';

const MORE = '/#/pages/tab-bar/more/more';

async function openMore(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}${MORE}`);
  await page.getByTestId('lang-en').waitFor();
}

async function logIn(page: Page, account: string, password: string): Promise<void> {
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

async function logOut(page: Page, baseUrl: string): Promise<void> {
  await openMore(page, baseUrl);
  await page.getByTestId('more-logout').click();
  await page
    .locator('.adm-dialog-button')
    .filter({ hasText: /log out/i })
    .click();
  await page.getByTestId('more-login').waitFor();
}

describe('a traveller makes and uses an account', () => {
  const journey = useJourney('account');
  let context: BrowserContext;

  beforeAll(async () => {
    context = await phoneContext(journey.browser, 'en-US');
  });

  afterAll(async () => {
    await context?.close();
  });

  it('registers with a mailed code, logs in and out, keeps passengers, changes the password, and meets an expired session', async () => {
    const page = await context.newPage();
    const email = `dara.sok.${Date.now()}@example.com`;
    const password = 'Angkor2026';
    const newPassword = 'Mekong2027';

    // The login page in Chinese.
    await openMore(page, journey.server.url);
    await page.getByTestId('lang-zh').click();
    await page.getByTestId('more-login').click();
    await page.getByTestId('login-account').waitFor();
    await screenshot(page, 'account-01-login-zh');
    await expectAccessible(page, 'account-01-login-zh');

    // Register in English, with the code read from the dev mailbox.
    await openMore(page, journey.server.url);
    await page.getByTestId('lang-en').click();
    await page.getByTestId('more-login').click();
    await page.getByTestId('login-register').click();
    await page.getByTestId('register-email').fill(email);
    const sentAt = Date.now() - 2000;
    await page.getByTestId('register-send-code').click();
    const code = await latestCode(journey.server.url, email, sentAt);
    await page.getByTestId('register-code').fill(code);
    await page.getByTestId('register-password').fill('short');
    await page.getByTestId('register-confirm').click();
    await page.getByTestId('field-error-password').waitFor();
    await page.getByTestId('register-password').fill(password);
    await page.getByTestId('register-confirm').fill(password);
    await page.getByTestId('register-agree').check();
    await screenshot(page, 'account-02-register-en');
    await expectAccessible(page, 'account-02-register-en');
    await page.getByTestId('register-submit').click();
    await openMore(page, journey.server.url);
    await expect.poll(() => page.getByTestId('more-user').textContent()).toContain(email);

    // Log out, fail a login, then log in.
    await logOut(page, journey.server.url);
    await page.getByTestId('more-login').click();
    await logIn(page, email, 'Wrong12345');
    await page.locator('.adm-toast-main').filter({ hasText: /wrong/i }).waitFor();
    expect(await page.getByTestId('login-account').inputValue()).toBe(email);
    await page.getByTestId('login-password').fill('');
    await logIn(page, email, password);
    await openMore(page, journey.server.url);
    await page.getByTestId('more-user').waitFor();

    // A saved passenger, with a rule broken on the way and kept input.
    await page.getByTestId('more-passengers').click();
    await page.getByTestId('passenger-add').click();
    await page.getByTestId('passenger-edit-surname').fill('Sok2');
    await page.getByTestId('passenger-edit-givenName').fill('Dara');
    await page.getByTestId('field-error-surname').waitFor();
    await screenshot(page, 'account-03-passenger-error-en');
    await expectAccessible(page, 'account-03-passenger-error-en');
    await page.getByTestId('passenger-edit-surname').fill('Sok');
    await page.getByTestId('passenger-edit-title-0').click();
    await page.getByTestId('passenger-edit-gender-0').click();
    await page.getByTestId('passenger-edit-birthday').fill('1990-03-07');
    await page.getByTestId('passenger-edit-passengerType-1').click();
    await page.getByTestId('passenger-edit-nationality').click();
    await page.getByTestId('nationality-search').fill('Cambodia');
    await page.getByTestId('nationality-option-KH').click();
    await page.getByTestId('passenger-edit-docType-1').click();
    await page.getByTestId('passenger-edit-docNumber').fill('N1234567');
    await page.getByTestId('passenger-edit-docExpiry').fill('2031-06-30');
    await page.getByTestId('passenger-save').click();
    await page.getByTestId('passenger-item-0').waitFor();
    expect(await page.getByTestId('passenger-item-0').textContent()).toMatch(/SOK/i);

    // Edit it: the new given name is what the list shows.
    await page.getByTestId('passenger-open-0').click();
    await page.getByTestId('passenger-edit-givenName').fill('Dara Vy');
    await page.getByTestId('passenger-save').click();
    await expect.poll(() => page.getByTestId('passenger-item-0').textContent()).toMatch(/DARA VY/i);

    // The passenger list in Khmer.
    await openMore(page, journey.server.url);
    await page.getByTestId('lang-km').click();
    await page.getByTestId('more-passengers').click();
    await page.getByTestId('passenger-item-0').waitFor();
    await screenshot(page, 'account-04-passengers-km');
    await expectAccessible(page, 'account-04-passengers-km');
    await openMore(page, journey.server.url);
    await page.getByTestId('lang-en').click();

    // Change the password, then log in with the new one.
    await page.getByTestId('more-change-password').click();
    await page.getByTestId('change-password-old').fill(password);
    await page.getByTestId('change-password-new').fill(newPassword);
    await page.getByTestId('change-password-confirm').fill(newPassword);
    await page.getByTestId('change-password-submit').click();
    await page.locator('.adm-toast-main').waitFor();
    await logOut(page, journey.server.url);
    await page.getByTestId('more-login').click();
    await logIn(page, email, newPassword);
    await openMore(page, journey.server.url);
    await page.getByTestId('more-user').waitFor();

    // The session is revoked on the server: the next page shows the expiry toast and login.
    const session = await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}'));
    const token: string = session.state.token;
    expect(token).toBeTruthy();
    const accessToken = await getAccessToken(journey.server.url);
    const revoked = await fetch(`${journey.server.url}/api/travelsky/user/logout`, {
      headers: { authorization: `Bearer ${accessToken}`, token },
    });
    expect(((await revoked.json()) as { code: string }).code).toBe('0');
    await page.getByTestId('more-user').click();
    await page
      .locator('.adm-toast-main')
      .filter({ hasText: /expired/i })
      .waitFor();
    await page.getByTestId('login-account').waitFor();
    await screenshot(page, 'account-05-session-expired-en');
    await expectAccessible(page, 'account-05-session-expired-en');
    expect(page.url()).toContain('/pages/more/login/login');
  });

  it('signs in with WeChat through the sandbox provider, binds an e-mail the first time, and is known the next time', async () => {
    const wechat = watchCsp(
      await journey.browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        locale: 'en-US',
      }),
    );
    const page = await wechat.newPage();
    const name = `Chan Bopha ${Date.now()}`;
    const email = `bopha.${Date.now()}@example.com`;

    const signInWithWeChat = async () => {
      await openMore(page, journey.server.url);
      await page.getByTestId('more-login').click();
      await page.getByTestId('login-oauth-wechat').click();
      // The sandbox's consent page, standing in for WeChat's.
      await page.locator('input[name="name"]').fill(name);
      await page.locator('button[name="decision"][value="allow"]').click();
    };

    await signInWithWeChat();
    await page.getByTestId('associate-email-email').waitFor();
    await screenshot(page, 'account-06-bind-email-en');
    await expectAccessible(page, 'account-06-bind-email-en');
    await page.getByTestId('associate-email-email').fill(email);
    const sentAt = Date.now() - 2000;
    await page.getByTestId('associate-email-send-code').click();
    await page.getByTestId('associate-email-code').fill(await latestCode(journey.server.url, email, sentAt));
    await page.getByTestId('associate-email-submit').click();
    await openMore(page, journey.server.url);
    await expect.poll(() => page.getByTestId('more-user').textContent()).toContain(email);

    // Next time the same WeChat user goes straight in, with the bound e-mail.
    await logOut(page, journey.server.url);
    await signInWithWeChat();
    await page.waitForFunction(
      () => JSON.parse(localStorage.getItem('session') ?? '{}').state?.loggedIn === true,
    );
    expect(page.url()).not.toContain('associate-email');
    await openMore(page, journey.server.url);
    await expect.poll(() => page.getByTestId('more-user').textContent()).toContain(email);
    await wechat.close();
  });
});
