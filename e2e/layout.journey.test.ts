import { addDays, HUB_TIME_ZONE, localDate } from '@wings/rules';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillContact, fillPassenger, pickAirport, pickDate } from './support/booking';
import { useJourney } from './support/journey';
import {
  expectCaught,
  expectNoFindings,
  inspectPage,
  inspectToast,
  type Lang,
  smallPhoneContext,
  useLanguage,
} from './support/layout-page';
import { createMember, type Member } from './support/member';

/** The development-only captcha text the server is started with, so a guest can be automated. */
const CAPTCHA = 'LY32';
const LANGS: Lang[] = ['km', 'zh', 'en'];
/** The font list before issue 10: the Khmer face not first, so a system font's boxes won. */
const OLD_FONT_LIST =
  'html:root:root { --font: -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }';

// The app's pages (apps/web/src/app/paths.ts).
const HOME = '/pages/tab-bar/home/home';
const BOOK = '/pages/book/book-ticket/book-ticket';
const TICKETS = '/pages/tab-bar/ticket/ticket';
const MORE = '/pages/tab-bar/more/more';
const FLIGHT_LIST = '/pages/book/flight-list/flight-list';
const RETURN_TICKET = '/pages/book/return-ticket/return-ticket';
const TRIP_SUMMARY = '/pages/book/trip-summary/trip-summary';
const PASSENGERS = '/pages/book/passengers-info/passengers-info';
const SELECT_PASSENGER = '/pages/book/select-passenger/select-passenger';
const PASSENGER_DETAIL = '/pages/book/passenger-detail/passenger-detail';
const REVIEW = '/pages/book/review-Booking/review-Booking';
const PAY_SELECT = '/pages/book/pay-select/pay-select';
const TICKET_DETAIL = '/pages/ticket/ticket-detail/ticket-detail';
const TICKET_PASSENGER = '/pages/ticket/passenger-detail/passenger-detail';
const AMOUNT_DETAIL = '/pages/ticket/amount-detail/amount-detail';
const SEARCH_TICKET = '/pages/ticket/search-ticket/search-ticket';
const LOGIN = '/pages/more/login/login';
const REGISTER = '/pages/more/register/register';
const FORGOT = '/pages/more/forget-password/forget-password';
const NEW_PASSWORD = '/pages/more/new-password/new-password';
const CHANGE_PASSWORD = '/pages/more/change-password/change-password';
const USER_INFO = '/pages/more/user-info/user-info';
const EDIT_USER = '/pages/more/edit-user-info/edit-user-info';
const VERIFY_PASSWORD = '/pages/more/verify-password/verify-password';
const ASSOCIATE_EMAIL = '/pages/more/associate-email/associate-email';
const PASSENGER_LIST = '/pages/more/passenger-list/passenger-list';
const EDIT_PASSENGER = '/pages/more/edit-passenger/edit-passenger';

/**
 * Every page of the traveller app on the smallest phone it is made for, in each language: no
 * sideways scrolling, nothing past the screen's edge, no text cut by its box, no word split
 * across lines, Khmer drawn with the bundled face and Chinese with a CJK font, and no serious or
 * critical axe-core violation. One server, one browser, one phone and one order for every page;
 * the screenshots stay in e2e/artifacts/layout-<page>-<lang>-320.png.
 */
describe('every page at 320×640 in Khmer, Chinese and English', () => {
  const today = localDate(new Date(), HUB_TIME_ZONE);
  const journey = useJourney('layout', { CAPTCHA_TEST_TEXT: CAPTCHA });
  let context: BrowserContext;
  let page: Page;
  let member: Member;
  let orderNo = '';
  let pnr = '';

  const go = (hashPath: string) => page.goto(`${journey.server.url}/#${hashPath}`);
  async function visit(name: string, hashPath: string, ready: string, lang: Lang, findings: string[]) {
    await go(hashPath);
    await page.getByTestId(ready).first().waitFor();
    await inspectPage(page, name, lang, findings);
  }
  /** Opens the first fare that can be bought, so its conditions are measured too. */
  async function openFirstFare() {
    await page.locator('[data-testid^="family-"]:not([disabled])').first().click();
    await page.locator('[data-testid^="choose-"]').first().waitFor();
  }

  beforeAll(async () => {
    context = await smallPhoneContext(journey.browser);
    page = await context.newPage();
    await page.goto(`${journey.server.url}/`);
    member = await createMember(journey.server.url, `layout.${Date.now()}@example.com`);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('pages a visitor opens first: home, book, tickets, finding an order, more, login with its toast, register, forgotten password', async () => {
    const findings: string[] = [];
    for (const lang of LANGS) {
      await useLanguage(page, lang);
      await visit('home', HOME, 'promo-list', lang, findings);
      await visit('book', BOOK, 'search-button', lang, findings);
      await visit('tickets-guest', TICKETS, 'tickets-search', lang, findings);
      await visit('search-ticket', SEARCH_TICKET, 'search-ticket', lang, findings);
      await visit('more-guest', MORE, 'lang-km', lang, findings);
      if (lang === 'km') {
        // What issue 10 saw, still caught: a Khmer word broken anywhere (break-all).
        await expectCaught(
          page,
          '.account-card-text { word-break: break-all; }',
          /word is split.*more-login/,
        );
      }
      if (lang === 'en') {
        // ...and "ខ្មែរ" as boxes: the Khmer face not first in an English page's font list.
        await expectCaught(page, OLD_FONT_LIST, /Khmer is drawn with a fallback font.*lang-km/);
      }
      await visit('login', LOGIN, 'login-account', lang, findings);
      // A wrong password: the toast says so in whole words (issue 10 item 3), read at once.
      await page.getByTestId('login-account').fill(member.email);
      await page.getByTestId('login-password').fill('Wrong12345');
      await page.getByTestId('login-submit').click();
      await inspectToast(page, 'login-toast', lang, findings);
      if (lang === 'en') {
        // ...and a toast splitting "i/s": antd-mobile's break-all winning over the app's rule.
        await page.evaluate(() => {
          const sheet = new CSSStyleSheet();
          sheet.replaceSync('.adm-toast-mask .adm-toast-main.adm-toast-main { word-break: break-all; }');
          document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
        });
        await page.getByTestId('login-submit').click();
        const old: string[] = [];
        await inspectToast(page, 'login-toast-break-all', lang, old);
        expect(old.join('\n')).toMatch(/word is split/);
        await page.evaluate(() => {
          document.adoptedStyleSheets = document.adoptedStyleSheets.slice(0, -1);
        });
      }
      await visit('register', REGISTER, 'register-email', lang, findings);
      await visit('forgot-password', FORGOT, 'forget-email', lang, findings);
      await visit(
        'new-password',
        `${NEW_PASSWORD}?email=${member.email}`,
        'new-password-email',
        lang,
        findings,
      );
    }
    await expectNoFindings('visitor', findings);
  });

  it('booking pages: both legs of a return search, the trip, passengers, one passenger, and the review as a guest and as a member', async () => {
    const findings: string[] = [];
    await useLanguage(page, 'en');
    await go(BOOK);
    await page.getByTestId('trip-type-return').click();
    await pickAirport(page, 'dep-picker', 'Phnom', 'KTI');
    await pickAirport(page, 'arr-picker', 'Bangkok', 'BKK');
    await pickDate(page, 'date-field-depart', addDays(today, 30));
    await pickDate(page, 'date-field-return', addDays(today, 37));
    await page.getByTestId('pax-child-plus').click();
    await page.getByTestId('search-button').click();
    await page.getByTestId('flight-list').waitFor();
    await openFirstFare();
    await inspectPage(page, 'flight-list', 'en', findings);
    // What issue 10 saw, still caught: fare cards in a sideways scroller, cut at "$148.0"...
    await expectCaught(
      page,
      '.fare-row { display: flex; overflow-x: auto; } .fare-chip { flex: 0 0 auto; min-width: 96px; }',
      /(passes the screen's edge|cut at the side).*family-/,
    );
    // ...and the route in the title cut to "Bangk…".
    await expectCaught(
      page,
      '.nav-bar-title { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }',
      /cut at the side.*nav-bar-title/,
    );
    await page.locator('[data-testid^="choose-"]').first().click();
    await page.getByTestId('chosen-outbound').waitFor();
    await openFirstFare();
    await inspectPage(page, 'return-ticket', 'en', findings);
    await page.locator('[data-testid^="choose-"]').first().click();
    await page.getByTestId('trip-summary').waitFor();
    await inspectPage(page, 'trip-summary', 'en', findings);
    await page.getByTestId('continue-passengers').click();
    await page.getByTestId('passengers-info').waitFor();
    await inspectPage(page, 'passengers', 'en', findings);
    await page.getByTestId('slot-open-child-0').click();
    await page.getByTestId('passenger-detail-surname').waitFor();
    await inspectPage(page, 'passenger-detail', 'en', findings);
    await page.getByTestId('nav-back').click();
    await fillPassenger(page, 'adult-0', {
      surname: 'Sok',
      givenName: 'Dara',
      title: 0,
      gender: 0,
      birthday: '1985-02-10',
      docNumber: 'N3000001',
    });
    await fillPassenger(page, 'child-0', {
      surname: 'Sok',
      givenName: 'Vy',
      title: 1,
      gender: 1,
      birthday: '2018-05-05',
      docNumber: 'N3000002',
    });
    await fillContact(page, 'Sok Dara', 'dara.layout@example.com');
    await page.getByTestId('passengers-continue').click();
    // The add-ons come between passengers and review (issue 14): measured, then skipped.
    await page.getByTestId('addon-baggage-0').waitFor();
    await inspectPage(page, 'added-services', 'en', findings);
    await page.getByTestId('addons-skip').click();
    await page.getByTestId('review-booking').waitFor();
    await page.getByTestId('price-total').waitFor();
    await inspectPage(page, 'review-guest', 'en', findings);

    for (const lang of ['km', 'zh'] as const) {
      await useLanguage(page, lang);
      await go(FLIGHT_LIST);
      await page.getByTestId('flight-list').waitFor();
      await openFirstFare();
      await inspectPage(page, 'flight-list', lang, findings);
      await go(RETURN_TICKET);
      await page.getByTestId('chosen-outbound').waitFor();
      await openFirstFare();
      await inspectPage(page, 'return-ticket', lang, findings);
      await visit('trip-summary', TRIP_SUMMARY, 'trip-summary', lang, findings);
      await visit('passengers', PASSENGERS, 'passengers-info', lang, findings);
      await visit(
        'passenger-detail',
        `${PASSENGER_DETAIL}?slot=child-0`,
        'passenger-detail-surname',
        lang,
        findings,
      );
      if (lang === 'km') {
        // What issue 10 saw, still caught: the Khmer "ID card" on two lines in a 38 px chip.
        await expectCaught(
          page,
          '.choice-item { flex: 1; min-width: 72px; max-width: none; height: 38px; min-height: 0; padding: revert; line-height: revert; }',
          /spills out of button\[data-testid=passenger-detail-docType/,
        );
      }
      await visit('review-guest', REVIEW, 'price-total', lang, findings);
      if (lang === 'zh') {
        // ...the promo button squeezed until "使用" stacks...
        await expectCaught(
          page,
          '.promo-row .form-input { flex: 0 1 auto; min-width: auto; } .promo-row .adm-button { flex: 0 1 auto; white-space: normal; }',
          /word is split across lines \("使用"\).*promo-apply/,
        );
        // ...and the first card slid under the top bar.
        await expectCaught(
          page,
          '.booking-page .booking-body { margin-top: -20px; }',
          /hidden under the top bar/,
        );
      }
    }

    // The member logs in on the way and comes back to the review, with saved passengers to pick.
    await go(`${LOGIN}?redirect=${encodeURIComponent(REVIEW)}`);
    await page.getByTestId('login-account').fill(member.email);
    await page.getByTestId('login-password').fill(member.password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('review-booking').waitFor();
    for (const lang of LANGS) {
      await useLanguage(page, lang);
      await visit('select-passenger', `${SELECT_PASSENGER}?slot=adult-0`, 'select-list', lang, findings);
      await visit('review-member', REVIEW, 'price-total', lang, findings);
    }
    await expectNoFindings('booking', findings);
  });

  it('order pages: the order placed, pay-select, and once paid its detail, amounts, a passenger, the tickets list and the order found by PNR', async () => {
    const findings: string[] = [];
    await useLanguage(page, 'en');
    await go(REVIEW);
    await page.getByTestId('terms-legal').check();
    await page.getByTestId('terms-service').check();
    await page.getByTestId('review-submit').click();
    await page.getByTestId('order-placed').waitFor();
    orderNo = ((await page.getByTestId('order-no').textContent()) ?? '').trim();
    pnr = ((await page.getByTestId('order-pnr').textContent()) ?? '').trim();
    expect(orderNo).toMatch(/^W\d+$/);
    for (const lang of LANGS) {
      await useLanguage(page, lang);
      await visit('order-placed', REVIEW, 'order-placed', lang, findings);
      await visit('pay-select', `${PAY_SELECT}?orderNo=${orderNo}`, 'pay-methods', lang, findings);
    }

    // Paid in the sandbox; the ticketing job issues both e-tickets.
    await page.getByTestId('pay-method-card').click();
    await page.getByTestId('pay-terms').click();
    await page.getByTestId('pay-submit').click();
    await page.waitForURL(/\/api\/pay\/sandbox\//, { timeout: 15_000 });
    await page.locator('button.pay').click();
    await page.getByTestId('ticket-detail').waitFor({ timeout: 15_000 });
    await page.getByTestId('ticket-no-1').waitFor({ timeout: 60_000 });

    for (const lang of LANGS) {
      await useLanguage(page, lang);
      const order = `?orderNo=${orderNo}`;
      await visit('ticket-detail', `${TICKET_DETAIL}${order}`, 'ticket-no-1', lang, findings);
      if (lang === 'en') {
        // What issue 10 saw, still caught: the order number wrapping mid-number.
        await expectCaught(
          page,
          '.order-ids strong { white-space: normal; overflow-wrap: anywhere; }',
          /word is split.*order-no/,
        );
      }
      await visit('amount-detail', `${AMOUNT_DETAIL}${order}`, 'amount-total', lang, findings);
      await visit('ticket-passenger', `${TICKET_PASSENGER}${order}&seq=0`, 'pax-ticket', lang, findings);
      await visit('tickets-member', TICKETS, 'orders-list', lang, findings);
      await go(SEARCH_TICKET);
      await page.getByTestId('search-mode-pnr').click();
      await page.getByTestId('search-pnr').fill(pnr);
      await page.getByTestId('search-surname').fill('Sok');
      await page.getByTestId('search-submit').click();
      await page.getByTestId('search-result').waitFor();
      await inspectPage(page, 'search-ticket-result', lang, findings);
    }
    await expectNoFindings('orders', findings);
  });

  it("a member's pages: more, profile, editing it, the password, changing the e-mail, saved passengers", async () => {
    const findings: string[] = [];
    for (const lang of LANGS) {
      await useLanguage(page, lang);
      await visit('more-member', MORE, 'more-user', lang, findings);
      await visit('user-info', USER_INFO, 'user-info-change-email', lang, findings);
      if (lang === 'en') {
        // What issue 10 saw, still caught: "Change e-mail" in dark grey on the navy button.
        await expectCaught(
          page,
          '.form-submit.adm-button-default.adm-button-default { --background-color: #1f3b82; --border-color: #1f3b82; --text-color: #333333; }',
          /color-contrast/,
          'axe',
        );
      }
      await visit('edit-user-info', EDIT_USER, 'edit-user-save', lang, findings);
      await visit('change-password', CHANGE_PASSWORD, 'change-password-submit', lang, findings);
      await visit('verify-password', VERIFY_PASSWORD, 'verify-password-password', lang, findings);
      await page.getByTestId('verify-password-password').fill(member.password);
      await page.getByTestId('verify-password-submit').click();
      await page.getByTestId('verify-email-email').waitFor();
      await inspectPage(page, 'verify-email', lang, findings);
      await visit('associate-email', ASSOCIATE_EMAIL, 'associate-email-email', lang, findings);
      await visit('passenger-list', PASSENGER_LIST, 'passenger-item-0', lang, findings);
      await visit('edit-passenger-new', EDIT_PASSENGER, 'passenger-save', lang, findings);
      await visit(
        'edit-passenger',
        `${EDIT_PASSENGER}?id=${member.passengerId}`,
        'passenger-save',
        lang,
        findings,
      );
    }
    await expectNoFindings('member', findings);
  });
});
