import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import { useBookingStore } from '../../../features/booking/booking-store';
import { addonReplies } from '../../../test/addons';
import { fullParty, GOOD_CONTACT, startBooking } from '../../../test/booking';
import { installFakeApi } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import ArrivePassengerPage from '../arrive-passenger/arrive-passenger-page';
import DeparturePassengerPage from './departure-passenger-page';

const routes = [
  { path: paths.departurePassenger, element: <DeparturePassengerPage /> },
  { path: paths.arrivePassenger, element: <ArrivePassengerPage /> },
  { path: paths.addedServices, element: <div data-testid="hub-page" /> },
];
const legOf = (slot: 'adult-0' | 'adult-1' | 'child-0' | 'infant-0', leg: 0 | 1) =>
  useBookingStore.getState().services[slot]?.legs[leg] ?? null;

describe('departure-passenger and arrive-passenger pickers', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('priority boarding on the outbound: tick passengers (infants board with their adult), save for them', async () => {
    installFakeApi(addonReplies());
    startBooking([2, 1, 1], fullParty(), GOOD_CONTACT);
    useBookingStore.getState().setLegService('adult-1', 0, { priority: true });
    const { router } = renderRoutes(routes, `${paths.departurePassenger}?service=priority`);
    const adult1 = await screen.findByTestId<HTMLInputElement>('picker-check-adult-1');
    expect(adult1.checked).toBe(true);
    expect(screen.queryByTestId('picker-check-infant-0')).toBeNull();
    expect(screen.getByTestId('picker-excluded-infant-0').textContent).toBe('Boards with their adult');

    fireEvent.click(screen.getByTestId('picker-check-adult-0'));
    fireEvent.click(screen.getByTestId('picker-check-child-0'));
    fireEvent.click(adult1);
    expect(screen.getByTestId('picker-save').textContent).toBe('Save for 2 passengers');
    fireEvent.click(screen.getByTestId('picker-save'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.addedServices));
    expect(legOf('adult-0', 0)?.priority).toBe(true);
    expect(legOf('child-0', 0)?.priority).toBe(true);
    expect(legOf('adult-1', 0)?.priority).toBe(false);
    expect(legOf('adult-0', 1)).toBeNull();
  });

  test('extra baggage on the return: one step for everyone ticked, an infant included', async () => {
    installFakeApi(addonReplies());
    startBooking([2, 1, 1], fullParty(), GOOD_CONTACT);
    const { router } = renderRoutes(routes, `${paths.arrivePassenger}?service=baggage`);
    expect((await screen.findByTestId('picker-leg')).textContent).toContain('BKK–KTI');
    fireEvent.change(screen.getByTestId('picker-step'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('picker-check-infant-0'));
    fireEvent.click(screen.getByTestId('picker-check-adult-0'));
    expect(screen.getByTestId('picker-check-infant-0').closest('label')?.textContent).toContain('$22.00');
    fireEvent.click(screen.getByTestId('picker-save'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.addedServices));
    expect(legOf('infant-0', 1)?.baggageKg).toBe(10);
    expect(legOf('adult-0', 1)?.baggageKg).toBe(10);
    expect(legOf('adult-1', 1)?.baggageKg ?? null).toBeNull();
    expect(legOf('adult-0', 0)).toBeNull();
  });

  test('priority boarding on a return that does not sell it: nothing to tick', async () => {
    installFakeApi(addonReplies());
    startBooking([2, 1, 1], fullParty(), GOOD_CONTACT);
    renderRoutes(routes, `${paths.arrivePassenger}?service=priority`);
    expect(await screen.findByTestId('picker-not-sold')).toBeTruthy();
    expect(screen.queryByTestId('picker-save')).toBeNull();
  });

  test('a service the pickers do not choose is refused', async () => {
    installFakeApi(addonReplies());
    startBooking([2, 1, 1], fullParty(), GOOD_CONTACT);
    renderRoutes(routes, `${paths.departurePassenger}?service=seat`);
    expect(await screen.findByTestId('picker-unknown')).toBeTruthy();
  });
});
