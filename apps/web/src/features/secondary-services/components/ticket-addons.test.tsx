import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AddonOrderState } from '@wings/contracts';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../app/paths';
import TicketDetailPage from '../../../pages/tickets/ticket-detail/ticket-detail-page';
import { installFakeApi, ok } from '../../../test/fake-api';
import { makeOrderDetail, ORDER_NO, orderDetailHandler, ticketsIssued } from '../../../test/orders';
import { renderRoutes } from '../../../test/render';
import {
  addonOrder,
  infoPassenger,
  makeAddonInfo,
  SEC,
  SEC_ORDER_NO,
} from '../../../test/secondary-services';
import { rememberOrderGrant } from '../../orders/order-session';
import { useAddonSession } from '../addon-session';

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{`${loc.pathname}${loc.search}`}</div>;
}

const routes = [
  { path: paths.ticketDetail, element: <TicketDetailPage /> },
  { path: paths.secondaryServices, element: <Where /> },
  { path: paths.paySelect, element: <Where /> },
];
const AT = `${paths.ticketDetail}?orderNo=${ORDER_NO}`;
const EMD = '7812345678901';

const paidSeat = () =>
  addonOrder({
    serviceCode: 12,
    status: 'paid',
    paidAt: new Date().toISOString(),
    lines: [{ ...addonOrder().lines[0]!, seat: '12C', weightKg: null, emdNo: EMD }],
  });

const state = (patch: Partial<AddonOrderState>): AddonOrderState => ({
  secOrderNo: SEC_ORDER_NO,
  serviceCode: 12,
  status: 'unpaid',
  payStatus: 0,
  paymentStatus: 'pending',
  emdNumbers: [],
  opensAt: null,
  ...patch,
});

describe('ticket detail: add-ons bought after ticketing', () => {
  beforeEach(() => {
    rememberOrderGrant(ORDER_NO, 'grant-1', new Date(Date.now() + 3_600_000).toISOString());
    useAddonSession.setState({ keys: {}, payments: {} });
  });

  test('each ticketed passenger has "Add services"; a paid add-on shows with its EMD number', async () => {
    installFakeApi((call) => {
      if (call.path === `${SEC}/infoList`) {
        return ok(makeAddonInfo([infoPassenger(0, { addonOrders: [paidSeat()] }), infoPassenger(1)]));
      }
      return orderDetailHandler(() => ticketsIssued(makeOrderDetail()))(call);
    });
    renderRoutes(routes, AT);
    const emd = await screen.findByTestId(`emd-${EMD}`);
    expect(emd.textContent).toBe(EMD);
    expect(screen.getByTestId('passenger-secondary-0-paid').textContent).toContain('WA101 Seat 12C');
    // The child has nothing bought yet, but can buy.
    expect(screen.queryByTestId('passenger-secondary-1-paid')).toBeNull();
    fireEvent.click(screen.getByTestId('passenger-secondary-1-add'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.secondaryServices}?orderNo=${ORDER_NO}&seq=1`,
    );
  });

  test('an unpaid order offers no add-ons and asks nothing about them', async () => {
    const calls = installFakeApi(orderDetailHandler(() => makeOrderDetail()));
    renderRoutes(routes, AT);
    await screen.findByTestId('order-head');
    expect(screen.queryByTestId('passenger-secondary-0-add')).toBeNull();
    expect(calls.some((c) => c.path === `${SEC}/infoList`)).toBe(false);
  });

  test('back from paying an add-on: the payment is confirmed, then the EMD number is shown', async () => {
    useAddonSession.getState().markPayStarted(ORDER_NO, SEC_ORDER_NO);
    let paid = false;
    const calls = installFakeApi((call) => {
      if (call.path === `${SEC}/updateOrderStatus`) {
        const reply = paid
          ? state({ status: 'paid', payStatus: 1, paymentStatus: 'succeeded', emdNumbers: [EMD] })
          : state({});
        paid = true;
        return ok(reply);
      }
      if (call.path === `${SEC}/infoList`) {
        return ok(
          makeAddonInfo([infoPassenger(0, { addonOrders: paid ? [paidSeat()] : [] }), infoPassenger(1)]),
        );
      }
      return orderDetailHandler(() => ticketsIssued(makeOrderDetail()))(call);
    });
    renderRoutes(routes, AT);
    expect(await screen.findByTestId('addon-confirming')).toBeTruthy();
    expect((await screen.findByTestId('addon-paid', {}, { timeout: 6000 })).textContent).toContain(EMD);
    await screen.findByTestId(`emd-${EMD}`);
    expect(calls.find((c) => c.path === `${SEC}/updateOrderStatus`)?.body).toEqual({
      secOrderNo: SEC_ORDER_NO,
      status: 'check',
    });
  });

  test('back from a declined add-on payment (payResult=fail): to its pay-select, which offers paying again or giving up', async () => {
    useAddonSession.getState().markPayStarted(ORDER_NO, SEC_ORDER_NO);
    installFakeApi((call) => {
      if (call.path === `${SEC}/infoList`) return ok(makeAddonInfo());
      return orderDetailHandler(() => ticketsIssued(makeOrderDetail()))(call);
    });
    renderRoutes(routes, `${AT}&payResult=fail`);
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(
        `${paths.paySelect}?secOrderNo=${SEC_ORDER_NO}&orderNo=${ORDER_NO}&payResult=fail`,
      ),
    );
  });
});
