import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { SeatMapRequest } from '@wings/contracts';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import { useBookingStore } from '../../../features/booking/booking-store';
import { fullParty, startBooking } from '../../../test/booking';
import { type FakeCall, installFakeApi, ok } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import { type FakeSeatMapOptions, fakeSeatMap } from '../../../test/seating';
import ChooseSeatPage from './choose-seat-page';

const routes = [
  { path: paths.chooseSeat, element: <ChooseSeatPage /> },
  { path: paths.addedServices, element: <div data-testid="added-services" /> },
  { path: paths.publicServicesSeat, element: <div data-testid="seat-rules" /> },
];

const EXIT_INFANT = {
  ref: 'adult-0',
  key: 'seat.exit_row_infant',
  message: 'A passenger travelling with an infant cannot take an exit-row seat.',
};

/** A booking of 2 adults, a child and an infant, its flights with ids as search gives them. */
function startParty() {
  startBooking([2, 1, 1], fullParty());
  const offer = useBookingStore.getState().offer;
  if (!offer) throw new Error('no offer');
  useBookingStore.setState({
    offer: { ...offer, segments: offer.segments.map((s, i) => ({ ...s, flightId: String(9001 + i) })) },
  });
}

const seatMapCalls = (calls: FakeCall[]) =>
  calls.filter((c) => c.path === '/api/travelsky/ibe/getSeatLeaveInfo').map((c) => c.body as SeatMapRequest);

/** The fake API's seat map: built per request, so a reply can depend on the seats already picked. */
function serveMap(options: (request: SeatMapRequest) => FakeSeatMapOptions) {
  return installFakeApi((call) => {
    if (call.path !== '/api/travelsky/ibe/getSeatLeaveInfo') return undefined;
    const request = call.body as SeatMapRequest;
    return ok(fakeSeatMap({ flightId: request.flightId, ...options(request) }));
  });
}

const seatOf = (slot: 'adult-0' | 'adult-1' | 'child-0', leg: 0 | 1 = 0) =>
  useBookingStore.getState().services[slot]?.legs[leg]?.seat ?? null;

describe('choose seats', () => {
  beforeEach(startParty);
  afterEach(() => vi.unstubAllGlobals());

  test('reads the map for the party (infant on the first adult, child by its adult), picks store the seat and move on', async () => {
    const calls = serveMap(() => ({ taken: ['6A'], barred: { '12A': [EXIT_INFANT] } }));
    renderRoutes(routes, `${paths.chooseSeat}?leg=0`);
    await screen.findByTestId('seat-map');
    const [first] = seatMapCalls(calls);
    const drafts = fullParty();
    expect(first).toEqual({
      flightId: '9001',
      cabin: 'Y',
      party: [
        { ref: 'adult-0', passengerType: 1, birthday: drafts['adult-0']?.birthday, withInfant: true },
        {
          ref: 'child-0',
          passengerType: 2,
          birthday: drafts['child-0']?.birthday,
          withInfant: false,
          adultRef: 'adult-0',
        },
        { ref: 'adult-1', passengerType: 1, birthday: drafts['adult-1']?.birthday, withInfant: false },
      ],
    });
    expect(screen.getByTestId('taker-adult-0').textContent).toContain('with Infant 1 on the lap');
    expect(screen.queryByTestId('taker-infant-0')).toBeNull();
    // Adult 1 carries the infant: the exit row is barred to them, and a taken seat is no choice.
    fireEvent.click(screen.getByTestId('seat-12A'));
    fireEvent.click(screen.getByTestId('seat-6A'));
    expect(seatOf('adult-0')).toBeNull();
    expect(screen.getByTestId('seat-12A').getAttribute('aria-label')).toContain(
      'not for Adult 1: A passenger travelling with an infant cannot take an exit-row seat.',
    );
    fireEvent.click(screen.getByTestId('seat-7C'));
    expect(seatOf('adult-0')).toBe('7C');
    // The next passenger without a seat is chosen for next, and that is said aloud.
    expect(screen.getByTestId('taker-child-0').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('seat-page-announcement').textContent).toBe(
      'Seat 7C chosen for Adult 1. Now choosing for Child 1.',
    );
    expect(screen.getByTestId('taker-seat-adult-0').textContent).toContain('7C');
    // The map is read again with the seat picked, so a child can be offered the seat beside it.
    await waitFor(() => expect(seatMapCalls(calls).at(-1)?.party?.[0]?.seat).toBe('7C'));
    // The seat shows the passenger's mark; tapping another seat for Adult 1 moves them.
    await waitFor(() => expect(screen.getByTestId('seat-7C').textContent).toBe('1'));
    fireEvent.click(screen.getByTestId('taker-adult-0'));
    fireEvent.click(screen.getByTestId('seat-8C'));
    expect(seatOf('adult-0')).toBe('8C');
    // Done goes back to the add-ons.
    fireEvent.click(screen.getByTestId('seat-done'));
    expect(await screen.findByTestId('added-services')).toBeTruthy();
    expect(seatOf('adult-0')).toBe('8C');
  });

  test('the return leg is its own flight and keeps its own seats', async () => {
    const calls = serveMap(() => ({}));
    useBookingStore.getState().setLegService('adult-0', 0, { seat: '9A' });
    renderRoutes(routes, `${paths.chooseSeat}?leg=1`);
    await screen.findByTestId('seat-map');
    expect(seatMapCalls(calls)[0]?.flightId).toBe('9002');
    expect(seatMapCalls(calls)[0]?.party?.[0]?.seat).toBeUndefined();
    fireEvent.click(screen.getByTestId('seat-10D'));
    expect(seatOf('adult-0', 1)).toBe('10D');
    expect(seatOf('adult-0', 0)).toBe('9A');
  });

  test('"seat us together" gives the suggested block to the party, each child beside its adult', async () => {
    serveMap(() => ({ suggestion: { block: ['14A', '14B', '14C'], children: [] } }));
    renderRoutes(routes, paths.chooseSeat);
    await screen.findByTestId('seat-map');
    expect(screen.getByTestId('seat-14A').className).toContain('seat-suggested');
    expect(screen.getByTestId('seat-together').textContent).toContain('3 seats side by side: 14A, 14B, 14C');
    fireEvent.click(screen.getByTestId('seat-together-apply'));
    expect([seatOf('adult-0'), seatOf('child-0'), seatOf('adult-1')]).toEqual(['14A', '14B', '14C']);
    expect(screen.getByTestId('seat-page-announcement').textContent).toBe(
      'Seats 14A, 14B, 14C chosen for your party.',
    );
  });

  test('no block left: says so instead of offering one', async () => {
    serveMap(() => ({ suggestion: { block: null, children: [] } }));
    renderRoutes(routes, paths.chooseSeat);
    expect((await screen.findByTestId('seat-together-none')).textContent).toContain(
      'No row has 3 free seats',
    );
    expect(screen.queryByTestId('seat-together-apply')).toBeNull();
  });

  test("once the adult has a seat, the child's seat beside it is one tap, at the server's price", async () => {
    const calls = serveMap((request) => {
      const adult = request.party?.find((p) => p.ref === 'adult-0');
      const child = request.party?.find((p) => p.ref === 'child-0');
      return {
        prices: { UPST: { amount: 1000, currency: 'USD' } },
        suggestion: {
          block: ['14A', '14B', '14C'],
          children:
            adult?.seat === '4B' && !child?.seat
              ? [{ ref: 'child-0', adultRef: 'adult-0', adultSeat: '4B', seat: '4C' }]
              : [],
        },
      };
    });
    renderRoutes(routes, paths.chooseSeat);
    await screen.findByTestId('seat-map');
    expect(screen.queryByTestId('child-offer-child-0')).toBeNull();
    fireEvent.click(screen.getByTestId('seat-4B'));
    const offer = await screen.findByTestId('child-offer-child-0');
    // Front economy costs $10.00, but a child's seat right beside its adult is free (family
    // seating, as the server prices it).
    expect(offer.textContent).toContain('Child 1 next to Adult 1: seat 4C, Free');
    fireEvent.click(screen.getByTestId('child-offer-take-child-0'));
    expect(seatOf('child-0')).toBe('4C');
    expect(seatOf('adult-0')).toBe('4B');
    await waitFor(() => expect(seatMapCalls(calls).at(-1)?.party?.[1]?.seat).toBe('4C'));
    await waitFor(() => expect(screen.queryByTestId('child-offer-child-0')).toBeNull());
    // Both seats are front economy, the child's free beside its adult: only the adult's is paid.
    expect(screen.getByTestId('taker-seat-adult-0').textContent).toBe('4B$10.00');
    expect(screen.getByTestId('taker-seat-child-0').textContent).toBe('4CFree');
    expect(screen.getByTestId('seat-total').textContent).toContain('$10.00');
    // Seating the child, the map itself says so: beside the adult free, a row behind at its price.
    fireEvent.click(screen.getByTestId('taker-child-0'));
    await waitFor(() => expect(screen.getByTestId('seat-4A').getAttribute('aria-label')).toContain('Free'));
    expect(screen.getByTestId('seat-5A').getAttribute('aria-label')).toContain('$10.00');
  });

  test('a seat chosen earlier and taken since is flagged, and the traveller is asked for another', async () => {
    useBookingStore.getState().setLegService('adult-1', 0, { seat: '10A' });
    serveMap(() => ({ taken: ['10A'] }));
    renderRoutes(routes, paths.chooseSeat);
    const problems = await screen.findByTestId('seat-problems');
    expect(problems.textContent).toBe('Seat 10A of Adult 2 has just been taken. Please choose another seat.');
    expect(screen.getByTestId('seat-10A').getAttribute('data-status')).toBe('taken');
  });

  test('a map that cannot be read shows a retry that reads it again', async () => {
    let fail = true;
    installFakeApi((call) => {
      if (call.path !== '/api/travelsky/ibe/getSeatLeaveInfo') return undefined;
      if (fail) return { status: 503, body: 'busy' };
      return ok(fakeSeatMap());
    });
    renderRoutes(routes, paths.chooseSeat);
    await screen.findByTestId('seat-map-failed');
    fail = false;
    fireEvent.click(screen.getByTestId('seat-map-retry'));
    expect(await screen.findByTestId('seat-map')).toBeTruthy();
  });

  test('passengers without a birth date: asks for them first and reads no map', async () => {
    const drafts = fullParty();
    useBookingStore.setState({
      passengers: { ...drafts, 'child-0': { ...drafts['child-0']!, birthday: '' } },
    });
    const calls = serveMap(() => ({}));
    renderRoutes(routes, paths.chooseSeat);
    expect(await screen.findByTestId('seat-fill-passengers')).toBeTruthy();
    expect(seatMapCalls(calls)).toEqual([]);
  });

  test('the seat rules link opens the public services page', async () => {
    serveMap(() => ({}));
    renderRoutes(routes, paths.chooseSeat);
    fireEvent.click(await screen.findByTestId('seat-rules-link'));
    expect(await screen.findByTestId('seat-rules')).toBeTruthy();
  });
});
