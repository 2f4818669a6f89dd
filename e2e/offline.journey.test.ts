import { describe, expect, it } from 'vitest';
import { phoneContext, screenshot } from './support/browser';
import { useJourney } from './support/journey';

describe('the installed app opens without a network', () => {
  const journey = useJourney('offline');

  it('after one visit, opens offline with the HTTP cache cleared: shell, a lazy page and the Khmer font', async () => {
    const context = await phoneContext(journey.browser, 'en-US');
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/`);
    await page.getByTestId('tab-home').waitFor();
    // The service worker installed (everything of the shell precached) and controls the page.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // No network at all: the browser offline and the server stopped. The HTTP cache is emptied,
    // so only what the service worker precached can answer.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await context.setOffline(true);
    await journey.server.stop();

    await page.reload();
    await page.getByTestId('tab-home').waitFor();
    // A page never opened online (its chunk loads lazily) and the Khmer font, both from the precache.
    await page.getByTestId('tab-more').click();
    await page.getByTestId('lang-km').click();
    await expect.poll(() => page.getByTestId('tab-book').textContent()).toMatch(/[\u1780-\u17FF]/);
    await expect
      .poll(() =>
        page.evaluate(async () => {
          await document.fonts.ready;
          let loaded = false;
          document.fonts.forEach((f) => {
            if (/khmer/i.test(f.family) && f.status === 'loaded') loaded = true;
          });
          return loaded;
        }),
      )
      .toBe(true);
    await screenshot(page, 'offline-more-km');
    await context.close();
  });
});
