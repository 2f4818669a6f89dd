import { fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, test } from 'vitest';
import { setLanguage } from '../../../app/i18n';
import { paths } from '../../../app/paths';
import { rememberOrderGrant } from '../../../features/orders/order-session';
import { useRefundSession } from '../../../features/refunds/refund-session';
import { installFakeApi, ok } from '../../../test/fake-api';
import { ORDER_NO } from '../../../test/orders';
import { flightTimeBlocked, flightTimeOk, PHONE, RF, refundHandler } from '../../../test/refunds';
import { renderRoutes } from '../../../test/render';
import RequestNoTipsPage from './request-no-tips-page';

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{`${loc.pathname}${loc.search}`}</div>;
}

const routes = [
  { path: paths.requestNoTips, element: <RequestNoTipsPage /> },
  { path: paths.requestRefundPassenger, element: <Where /> },
  { path: paths.ticketDetail, element: <Where /> },
  { path: paths.searchTicket, element: <Where /> },
];
const AT = `${paths.requestNoTips}?orderNo=${ORDER_NO}`;

describe('request-no-tips (the order-level refund check)', () => {
  beforeEach(() => {
    rememberOrderGrant(ORDER_NO, 'grant-1', new Date(Date.now() + 3_600_000).toISOString());
    useRefundSession.setState({ choice: null });
  });

  test('allowed: the notice to read, then on to the passengers with the refund begun; the grant rides along', async () => {
    const calls = installFakeApi(refundHandler({ flightTimeCheck: () => ok(flightTimeOk()) }));
    renderRoutes(routes, AT);
    const notice = await screen.findByTestId('refund-notice');
    expect(notice.textContent).toContain('Online refunds close 4 hours before departure');
    expect(notice.textContent).toContain('Taxes are always refunded');
    const call = calls.find((c) => c.path === `${RF}/flightTimeCheck`);
    expect(call?.body).toEqual({ orderNo: ORDER_NO });
    expect(call?.headers.orderToken).toBe('grant-1');
    fireEvent.click(screen.getByTestId('refund-start'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.requestRefundPassenger}?orderNo=${ORDER_NO}`,
    );
    expect(useRefundSession.getState().choice?.orderNo).toBe(ORDER_NO);
  });

  test("refused: the block's message with customer service's phone, a call link and the way back", async () => {
    installFakeApi(refundHandler({ flightTimeCheck: () => ok(flightTimeBlocked()) }));
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('refund-block-message')).textContent).toBe(
      `Online refunds close 4 hours before departure. Please call customer service on ${PHONE}.`,
    );
    expect(screen.getByTestId('refund-blocked').textContent).toContain(
      'This order cannot be refunded online',
    );
    expect(screen.getByTestId('refund-call').getAttribute('href')).toBe('tel:+85523999888');
    expect(screen.queryByTestId('refund-start')).toBeNull();
    fireEvent.click(screen.getByTestId('refund-back'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.ticketDetail}?orderNo=${ORDER_NO}`,
    );
  });

  test('a guest without a grant for the order is offered the look-up, nothing is asked', async () => {
    useRefundSession.setState({ choice: null });
    const { useOrderSession } = await import('../../../features/orders/order-session');
    useOrderSession.setState({ grants: {} });
    const calls = installFakeApi();
    renderRoutes(routes, AT);
    fireEvent.click(await screen.findByTestId('refund-find'));
    expect((await screen.findByTestId('where')).textContent).toBe(paths.searchTicket);
    expect(calls.some((c) => c.path.startsWith(RF))).toBe(false);
  });

  test.each([
    ['zh', '申请退票前请阅读', '我已阅读，继续'],
    ['km', 'មុនពេលស្នើសុំសងប្រាក់វិញ', 'ខ្ញុំបានអានហើយ បន្ត'],
  ] as const)('in %s', async (lang, title, go) => {
    await setLanguage(lang);
    installFakeApi(refundHandler({ flightTimeCheck: () => ok(flightTimeOk()) }));
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('refund-notice')).textContent).toContain(title);
    expect(screen.getByTestId('refund-start').textContent).toBe(go);
  });
});
