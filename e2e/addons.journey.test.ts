import { addDays, HUB_TIME_ZONE, localDate } from '@wings/rules';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { chooseFirstFare, fillContact, fillPassenger, pickAirport, pickDate } from './support/booking';
import { phoneContext, screenshot } from './support/browser';
import { useJourney } from './support/journey';

/** The development-only captcha text the server is started with, so a guest can be automated. */
const CAPTCHA = 'ADD7';

/**
 * Issue 14, the family journey: two adults, a child and an infant book KTI→SAI as guests. Adult 2
 * takes a front-economy seat (UPST, priced) and the child the seat beside it, free (family
 * seating); Adult 1, with the infant on their lap, buys +10 kg and travel insurance; all paid in
 * the sandbox. After ticketing Adult 1 is refused the exit row for the infant, Adult 2 moves to an
 * exit-row seat and buys extra baggage (an add-on order of its own, paid in the sandbox), each
 * with its EMD on the ticket; Adult 1's insurance has a row and a page of its own.
 */
describe('a family books with add-ons and buys more after ticketing', () => {
  const today = localDate(new Date(), HUB_TIME_ZONE);
  const date = addDays(today, 21);
  const journey = useJourney('addons', { CAPTCHA_TEST_TEXT: CAPTCHA });

  it('the child sits free beside an adult, the other adult buys baggage and insurance, and after ticketing the adult with the infant is refused the exit row', async () => {
    const base = journey.server.url;
    const context = await phoneContext(journey.browser, 'en-US');
    const page = await context.newPage();

    // 1. Search one way for 2 adults, 1 child and 1 infant; an economy fare; the four passengers.
    await page.goto(`${base}/#/pages/book/book-ticket/book-ticket`);
    await page.getByTestId('trip-type-oneway').click();
    await pickAirport(page, 'dep-picker', 'Phnom', 'KTI');
    await pickAirport(page, 'arr-picker', 'Siem', 'SAI');
    await pickDate(page, 'date-field-depart', date);
    await page.getByTestId('pax-adult-plus').click();
    await page.getByTestId('pax-child-plus').click();
    await page.getByTestId('pax-infant-plus').click();
    await page.getByTestId('search-button').click();
    await chooseFirstFare(page);
    await page.getByTestId('trip-summary').waitFor();
    await page.getByTestId('continue-passengers').click();

    await page.getByTestId('passengers-info').waitFor();
    const adult1 = { surname: 'Chea', givenName: 'Sreyneang', title: 1, gender: 1 } as const;
    const adult2 = { surname: 'Chea', givenName: 'Vanna', title: 0, gender: 0 } as const;
    await fillPassenger(page, 'adult-0', { ...adult1, birthday: '1991-02-03', docNumber: 'N3000001' });
    await fillPassenger(page, 'adult-1', { ...adult2, birthday: '1988-11-20', docNumber: 'N3000002' });
    await fillPassenger(page, 'child-0', {
      surname: 'Chea',
      givenName: 'Dara',
      title: 0,
      gender: 0,
      birthday: '2016-05-09',
      docNumber: 'N3000003',
    });
    await fillPassenger(page, 'infant-0', {
      surname: 'Chea',
      givenName: 'Bopha',
      title: 1,
      gender: 1,
      birthday: addDays(date, -200),
      docNumber: 'N3000004',
    });
    await fillContact(page, 'Chea Sreyneang', `chea.${Date.now()}@example.com`);
    await page.getByTestId('passengers-continue').click();
    await page.getByTestId('added-services').waitFor();
    // The infant takes no seat: it travels on Adult 1's lap.
    await page.getByTestId('seat-lap-0-infant-0').waitFor();

    // 2. Seats: Adult 2 in front economy (UPST, rows 4-5: row 3 is a first row, barred to a
    // child), the child beside them.
    await page.getByTestId('seat-choose-0-adult-1').click();
    await page.getByTestId('choose-seat').waitFor();
    await page.getByTestId('seat-map').waitFor();
    await page.getByTestId('taker-adult-1').click();
    const [adultSeat, childSeat] = await freePairInRows(page, [4, 5]);
    await page.getByTestId(`seat-${adultSeat}`).click();
    await expect.poll(() => page.getByTestId('taker-seat-adult-1').textContent()).toContain(adultSeat);
    const adultSeatText = (await page.getByTestId('taker-seat-adult-1').textContent()) ?? '';
    expect(adultSeatText).toMatch(/\$\d+\.\d{2}/);
    expect(adultSeatText).not.toContain('$0.00');
    await page.getByTestId('taker-child-0').click();
    await page.getByTestId(`seat-${childSeat}`).click();
    // The same seat type, but free for the child beside its adult (the server prices it so too).
    await expect.poll(() => page.getByTestId('taker-seat-child-0').textContent()).toBe(`${childSeat}Free`);
    await page
      .getByTestId(`row-${adultSeat.slice(0, -1)}`)
      .evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'addons-01-seat-map-en-390');
    await expectAccessible(page, 'addons-01-seat-map-en-390');

    // The seat map in Khmer and Chinese, at 390 and 320 px: the language is kept in localStorage,
    // the booking (and its chosen seats) in sessionStorage, which a reload keeps.
    for (const lang of ['km', 'zh'] as const) {
      await page.evaluate((l) => localStorage.setItem('language', l), lang);
      await page.reload();
      await page.getByTestId('seat-map').waitFor();
      await expect.poll(() => page.locator('html').getAttribute('lang')).toMatch(new RegExp(`^${lang}-`));
      expect(await page.getByTestId('taker-seat-adult-1').textContent()).toContain(adultSeat);
      expect(await page.getByTestId('taker-seat-child-0').textContent()).toContain(childSeat);
      for (const width of [390, 320]) {
        await page.setViewportSize({ width, height: 844 });
        await page
          .getByTestId(`row-${adultSeat.slice(0, -1)}`)
          .evaluate((el) => el.scrollIntoView({ block: 'center' }));
        await screenshot(page, `addons-02-seat-map-${lang}-${width}`);
      }
      await page.setViewportSize({ width: 390, height: 844 });
    }
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await page.getByTestId('seat-map').waitFor();
    await expect.poll(() => page.getByTestId('seat-done').textContent()).toMatch(/[A-Za-z]/);
    await page.getByTestId('seat-done').click();
    await page.getByTestId('added-services').waitFor();
    expect(await page.getByTestId('seat-choose-0-adult-1').textContent()).toContain(`Seat ${adultSeat}`);
    expect(await page.getByTestId('seat-choose-0-child-0').textContent()).toContain(`Seat ${childSeat}`);

    // 3. Adult 1: +10 kg, and travel insurance with their details.
    await page.getByTestId('baggage-select-0-adult-0').selectOption('10');
    await page.getByTestId('insurance-open').click();
    await page.getByTestId('insurance-passenger-list').waitFor();
    const plan = page.locator('[data-testid^="insurance-plan-radio-"]').first();
    await plan.waitFor();
    const planType = ((await plan.getAttribute('data-testid')) ?? '').replace('insurance-plan-radio-', '');
    await plan.check();
    await page.getByTestId('insured-check-adult-0').check();
    await page.getByTestId('insured-details-adult-0').click();
    await page.getByTestId('insurance-info-form').waitFor();
    await page.getByTestId('insurance-info-region').fill('Phnom Penh');
    await page.getByTestId('insurance-info-city').fill('Phnom Penh');
    await page.getByTestId('insurance-info-address').fill('12 Street 240, Daun Penh');
    await page.getByTestId('insurance-info-postalCode').fill('12207');
    await page.getByTestId('insurance-info-name').fill('CHEA VANNA');
    await page.getByTestId('insurance-info-relationship-spouse').click();
    await page.getByTestId('insurance-info-credentialsType-1').click();
    await page.getByTestId('insurance-info-credentialsId').fill('N3000002');
    await page.getByTestId('insurance-info-contactNumber').fill('12345678');
    await screenshot(page, 'addons-03-insurance-form-en');
    await expectAccessible(page, 'addons-03-insurance-form-en');
    await page.getByTestId('insurance-info-save').click();
    await page.getByTestId('insurance-passenger-list').waitFor();
    await expect.poll(() => page.getByTestId('insured-details-adult-0').textContent()).toContain('✓');
    await page.getByTestId('insurance-agree').check();
    await page.getByTestId('insurance-total-amount').waitFor();
    await expect.poll(() => page.getByTestId('insurance-total-amount').textContent()).toMatch(/\d+\.\d{2}/);
    await page.getByTestId('insurance-confirm').click();
    await page.getByTestId('added-services').waitFor();

    // The server's prices: Adult 2's seat at the UPST price, the child's beside it free.
    const line = (code: string, passenger: number) => page.getByTestId(`addon-line-${code}-${passenger}-0`);
    for (const [code, passenger] of [
      ['12', 1],
      ['12', 2],
      ['13', 0],
      ['10', 0],
    ] as const) {
      await line(code, passenger).waitFor({ timeout: 15_000 });
    }
    const adultSeatLine = (await line('12', 1).textContent()) ?? '';
    expect(adultSeatLine).toContain(`Seat ${adultSeat}`);
    expect(adultSeatLine).toMatch(/\$[1-9]\d*\.\d{2}$/);
    expect(await line('12', 2).textContent()).toMatch(new RegExp(`Seat ${childSeat}.*\\$0\\.00$`));
    expect(await line('13', 0).textContent()).toMatch(/\+10 kg.*\$[1-9]\d*\.\d{2}$/);
    expect(await line('10', 0).textContent()).toMatch(/\$[1-9]\d*\.\d{2}$/);
    await page.getByTestId('addon-lines').evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await screenshot(page, 'addons-04-added-services-en');
    await expectAccessible(page, 'addons-04-added-services-en');

    // 4. Review: the add-on lines, then terms, captcha, the order, the sandbox payment.
    await page.getByTestId('addons-next').click();
    await page.getByTestId('review-booking').waitFor();
    const review = (slot: string, key: string) => page.getByTestId(`review-addon-${slot}-${key}`);
    await expect.poll(() => review('adult-1', '12-0').textContent()).toMatch(/\$[1-9]\d*\.\d{2}$/);
    expect(await review('adult-1', '12-0').textContent()).toContain(`Seat ${adultSeat}`);
    expect(await review('child-0', '12-0').textContent()).toMatch(
      new RegExp(`Seat ${childSeat}.*\\$0\\.00$`),
    );
    expect(await review('adult-0', '13-0').textContent()).toMatch(/\+10 kg.*\$[1-9]\d*\.\d{2}$/);
    const insuranceLine = (await review('adult-0', '10').textContent()) ?? '';
    expect(insuranceLine).toMatch(/^Travel insurance · .+\$[1-9]\d*\.\d{2}$/);
    await page.getByTestId('review-addons').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'addons-05-review-en');
    await expectAccessible(page, 'addons-05-review-en');
    await page.getByTestId('terms-legal').check();
    await page.getByTestId('terms-service').check();
    await page.getByTestId('captcha-input').fill(CAPTCHA);
    await page.getByTestId('review-submit').click();
    await page.getByTestId('order-placed').waitFor();

    await page.getByTestId('order-pay-now').click();
    await page.getByTestId('pay-select').waitFor();
    await page.getByTestId('pay-method-card').click();
    await page.getByTestId('pay-terms').click();
    await page.getByTestId('pay-submit').click();
    await page.waitForURL(/\/api\/pay\/sandbox\//, { timeout: 15_000 });
    await page.locator('button.pay').click();
    await page.waitForURL(/ticket-detail/, { timeout: 15_000 });
    await page.getByTestId('ticket-detail').waitFor();
    const orderNo = new URL(page.url().replace('/#/', '/')).searchParams.get('orderNo') ?? '';
    expect(orderNo).toMatch(/^W\d+$/);
    // One e-ticket per passenger, the infant's too.
    for (let i = 0; i < 4; i++) await page.getByTestId(`ticket-no-${i}`).waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('ticket-pay').count()).toBe(0);
    // Who is who on the ticket, and the add-ons bought with the booking under each.
    expect(await page.getByTestId('passenger-0').textContent()).toMatch(new RegExp(adult1.givenName, 'i'));
    expect(await page.getByTestId('passenger-1').textContent()).toMatch(new RegExp(adult2.givenName, 'i'));
    expect(await page.getByTestId('passenger-addons-1').textContent()).toContain(`Seat ${adultSeat}`);
    expect(await page.getByTestId('passenger-addons-2').textContent()).toContain(`Seat ${childSeat}`);
    expect(await page.getByTestId('passenger-addons-0').textContent()).toMatch(/\+10 kg/);
    await screenshot(page, 'addons-06-ticket-detail-en');

    // 5. After ticketing, Adult 1 (the infant on their lap): the exit rows barred, with the reason.
    await page.getByTestId('passenger-secondary-0-add').click();
    await page.getByTestId('secondary-services').waitFor();
    await page.getByTestId('sec-service-12').waitFor();
    await page.getByTestId('sec-choose-seat-0').click();
    const bars = page.getByTestId('sec-seat-bars');
    await bars.waitFor();
    expect(await bars.textContent()).toMatch(/infant/i);
    const barredExit = page.locator('.seat-row-exit .seat-barred').first();
    await barredExit.waitFor();
    // By keyboard, as a screen reader user would: the seat says why it cannot be taken.
    await barredExit.focus();
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('seat-announcement').textContent()).toMatch(/infant/i);
    expect(await page.getByTestId('sec-buy-seat').isDisabled()).toBe(true);
    await screenshot(page, 'addons-07-exit-row-barred-en');
    await expectAccessible(page, 'addons-07-exit-row-barred-en');

    // Adult 2 moves to an exit-row seat: a standard seat, filed at 0, confirmed at once.
    await page.goto(`${base}/#/pages/ticket/ticket-detail/ticket-detail?orderNo=${orderNo}`);
    await page.getByTestId('passenger-secondary-1-add').click();
    await page.getByTestId('sec-choose-seat-0').click();
    expect(await page.getByTestId('sec-seat-current').textContent()).toContain(adultSeat);
    const exit = page.locator('.seat-row-exit .seat-free').first();
    await exit.waitFor();
    const exitSeat = ((await exit.getAttribute('data-testid')) ?? '').replace('seat-', '');
    await exit.click();
    expect(await page.getByTestId('sec-seat-picked').textContent()).toBe(`Seat ${exitSeat} · Free`);
    await page.getByTestId('sec-buy-seat').click();
    await page.waitForURL(/ticket-detail/, { timeout: 15_000 });
    const bought = page.getByTestId('passenger-secondary-1-paid');
    await bought.waitFor({ timeout: 15_000 });
    expect(await bought.textContent()).toMatch(new RegExp(`Seat ${exitSeat}EMD no\\. \\d{13}`));

    // Extra baggage for Adult 2 is paid: an add-on order of its own, through the sandbox.
    await page.getByTestId('passenger-secondary-1-add').click();
    await page.getByTestId('sec-service-13').waitFor();
    await page.locator('[data-testid^="sec-bag-0-"]:not([data-testid="sec-bag-0-0"])').first().check();
    await page.getByTestId('sec-buy-baggage').click();
    await page.getByTestId('pay-select').waitFor();
    const secOrderNo = ((await page.getByTestId('pay-order-no').textContent()) ?? '').trim();
    expect(secOrderNo).toMatch(/^S\d+$/);
    expect(await page.getByTestId('pay-amount').textContent()).toMatch(/\d+\.\d{2}/);
    expect(await page.getByTestId('pay-countdown').textContent()).toMatch(/^1[45]:\d\d$/);
    await page.getByTestId('pay-terms').click();
    await page.getByTestId('pay-submit').click();
    await page.waitForURL(/\/api\/pay\/sandbox\//, { timeout: 15_000 });
    await page.locator('button.pay').click();
    await page.waitForURL(/ticket-detail/, { timeout: 15_000 });
    await page.getByTestId('addon-paid').waitFor({ timeout: 60_000 });
    await page.getByTestId(`passenger-secondary-1-paid-${secOrderNo}`).waitFor({ timeout: 15_000 });
    const emds = (await page.getByTestId('passenger-secondary-1-paid').textContent()) ?? '';
    expect(emds).toContain(`Seat ${exitSeat}`);
    expect(emds).toMatch(/Extra baggage \+\d+ kg/);
    const numbers = emds.match(/\d{13}/g) ?? [];
    expect(numbers.length).toBe(2);
    expect(new Set(numbers).size).toBe(2);
    await screenshot(page, 'addons-08-ticket-emd-en');
    await expectAccessible(page, 'addons-08-ticket-emd-en');

    // 6. Adult 1's insurance: its row on the ticket, its page with the plan, status and cover.
    await page.getByTestId('passenger-insurance-0').click();
    await page.getByTestId('insurance-detail-page').waitFor();
    const planName = ((await page.getByTestId('insurance-plan').textContent()) ?? '').trim();
    expect(planName.length).toBeGreaterThan(0);
    expect(insuranceLine).toContain(planName);
    expect(planType.length).toBeGreaterThan(0);
    // Bought from the insurer by a job: either still being issued or issued.
    expect(await page.getByTestId('insurance-status').textContent()).toMatch(/^(Being issued|Issued)$/);
    expect(await page.getByTestId('insurance-insured').textContent()).toMatch(
      new RegExp(adult1.givenName, 'i'),
    );
    // Cover from the day of the flight (the date written in English, e.g. "15 Dec 2026 – …").
    expect(await page.getByTestId('insurance-cover-dates').textContent()).toMatch(
      new RegExp(`^${Number(date.slice(8))} \\w{3} ${date.slice(0, 4)} – \\d{1,2} \\w{3} \\d{4}$`),
    );
    await screenshot(page, 'addons-09-insurance-detail-en');
    await expectAccessible(page, 'addons-09-insurance-detail-en');
    await context.close();
  }, 300_000);
});

/**
 * Two free seats side by side (no aisle between) in one of `rows`, both open to the passenger
 * being seated: the adult's and the child's. The demo flights sell some seats elsewhere, so the
 * pair is read off the map rather than assumed.
 */
async function freePairInRows(page: Page, rows: readonly number[]): Promise<[string, string]> {
  const pairs = [
    ['C', 'B'],
    ['D', 'E'],
    ['B', 'A'],
    ['E', 'F'],
  ] as const;
  for (const row of rows) {
    for (const [adult, child] of pairs) {
      const statuses = await Promise.all(
        [adult, child].map((l) => page.getByTestId(`seat-${row}${l}`).getAttribute('data-status')),
      );
      if (statuses.every((s) => s === 'free')) return [`${row}${adult}`, `${row}${child}`];
    }
  }
  throw new Error(`no two free seats side by side in rows ${rows.join(', ')}`);
}
