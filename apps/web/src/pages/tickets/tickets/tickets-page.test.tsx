import { fireEvent, screen, waitFor } from '@testing-library/react';
import { OrderPayStatus } from '@wings/contracts';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import { signIn } from '../../../test/accounts';
import { type FakeCall, installFakeApi, ok } from '../../../test/fake-api';
import { makeOrderSummary } from '../../../test/orders';
import { renderRoutes } from '../../../test/render';
import TicketsPage from './tickets-page';

const MEMBER = '/api/travelsky/user/getMemberOrder';
const routes = [
  { path: paths.tickets, element: <TicketsPage /> },
  { path: paths.ticketDetail, element: <div data-testid="ticket-detail-page" /> },
  { path: paths.searchTicket, element: <div data-testid="search-page" /> },
  { path: paths.login, element: <div data-testid="login-page" /> },
  { path: paths.associateOrderList, element: <div data-testid="linked-orders-page" /> },
];

/** 12 orders: every third canceled, every other paid, the rest unpaid. */
const ALL = Array.from({ length: 12 }, (_, i) =>
  makeOrderSummary({
    orderNo: `W2612010000${String(i).padStart(2, '0')}`,
    status:
      i % 3 === 2 ? OrderPayStatus.canceled : i % 2 === 0 ? OrderPayStatus.paid : OrderPayStatus.un_paid,
  }),
);

function memberApi() {
  return installFakeApi((call: FakeCall) => {
    if (call.path !== MEMBER) return undefined;
    const { page, pageSize, status } = call.body as { page: number; pageSize: number; status?: number };
    const matching = status === undefined ? ALL : ALL.filter((o) => o.status === status);
    return ok({
      orders: matching.slice((page - 1) * pageSize, page * pageSize),
      total: matching.length,
      page,
    });
  });
}

const members = (calls: FakeCall[]) => calls.filter((c) => c.path === MEMBER).map((c) => c.body);

describe('Tickets & Services tab', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('a member sees their orders ten at a time, loads more, and filters by status', async () => {
    signIn();
    const calls = memberApi();
    renderRoutes(routes, paths.tickets);
    await screen.findByTestId('order-item-9');
    expect(screen.queryByTestId('order-item-10')).toBeNull();
    expect(screen.getByTestId('order-item-0').textContent).toContain('$1,234.56');
    expect(screen.getByTestId('order-item-status-0').textContent).toBe('Paid');
    expect(screen.getByTestId('order-item-status-1').textContent).toBe('Unpaid');
    expect(screen.getByTestId('order-item-status-2').textContent).toBe('Canceled');

    fireEvent.click(screen.getByTestId('orders-load-more'));
    await screen.findByTestId('order-item-11');
    expect(screen.queryByTestId('orders-load-more')).toBeNull();
    expect(members(calls)).toEqual([
      { page: 1, pageSize: 10 },
      { page: 2, pageSize: 10 },
    ]);

    fireEvent.click(screen.getByTestId('orders-filter-unpaid'));
    const unpaid = ALL.filter((o) => o.status === OrderPayStatus.un_paid);
    await waitFor(() =>
      expect(screen.getAllByTestId(/^order-item-status-/).map((e) => e.textContent)).toEqual(
        unpaid.map(() => 'Unpaid'),
      ),
    );
    expect(members(calls).at(-1)).toEqual({ page: 1, pageSize: 10, status: OrderPayStatus.un_paid });
    expect(screen.getByTestId('orders-filter-unpaid').getAttribute('aria-selected')).toBe('true');

    fireEvent.click(screen.getByTestId('orders-filter-canceled'));
    await waitFor(() =>
      expect(members(calls).at(-1)).toEqual({ page: 1, pageSize: 10, status: OrderPayStatus.canceled }),
    );
    fireEvent.click(screen.getByTestId('orders-filter-paid'));
    await waitFor(() =>
      expect(members(calls).at(-1)).toEqual({ page: 1, pageSize: 10, status: OrderPayStatus.paid }),
    );
    await screen.findByTestId('order-item-0');
  });

  test('an order opens its ticket detail', async () => {
    signIn();
    memberApi();
    const { router } = renderRoutes(routes, paths.tickets);
    fireEvent.click(await screen.findByTestId('order-item-1'));
    await screen.findByTestId('ticket-detail-page');
    expect(router.state.location.search).toBe(`?orderNo=${ALL[1]!.orderNo}`);
  });

  test('an order the member linked (issue 15) is marked, and the linked lists are one tap away', async () => {
    signIn();
    installFakeApi((call) =>
      call.path === MEMBER
        ? ok({
            orders: [
              { ...makeOrderSummary({ orderNo: 'W261201000001' }), linked: true },
              { ...makeOrderSummary({ orderNo: 'W261201000002' }), linked: false },
            ],
            total: 2,
            page: 1,
          })
        : undefined,
    );
    const { router } = renderRoutes(routes, paths.tickets);
    expect((await screen.findByTestId('order-item-linked-0')).textContent).toBe('Linked');
    expect(screen.queryByTestId('order-item-linked-1')).toBeNull();
    fireEvent.click(await screen.findByTestId('tickets-linked'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.associateOrderList));
  });

  test('a member without orders of a status sees an empty state', async () => {
    signIn();
    installFakeApi((call) => (call.path === MEMBER ? ok({ orders: [], total: 0, page: 1 }) : undefined));
    renderRoutes(routes, paths.tickets);
    expect((await screen.findByTestId('orders-empty')).textContent).toContain('No orders yet');
  });

  test('a guest gets the order look-up and a login, and the service cards stay below', async () => {
    const calls = installFakeApi();
    renderRoutes(routes, paths.tickets);
    expect(screen.getByTestId('tickets-guest')).toBeTruthy();
    expect(screen.queryByTestId('my-orders')).toBeNull();
    expect(screen.getByTestId('tickets-book')).toBeTruthy();
    expect(screen.getByTestId('service-hours')).toBeTruthy();
    fireEvent.click(screen.getByTestId('tickets-search'));
    await screen.findByTestId('search-page');
    expect(calls.some((c) => c.path === MEMBER)).toBe(false);
  });
});
