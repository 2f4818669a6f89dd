import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { AddonOrderState } from '@wings/contracts';
import { Dialog } from 'antd-mobile';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import { browser } from '../../../features/orders/checkout';
import { rememberOrderGrant } from '../../../features/orders/order-session';
import { addonPaymentStarted, useAddonSession } from '../../../features/secondary-services/addon-session';
import { type FakeCall, installFakeApi, ok } from '../../../test/fake-api';
import { makeOrderDetail, ORDER_NO, orderDetailHandler, ticketsIssued } from '../../../test/orders';
import { renderRoutes } from '../../../test/render';
import {
  addonOrder,
  infoPassenger,
  makeAddonInfo,
  SEC,
  SEC_ORDER_NO,
} from '../../../test/secondary-services';
import PaySelectPage, { PAY_REDIRECT_DELAY_MS } from './pay-select-page';

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{`${loc.pathname}${loc.search}`}</div>;
}

const routes = [
  { path: paths.paySelect, element: <PaySelectPage /> },
  { path: paths.ticketDetail, element: <Where /> },
];
const AT = `${paths.paySelect}?secOrderNo=${SEC_ORDER_NO}&orderNo=${ORDER_NO}`;

const checkout = {
  paymentId: 'pay-9',
  gateway: 'sandbox',
  checkoutUrl: '/api/pay/sandbox/pay-9',
  form: null,
  amount: { amount: 2800, currency: 'USD' },
};

function abandonedState(opensAt: string): AddonOrderState {
  return {
    secOrderNo: SEC_ORDER_NO,
    serviceCode: 13,
    status: 'canceled',
    payStatus: 2,
    paymentStatus: null,
    emdNumbers: [],
    opensAt,
  };
}

function api(extra: (call: FakeCall) => { status?: number; body: unknown } | undefined = () => undefined) {
  const detail = orderDetailHandler(() => ticketsIssued(makeOrderDetail()));
  return installFakeApi((call) => {
    if (call.path === `${SEC}/infoList`) {
      return ok(makeAddonInfo([infoPassenger(0, { addonOrders: [addonOrder()] }), infoPassenger(1)]));
    }
    return extra(call) ?? detail(call);
  });
}

describe('pay-select for an add-on order (secOrderNo)', () => {
  beforeEach(() => {
    rememberOrderGrant(ORDER_NO, 'grant-1', new Date(Date.now() + 3_600_000).toISOString());
    useAddonSession.setState({ keys: {}, payments: {} });
  });
  afterEach(() => {
    // A dialog lives outside the page's root, and its closing animation may not end in jsdom.
    Dialog.clear();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  test("shows the add-on order's amount, deadline and lines, and pays it through secondaryIncrService/payUrl", async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const calls = api((call) => (call.path === `${SEC}/payUrl` ? ok(checkout) : undefined));
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('pay-amount')).textContent).toBe('$28.00');
    expect(screen.getByTestId('pay-countdown').textContent).toMatch(/^(14|15):\d\d$/);
    expect(screen.getByTestId('pay-order-no').textContent).toBe(SEC_ORDER_NO);
    expect(screen.getByTestId('addon-lines').textContent).toContain('WA101 Extra baggage +10 kg');
    fireEvent.click(screen.getByTestId('pay-terms'));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByTestId('pay-submit'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PAY_REDIRECT_DELAY_MS + 50);
    });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/pay/sandbox/pay-9'));
    const pay = calls.find((c) => c.path === `${SEC}/payUrl`);
    expect(pay?.body).toEqual({ secOrderNo: SEC_ORDER_NO, method: 'card' });
    expect(pay?.headers.orderToken).toBe('grant-1');
    // The order's own getPayUrl is not asked; the return to ticket detail knows an add-on was paid.
    expect(calls.some((c) => c.path.includes('/payment/getPayUrl/'))).toBe(false);
    expect(addonPaymentStarted(ORDER_NO)).toBe(SEC_ORDER_NO);
  });

  test('giving up asks first, then calls updateOrderStatus abandoned and says when the purchase opens again', async () => {
    // 07:35 UTC is 14:35 in Phnom Penh, the hub.
    const calls = api((call) =>
      call.path === `${SEC}/updateOrderStatus` ? ok(abandonedState('2026-12-01T07:35:00.000Z')) : undefined,
    );
    renderRoutes(routes, AT);
    fireEvent.click(await screen.findByTestId('addon-give-up'));
    // Not yet: the traveller is asked.
    const confirm = await screen.findByText('Give up this purchase', {
      selector: '.adm-dialog-button *, .adm-dialog-button',
    });
    expect(calls.some((c) => c.path === `${SEC}/updateOrderStatus`)).toBe(false);
    fireEvent.click(confirm);
    expect((await screen.findByTestId('addon-opens-at')).textContent).toBe(
      'You can buy this again at 14:35.',
    );
    expect(screen.getByTestId('addon-closed').textContent).toContain('You gave up this purchase.');
    expect(calls.find((c) => c.path === `${SEC}/updateOrderStatus`)?.body).toEqual({
      secOrderNo: SEC_ORDER_NO,
      status: 'abandoned',
    });
  });

  test('keeping on paying sends nothing', async () => {
    const calls = api();
    renderRoutes(routes, AT);
    fireEvent.click(await screen.findByTestId('addon-give-up'));
    // The newest dialog's button (a closing one may still be fading out).
    const keep = await screen.findAllByText(
      'Keep paying',
      { selector: '.adm-dialog-button *, .adm-dialog-button' },
      { timeout: 10_000 },
    );
    fireEvent.click(keep[keep.length - 1]!);
    // The dialog's answer is read on the next tick; give it a few.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 150));
    });
    expect(calls.some((c) => c.path === `${SEC}/updateOrderStatus`)).toBe(false);
    expect(screen.getByTestId('pay-submit')).toBeTruthy();
  });

  test('back from a declined payment (payResult=fail): says so, with paying again or giving up', async () => {
    api();
    renderRoutes(routes, `${AT}&payResult=fail`);
    expect((await screen.findByTestId('addon-pay-declined')).textContent).toContain(
      'The add-on payment did not go through',
    );
    expect(screen.getByTestId('pay-submit')).toBeTruthy();
    expect(screen.getByTestId('addon-give-up')).toBeTruthy();
  });

  test('an add-on order already paid goes to the ticket', async () => {
    installFakeApi((call) => {
      if (call.path === `${SEC}/infoList`) {
        return ok(makeAddonInfo([infoPassenger(0, { addonOrders: [addonOrder({ status: 'paid' })] })]));
      }
      return orderDetailHandler(() => ticketsIssued(makeOrderDetail()))(call);
    });
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.ticketDetail}?orderNo=${ORDER_NO}`,
    );
  });
});
