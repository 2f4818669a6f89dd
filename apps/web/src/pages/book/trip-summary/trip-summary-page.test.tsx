import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import { DEFAULT_SEARCH, useBookingStore } from '../../../features/booking/booking-store';
import { DEP_DATE, makeOffer, RET_DATE } from '../../../test/booking';
import { installFakeApi, ok } from '../../../test/fake-api';
import { makeFlight } from '../../../test/flights';
import { renderRoutes } from '../../../test/render';
import TripSummaryPage from './trip-summary-page';

const routes = [
  { path: paths.tripSummary, element: <TripSummaryPage /> },
  { path: paths.flightList, element: <div data-testid="results-page" /> },
  { path: paths.returnTicket, element: <div data-testid="return-page" /> },
  { path: paths.passengersInfo, element: <div data-testid="passengers-page" /> },
];

function chooseReturnTrip() {
  const store = useBookingStore.getState();
  store.reset();
  store.setSearch({
    ...DEFAULT_SEARCH,
    arrCode: 'BKK',
    depDate: DEP_DATE,
    retDate: RET_DATE,
    tripType: 1,
    passengers: [2, 1, 1],
  });
  const out = makeFlight('WA101', 'KTI', 'BKK', DEP_DATE, '08:30', '09:55');
  const back = makeFlight('WA102', 'BKK', 'KTI', RET_DATE, '18:00', '19:25');
  useBookingStore.getState().chooseLeave(out, out.fares[1]!);
  useBookingStore.getState().chooseReturn(back, back.fares[0]!);
}

describe('trip summary: continue to passengers', () => {
  beforeEach(chooseReturnTrip);
  afterEach(() => vi.unstubAllGlobals());

  test('re-checks the schedule, asks for a priced offer with the chosen classes, keeps it and opens passengers', async () => {
    const offer = makeOffer([2, 1, 1]);
    const calls = installFakeApi((call) => {
      if (call.path === '/api/ca/caweb/backend/checkFlightSchedule')
        return ok({ changed: false, flights: [] });
      if (call.path === '/api/travelsky/ibe/chooseFlight') return ok(offer);
      return undefined;
    });
    const { router } = renderRoutes(routes, paths.tripSummary);
    fireEvent.click(await screen.findByTestId('continue-passengers'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.passengersInfo));
    const paths_ = calls
      .map((c) => c.path)
      .filter((p) => !p.includes('getAccessToken') && !p.includes('Airport'));
    expect(paths_.indexOf('/api/ca/caweb/backend/checkFlightSchedule')).toBeLessThan(
      paths_.indexOf('/api/travelsky/ibe/chooseFlight'),
    );
    expect(calls.find((c) => c.path.endsWith('/checkFlightSchedule'))?.body).toEqual({
      flightIds: [`WA101-${DEP_DATE}`, `WA102-${RET_DATE}`],
      seen: [
        { flightId: `WA101-${DEP_DATE}`, depTime: `${DEP_DATE}T08:30:00+07:00` },
        { flightId: `WA102-${RET_DATE}`, depTime: `${RET_DATE}T18:00:00+07:00` },
      ],
    });
    expect(calls.find((c) => c.path.endsWith('/chooseFlight'))?.body).toEqual({
      passengers: [2, 1, 1],
      segments: [
        { flightId: `WA101-${DEP_DATE}`, bookingClass: 'T', depTime: `${DEP_DATE}T08:30:00+07:00` },
        { flightId: `WA102-${RET_DATE}`, bookingClass: 'R', depTime: `${RET_DATE}T18:00:00+07:00` },
      ],
    });
    expect(useBookingStore.getState().offer?.offerId).toBe('offer-1');
    expect(JSON.parse(sessionStorage.getItem('booking') ?? '{}').state.offer.offerId).toBe('offer-1');
  });

  test('a retimed return flight: says so and goes back to the return results', async () => {
    const calls = installFakeApi((call) =>
      call.path === '/api/ca/caweb/backend/checkFlightSchedule'
        ? ok({
            changed: true,
            flights: [
              {
                flightId: `WA101-${DEP_DATE}`,
                depTime: '',
                originalDepTime: '',
                changed: false,
                status: 'scheduled',
              },
              {
                flightId: `WA102-${RET_DATE}`,
                depTime: '',
                originalDepTime: '',
                changed: true,
                status: 'retimed',
              },
            ],
          })
        : undefined,
    );
    const { router } = renderRoutes(routes, paths.tripSummary);
    fireEvent.click(await screen.findByTestId('continue-passengers'));
    expect(
      await screen.findByText(
        'The scheduled time of the chosen flight has changed. Please choose another flight.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.returnTicket));
    expect(calls.some((c) => c.path.endsWith('/chooseFlight'))).toBe(false);
  });

  test('seats gone since the search (204): says so and goes back to the results', async () => {
    installFakeApi((call) => {
      if (call.path === '/api/ca/caweb/backend/checkFlightSchedule')
        return ok({ changed: false, flights: [] });
      if (call.path === '/api/travelsky/ibe/chooseFlight')
        return { body: { code: '204', message: 'sold out', data: null } };
      return undefined;
    });
    const { router } = renderRoutes(routes, paths.tripSummary);
    fireEvent.click(await screen.findByTestId('continue-passengers'));
    expect(
      await screen.findByText('The seats at this fare have just sold out. Please choose again.'),
    ).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.flightList));
    expect(useBookingStore.getState().offer).toBeNull();
  });
});
