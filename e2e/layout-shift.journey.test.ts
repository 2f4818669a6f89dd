import { addDays, HUB_TIME_ZONE, localDate } from '@wings/rules';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phoneContext } from './support/browser';
import { useJourney } from './support/journey';
import { holdReplies, layoutShifts, nextFrames, type Shift, watchLayoutShifts } from './support/layout-shift';

/** Cumulative Layout Shift a page may add up while it loads (issue 12: CLS ≤ 0.02). */
const MAX_SHIFT = 0.02;

const HOME = '/pages/tab-bar/home/home';
const BOOK = '/pages/book/book-ticket/book-ticket';
const FLIGHT_LIST = '/pages/book/flight-list/flight-list';

const report = (shifts: Shift[]) =>
  shifts.map((s) => `${s.value.toFixed(4)}: ${s.sources.join('; ')}`).join('\n') || '(none)';

/**
 * The first view of Home, Book and a day's results on a 390 px phone in a fresh browser, each
 * page's late content held back until its placeholder has been drawn (a slow network, without
 * waiting on time): what replaces a skeleton takes the skeleton's place, and the page does not
 * jump under the traveller's thumb. The sum of every layout shift until the content is in stays
 * within MAX_SHIFT.
 */
describe('pages do not jump while they load', () => {
  const journey = useJourney('layout-shift');

  async function freshPhone(locale = 'en-US'): Promise<Page> {
    const context = await phoneContext(journey.browser, locale);
    await watchLayoutShifts(context);
    return context.newPage();
  }

  // English as Lighthouse's phone reads it; Chinese, the app's first language, where the hero's
  // line naming the number of destinations fits on one line only once the number is in.
  for (const locale of ['en-US', 'zh-CN']) {
    it(`Home in ${locale}: the destination list takes its skeleton's place`, async () => {
      const page = await freshPhone(locale);
      const release = await holdReplies(page, /\/api\/travelsky\/ibe\/getFlightByDepartCity\//);
      await page.goto(`${journey.server.url}/#${HOME}`);
      await page.getByTestId('promo-skeleton').waitFor();
      await nextFrames(page);
      release();
      await page.getByTestId('promo-list').waitFor();
      const { total, shifts } = await layoutShifts(page);
      expect(total, report(shifts)).toBeLessThanOrEqual(MAX_SHIFT);
      await page.context().close();
    });
  }

  it('Book: the search form keeps its place when the airports arrive', async () => {
    const page = await freshPhone();
    const release = await holdReplies(page, /\/api\/travelsky\/ibe\/getAirport$/);
    await page.goto(`${journey.server.url}/#${BOOK}`);
    await page.getByTestId('search-button').waitFor();
    await nextFrames(page);
    release();
    // The origin shows its city once the airports are in (the code alone before).
    await expect
      .poll(() => page.getByTestId('dep-picker').locator('.city-cell-city').textContent())
      .not.toBe('KTI');
    const { total, shifts } = await layoutShifts(page);
    expect(total, report(shifts)).toBeLessThanOrEqual(MAX_SHIFT);
    await page.context().close();
  });

  it("a day's results: the flights take the loading placeholder's place", async () => {
    const page = await freshPhone();
    const release = await holdReplies(page, /\/api\/travelsky\/ibe\/queryFlight$/);
    const depDate = addDays(localDate(new Date(), HUB_TIME_ZONE), 30);
    await page.goto(`${journey.server.url}/#${FLIGHT_LIST}?depCode=KTI&arrCode=BKK&depDate=${depDate}`);
    await page.getByTestId('results-loading').waitFor();
    await nextFrames(page);
    release();
    await page.getByTestId('flight-list').waitFor();
    const { total, shifts } = await layoutShifts(page);
    expect(total, report(shifts)).toBeLessThanOrEqual(MAX_SHIFT);
    await page.context().close();
  });
});
