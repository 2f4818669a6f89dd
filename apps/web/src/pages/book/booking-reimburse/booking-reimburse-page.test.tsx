import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import { useBookingStore } from '../../../features/booking/booking-store';
import { addonReplies, makeMenu } from '../../../test/addons';
import { fullParty, GOOD_CONTACT, startBooking } from '../../../test/booking';
import { installFakeApi } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import BookingReimbursePage from './booking-reimburse-page';

const routes = [{ path: paths.bookingReimburse, element: <BookingReimbursePage /> }];

describe('booking-reimburse', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('the reasons, the share of the fare, no online rescheduling, and a switch per passenger', async () => {
    installFakeApi(addonReplies());
    startBooking([2, 1, 1], fullParty(), GOOD_CONTACT);
    renderRoutes(routes, paths.bookingReimburse);
    expect(screen.getByTestId('reimburse-reasons').querySelectorAll('li')).toHaveLength(7);
    expect(screen.getByTestId('reimburse-reasons').textContent).toContain('A visa refused for the trip');
    expect(screen.getByTestId('reimburse-no-reschedule').textContent).toContain(
      'cannot be rescheduled online',
    );
    expect((await screen.findByTestId('reimburse-price-adult-0')).textContent).toBe('$49.92');
    expect(screen.getByTestId('reimburse-price-infant-0').textContent).toBe('$5.00');
    await waitFor(() =>
      expect(screen.getByTestId('reimburse-share').textContent).toBe(
        "12% of each passenger's fare on each flight, taxes not included.",
      ),
    );

    const toggle = screen.getByTestId<HTMLInputElement>('reimburse-toggle-adult-1');
    expect(toggle.getAttribute('role')).toBe('switch');
    fireEvent.click(toggle);
    expect(toggle.checked).toBe(true);
    expect(useBookingStore.getState().services['adult-1']?.refundUpgrade).toBe(true);
    fireEvent.click(toggle);
    expect(useBookingStore.getState().services['adult-1']?.refundUpgrade).toBe(false);
  });

  test('flights that do not sell the upgrade offer no switch', async () => {
    installFakeApi(addonReplies({ menu: makeMenu({ upgrade: false }) }));
    startBooking([1, 0, 0], fullParty(), GOOD_CONTACT);
    renderRoutes(routes, paths.bookingReimburse);
    expect((await screen.findByTestId('reimburse-not-sold-adult-0')).textContent).toBe(
      'Not available on these flights.',
    );
    expect(screen.queryByTestId('reimburse-toggle-adult-0')).toBeNull();
  });
});
