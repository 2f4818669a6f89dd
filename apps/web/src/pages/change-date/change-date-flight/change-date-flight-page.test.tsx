import { fireEvent, screen, waitFor } from '@testing-library/react';
import { addDays } from '@wings/rules';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../app/paths';
import { useChangeSession } from '../../../features/changes/change-session';
import { rememberOrderGrant } from '../../../features/orders/order-session';
import { DEP_DATE } from '../../../test/booking';
import {
  CB,
  CHANGE_NO,
  changeHandler,
  changeView,
  checkChangeOk,
  flightsReply,
  ok,
  refusal,
} from '../../../test/change-flow';
import { type FakeCall, installFakeApi } from '../../../test/fake-api';
import { ORDER_NO } from '../../../test/orders';
import { renderRoutes } from '../../../test/render';
import ChangeDateFlightPage from './change-date-flight-page';

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{`${loc.pathname}${loc.search}`}</div>;
}

const routes = [
  { path: paths.changeDateFlight, element: <ChangeDateFlightPage /> },
  { path: paths.changeDateAddedServices, element: <Where /> },
  { path: paths.changeDateForm, element: <Where /> },
];
const AT = `${paths.changeDateFlight}?orderNo=${ORDER_NO}`;
const NEXT_DAY = addDays(DEP_DATE, 1);

const schedule = (changed: boolean, flightId: string) =>
  ok({
    changed,
    flights: [
      {
        flightId,
        depTime: `${NEXT_DAY}T12:00:00+07:00`,
        originalDepTime: `${NEXT_DAY}T12:00:00+07:00`,
        changed,
        status: 'scheduled',
      },
    ],
  });

function api(extra: Record<string, (call: FakeCall) => { status?: number; body: unknown }> = {}) {
  return installFakeApi(
    changeHandler({
      'changeTicket/checkChange': () => ok(checkChangeOk()),
      'changeTicket/queryChangeFlights': (call) => ok(flightsReply((call.body as { date: string }).date)),
      checkFlightSchedule: (call) =>
        schedule(false, (call.body as { flightIds: string[] }).flightIds[0] ?? ''),
      'changeTicket/checkChangeOrder': () => ok(changeView()),
      ...extra,
    }),
  );
}

describe('change-date-flight', () => {
  beforeEach(() => {
    rememberOrderGrant(ORDER_NO, 'grant-1', new Date(Date.now() + 3_600_000).toISOString());
    useChangeSession.setState({ choice: null });
    useChangeSession
      .getState()
      .setPlan(ORDER_NO, 'voluntary', [{ segmentSeq: 0, date: NEXT_DAY }], 'plans_changed', 'meeting moved');
  });

  test('the flights of the new date: times in Phnom Penh, seats above 9 as more than 9, the estimate; choosing one quotes it', async () => {
    const calls = api();
    renderRoutes(routes, AT);
    const flight = await screen.findByTestId(`change-flight-WA103-${NEXT_DAY}`);
    // 05:00 UTC is 12:00 in Phnom Penh.
    expect(flight.textContent).toContain('12:00');
    expect(screen.getByTestId(`change-seats-WA103-${NEXT_DAY}`).textContent).toBe('More than 9 seats left');
    expect(screen.getByTestId(`change-seats-WA105-${NEXT_DAY}`).textContent).toBe('4 seats left');
    expect(screen.getByTestId(`change-estimate-WA103-${NEXT_DAY}`).textContent).toBe('$120.00');
    const query = calls.find((c) => c.path === `${CB}/changeTicket/queryChangeFlights`);
    expect(query?.body).toEqual({ orderNo: ORDER_NO, segmentSeq: 0, date: NEXT_DAY, kind: 'voluntary' });
    expect(query?.headers.orderToken).toBe('grant-1');
    fireEvent.click(flight);
    fireEvent.click(screen.getByTestId('change-flight-next'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.changeDateAddedServices}?orderNo=${ORDER_NO}&changeNo=${CHANGE_NO}`,
    );
    const check = calls.find((c) => c.path === `${CB}/checkFlightSchedule`);
    expect(check?.body).toEqual({
      flightIds: [`WA103-${NEXT_DAY}`],
      seen: [{ flightId: `WA103-${NEXT_DAY}`, depTime: `${NEXT_DAY}T05:00:00.000Z` }],
    });
    const quote = calls.find((c) => c.path === `${CB}/changeTicket/checkChangeOrder`);
    const key = useChangeSession.getState().choice?.key;
    expect(quote?.body).toEqual({
      orderNo: ORDER_NO,
      kind: 'voluntary',
      reasonCode: 'plans_changed',
      remark: 'meeting moved',
      legs: [{ segmentSeq: 0, flightId: `WA103-${NEXT_DAY}`, depUtc: `${NEXT_DAY}T05:00:00.000Z` }],
      idempotencyKey: key,
    });
    expect(useChangeSession.getState().choice?.changeNo).toBe(CHANGE_NO);
  });

  test('the current flight is shown but cannot be chosen', async () => {
    useChangeSession.getState().setLegDate(0, DEP_DATE);
    api();
    renderRoutes(routes, AT);
    const current = await screen.findByTestId(`change-flight-WA101-${DEP_DATE}`);
    expect(current.textContent).toContain('Your current flight');
    expect((current as HTMLButtonElement).disabled).toBe(true);
  });

  test('a flight retimed since it was shown: the §8 message, the choice undone and the list asked again', async () => {
    const calls = api({
      checkFlightSchedule: (call) =>
        schedule(true, (call.body as { flightIds: string[] }).flightIds[0] ?? ''),
    });
    renderRoutes(routes, AT);
    fireEvent.click(await screen.findByTestId(`change-flight-WA103-${NEXT_DAY}`));
    fireEvent.click(screen.getByTestId('change-flight-next'));
    expect((await screen.findByTestId('change-flight-error')).textContent).toBe(
      'The time of the chosen flight has changed. Please choose another flight.',
    );
    expect(calls.some((c) => c.path === `${CB}/changeTicket/checkChangeOrder`)).toBe(false);
    expect(useChangeSession.getState().choice?.picks).toEqual([]);
    await waitFor(() =>
      expect(calls.filter((c) => c.path === `${CB}/changeTicket/queryChangeFlights`).length).toBeGreaterThan(
        1,
      ),
    );
  });

  test('the quote refused (726 sold out): its message in place', async () => {
    api({
      'changeTicket/checkChangeOrder': () =>
        refusal('726', 'The chosen flight has no seats left for this change. Please choose another flight.'),
    });
    renderRoutes(routes, AT);
    fireEvent.click(await screen.findByTestId(`change-flight-WA105-${NEXT_DAY}`));
    fireEvent.click(screen.getByTestId('change-flight-next'));
    expect((await screen.findByTestId('change-flight-error')).textContent).toContain('no seats left');
    expect(screen.queryByTestId('where')).toBeNull();
  });

  test('no flights on the date (725): a clear empty state, and choose another date', async () => {
    api({ 'changeTicket/queryChangeFlights': () => refusal('725', 'There are no flights on this date.') });
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('change-no-flights-0')).textContent).toContain(
      'There are no flights on this date.',
    );
    fireEvent.click(screen.getByTestId('change-other-date-0'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.changeDateForm}?orderNo=${ORDER_NO}`,
    );
  });

  test('a day later from the strip asks that date', async () => {
    const calls = api();
    renderRoutes(routes, AT);
    await screen.findByTestId(`change-flight-WA103-${NEXT_DAY}`);
    fireEvent.click(screen.getByTestId('change-later-0'));
    const later = addDays(NEXT_DAY, 1);
    expect(await screen.findByTestId(`change-flight-WA103-${later}`)).toBeTruthy();
    expect(useChangeSession.getState().choice?.legs).toEqual([{ segmentSeq: 0, date: later }]);
    expect(calls.some((c) => (c.body as { date?: string } | undefined)?.date === later)).toBe(true);
  });

  test('opened without the form: start again', async () => {
    useChangeSession.setState({ choice: null });
    api();
    renderRoutes(routes, AT);
    expect(await screen.findByTestId('change-restart')).toBeTruthy();
  });

  test('a disruption move: the dates as chips, free, reason flight_disrupted, no form before it', async () => {
    useChangeSession.setState({ choice: null });
    const dates = [DEP_DATE, addDays(DEP_DATE, 1), addDays(DEP_DATE, 2)];
    const calls = api({
      'changeTicket/queryChangeFlights': (call) =>
        ok(flightsReply((call.body as { date: string }).date, { dates })),
      'changeTicket/checkChangeOrder': () => ok(changeView({ kind: 'disruption' })),
    });
    renderRoutes(routes, `${AT}&kind=disruption&segmentSeq=0`);
    expect(await screen.findByTestId('change-disruption-note')).toBeTruthy();
    fireEvent.click(await screen.findByTestId(`change-chip-${dates[2]}`));
    const flight = await screen.findByTestId(`change-flight-WA103-${dates[2]}`);
    expect(flight.textContent).toContain('Free');
    expect(screen.queryByTestId(`change-estimate-WA103-${dates[2]}`)).toBeNull();
    fireEvent.click(flight);
    fireEvent.click(screen.getByTestId('change-flight-next'));
    await screen.findByTestId('where');
    const quote = calls.find((c) => c.path === `${CB}/changeTicket/checkChangeOrder`);
    expect(quote?.body).toMatchObject({ kind: 'disruption', reasonCode: 'flight_disrupted' });
    const asked = calls.filter((c) => c.path === `${CB}/changeTicket/queryChangeFlights`);
    expect(asked.at(-1)?.body).toMatchObject({ kind: 'disruption', date: dates[2] });
  });
});
