import { addDays, localDate } from '@wings/rules';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { phoneContext, screenshot } from './support/browser';
import { openConsole } from './support/console';
import { useJourney } from './support/journey';
import { atBothWidths, useLanguage } from './support/layout-page';
import { latestCode } from './support/mail';
import { documentPhoto } from './support/photos';

const MEMBER_PASSWORD = '284619';

/**
 * Issue 17, the member programme's journey: a traveller registers as a member in English with a
 * Cambodian ID card (both photos uploaded from the phone) and waits for audit; staff approve the
 * registration in the console, looking at the photos; the traveller signs in with the card number,
 * sees the digital card (at 390 and 320 px, in English, Chinese and Khmer), names a beneficiary with
 * a passport photo, which stays ineffective until staff approve it too.
 */
describe('member programme: register with an ID card, audited by staff, the card, a beneficiary', () => {
  const journey = useJourney('members');

  it('a traveller registers, staff approve, the member signs in by card number and adds a beneficiary', async () => {
    const base = journey.server.url;
    const suffix = Math.random().toString(36).slice(2, 8);
    const email = `member-${suffix}@example.com`;
    const phone = `9${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const today = localDate(new Date(), 'Asia/Phnom_Penh');

    const context = await phoneContext(journey.browser, 'en-GB');
    const page = await context.newPage();
    await page.goto(`${base}/#/pages/tab-bar/more/more`);
    await useLanguage(page, 'en');

    // 1. From More to the member login, then registration.
    await page.getByTestId('more-member').click();
    await page.getByTestId('vip-login-register').click();
    await page.getByTestId('mb-register-section-name').waitFor();
    // The longest form of the programme holds at both widths in Khmer and Chinese too.
    for (const lang of ['km', 'zh'] as const) {
      await useLanguage(page, lang);
      await page.getByTestId('mb-register-section-name').waitFor();
      await atBothWidths(page, `members-00-register-${lang}`);
    }
    await useLanguage(page, 'en');
    await page.getByTestId('mb-register-section-name').waitFor();
    await page.getByTestId('mb-register-surname').fill('Keo');
    await page.getByTestId('mb-register-givenName').fill('Sreymom');
    await page.getByTestId('mb-register-title-1').click();
    await page.getByTestId('mb-register-gender-1').click();
    await page.getByTestId('mb-register-birthday').fill('1990-04-17');
    await page.getByTestId('mb-register-nationality').click();
    await page.getByTestId('nationality-search').fill('Cambodia');
    await page.getByTestId('nationality-option-KH').click();
    // The document: a Cambodian ID card, its two photos taken with the phone.
    await page.getByTestId('mb-register-documentType-0').click();
    await page
      .getByTestId('mb-register-documentNo')
      .fill(`N${suffix.toUpperCase()}77`.replace(/[^A-Z0-9]/g, '7'));
    await page.getByTestId('mb-register-validFrom').fill('2022-01-10');
    await page.getByTestId('mb-register-validTo').fill(addDays(today, 3 * 365));
    await page.getByTestId('mb-register-frontPhoto-input').setInputFiles(documentPhoto('front.jpg'));
    await page.getByTestId('mb-register-frontPhoto-preview').waitFor({ timeout: 15_000 });
    await page.getByTestId('mb-register-backPhoto-input').setInputFiles(documentPhoto('back.jpg'));
    await page.getByTestId('mb-register-backPhoto-preview').waitFor({ timeout: 15_000 });
    // Contact: the mobile, the main e-mail and the code sent to it.
    await page.getByTestId('mb-register-phone').fill(phone);
    await page.getByTestId('mb-register-email').fill(email);
    const sent = Date.now() - 2000;
    await page.getByTestId('mb-register-send-code').click();
    await page.getByTestId('mb-register-code').fill(await latestCode(base, email, sent));
    await page.getByTestId('mb-register-country').click();
    await page.getByTestId('address-country-search').fill('Cambodia');
    await page.getByTestId('address-country-option-KH').click();
    await page.getByTestId('mb-register-city').fill('Phnom Penh');
    await page.getByTestId('mb-register-detail').fill('No. 12, Street 240, Daun Penh');
    await page.getByTestId('mb-register-contactLanguage-1').click();
    await page.getByTestId('mb-register-password').fill(MEMBER_PASSWORD);
    await page.getByTestId('mb-register-confirm').fill(MEMBER_PASSWORD);
    await page.getByTestId('mb-register-agree').check();
    await screenshot(page, 'members-01-register-en-390');
    await page.getByTestId('mb-register-submit').click();

    // 2. Submitted: the audit is in progress.
    await page.getByTestId('vip-audit-auditing').waitFor({ timeout: 15_000 });
    await atBothWidths(page, 'members-02-auditing-en');
    await expectAccessible(page, 'members-02-auditing-en');

    // 3. An agent approves the registration in the console, with the photos beside the fields.
    const staff = await openConsole(journey.browser, base, 'agent', '/members/registrations');
    const row = staff.getByRole('row', { name: /keo/i });
    await row.waitFor({ timeout: 15_000 });
    await row.click();
    await staff.getByTestId('registration-fields').waitFor();
    await expect
      .poll(() => staff.locator('[data-testid^="photo-"] img').count(), { timeout: 15_000 })
      .toBe(2);
    await screenshot(staff, 'members-03-console-registration');
    await staff.getByTestId('registration-approve').click();
    await staff.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    const approved = staff.getByText(/card number \d+ issued/i).first();
    await approved.waitFor({ timeout: 15_000 });
    const cardNo = /\b(8\d{9})\b/.exec((await approved.textContent()) ?? '')?.[1];
    expect(cardNo, 'the approval names the new card number').toMatch(/^8\d{9}$/);

    // 4. The member signs out, then in again with the card number, and sees the digital card.
    await page.goto(`${base}/#/pages/tab-bar/vip/vip`);
    await page.getByTestId('vip-home-logout').click();
    await page.locator('.adm-dialog').getByRole('button', { name: 'Sign out of the membership' }).click();
    // Signed out of the programme, back on More; the app account was never signed in here.
    await page.getByTestId('more-member').click();
    await page.getByTestId('vip-login-account').waitFor();
    await page.getByTestId('vip-login-account').fill(cardNo ?? '');
    await page.getByTestId('vip-login-password').fill(MEMBER_PASSWORD);
    await page.getByTestId('vip-login-submit').click();
    await page.getByTestId('vip-card').waitFor({ timeout: 15_000 });
    const welcome = page.getByTestId('vip-home-welcome-ok');
    if (await welcome.isVisible()) await welcome.click();
    expect(await page.getByTestId('vip-card-no').textContent()).toContain(cardNo);
    expect(await page.getByTestId('vip-card-level').textContent()).toContain('Silver');
    await page.getByTestId('vip-card-barcode').locator('svg rect, svg path').first().waitFor();
    await atBothWidths(page, 'members-04-card-en');
    await expectAccessible(page, 'members-04-card-en');
    for (const lang of ['zh', 'km'] as const) {
      await useLanguage(page, lang);
      await page.getByTestId('vip-card').waitFor();
      await atBothWidths(page, `members-04-card-${lang}`);
    }
    await useLanguage(page, 'en');

    // 5. A beneficiary with a passport: saved, but not effective until staff check it.
    await page.getByTestId('vip-menu-beneficiaries').click();
    await page.getByTestId('beneficiary-add').click();
    await page.getByTestId('beneficiary-surname').fill('Keo');
    await page.getByTestId('beneficiary-givenName').fill('Dara');
    await page.getByTestId('beneficiary-gender-0').click();
    await page.getByTestId('beneficiary-birthday').fill('1962-09-03');
    await page.getByTestId('beneficiary-nationality').click();
    await page.getByTestId('nationality-search').fill('Cambodia');
    await page.getByTestId('nationality-option-KH').click();
    await page.getByTestId('beneficiary-relationship-parent').click();
    await page.getByTestId('beneficiary-id-0-type-1').click();
    await page
      .getByTestId('beneficiary-id-0-number')
      .fill(`E${suffix.toUpperCase()}88`.replace(/[^A-Z0-9]/g, '8'));
    await page.getByTestId('beneficiary-id-0-valid-to').fill(addDays(today, 5 * 365));
    await page.getByTestId('beneficiary-id-0-front-input').setInputFiles(documentPhoto('passport.jpg'));
    await page.getByTestId('beneficiary-id-0-front-preview').waitFor({ timeout: 15_000 });
    await page.getByTestId('beneficiary-valid-from').fill(today);
    await page.getByTestId('beneficiary-valid-to').fill(addDays(today, 2 * 365));
    await page.getByTestId('beneficiary-save').click();
    await page.getByTestId('beneficiary-list').waitFor({ timeout: 15_000 });
    await page.getByTestId('beneficiary-pending-0').waitFor();
    await atBothWidths(page, 'members-05-beneficiary-pending-en');
    await expectAccessible(page, 'members-05-beneficiary-pending-en');

    // 6. Staff approve the beneficiary; the member reads it as effective.
    await staff.goto(`${base}/console/members/beneficiaries`);
    const beneficiaryRow = staff.getByRole('row', { name: /dara/i });
    await beneficiaryRow.waitFor({ timeout: 15_000 });
    await beneficiaryRow.click();
    await staff.locator('[data-testid^="beneficiary-approve-"]').first().click();
    await staff.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => staff.getByRole('row', { name: /dara/i }).count(), { timeout: 15_000 }).toBe(0);
    await page.reload();
    await page.getByTestId('beneficiary-list').waitFor();
    await expect.poll(() => page.getByTestId('beneficiary-pending-0').count(), { timeout: 15_000 }).toBe(0);
    expect(await page.getByTestId('beneficiary-state-0').textContent()).toMatch(/effective/i);
    await screenshot(page, 'members-06-beneficiary-effective-en-390');

    // 7. The member's records as the registration left them, in Khmer and Chinese at both widths:
    // the main e-mail and phone, the ID card (effective, its photos), the main address.
    for (const lang of ['km', 'zh'] as const) {
      await useLanguage(page, lang);
      for (const [path, list] of [
        ['contacts/contacts', 'contact-list'],
        ['identities/identities', 'identity-list'],
        ['addresses/addresses', 'address-list'],
        ['beneficiaries/beneficiaries', 'beneficiary-list'],
      ] as const) {
        await page.goto(`${base}/#/pages/tab-bar/vip/${path}`);
        await page.getByTestId(list).waitFor({ timeout: 15_000 });
        await atBothWidths(page, `members-07-${list}-${lang}`);
      }
    }
    await expectAccessible(page, 'members-07-records-zh');

    await staff.context().close();
    await context.close();
  });
});
