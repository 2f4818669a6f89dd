import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import { useBookingStore } from '../../../features/booking/booking-store';
import { addonReplies, refused } from '../../../test/addons';
import { fullParty, GOOD_CONTACT, makePrice, startBooking } from '../../../test/booking';
import { type FakeCall, installFakeApi, ok } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import AddedServicesPage from './added-services-page';

const routes = [
  { path: paths.addedServices, element: <AddedServicesPage /> },
  { path: paths.reviewBooking, element: <div data-testid="review-page" /> },
  { path: paths.chooseSeat, element: <div data-testid="choose-seat-page" /> },
  { path: paths.insurancePassengerList, element: <div data-testid="insurance-page" /> },
  { path: paths.departurePassenger, element: <div data-testid="departure-picker" /> },
];

const pricing = (calls: FakeCall[]) =>
  calls.filter((c) => c.path === '/api/travelsky/ibe/addIncreaseService');
const nexts = (calls: FakeCall[]) =>
  calls.filter((c) => c.path === '/api/travelsky/ibe/addIncreaseServiceNext');

function api(options: Parameters<typeof addonReplies>[0] = {}) {
  const replies = addonReplies(options);
  return installFakeApi((call) => {
    if (call.path === '/api/travelsky/ibe/computePrice') return ok(makePrice());
    return replies(call);
  });
}

describe('added-services', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('per leg: seats (an infant on a lap), the free allowance, baggage steps, priority not sold on the return', async () => {
    api();
    startBooking([2, 1, 1], fullParty(), GOOD_CONTACT);
    const { router } = renderRoutes(routes, paths.addedServices);
    expect((await screen.findByTestId('addon-allowance-0')).textContent).toContain(
      '7 kg carry-on and 20 kg checked',
    );
    expect(screen.getByTestId('seat-lap-0-infant-0').textContent).toBe("No seat: travels on an adult's lap");
    expect(screen.queryByTestId('seat-choose-0-infant-0')).toBeNull();
    expect(screen.getByTestId('addon-seat-prices-0').textContent).toBe(
      'Front seat $10.00 · Standard seat free',
    );
    const options = within(screen.getByTestId('baggage-select-0-infant-0'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual([
      'No extra baggage',
      '+5 kg (25 kg checked) · $12.00',
      '+10 kg (30 kg checked) · $22.00',
      '+15 kg (35 kg checked) · $32.00',
    ]);
    // Infants board with their adult: no priority boarding of their own.
    expect(screen.getByTestId('priority-check-0-adult-0')).toBeTruthy();
    expect(screen.queryByTestId('priority-check-0-infant-0')).toBeNull();
    expect(screen.getByTestId('addons-total').textContent).toBe('No add-ons chosen');
    expect(await screen.findByTestId('addons-grand-total')).toHaveProperty('textContent', '$712.80');

    fireEvent.click(screen.getByTestId('addon-tab-1'));
    expect(screen.getByTestId('addon-tab-1').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('addon-priority-not-sold-1').textContent).toBe(
      'Priority boarding is not sold on this flight.',
    );
    // The insurance entry is there while insurance is sold, and opens its pages.
    fireEvent.click(await screen.findByTestId('insurance-open'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.insurancePassengerList));
  });

  test('choosing baggage is priced by the server once the taps settle; Next checks it and goes to review', async () => {
    const calls = api();
    startBooking([2, 1, 1], fullParty(), GOOD_CONTACT);
    const { router } = renderRoutes(routes, paths.addedServices);
    const select = await screen.findByTestId('baggage-select-0-adult-0');
    fireEvent.change(select, { target: { value: '5' } });
    fireEvent.change(select, { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('priority-check-0-child-0'));

    await waitFor(() =>
      expect(screen.getByTestId('addons-total').textContent).toBe('Including add-ons $30.00'),
    );
    expect(screen.getByTestId('addons-grand-total').textContent).toBe('$742.80');
    expect(screen.getByTestId('addon-line-13-0-0').textContent).toBe(
      '+10 kg baggage · Adult 1 · Outbound$22.00',
    );
    expect(screen.getByTestId('addon-line-11-2-0').textContent).toBe(
      'Priority boarding · Child 1 · Outbound$8.00',
    );
    // The burst of changes was priced once, with the latest choice.
    expect(pricing(calls)).toHaveLength(1);
    expect(pricing(calls)[0]?.body).toMatchObject({
      offerId: 'offer-1',
      passengers: [{ passengerType: 1 }, { passengerType: 1 }, { passengerType: 2 }, { passengerType: 3 }],
      services: [{ legs: [{ baggageKg: 10 }, null] }, null, { legs: [{ priority: true }, null] }, null],
    });

    fireEvent.click(screen.getByTestId('addons-next'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.reviewBooking));
    expect(nexts(calls)).toHaveLength(1);
    expect(nexts(calls)[0]?.body).toEqual(pricing(calls)[0]?.body);
  });

  test("a server refusal shows on its passenger and leg with the server's message, and Next waits", async () => {
    const calls = api({
      refuse: (request) =>
        request.services[1]?.legs?.[1]?.baggageKg === 15
          ? refused(
              'services.1.legs.1.baggageKg',
              'addons.baggage_not_sold',
              'Extra baggage of 15 kg is not sold on this flight.',
            )
          : undefined,
    });
    startBooking([2, 1, 1], fullParty(), GOOD_CONTACT);
    renderRoutes(routes, paths.addedServices);
    fireEvent.click(await screen.findByTestId('addon-tab-1'));
    fireEvent.change(screen.getByTestId('baggage-select-1-adult-1'), { target: { value: '15' } });

    expect((await screen.findByTestId('addon-error-1-adult-1-baggageKg')).textContent).toBe(
      'Extra baggage of 15 kg is not sold on this flight.',
    );
    expect(screen.queryByTestId('addon-error-1-adult-0-baggageKg')).toBeNull();
    expect(screen.getByTestId('baggage-select-1-adult-1').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('addon-refused').textContent).toContain('Some add-ons cannot be added');
    expect(screen.getByTestId('addon-tab-1').getAttribute('data-invalid')).toBe('true');
    expect(screen.getByTestId('addons-next')).toHaveProperty('disabled', true);

    // Another step is taken: the problem goes with the choice it was about.
    fireEvent.change(screen.getByTestId('baggage-select-1-adult-1'), { target: { value: '5' } });
    await waitFor(() => expect(screen.queryByTestId('addon-error-1-adult-1-baggageKg')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('addons-next')).toHaveProperty('disabled', false));
    expect(pricing(calls).length).toBeGreaterThanOrEqual(2);
  });

  test('Next refused by addIncreaseServiceNext stays here with the problem on its passenger', async () => {
    const calls = installFakeApi((call) => {
      if (call.path === '/api/travelsky/ibe/addIncreaseServiceNext')
        return refused(
          'services.0.legs.0.seat',
          'seat.taken',
          'Seat 12C has just been taken. Please choose another seat.',
        );
      if (call.path === '/api/travelsky/ibe/computePrice') return ok(makePrice());
      return addonReplies()(call);
    });
    startBooking([2, 1, 1], fullParty(), GOOD_CONTACT);
    useBookingStore.getState().setLegService('adult-0', 0, { seat: '12C' });
    const { router } = renderRoutes(routes, paths.addedServices);
    expect((await screen.findByTestId('seat-choose-0-adult-0')).textContent).toContain('Seat 12C');
    await waitFor(() => expect(screen.getByTestId('addons-next')).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByTestId('addons-next'));
    expect((await screen.findByTestId('addon-error-0-adult-0-seat')).textContent).toBe(
      'Seat 12C has just been taken. Please choose another seat.',
    );
    expect(router.state.location.pathname).toBe(paths.addedServices);
    expect(nexts(calls)).toHaveLength(1);

    // Choose again: the seat button opens that leg's seat map.
    fireEvent.click(screen.getByTestId('seat-choose-0-adult-0'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.chooseSeat));
    expect(router.state.location.search).toBe('?leg=0&slot=adult-0');
  });

  test('the refundable upgrade per passenger, priced by type for the whole trip', async () => {
    api();
    startBooking([2, 1, 1], fullParty(), GOOD_CONTACT);
    renderRoutes(routes, paths.addedServices);
    const upgrade = await screen.findByTestId('addon-upgrade');
    // 12% of each leg's fare: 24.96 + 24.96 for an adult.
    expect(
      within(upgrade)
        .getByLabelText(/Adult 1/)
        .closest('label')?.textContent,
    ).toContain('$49.92');
    fireEvent.click(screen.getByTestId('upgrade-check-child-0'));
    await waitFor(() =>
      expect(screen.getByTestId('addons-total').textContent).toBe('Including add-ons $37.44'),
    );
    expect(useBookingStore.getState().services['child-0']?.refundUpgrade).toBe(true);
  });

  test('skip goes to review with no add-ons, whatever was chosen', async () => {
    const calls = api({ insurance: false });
    startBooking([2, 1, 1], fullParty(), GOOD_CONTACT);
    useBookingStore.getState().setLegService('adult-0', 0, { baggageKg: 5 });
    const { router } = renderRoutes(routes, paths.addedServices);
    await screen.findByTestId('addon-baggage-0');
    // No insurer sells: the insurance entry is hidden.
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/travelsky/insurance/getInsuranceGrade')).toBe(true),
    );
    await waitFor(() => expect(screen.queryByTestId('addon-insurance')).toBeNull());
    fireEvent.click(screen.getByTestId('addons-skip'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.reviewBooking));
    expect(useBookingStore.getState().services).toEqual({});
    expect(nexts(calls)).toHaveLength(0);
  });

  test('an expired offer says so, with a way back to the results', async () => {
    installFakeApi((call) =>
      call.path === '/api/travelsky/ibe/backService/offer-1'
        ? { status: 200, body: { code: '301', message: 'The offer has expired.', data: null } }
        : undefined,
    );
    startBooking([1, 0, 0], fullParty(), GOOD_CONTACT);
    renderRoutes(routes, paths.addedServices);
    expect(await screen.findByTestId('offer-expired')).toBeTruthy();
  });
});
