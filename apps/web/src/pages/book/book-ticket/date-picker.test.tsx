import { fireEvent, screen, waitFor } from '@testing-library/react';
import { addDays, addMonths, HUB_TIME_ZONE, localDate } from '@wings/rules';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import { DEFAULT_SEARCH, useBookingStore } from '../../../features/booking/booking-store';
import { installFakeApi } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import BookTicketPage from './book-ticket-page';
import { openingDate } from './date-picker';

const today = () => localDate(new Date(), HUB_TIME_ZONE);
/** The 15th of the month after next: never in the month the calendar would open on by itself. */
const laterMonthDay = () => `${addMonths(today(), 2).slice(0, 7)}-15`;

/** The month the open calendar shows: the one whose days carry the `calendar-day-` test ids. */
function shownDays(): string[] {
  return screen
    .getAllByTestId(/^calendar-day-/)
    .map((cell) => cell.getAttribute('data-testid')?.replace('calendar-day-', '') ?? '');
}

describe('date picker', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('the return calendar opens on the outbound month when no return date is chosen', async () => {
    installFakeApi();
    const depDate = laterMonthDay();
    useBookingStore.setState({
      search: { ...DEFAULT_SEARCH, depCode: 'KTI', arrCode: 'BKK', tripType: 1, depDate, retDate: '' },
    });
    renderRoutes([{ path: paths.book, element: <BookTicketPage /> }], paths.book);
    fireEvent.click(await screen.findByTestId('date-field-return'));
    await waitFor(() => expect(shownDays()).toContain(depDate));
    expect(shownDays().every((day) => day.startsWith(depDate.slice(0, 7)))).toBe(true);
    // The outbound day itself can be chosen (a same-day return), and so can the days after it.
    const cell = screen.getByTestId(`calendar-day-${depDate}`);
    expect(cell.className).not.toContain('disabled');
    expect(screen.getByTestId(`calendar-day-${addDays(depDate, 1)}`).className).not.toContain('disabled');
  });

  test('a return date now before the outbound does not keep the calendar on a closed month', async () => {
    installFakeApi();
    const depDate = laterMonthDay();
    useBookingStore.setState({
      search: {
        ...DEFAULT_SEARCH,
        depCode: 'KTI',
        arrCode: 'BKK',
        tripType: 1,
        depDate,
        retDate: addDays(today(), 1),
      },
    });
    renderRoutes([{ path: paths.book, element: <BookTicketPage /> }], paths.book);
    fireEvent.click(await screen.findByTestId('date-field-return'));
    await waitFor(() => expect(shownDays()).toContain(depDate));
  });

  test('opens on the chosen date when it can still be chosen, else on the first open day', () => {
    expect(openingDate('2026-12-20', '2026-11-03', '2027-04-30')).toBe('2026-12-20');
    expect(openingDate('', '2026-11-03', '2027-04-30')).toBe('2026-11-03');
    expect(openingDate('2026-10-01', '2026-11-03', '2027-04-30')).toBe('2026-11-03');
    expect(openingDate('2027-06-01', '2026-11-03', '2027-04-30')).toBe('2026-11-03');
  });
});
