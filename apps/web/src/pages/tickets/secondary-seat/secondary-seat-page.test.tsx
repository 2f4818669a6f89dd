import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../app/paths';
import { rememberOrderGrant } from '../../../features/orders/order-session';
import { useAddonSession } from '../../../features/secondary-services/addon-session';
import { usd } from '../../../test/booking';
import { type FakeCall, installFakeApi, ok } from '../../../test/fake-api';
import { makeOrderDetail, ORDER_NO, orderDetailHandler, ticketsIssued } from '../../../test/orders';
import { renderRoutes } from '../../../test/render';
import { fakeSeatMap } from '../../../test/seating';
import {
  cutoffBar,
  infoLeg,
  infoPassenger,
  makeAddonInfo,
  SEC,
  SEC_ORDER_NO,
} from '../../../test/secondary-services';
import SecondarySeatPage from './secondary-seat-page';

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{`${loc.pathname}${loc.search}`}</div>;
}

const routes = [
  { path: paths.secondarySeat, element: <SecondarySeatPage /> },
  { path: paths.paySelect, element: <Where /> },
  { path: paths.secondaryServices, element: <Where /> },
  { path: paths.ticketDetail, element: <Where /> },
];
const AT = `${paths.secondarySeat}?orderNo=${ORDER_NO}&seq=0&leg=0`;

/** What the server says to an adult with an infant on their lap about an exit-row seat. */
const EXIT_INFANT = 'A passenger travelling with an infant cannot sit in an exit row.';
const EXIT_SEATS = ['12', '13'].flatMap((row) => ['A', 'B', 'C', 'D', 'E', 'F'].map((l) => `${row}${l}`));

function api(extra: (call: FakeCall) => { status?: number; body: unknown } | undefined = () => undefined) {
  const detail = orderDetailHandler(() => ticketsIssued(makeOrderDetail()));
  const map = fakeSeatMap({
    taken: ['3C'],
    barred: Object.fromEntries(
      EXIT_SEATS.map((seat) => [seat, [{ ref: '0', key: 'seat.exit_row_infant', message: EXIT_INFANT }]]),
    ),
  });
  return installFakeApi((call) => {
    if (call.path === `${SEC}/infoList`) return ok(makeAddonInfo());
    if (call.path === `${SEC}/seatDetailsInfo`) return ok(map);
    return extra(call) ?? detail(call);
  });
}

describe('secondary-seat (a seat for an issued ticket)', () => {
  beforeEach(() => {
    rememberOrderGrant(ORDER_NO, 'grant-1', new Date(Date.now() + 3_600_000).toISOString());
    useAddonSession.setState({ keys: {}, payments: {} });
  });

  test('an adult with an infant sees the exit rows barred with the reason before any tap, and cannot pick one', async () => {
    const calls = api();
    renderRoutes(routes, AT);
    const bars = await screen.findByTestId('sec-seat-bars');
    expect(bars.textContent).toContain('Some seats are not open to SOK/DARA on this flight');
    expect(bars.textContent).toContain(`Rows 12, 13: ${EXIT_INFANT}`);
    const exit = await screen.findByTestId('seat-12A');
    expect(exit.getAttribute('data-status')).toBe('barred');
    expect(exit.getAttribute('aria-disabled')).toBe('true');
    expect(exit.getAttribute('aria-label')).toContain(EXIT_INFANT);
    fireEvent.click(exit);
    // Tapping it says why and picks nothing.
    expect(screen.getByTestId('seat-announcement').textContent).toContain(EXIT_INFANT);
    expect((screen.getByTestId('sec-buy-seat') as HTMLButtonElement).disabled).toBe(true);
    // The map was read for this passenger and leg, with the guest's grant.
    const read = calls.find((c) => c.path === `${SEC}/seatDetailsInfo`);
    expect(read?.body).toEqual({ orderNo: ORDER_NO, seq: 0, leg: 0 });
    expect(read?.headers.orderToken).toBe('grant-1');
  });

  test('picking a free seat and Buy makes the seat add-on order (service 12, one leg) and opens pay-select', async () => {
    const calls = api((call) =>
      call.path === `${SEC}/createOrder`
        ? ok({
            orderNo: SEC_ORDER_NO,
            secOrderNo: SEC_ORDER_NO,
            totalAmt: usd(1000),
            serviceCode: 12,
            payDeadline: new Date(Date.now() + 15 * 60_000).toISOString(),
            lines: [
              {
                leg: 0,
                flightNo: 'WA101',
                seat: '4A',
                weightKg: null,
                insuranceType: null,
                coverFrom: null,
                coverTo: null,
                emdNo: null,
                amount: usd(1000),
              },
            ],
          })
        : undefined,
    );
    renderRoutes(routes, AT);
    fireEvent.click(await screen.findByTestId('seat-4A'));
    expect(screen.getByTestId('sec-seat-picked').textContent).toBe('Seat 4A · $10.00');
    expect(screen.getByTestId('seat-4A').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('sec-buy-seat'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.paySelect}?secOrderNo=${SEC_ORDER_NO}&orderNo=${ORDER_NO}`,
    );
    expect(calls.find((c) => c.path === `${SEC}/createOrder`)?.body).toEqual({
      orderNo: ORDER_NO,
      seq: 0,
      serviceCode: 12,
      legs: [0],
      seat: '4A',
      idempotencyKey: expect.any(String),
    });
  });

  test('a seat filed at 0 is confirmed at once: no pay-select, straight back to the ticket', async () => {
    api((call) =>
      call.path === `${SEC}/createOrder`
        ? ok({
            orderNo: SEC_ORDER_NO,
            secOrderNo: SEC_ORDER_NO,
            totalAmt: usd(0),
            serviceCode: 12,
            payDeadline: new Date(Date.now() + 15 * 60_000).toISOString(),
            lines: [
              {
                leg: 0,
                flightNo: 'WA101',
                seat: '14C',
                weightKg: null,
                insuranceType: null,
                coverFrom: null,
                coverTo: null,
                emdNo: '8810000000123',
                amount: usd(0),
              },
            ],
          })
        : undefined,
    );
    renderRoutes(routes, AT);
    fireEvent.click(await screen.findByTestId('seat-14C'));
    expect(screen.getByTestId('sec-seat-picked').textContent).toBe('Seat 14C · Free');
    fireEvent.click(screen.getByTestId('sec-buy-seat'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.ticketDetail}?orderNo=${ORDER_NO}`,
    );
  });

  test('a seat taken meanwhile (640): the server says so, the pick is dropped and the map read again', async () => {
    const calls = api((call) =>
      call.path === `${SEC}/createOrder`
        ? {
            body: {
              code: '640',
              message: 'Seat 4A has just been taken. Please choose another seat.',
              data: { seats: ['4A'] },
            },
          }
        : undefined,
    );
    const mapReads = () => calls.filter((c) => c.path === `${SEC}/seatDetailsInfo`).length;
    renderRoutes(routes, AT);
    fireEvent.click(await screen.findByTestId('seat-4A'));
    const before = mapReads();
    fireEvent.click(screen.getByTestId('sec-buy-seat'));
    expect((await screen.findByTestId('sec-seat-problem')).textContent).toContain('has just been taken');
    expect(screen.getByTestId('sec-seat-picked').textContent).toBe('Tap a free seat to choose it.');
    await waitFor(() => expect(mapReads()).toBe(before + 1));
  });

  test('within 24 hours of departure the leg says so and no map is read', async () => {
    const calls = installFakeApi((call) => {
      if (call.path === `${SEC}/infoList`) {
        return ok(
          makeAddonInfo([
            infoPassenger(0, {
              legs: [
                infoLeg(0, {
                  bar: cutoffBar('01 Dec 2026 08:30'),
                  offers: { seat: false, baggage: [], priority: null },
                }),
                infoLeg(1),
              ],
            }),
          ]),
        );
      }
      return orderDetailHandler(() => ticketsIssued(makeOrderDetail()))(call);
    });
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('sec-seat-bar')).textContent).toContain('less than 24 hours from now');
    expect(calls.some((c) => c.path === `${SEC}/seatDetailsInfo`)).toBe(false);
  });
});
