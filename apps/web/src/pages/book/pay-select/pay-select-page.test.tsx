import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { OrderPayStatus } from '@wings/contracts';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { setLanguage } from '../../../app/i18n';
import { paths } from '../../../app/paths';
import { browser } from '../../../features/orders/checkout';
import { paymentStartedRecently, rememberOrderGrant } from '../../../features/orders/order-session';
import { type FakeCall, installFakeApi, ok } from '../../../test/fake-api';
import { DETAIL_PATH, makeOrderDetail, ORDER_NO, orderDetailHandler } from '../../../test/orders';
import { renderRoutes } from '../../../test/render';
import PaySelectPage, { PAY_REDIRECT_DELAY_MS } from './pay-select-page';

const PAY_URL = `/api/travelsky/payment/getPayUrl/${ORDER_NO}`;
const routes = [
  { path: paths.paySelect, element: <PaySelectPage /> },
  { path: paths.ticketDetail, element: <div data-testid="ticket-detail-page" /> },
  { path: paths.book, element: <div data-testid="book-page" /> },
  { path: paths.searchTicket, element: <div data-testid="search-page" /> },
];
const AT = `${paths.paySelect}?orderNo=${ORDER_NO}`;

type Reply = { status?: number; body: unknown } | undefined;

function api(pay: (call: FakeCall) => Reply = () => ok(sandboxCheckout)) {
  const detail = orderDetailHandler(() => makeOrderDetail());
  return installFakeApi((call) => (call.path === PAY_URL ? pay(call) : detail(call)));
}

const sandboxCheckout = {
  paymentId: 'pay-1',
  gateway: 'sandbox',
  checkoutUrl: '/api/pay/sandbox/pay-1',
  form: null,
  amount: { amount: 123456, currency: 'USD' },
};

describe('pay-select', () => {
  beforeEach(() => {
    // A guest who just booked: saveTicketOrder's grant is on the device.
    rememberOrderGrant(ORDER_NO, 'grant-1', new Date(Date.now() + 3_600_000).toISOString());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  test('the amount with separators, the countdown, the order, and card/ABA Pay/KHQR but no WeChat Pay outside WeChat', async () => {
    const calls = api();
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('pay-amount')).textContent).toBe('$1,234.56');
    expect(screen.getByTestId('pay-countdown').textContent).toMatch(/^(19|20):\d\d$/);
    expect(screen.getByTestId('pay-order-no').textContent).toBe(ORDER_NO);
    expect(screen.getByTestId('order-leg-0-dep').textContent).toBe('08:30');
    for (const m of ['card', 'abapay', 'khqr']) expect(screen.getByTestId(`pay-method-${m}`)).toBeTruthy();
    expect(screen.queryByTestId('pay-method-wechat')).toBeNull();
    // The guest's grant rides along.
    expect(calls.find((c) => c.path === DETAIL_PATH)?.headers.orderToken).toBe('grant-1');
  });

  test('says "development price" when the server charges 0.01 (DEV_PAY_ONE_CENT), in each language, and not otherwise', async () => {
    api();
    const plain = renderRoutes(routes, AT);
    await screen.findByTestId('pay-amount');
    expect(screen.queryByTestId('pay-dev-price')).toBeNull();
    plain.unmount();

    const detail = orderDetailHandler(() => makeOrderDetail({ devPrice: true }));
    installFakeApi(detail);
    const expected = {
      en: ['Development price', '0.01 instead of $1,234.56'],
      zh: ['开发环境价格', '实际支付 0.01，而非 $1,234.56'],
      km: ['តម្លៃសម្រាប់ការអភិវឌ្ឍ', '0.01 ជំនួសឱ្យ $1,234.56'],
    } as const;
    for (const lang of ['en', 'zh', 'km'] as const) {
      await setLanguage(lang);
      const view = renderRoutes(routes, AT);
      const badge = await screen.findByTestId('pay-dev-price');
      for (const text of expected[lang]) expect(badge.textContent).toContain(text);
      // The order's own total is still what the page shows as the amount.
      expect(screen.getByTestId('pay-amount').textContent).toBe('$1,234.56');
      view.unmount();
    }
  });

  test('inside WeChat, WeChat Pay is offered and says it charges in CNY', async () => {
    vi.spyOn(browser, 'userAgent').mockReturnValue(
      'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 MicroMessenger/8.0.47 NetType/WIFI Language/zh_CN',
    );
    api();
    renderRoutes(routes, AT);
    expect(await screen.findByTestId('pay-method-wechat')).toBeTruthy();
    expect(screen.getByTestId('pay-wechat-cny').textContent).toContain('CNY');
    fireEvent.click(screen.getByTestId('pay-method-card'));
    expect(screen.queryByTestId('pay-wechat-cny')).toBeNull();
  });

  test('inside WeChat: the payer authorizes once, then WeChat Pay opens with the order parameters', async () => {
    vi.spyOn(browser, 'userAgent').mockReturnValue('Mozilla/5.0 (Linux; Android 13) MicroMessenger/8.0.47');
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const params = {
      appId: 'wx-app',
      timeStamp: '1790000000',
      nonceStr: 'n1',
      package: 'prepay_id=wx1',
      signType: 'RSA',
      paySign: 'sig',
    };
    const detail = orderDetailHandler(() => makeOrderDetail());
    const calls = installFakeApi((call) => {
      if (call.path === '/api/pay/payment/wechat/getSign') {
        return ok({ appId: 'wx-app', timestamp: 1, nonceStr: 'x', signature: 'y' });
      }
      if (call.path === `/api/pay/payment/wechat/jsPrepayOrder/${ORDER_NO}`) {
        return ok({
          ...sandboxCheckout,
          gateway: 'wechat',
          checkoutUrl: null,
          amount: { amount: 876543, currency: 'CNY' },
          clientParams: params,
        });
      }
      return detail(call);
    });
    const first = renderRoutes(routes, AT);
    fireEvent.click(await screen.findByTestId('pay-method-wechat'));
    fireEvent.click(screen.getByTestId('pay-terms'));
    fireEvent.click(screen.getByTestId('pay-submit'));
    // No openid yet: WeChat's authorization page, coming back here.
    await waitFor(() => expect(assign).toHaveBeenCalledOnce());
    const url = new URL(assign.mock.calls[0]![0]);
    expect(url.origin + url.pathname).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
    expect(url.searchParams.get('appid')).toBe('wx-app');
    expect(url.searchParams.get('scope')).toBe('snsapi_base');
    expect(url.searchParams.get('redirect_uri')).toBe(window.location.href);
    first.unmount();

    // Back with the openid: WeChat's payment sheet gets the order's parameters; paid, to the ticket.
    sessionStorage.setItem('wechat_openid', 'openid-1');
    const invoke = vi.fn((_name: string, _p: unknown, done: (r: { err_msg: string }) => void) =>
      done({ err_msg: 'get_brand_wcpay_request:ok' }),
    );
    vi.stubGlobal('WeixinJSBridge', { invoke });
    const again = renderRoutes(routes, AT);
    fireEvent.click(await screen.findByTestId('pay-terms'));
    fireEvent.click(screen.getByTestId('pay-submit'));
    await screen.findByTestId('ticket-detail-page');
    expect(invoke).toHaveBeenCalledWith('getBrandWCPayRequest', params, expect.any(Function));
    expect(calls.find((c) => c.path.includes('jsPrepayOrder'))?.body).toEqual({ openid: 'openid-1' });
    expect(again.router.state.location.search).toBe(`?orderNo=${ORDER_NO}`);
    expect(paymentStartedRecently(ORDER_NO)).toBe(true);
    expect(calls.some((c) => c.path === PAY_URL)).toBe(false);
  });

  test('the terms must be ticked; then Pay toasts toPay_toast and only afterwards leaves for the checkout', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const calls = api();
    renderRoutes(routes, AT);
    await screen.findByTestId('pay-amount');

    fireEvent.click(screen.getByTestId('pay-submit'));
    expect((await screen.findByTestId('pay-terms-error')).textContent).toBe(
      'Please read and tick the payment terms.',
    );
    expect(calls.some((c) => c.path === PAY_URL)).toBe(false);

    fireEvent.click(screen.getByTestId('pay-terms'));
    fireEvent.click(screen.getByTestId('pay-method-abapay'));
    const clickedAt = Date.now();
    fireEvent.click(screen.getByTestId('pay-submit'));
    fireEvent.click(screen.getByTestId('pay-submit'));
    expect(await screen.findByText('Taking you to payment. Please do not pay twice.')).toBeTruthy();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/pay/sandbox/pay-1'));
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(PAY_REDIRECT_DELAY_MS - 50);
    const pays = calls.filter((c) => c.path === PAY_URL);
    expect(pays).toHaveLength(1);
    expect(pays[0]?.body).toEqual({ method: 'abapay' });
    expect(pays[0]?.headers.orderToken).toBe('grant-1');
    expect(paymentStartedRecently(ORDER_NO)).toBe(true);
  });

  test('a gateway that wants a form gets its fields POSTed from a hidden form', async () => {
    const submit = vi.spyOn(browser, 'submit').mockImplementation(() => {});
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    api(() =>
      ok({
        ...sandboxCheckout,
        gateway: 'aba',
        checkoutUrl: 'https://checkout.payway.com.kh/api/payment-gateway/v1/payments/purchase',
        form: { tran_id: 'pay-1', amount: '1234.56', hash: 'abc=' },
      }),
    );
    renderRoutes(routes, AT);
    await screen.findByTestId('pay-amount');
    fireEvent.click(screen.getByTestId('pay-terms'));
    fireEvent.click(screen.getByTestId('pay-method-khqr'));
    fireEvent.click(screen.getByTestId('pay-submit'));
    await waitFor(() => expect(submit).toHaveBeenCalledOnce());
    const form = submit.mock.calls[0]![0];
    expect(form.method.toLowerCase()).toBe('post');
    expect(form.enctype).toBe('multipart/form-data');
    expect(form.action).toBe('https://checkout.payway.com.kh/api/payment-gateway/v1/payments/purchase');
    expect(Object.fromEntries(new FormData(form))).toEqual({
      tran_id: 'pay-1',
      amount: '1234.56',
      hash: 'abc=',
    });
    expect(assign).not.toHaveBeenCalled();
  });

  test('613: the order is already paid; the traveller is told and taken to the ticket', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    api(() => ({
      body: { code: '613', message: 'This order is already paid. It cannot be paid again.', data: null },
    }));
    const { router } = renderRoutes(routes, AT);
    await screen.findByTestId('pay-amount');
    fireEvent.click(screen.getByTestId('pay-terms'));
    fireEvent.click(screen.getByTestId('pay-submit'));
    expect(await screen.findByText('This order is already paid. It cannot be paid again.')).toBeTruthy();
    await screen.findByTestId('ticket-detail-page');
    expect(router.state.location.search).toBe(`?orderNo=${ORDER_NO}`);
    expect(assign).not.toHaveBeenCalled();
  });

  test('301: the order expired; the order-invalid message offers booking again', async () => {
    api(() => ({ body: { code: '301', message: 'expired', data: null } }));
    const { router } = renderRoutes(routes, AT);
    await screen.findByTestId('pay-amount');
    fireEvent.click(screen.getByTestId('pay-terms'));
    fireEvent.click(screen.getByTestId('pay-submit'));
    expect((await screen.findByTestId('pay-expired')).textContent).toContain(
      'This order is invalid or has expired. Please book again.',
    );
    fireEvent.click(screen.getByTestId('pay-book-again'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.book));
  });

  test('the countdown reaching zero turns the page into the order-invalid message', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    installFakeApi(
      orderDetailHandler(() => makeOrderDetail({ payDeadline: new Date(Date.now() + 3_000).toISOString() })),
    );
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('pay-countdown')).textContent).toBe('00:03');
    await act(async () => {
      vi.advanceTimersByTime(4_000);
    });
    expect(screen.getByTestId('pay-expired')).toBeTruthy();
    expect(screen.queryByTestId('pay-submit')).toBeNull();
  });

  test('a paid order is not offered for payment again', async () => {
    installFakeApi(orderDetailHandler(() => makeOrderDetail({ status: OrderPayStatus.paid })));
    const { router } = renderRoutes(routes, AT);
    await screen.findByTestId('ticket-detail-page');
    expect(router.state.location.search).toBe(`?orderNo=${ORDER_NO}`);
  });

  test('a guest without a grant for the order is asked to find it first', async () => {
    const calls = installFakeApi();
    renderRoutes(routes, `${paths.paySelect}?orderNo=W261201999999`);
    expect(await screen.findByTestId('order-no-access')).toBeTruthy();
    expect(calls.some((c) => c.path.includes('getOrderDetail'))).toBe(false);
    fireEvent.click(screen.getByTestId('order-find'));
    await screen.findByTestId('search-page');
  });
});
