import { addDays, HUB_TIME_ZONE, localDate } from '@wings/rules';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { chooseFirstFare, pickAirport, pickDate } from './support/booking';
import { phoneContext, screenshot } from './support/browser';
import { useJourney } from './support/journey';

describe('a traveller searches a return trip on a phone', () => {
  const consoleErrors: string[] = [];

  const journey = useJourney('search');

  it('switches language, searches KTI→BKK for 2 adults and an infant, and picks both fares', async () => {
    const context = await phoneContext(journey.browser, 'zh-CN');
    const page = await context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    await page.goto(`${journey.server.url}/`);

    // Home in Chinese, the default.
    await page.getByTestId('tab-home').waitFor();
    await expect.poll(() => page.getByTestId('promo-list').isVisible()).toBe(true);
    await screenshot(page, '01-home-zh');
    await expectAccessible(page, '01-home-zh');

    // More → Khmer, then English.
    await page.getByTestId('tab-more').click();
    await page.getByTestId('lang-km').click();
    await expect.poll(() => page.getByTestId('tab-book').textContent()).toMatch(/[\u1780-\u17FF]/);
    await screenshot(page, '02-more-km');
    await expectAccessible(page, '02-more-km');
    await page.getByTestId('lang-en').click();
    await expect.poll(() => page.getByTestId('tab-book').textContent()).toMatch(/Book/i);

    // Book: a return trip from Phnom Penh to Bangkok.
    await page.getByTestId('tab-book').click();
    await page.getByTestId('trip-type-return').click();
    await pickAirport(page, 'dep-picker', 'Phnom', 'KTI');
    await pickAirport(page, 'arr-picker', 'bangkok', 'BKK');

    const today = localDate(new Date(), HUB_TIME_ZONE);
    const outbound = addDays(today, 30);
    const inbound = addDays(today, 37);
    await pickDate(page, 'date-field-depart', outbound);
    await pickDate(page, 'date-field-return', inbound);

    await page.getByTestId('pax-adult-plus').click();
    await page.getByTestId('pax-infant-plus').click();
    expect(await page.getByTestId('pax-adult-count').textContent()).toBe('2');
    expect(await page.getByTestId('pax-infant-count').textContent()).toBe('1');
    // A second infant would outnumber nobody yet; a third would: the rule shows inline.
    await page.getByTestId('pax-infant-plus').click();
    await page.getByTestId('pax-infant-plus').click();
    await expect.poll(() => page.getByTestId('field-error-passengers').isVisible()).toBe(true);
    while ((await page.getByTestId('pax-infant-count').textContent()) !== '1') {
      await page.getByTestId('pax-infant-minus').click();
    }
    await screenshot(page, '03-search-form-en');
    await expectAccessible(page, '03-search-form-en');

    await page.getByTestId('search-button').click();
    await page.getByTestId('day-strip').waitFor();
    await page.getByTestId('flight-list').waitFor();
    await screenshot(page, '04-outbound-results-en');
    await expectAccessible(page, '04-outbound-results-en');
    const outboundFare = await chooseFirstFare(page);
    expect(outboundFare).toMatch(/^family-WC\d+-\w+$/);

    // The return leg, Bangkok → Phnom Penh.
    await page.getByTestId('chosen-outbound').waitFor();
    await page.getByTestId('flight-list').waitFor();
    await screenshot(page, '05-return-results-en');
    await expectAccessible(page, '05-return-results-en');
    await chooseFirstFare(page);

    // The trip: both legs and the total; the next step (passengers) starts from here.
    await page.getByTestId('trip-summary').waitFor();
    await page.getByTestId('summary-leg-outbound').waitFor();
    await page.getByTestId('summary-leg-return').waitFor();
    const total = await page.getByTestId('summary-total').textContent();
    expect(total).toMatch(/\$\d[\d,]*\.\d{2}/);
    // The next step, passengers, starts from here (the booking journey goes on from it).
    expect(await page.getByTestId('continue-passengers').isEnabled()).toBe(true);
    await screenshot(page, '06-trip-summary-en');
    await expectAccessible(page, '06-trip-summary-en');

    // The booking state survives a reload.
    await page.reload();
    await page.getByTestId('trip-summary').waitFor();
    expect(await page.getByTestId('summary-total').textContent()).toBe(total);

    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
