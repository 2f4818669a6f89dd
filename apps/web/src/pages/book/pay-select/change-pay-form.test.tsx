import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import { browser } from '../../../features/orders/checkout';
import { rememberOrderGrant } from '../../../features/orders/order-session';
import { CB, CHANGE_NO, changeHandler, changeView, ok } from '../../../test/change-flow';
import { type FakeCall, installFakeApi } from '../../../test/fake-api';
import { makeOrderDetail, ORDER_NO, orderDetailHandler, ticketsIssued } from '../../../test/orders';
import { renderRoutes } from '../../../test/render';
import PaySelectPage, { PAY_REDIRECT_DELAY_MS } from './pay-select-page';

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{`${loc.pathname}${loc.search}`}</div>;
}

const routes = [
  { path: paths.paySelect, element: <PaySelectPage /> },
  { path: paths.ticketDetail, element: <Where /> },
  { path: paths.rescheduledDetail, element: <Where /> },
  { path: paths.changeDateForm, element: <Where /> },
];
const AT = `${paths.paySelect}?orderNo=${ORDER_NO}&changeNo=${CHANGE_NO}`;
const DETAIL = 'changeTicketInfo/queryChangeOrderDetail';

const checkout = {
  paymentId: 'pay-11',
  gateway: 'sandbox',
  checkoutUrl: '/api/pay/sandbox/pay-11',
  form: null,
  amount: { amount: 12000, currency: 'USD' },
};

const unpaid = () =>
  changeView({
    status: 'unpaid',
    expiresAt: null,
    payDeadline: new Date(Date.now() + 15 * 60_000).toISOString(),
  });

function api(replies: Record<string, (call: FakeCall) => { status?: number; body: unknown }>) {
  const detail = orderDetailHandler(() => ticketsIssued(makeOrderDetail()));
  const change = changeHandler(replies);
  return installFakeApi((call) => change(call) ?? detail(call));
}

describe('pay-select for a change of date (changeNo)', () => {
  beforeEach(() => {
    rememberOrderGrant(ORDER_NO, 'grant-1', new Date(Date.now() + 3_600_000).toISOString());
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  test("shows the change's amount, deadline and flights, and pays it through changeTicket/getPayUrl", async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const calls = api({
      [DETAIL]: () => ok(unpaid()),
      'changeTicket/getPayUrl': () => ok(checkout),
    });
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('pay-amount')).textContent).toBe('$120.00');
    expect(screen.getByTestId('pay-countdown').textContent).toMatch(/^(14|15):\d\d$/);
    expect(screen.getByTestId('pay-order-no').textContent).toBe(CHANGE_NO);
    expect(screen.getByTestId('change-leg-to-0').textContent).toContain('WA103');
    fireEvent.click(screen.getByTestId('pay-terms'));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByTestId('pay-submit'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PAY_REDIRECT_DELAY_MS + 50);
    });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/pay/sandbox/pay-11'));
    const pay = calls.find((c) => c.path === `${CB}/changeTicket/getPayUrl/${CHANGE_NO}`);
    expect(pay?.body).toEqual({ method: 'card' });
    expect(pay?.headers.orderToken).toBe('grant-1');
    expect(calls.some((c) => c.path.includes('/payment/getPayUrl/'))).toBe(false);
  });

  test('a change paid already goes to its record', async () => {
    api({ [DETAIL]: () => ok(changeView({ status: 'succeeded', payStatus: 1, expiresAt: null })) });
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.rescheduledDetail}?orderNo=${ORDER_NO}&changeNo=${CHANGE_NO}`,
    );
  });

  test('a change whose time ran out cannot be paid: change again', async () => {
    api({ [DETAIL]: () => ok(changeView({ status: 'expired', expiresAt: null })) });
    renderRoutes(routes, AT);
    fireEvent.click(await screen.findByTestId('change-pay-again'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.changeDateForm}?orderNo=${ORDER_NO}`,
    );
  });
});
