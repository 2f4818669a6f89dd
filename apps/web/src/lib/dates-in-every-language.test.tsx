import { screen, waitFor } from '@testing-library/react';
import { type LanguageTag, type OrderLookupResponse, OrderPayStatus } from '@wings/contracts';
import {
  addDays,
  formatDate,
  formatDayMonth,
  formatWeekday,
  LATIN_DATE_WORDS,
  toLocalIso,
} from '@wings/rules';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { setLanguage } from '../app/i18n';
import { paths } from '../app/paths';
import { DEFAULT_SEARCH, useBookingStore } from '../features/booking/booking-store';
import { rememberOrderGrant } from '../features/orders/order-session';
import BookTicketPage from '../pages/book/book-ticket/book-ticket-page';
import FlightListPage from '../pages/book/flight-list/flight-list-page';
import PassengerDetailPage from '../pages/book/passenger-detail/passenger-detail-page';
import PassengersInfoPage from '../pages/book/passengers-info/passengers-info-page';
import ReturnTicketPage from '../pages/book/return-ticket/return-ticket-page';
import ReviewBookingPage from '../pages/book/review-booking/review-booking-page';
import SelectPassengerPage from '../pages/book/select-passenger/select-passenger-page';
import TripSummaryPage from '../pages/book/trip-summary/trip-summary-page';
import UserInfoPage from '../pages/more/user-info/user-info-page';
import TicketPassengerDetailPage from '../pages/tickets/passenger-detail/passenger-detail-page';
import SearchTicketResultPage from '../pages/tickets/search-ticket-result/search-ticket-result-page';
import TicketDetailPage from '../pages/tickets/ticket-detail/ticket-detail-page';
import TicketsPage from '../pages/tickets/tickets/tickets-page';
import { makeSavedPassenger, makeUser, signIn } from '../test/accounts';
import { DEP_DATE, draftFor, makePrice, RET_DATE, startBooking } from '../test/booking';
import { type FakeCall, installFakeApi, ok } from '../test/fake-api';
import { makeFlight } from '../test/flights';
import { DETAIL_PATH, makeOrderDetail, makeOrderSummary, ORDER_NO, ticketsIssued } from '../test/orders';
import { renderRoutes } from '../test/render';

/**
 * Every date a page shows, read in Khmer and Chinese: none may carry a Latin month or weekday
 * name (issue 10 item 4). Pages format dates through the shared formatter of @wings/rules; this
 * renders each page that shows a date and reads all of its text.
 *
 * The phones the app was tried on have no Khmer date data (Chromium's trimmed ICU answers "Wed"
 * and "Dec 21" for km-KH), while Node's full ICU has it. So Khmer is read here as on such a phone:
 * Intl.DateTimeFormat for a Khmer locale answers in English, as it does there.
 */
function asOnAPhoneWithoutKhmerDateData() {
  const Real = Intl.DateTimeFormat;
  const toEnglish = (locales?: string | readonly string[]) =>
    [locales ?? []].flat().map((l) => (l.toLowerCase().startsWith('km') ? 'en-US' : l));
  // biome-ignore lint/complexity/useArrowFunction: Intl.DateTimeFormat is called with `new`, which an arrow cannot be
  const withoutKhmer = function (locales?: string | readonly string[], options?: Intl.DateTimeFormatOptions) {
    return new Real(toEnglish(locales), options);
  };
  vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(withoutKhmer as unknown as typeof Intl.DateTimeFormat);
}

/** The order as its number and document find it (search-ticket-result reads it from the route state). */
function lookupResult(): OrderLookupResponse {
  return {
    ...makeOrderSummary({ status: OrderPayStatus.paid }),
    accessToken: 'grant-1',
    accessTokenExpiresAt: '2099-01-01T00:00:00Z',
    accessScope: 'full',
  };
}

const grant = () => rememberOrderGrant(ORDER_NO, 'grant-1', new Date(Date.now() + 3_600_000).toISOString());

/** Replies of every page below: flights, calendars, prices, the order, the member. */
function api() {
  return installFakeApi((call: FakeCall) => {
    const dated = (date: string, from: string, to: string, no: string, dep: string, arr: string) =>
      ok({
        depCode: from,
        arrCode: to,
        depDate: date,
        currency: 'USD',
        flights: [makeFlight(no, from, to, date, dep, arr)],
      });
    if (call.path === '/api/travelsky/ibe/queryFlight')
      return dated(DEP_DATE, 'KTI', 'BKK', 'WA101', '08:30', '09:55');
    if (call.path === '/api/travelsky/ibe/queryFlightReturn')
      return dated(RET_DATE, 'BKK', 'KTI', 'WA102', '18:00', '19:25');
    if (call.path === '/api/ca/caweb/backend/price/getAroundPriceCalendar') {
      const { depDate } = call.body as { depDate: string };
      return ok({
        depCode: 'KTI',
        arrCode: 'BKK',
        days: [{ date: depDate, lowestPrice: { amount: 7900, currency: 'USD' } }],
      });
    }
    if (call.path === '/api/travelsky/ibe/computePrice') return ok(makePrice());
    if (call.path === '/api/ca/caweb/backend/usePromoCode/queryCodeList') return ok({ promotions: [] });
    if (call.path === DETAIL_PATH) {
      return ok(
        ticketsIssued(
          makeOrderDetail({
            refunds: [
              {
                amount: { amount: 123456, currency: 'USD' },
                status: 'succeeded',
                reason: 'seats_gone',
                requestedAt: '2026-12-01T03:00:00.000Z',
                refundedAt: '2026-12-01T03:05:00.000Z',
              },
            ],
          }),
        ),
      );
    }
    if (call.path === '/api/travelsky/user/getMemberOrder') {
      return ok({ orders: [makeOrderSummary()], total: 1, page: 1 });
    }
    if (call.path.startsWith('/api/travelsky/user/getMember/')) return ok(makeUser());
    if (call.path.includes('/memberpassenger/')) {
      return ok({ passengers: [makeSavedPassenger({ birthday: addDays(DEP_DATE, -30 * 366) })] });
    }
    return undefined;
  });
}

function chooseReturnTrip() {
  startBooking([1, 0, 0], { 'adult-0': draftFor('adult') });
  const out = makeFlight('WA101', 'KTI', 'BKK', DEP_DATE, '08:30', '09:55');
  const back = makeFlight('WA102', 'BKK', 'KTI', RET_DATE, '18:00', '19:25');
  useBookingStore.getState().chooseLeave(out, out.fares[1]!);
  useBookingStore.getState().chooseReturn(back, back.fares[0]!);
}

interface PageCase {
  name: string;
  path: string;
  element: ReactNode;
  setup?: () => void;
  /** The route state the page reads (search-ticket-result). */
  state?: unknown;
  /** The dates (as the formatter writes them) that must be on the page, so the check reads real dates. */
  shows: (lang: LanguageTag) => string[];
  /** A test id that is there once the page has its data. */
  ready: string;
}

const hubInstant = (iso: string, lang: LanguageTag) =>
  formatDate(toLocalIso(new Date(iso), 'Asia/Phnom_Penh'), lang);
const strip = (lang: LanguageTag) =>
  [-3, -2, -1, 0, 1, 2, 3].flatMap((n) => {
    const day = addDays(DEP_DATE, n);
    return [formatWeekday(day, lang, 'short'), formatDayMonth(day, lang)];
  });

const PAGES: PageCase[] = [
  {
    name: 'book (the dates and their weekdays)',
    path: paths.book,
    element: <BookTicketPage />,
    setup: () =>
      useBookingStore.setState({
        search: { ...DEFAULT_SEARCH, arrCode: 'BKK', depDate: DEP_DATE, retDate: RET_DATE, tripType: 1 },
      }),
    ready: 'date-field-depart',
    shows: (lang) => [
      formatDate(DEP_DATE, lang),
      formatWeekday(DEP_DATE, lang),
      formatDate(RET_DATE, lang),
      formatWeekday(RET_DATE, lang),
    ],
  },
  {
    name: 'results (title date and the day strip)',
    path: paths.flightList,
    element: <FlightListPage />,
    setup: () =>
      useBookingStore.setState({
        search: { ...DEFAULT_SEARCH, arrCode: 'BKK', depDate: DEP_DATE, retDate: RET_DATE, tripType: 1 },
      }),
    ready: 'flight-card-WA101',
    shows: (lang) => [formatDate(DEP_DATE, lang), ...strip(lang)],
  },
  {
    name: 'return results',
    path: paths.returnTicket,
    element: <ReturnTicketPage />,
    setup: () => {
      chooseReturnTrip();
      useBookingStore.setState({ back: null });
    },
    ready: 'flight-card-WA102',
    shows: (lang) => [formatDate(DEP_DATE, lang), formatDate(RET_DATE, lang)],
  },
  {
    name: 'trip summary',
    path: paths.tripSummary,
    element: <TripSummaryPage />,
    setup: chooseReturnTrip,
    ready: 'continue-passengers',
    shows: (lang) => [formatDate(DEP_DATE, lang), formatDate(RET_DATE, lang)],
  },
  {
    name: 'passengers',
    path: paths.passengersInfo,
    element: <PassengersInfoPage />,
    setup: () => startBooking([1, 1, 0]),
    ready: 'slot-label-adult-0',
    shows: (lang) => [formatDate(DEP_DATE, lang)],
  },
  {
    name: 'passenger detail (the age and document rules)',
    path: `${paths.passengerDetail}?slot=child-0`,
    element: <PassengerDetailPage />,
    setup: () => startBooking([1, 1, 0]),
    ready: 'passenger-detail-birthday',
    shows: (lang) => [formatDate(DEP_DATE, lang)],
  },
  {
    name: 'select a saved passenger',
    path: `${paths.selectPassenger}?slot=adult-0`,
    element: <SelectPassengerPage />,
    setup: () => {
      signIn();
      startBooking([1, 0, 0]);
    },
    ready: 'saved-passenger-pax-1',
    shows: (lang) => [formatDate(DEP_DATE, lang)],
  },
  {
    name: 'review',
    path: paths.reviewBooking,
    element: <ReviewBookingPage />,
    setup: () => {
      signIn();
      startBooking([1, 0, 0], { 'adult-0': draftFor('adult') });
    },
    ready: 'review-segment-0-dep',
    shows: (lang) => [formatDate(DEP_DATE, lang), formatDate(RET_DATE, lang)],
  },
  {
    name: 'order list',
    path: paths.tickets,
    element: <TicketsPage />,
    setup: () => signIn(),
    ready: 'order-item-0',
    shows: (lang) => [formatDate(DEP_DATE, lang)],
  },
  {
    name: 'ticket detail (booking time, legs, refund)',
    path: `${paths.ticketDetail}?orderNo=${ORDER_NO}`,
    element: <TicketDetailPage />,
    setup: grant,
    ready: 'order-refund-0',
    shows: (lang) => [
      hubInstant('2026-11-20T03:15:00.000Z', lang),
      formatDate(DEP_DATE, lang),
      formatDate(RET_DATE, lang),
      hubInstant('2026-12-01T03:05:00.000Z', lang),
    ],
  },
  {
    name: 'ticket passenger detail (birth date, document expiry, coupons)',
    path: `${paths.ticketPassengerDetail}?orderNo=${ORDER_NO}&seq=0`,
    element: <TicketPassengerDetailPage />,
    setup: grant,
    ready: 'pax-birthday',
    shows: (lang) => [
      formatDate('1990-04-12', lang),
      formatDate('2032-01-31', lang),
      formatDate(DEP_DATE, lang),
      formatDate(RET_DATE, lang),
    ],
  },
  {
    name: 'found order',
    path: paths.searchTicketResult,
    element: <SearchTicketResultPage />,
    state: { order: lookupResult() },
    ready: 'search-result',
    shows: (lang) => [hubInstant('2026-11-20T03:15:00.000Z', lang), formatDate(DEP_DATE, lang)],
  },
  {
    name: 'my profile (birth date)',
    path: paths.userInfo,
    element: <UserInfoPage />,
    setup: () => signIn(),
    ready: 'user-info',
    shows: (lang) => [formatDate('1990-04-12', lang)],
  },
];

describe.each(['km', 'zh'] as const)('every date a page shows, in %s', (lang) => {
  beforeEach(async () => {
    await setLanguage(lang);
    asOnAPhoneWithoutKhmerDateData();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  test.each(PAGES)('$name: no Latin month or weekday name', async (page) => {
    api();
    page.setup?.();
    const { router } = renderRoutes(
      [
        { path: page.path.split('?')[0]!, element: page.element },
        { path: '*', element: <div data-testid="elsewhere" /> },
      ],
      page.path,
    );
    if (page.state) await router.navigate(page.path, { state: page.state, replace: true });
    await screen.findByTestId(page.ready);
    const expected = page.shows(lang);
    await waitFor(() => {
      const text = document.body.textContent ?? '';
      for (const date of expected) expect(text).toContain(date);
    });
    const text = document.body.textContent ?? '';
    expect(text.match(LATIN_DATE_WORDS)?.[0], text).toBeUndefined();
  });
});

/** Date, month and weekday formatting outside the shared formatter: what let pages drift apart. */
const OWN_DATE_FORMAT =
  /toLocaleDateString|toLocaleTimeString|new Intl\.DateTimeFormat\(|\bweekday:\s*'|\bmonth:\s*'(?:short|long|narrow)'|'Jan',\s*'Feb'|'មករា'/;

describe('one date formatter', () => {
  test('no page or component formats a date, month or weekday itself', () => {
    const sources = import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }) as Record<string, string>;
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    const offenders = Object.entries(sources)
      .filter(([, text]) => OWN_DATE_FORMAT.test(text))
      .map(([file]) => file);
    expect(offenders).toEqual([]);
  });
});
