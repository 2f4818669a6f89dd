import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../app/paths';
import { rememberOrderGrant } from '../../../features/orders/order-session';
import { CHECK_IN, checkInLeg, checkInPassenger, checkInState } from '../../../test/check-in';
import { type FakeCall, installFakeApi, ok } from '../../../test/fake-api';
import { ORDER_NO } from '../../../test/orders';
import { renderRoutes } from '../../../test/render';
import CheckInPage from './check-in-page';

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{`${loc.pathname}${loc.search}`}</div>;
}

const routes = [
  { path: paths.checkIn, element: <CheckInPage /> },
  { path: paths.boardingPass, element: <Where /> },
  { path: paths.ticketDetail, element: <Where /> },
];
const AT = `${paths.checkIn}?orderNo=${ORDER_NO}&leg=0`;

type Reply = { status?: number; body: unknown } | undefined;

describe('check-in', () => {
  beforeEach(() => {
    rememberOrderGrant(ORDER_NO, 'grant-1', new Date(Date.now() + 3_600_000).toISOString());
  });

  test('both passengers are picked; checking in sends them, then opens the boarding passes', async () => {
    const open = checkInState([checkInPassenger(0, [checkInLeg()]), checkInPassenger(1, [checkInLeg()])]);
    const done = checkInState([
      checkInPassenger(0, [
        checkInLeg({ state: 'checked_in', seat: '12C', seatGiven: true, canCheckIn: false, canCancel: true }),
      ]),
      checkInPassenger(1, [
        checkInLeg({ state: 'checked_in', seat: '12D', seatGiven: true, canCheckIn: false, canCancel: true }),
      ]),
    ]);
    const calls = installFakeApi((call: FakeCall): Reply => {
      if (call.path === `${CHECK_IN}/queryCheckIn`) return ok(open);
      if (call.path === `${CHECK_IN}/checkIn`) return ok(done);
      return undefined;
    });
    renderRoutes(routes, AT);
    const leg = await screen.findByTestId('ci-leg-0');
    expect(leg.textContent).toContain('WA101 KTI → BKK');
    expect(screen.getByTestId('ci-leg-0-window').textContent).toBe('Check-in closes 01 Dec 2026 07:30');
    expect(leg.textContent).toContain('Gate closes 01 Dec 2026 08:20');
    expect(screen.getByTestId('ci-pax-0-0-seat').textContent).toBe('A seat is given when you check in.');
    expect(screen.getByTestId('ci-pax-0-0-state').textContent).toBe('Not checked in');
    fireEvent.click(screen.getByTestId('check-in-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(`${paths.boardingPass}?orderNo=${ORDER_NO}`),
    );
    const sent = calls.find((c) => c.path === `${CHECK_IN}/checkIn`);
    expect(sent?.body).toEqual({
      orderNo: ORDER_NO,
      items: [
        { seq: 0, legSeq: 0 },
        { seq: 1, legSeq: 0 },
      ],
    });
    expect(sent?.headers.orderToken).toBe('grant-1');
  });

  test('an unticked passenger stays behind; a refusal is explained in place', async () => {
    const open = checkInState([checkInPassenger(0, [checkInLeg()]), checkInPassenger(1, [checkInLeg()])]);
    const calls = installFakeApi((call: FakeCall): Reply => {
      if (call.path === `${CHECK_IN}/queryCheckIn`) return ok(open);
      if (call.path === `${CHECK_IN}/checkIn`) {
        return {
          body: {
            code: '703',
            message:
              'No seat is left on flight WA101 that SOK/DARA may take. Please check in at the airport counter.',
            data: null,
          },
        };
      }
      return undefined;
    });
    renderRoutes(routes, AT);
    await screen.findByTestId('ci-leg-0');
    fireEvent.click(within(screen.getByTestId('ci-pax-0-1')).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('check-in-submit'));
    const problem = await screen.findByTestId('check-in-problem');
    expect(problem.textContent).toContain('No seat is left on flight WA101');
    expect(calls.find((c) => c.path === `${CHECK_IN}/checkIn`)?.body).toEqual({
      orderNo: ORDER_NO,
      items: [{ seq: 0, legSeq: 0 }],
    });
  });

  test('a checked-in passenger may cancel (the given seat said); a passenger without a valid ticket is told why', async () => {
    const state = checkInState([
      checkInPassenger(0, [
        checkInLeg({ state: 'checked_in', seat: '14A', seatGiven: true, canCheckIn: false, canCancel: true }),
      ]),
      checkInPassenger(1, [checkInLeg({ phase: 'open', bar: 'not_ticketed', canCheckIn: false })]),
    ]);
    const after = checkInState([
      checkInPassenger(0, [checkInLeg({ seat: null })]),
      checkInPassenger(1, [checkInLeg({ bar: 'not_ticketed', canCheckIn: false })]),
    ]);
    let canceled = false;
    const calls = installFakeApi((call: FakeCall): Reply => {
      if (call.path === `${CHECK_IN}/queryCheckIn`) return ok(canceled ? after : state);
      if (call.path === `${CHECK_IN}/cancelCheckIn`) {
        canceled = true;
        return ok(after);
      }
      return undefined;
    });
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('ci-pax-0-0-seat')).textContent).toBe('Seat 14A (given at check-in)');
    expect(screen.getByTestId('ci-pax-0-1-bar').textContent).toContain('There is no valid ticket');
    expect(screen.getByTestId('check-in-passes')).toBeTruthy();
    fireEvent.click(screen.getByTestId('ci-pax-0-0-cancel'));
    fireEvent.click(
      await screen.findByText('Cancel check-in', { selector: '.adm-dialog-button span, .adm-dialog-button' }),
    );
    await waitFor(() => expect(calls.some((c) => c.path === `${CHECK_IN}/cancelCheckIn`)).toBe(true));
    expect(calls.find((c) => c.path === `${CHECK_IN}/cancelCheckIn`)?.body).toEqual({
      orderNo: ORDER_NO,
      items: [{ seq: 0, legSeq: 0 }],
    });
    await waitFor(() => expect(screen.getByTestId('ci-pax-0-0-state').textContent).toBe('Not checked in'));
  });

  test('not open yet: says when it opens, and offers no check-in', async () => {
    installFakeApi(
      (call: FakeCall): Reply =>
        call.path === `${CHECK_IN}/queryCheckIn`
          ? ok(checkInState([checkInPassenger(0, [checkInLeg({ phase: 'not_open', canCheckIn: false })])]))
          : undefined,
    );
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('ci-leg-0-window')).textContent).toBe(
      'Check-in opens 01 Dec 2026 06:30',
    );
    expect(screen.queryByTestId('check-in-submit')).toBeNull();
  });
});
