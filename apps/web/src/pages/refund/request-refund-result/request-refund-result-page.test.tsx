import { fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, test } from 'vitest';
import { setLanguage } from '../../../app/i18n';
import { paths } from '../../../app/paths';
import { rememberOrderGrant } from '../../../features/orders/order-session';
import { signIn } from '../../../test/accounts';
import { installFakeApi, ok } from '../../../test/fake-api';
import { ORDER_NO } from '../../../test/orders';
import { REFUND_NO, RF, refundHandler, refundView } from '../../../test/refunds';
import { renderRoutes } from '../../../test/render';
import RequestRefundResultPage from './request-refund-result-page';

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{`${loc.pathname}${loc.search}`}</div>;
}

const routes = [
  { path: paths.requestRefundResult, element: <RequestRefundResultPage /> },
  { path: paths.refundOrderDetail, element: <Where /> },
  { path: paths.ticketDetail, element: <Where /> },
];
const AT = `${paths.requestRefundResult}?orderNo=${ORDER_NO}&refundNo=${REFUND_NO}`;

describe('request-refund-result (submitted)', () => {
  beforeEach(() => {
    rememberOrderGrant(ORDER_NO, 'grant-1', new Date(Date.now() + 3_600_000).toISOString());
  });

  test('the refund number, its status, the amount and the next step with when it is expected', async () => {
    const calls = installFakeApi(refundHandler({ getRefundDetail: () => ok(refundView()) }));
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('refund-no')).textContent).toBe(REFUND_NO);
    expect(screen.getByTestId('refund-status').textContent).toBe('Under review');
    expect(screen.getByTestId('refund-result').textContent).toContain(
      'Your refund request has been submitted',
    );
    expect(screen.getByTestId('refund-actual').textContent).toBe('$1,525.00');
    expect(screen.getByTestId('refund-next').textContent).toMatch(
      /^Next: Reviewed and approved, expected by \d\d Nov 2026 \d\d:\d\d$/,
    );
    expect(calls.find((c) => c.path === `${RF}/getRefundDetail`)?.headers.orderToken).toBe('grant-1');
    // A guest: no records list to go to.
    expect(screen.queryByTestId('refund-records')).toBeNull();
    fireEvent.click(screen.getByTestId('refund-view'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.refundOrderDetail}?orderNo=${ORDER_NO}&refundNo=${REFUND_NO}`,
    );
  });

  test('approved at once (a flight changed by the airline): says so, money next', async () => {
    signIn();
    installFakeApi(
      refundHandler({
        getRefundDetail: () =>
          ok(
            refundView({
              status: 'refunding',
              refundStatus: 11,
              next: { step: 'money_refunded', at: null, expectedBy: '2026-11-27T03:00:00.000Z' },
            }),
          ),
      }),
    );
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('refund-status')).textContent).toBe('Refunding money');
    expect(screen.getByTestId('refund-result').textContent).toContain('Your refund has been approved');
    expect(screen.getByTestId('refund-next').textContent).toContain(
      'Next: Money refunded, expected by 27 Nov 2026',
    );
    expect(screen.getByTestId('refund-records')).toBeTruthy();
  });

  test.each([
    ['zh', '审核中', '您的退票申请已提交'],
    ['km', 'កំពុងពិនិត្យ', 'សំណើសងប្រាក់វិញរបស់អ្នកត្រូវបានដាក់ស្នើ'],
  ] as const)('in %s', async (lang, status, title) => {
    await setLanguage(lang);
    installFakeApi(refundHandler({ getRefundDetail: () => ok(refundView()) }));
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('refund-status')).textContent).toBe(status);
    expect(screen.getByTestId('refund-result').textContent).toContain(title);
  });
});
