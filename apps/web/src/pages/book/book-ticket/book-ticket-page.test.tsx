import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addDays, HUB_TIME_ZONE, localDate } from '@wings/rules';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import { DEFAULT_SEARCH, useBookingStore } from '../../../features/booking/booking-store';
import { installFakeApi } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import FlightListPage from '../flight-list/flight-list-page';
import BookTicketPage from './book-ticket-page';

const routes = [
  { path: paths.book, element: <BookTicketPage /> },
  { path: paths.flightList, element: <FlightListPage /> },
];

const today = () => localDate(new Date(), HUB_TIME_ZONE);

function renderForm() {
  return renderRoutes(routes, paths.book);
}

function tap(testId: string, times = 1) {
  for (let i = 0; i < times; i++) fireEvent.click(screen.getByTestId(testId));
}

describe('book-ticket search form', () => {
  beforeEach(() => {
    useBookingStore.setState({ search: { ...DEFAULT_SEARCH } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  test('shows "same city" next to the arrival when both airports are the same', async () => {
    installFakeApi();
    useBookingStore.setState({
      search: { ...DEFAULT_SEARCH, depCode: 'KTI', arrCode: 'KTI', depDate: addDays(today(), 3) },
    });
    renderForm();
    tap('search-button');
    expect(await screen.findByTestId('field-error-arrCode')).toHaveProperty(
      'textContent',
      'Departure and arrival must be different.',
    );
  });

  test('focuses the control of the first field in error', async () => {
    installFakeApi();
    useBookingStore.setState({ search: { ...DEFAULT_SEARCH, depCode: 'KTI', arrCode: 'KTI' } });
    renderForm();
    tap('search-button');
    await screen.findByTestId('field-error-arrCode');
    // Same city and no date: the arrival comes first in reading order.
    expect(document.activeElement).toBe(screen.getByTestId('arr-picker'));
  });

  test('asks for a departure date when none is chosen, and keeps the chosen airports', async () => {
    installFakeApi();
    useBookingStore.setState({ search: { ...DEFAULT_SEARCH, depCode: 'KTI', arrCode: 'BKK' } });
    renderForm();
    tap('search-button');
    expect((await screen.findByTestId('field-error-depDate')).textContent).toBe('Choose a departure date.');
    expect(screen.getByTestId('dep-picker').textContent).toContain('KTI');
    expect(screen.getByTestId('arr-picker').textContent).toContain('BKK');
    expect(useBookingStore.getState().search.arrCode).toBe('BKK');
  });

  test('refuses more infants than adults with the rule message', async () => {
    installFakeApi();
    renderForm();
    tap('pax-infant-plus');
    expect(screen.getByTestId('pax-infant-count').textContent).toBe('1');
    tap('pax-infant-plus');
    expect(screen.getByTestId('pax-infant-count').textContent).toBe('1');
    expect(screen.getByTestId('field-error-passengers').textContent).toContain(
      'Each infant must travel with their own adult.',
    );
  });

  test('refuses a tenth seated passenger with the rule message', async () => {
    installFakeApi();
    renderForm();
    tap('pax-adult-plus', 8);
    expect(screen.getByTestId('pax-adult-count').textContent).toBe('9');
    tap('pax-child-plus');
    expect(screen.getByTestId('pax-child-count').textContent).toBe('0');
    expect(screen.getByTestId('field-error-passengers').textContent).toContain(
      'Up to 9 passengers with seats can be booked at once.',
    );
  });

  test('reports a restored party that breaks the rules when searching', async () => {
    installFakeApi();
    useBookingStore.setState({
      search: { ...DEFAULT_SEARCH, arrCode: 'BKK', depDate: addDays(today(), 3), passengers: [5, 5, 0] },
    });
    renderForm();
    tap('search-button');
    expect(screen.getByTestId('field-error-passengers').textContent).toContain('Up to 9 passengers');
  });

  test('picks airports by searching in any language, then searches with the right body', async () => {
    const calls = installFakeApi((call) =>
      call.path === '/api/travelsky/ibe/queryFlight'
        ? { body: { code: '204', message: 'No eligible flight was found. Please search again.', data: null } }
        : undefined,
    );
    const depDate = addDays(today(), 30);
    useBookingStore.setState({ search: { ...DEFAULT_SEARCH, depCode: 'KTI', depDate } });
    const { router } = renderForm();

    tap('arr-picker');
    const input = await screen.findByTestId('airport-search-input');
    fireEvent.change(input, { target: { value: 'បាងកក' } });
    const list = await screen.findByTestId('airport-list');
    await waitFor(() => expect(within(list).queryByTestId('airport-option-SAI')).toBeNull());
    fireEvent.click(await within(list).findByTestId('airport-option-BKK'));
    await waitFor(() => expect(screen.getByTestId('arr-picker').textContent).toContain('Bangkok'));

    tap('pax-adult-plus');
    tap('pax-infant-plus');
    tap('search-button');

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.flightList));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/travelsky/ibe/queryFlight')).toBe(true));
    const query = calls.find((c) => c.path === '/api/travelsky/ibe/queryFlight');
    expect(query?.method).toBe('POST');
    expect(query?.body).toEqual({
      depCode: 'KTI',
      arrCode: 'BKK',
      depDate,
      passengers: [2, 0, 1],
      tripType: 0,
    });
    expect(query?.headers.language).toBe('1');
    expect(query?.headers.Authorization).toBe('Bearer token-1');
    expect(await screen.findByTestId('results-empty')).toBeTruthy();
    await act(async () => {});
  });
});
