import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addDays, HUB_TIME_ZONE, localDate } from '@wings/rules';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import { DEFAULT_SEARCH, useBookingStore } from '../../../features/booking/booking-store';
import { installFakeApi, ok } from '../../../test/fake-api';
import { makeFlight } from '../../../test/flights';
import { renderRoutes } from '../../../test/render';
import ReturnTicketPage from '../return-ticket/return-ticket-page';
import TripSummaryPage from '../trip-summary/trip-summary-page';
import FlightListPage from './flight-list-page';
import { resultsHref } from './results-link';

const routes = [
  { path: paths.flightList, element: <FlightListPage /> },
  { path: paths.returnTicket, element: <ReturnTicketPage /> },
  { path: paths.tripSummary, element: <TripSummaryPage /> },
];

const today = localDate(new Date(), HUB_TIME_ZONE);
const depDate = addDays(today, 30);
const retDate = addDays(today, 35);

describe('choosing fares', () => {
  beforeEach(() => {
    useBookingStore.getState().reset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  test('a return trip: outbound fare, return fare, then the trip summary with totals', async () => {
    const calls = installFakeApi((call) => {
      if (call.path === '/api/travelsky/ibe/queryFlight') {
        return ok({
          depCode: 'KTI',
          arrCode: 'BKK',
          depDate,
          currency: 'USD',
          flights: [makeFlight('WA101', 'KTI', 'BKK', depDate, '08:30', '09:55')],
        });
      }
      if (call.path === '/api/travelsky/ibe/queryFlightReturn') {
        return ok({
          depCode: 'BKK',
          arrCode: 'KTI',
          depDate: retDate,
          currency: 'USD',
          flights: [makeFlight('WA102', 'BKK', 'KTI', retDate, '18:00', '23:40')],
        });
      }
      if (call.path === '/api/ca/caweb/backend/price/getAroundPriceCalendar') {
        const body = call.body as { depDate: string };
        return ok({
          depCode: 'KTI',
          arrCode: 'BKK',
          days: [{ date: addDays(body.depDate, 1), lowestPrice: { amount: 7900, currency: 'USD' } }],
        });
      }
      return undefined;
    });
    useBookingStore.setState({
      search: { ...DEFAULT_SEARCH, arrCode: 'BKK', depDate, retDate, tripType: 1, passengers: [2, 0, 1] },
    });
    const { router } = renderRoutes(routes, paths.flightList);

    const card = await screen.findByTestId('flight-card-WA101');
    expect(card.textContent).toContain('08:30');
    expect(card.textContent).toContain('1 h 25 min');
    expect(card.textContent).toContain('A320');
    expect(screen.getByTestId('seats-WA101-Value').textContent).toBe('9+ left');
    expect(screen.getByTestId('seats-WA101-Basic').textContent).toBe('4 left');
    expect((screen.getByTestId('family-WA101-WingsFlex') as HTMLButtonElement).disabled).toBe(true);
    expect((await screen.findByTestId(`day-strip-${addDays(depDate, 1)}`)).textContent).toContain('$79');

    const queryBody = calls.find((c) => c.path === '/api/travelsky/ibe/queryFlight')?.body;
    expect(queryBody).toEqual({
      depCode: 'KTI',
      arrCode: 'BKK',
      depDate,
      passengers: [2, 0, 1],
      // The spec's round trip (§3: round = 2), whatever the store's toggle holds.
      tripType: 2,
      retDate,
    });

    fireEvent.click(screen.getByTestId('family-WA101-Basic'));
    const detail = screen.getByTestId('fare-detail-WA101-Basic');
    expect(detail.textContent).toContain('Fee $50.00');
    expect(detail.textContent).toContain('7 kg carry-on, 20 kg checked');
    fireEvent.click(within(detail).getByTestId('choose-WA101-Basic'));

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.returnTicket));
    await screen.findByTestId('flight-card-WA102');
    const returnBody = calls.find((c) => c.path === '/api/travelsky/ibe/queryFlightReturn')?.body;
    expect(returnBody).toEqual({
      depCode: 'KTI',
      arrCode: 'BKK',
      depDate,
      retDate,
      passengers: [2, 0, 1],
      outboundArrTime: `${depDate}T09:55:00+07:00`,
    });

    fireEvent.click(screen.getByTestId('family-WA102-Value'));
    fireEvent.click(screen.getByTestId('choose-WA102-Value'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.tripSummary));

    // Outbound Basic: 2 × 119.00 + 1 × 11.90 = 249.90; return Value: 2 × 89.00 + 1 × 8.90 = 186.90.
    const state = useBookingStore.getState();
    expect(state.priceLeave).toEqual({ amount: 24990, currency: 'USD' });
    expect(state.priceReturn).toEqual({ amount: 18690, currency: 'USD' });
    expect(state.priceAll).toEqual({ amount: 43680, currency: 'USD' });
    expect(state.leaveCabin).toBe('Y');
    expect(state.returnPrices?.infant).toEqual({ amount: 890, currency: 'USD' });
    expect((await screen.findByTestId('summary-total')).textContent).toBe('$436.80');
    expect(screen.getByTestId('summary-leg-return').textContent).toContain('WA102');
    expect((screen.getByTestId('continue-passengers') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByTestId('next-step-note').textContent).toContain('Taxes are added');
    expect(JSON.parse(sessionStorage.getItem('booking') ?? '{}').state.priceAll.amount).toBe(43680);
  });

  test('no flights on the day: a designed empty state that points at the day strip', async () => {
    installFakeApi((call) =>
      call.path === '/api/travelsky/ibe/queryFlight'
        ? { body: { code: '204', message: 'No eligible flight was found.', data: null } }
        : undefined,
    );
    useBookingStore.setState({ search: { ...DEFAULT_SEARCH, arrCode: 'BKK', depDate } });
    renderRoutes(routes, paths.flightList);
    const empty = await screen.findByTestId('results-empty');
    expect(empty.textContent).toContain('No flights on this day');
    expect(empty.textContent).toContain('Try another date');
    expect(screen.getByTestId(`day-strip-${addDays(depDate, 2)}`)).toBeTruthy();
  });

  test('a network failure offers a retry that searches again', async () => {
    let fail = true;
    const calls = installFakeApi((call) => {
      if (call.path !== '/api/travelsky/ibe/queryFlight') return undefined;
      if (fail) return { status: 503, body: 'busy' };
      return ok({
        depCode: 'KTI',
        arrCode: 'BKK',
        depDate,
        currency: 'USD',
        flights: [makeFlight('WA101', 'KTI', 'BKK', depDate, '08:30', '09:55')],
      });
    });
    useBookingStore.setState({ search: { ...DEFAULT_SEARCH, arrCode: 'BKK', depDate } });
    renderRoutes(routes, paths.flightList);
    const error = await screen.findByTestId('results-error');
    expect(error.textContent).toContain('We could not load flights.');
    fail = false;
    fireEvent.click(screen.getByTestId('retry-button'));
    await screen.findByTestId('flight-card-WA101');
    expect(calls.filter((c) => c.path === '/api/travelsky/ibe/queryFlight')).toHaveLength(2);
  });

  test('tapping a day of the strip searches that day', async () => {
    const calls = installFakeApi((call) =>
      call.path === '/api/travelsky/ibe/queryFlight'
        ? ok({ depCode: 'KTI', arrCode: 'BKK', depDate, currency: 'USD', flights: [] })
        : undefined,
    );
    useBookingStore.setState({ search: { ...DEFAULT_SEARCH, arrCode: 'BKK', depDate } });
    renderRoutes(routes, paths.flightList);
    await screen.findByTestId('results-empty');
    fireEvent.click(screen.getByTestId(`day-strip-${addDays(depDate, 1)}`));
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.path === '/api/travelsky/ibe/queryFlight' &&
            (c.body as { depDate: string }).depDate === addDays(depDate, 1),
        ),
      ).toBe(true),
    );
    expect(useBookingStore.getState().search.depDate).toBe(addDays(depDate, 1));
  });

  test('a results link opens that day in a fresh browser, becomes the search and leaves the address', async () => {
    const calls = installFakeApi((call) =>
      call.path === '/api/travelsky/ibe/queryFlight'
        ? ok({
            depCode: 'KTI',
            arrCode: 'BKK',
            depDate,
            currency: 'USD',
            flights: [makeFlight('WA101', 'KTI', 'BKK', depDate, '08:30', '09:55')],
          })
        : undefined,
    );
    const { router } = renderRoutes(routes, resultsHref({ depCode: 'KTI', arrCode: 'BKK', depDate }));
    await screen.findByTestId('flight-card-WA101');
    expect(screen.queryByTestId('results-no-search')).toBeNull();
    expect(calls.find((c) => c.path === '/api/travelsky/ibe/queryFlight')?.body).toMatchObject({
      depCode: 'KTI',
      arrCode: 'BKK',
      depDate,
      passengers: [1, 0, 0],
      tripType: 0,
    });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe(paths.flightList);
    expect(useBookingStore.getState().search).toMatchObject({ arrCode: 'BKK', depDate, tripType: 0 });
  });

  test('a malformed results link is no search', async () => {
    installFakeApi(() => undefined);
    renderRoutes(routes, `${paths.flightList}?depCode=KTI&arrCode=KTI&depDate=${depDate}`);
    expect(await screen.findByTestId('results-no-search')).toBeTruthy();
  });
});
