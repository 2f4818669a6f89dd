import { fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, test } from 'vitest';
import { setLanguage } from '../../../app/i18n';
import { paths } from '../../../app/paths';
import { routeMetaOf } from '../../../app/route-meta';
import { signIn } from '../../../test/accounts';
import { installFakeApi, ok } from '../../../test/fake-api';
import { ORDER_NO } from '../../../test/orders';
import { listItem, REFUND_NO, RF, refundedView, refundHandler, refundView } from '../../../test/refunds';
import { renderRoutes } from '../../../test/render';
import MorePage from '../../more/more/more-page';
import RefundOrderListPage from './refund-order-list-page';

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{`${loc.pathname}${loc.search}`}</div>;
}

const routes = [
  { path: paths.refundOrderList, element: <RefundOrderListPage /> },
  { path: paths.refundOrderDetail, element: <Where /> },
  { path: paths.tickets, element: <Where /> },
];
const OLD = 'R261101000007';

const listed = () =>
  ok({ list: [listItem(refundView()), listItem({ ...refundedView(), refundNo: OLD })], total: 2 });

describe('refund-order-list (the traveller refund records)', () => {
  test('for a signed-in traveller only', () => {
    expect(routeMetaOf(paths.refundOrderList).requiresLogin).toBe(true);
  });

  test('each refund with its state, amount and next step; a tap opens it', async () => {
    signIn();
    const calls = installFakeApi(refundHandler({ getRefundList: listed }));
    renderRoutes(routes, paths.refundOrderList);
    expect((await screen.findByTestId(`refund-row-status-${REFUND_NO}`)).textContent).toBe('Under review');
    expect(screen.getByTestId(`refund-row-status-${OLD}`).textContent).toBe('Refunded');
    expect(screen.getByTestId(`refund-row-actual-${REFUND_NO}`).textContent).toBe('$1,525.00');
    expect(screen.getByTestId(`refund-row-next-${REFUND_NO}`).textContent).toContain(
      'Next: Reviewed and approved',
    );
    expect(screen.queryByTestId(`refund-row-next-${OLD}`)).toBeNull();
    expect(screen.getByTestId(`refund-row-${REFUND_NO}`).textContent).toContain('SOK/DARA, KEO/RITH');
    expect(calls.find((c) => c.path === `${RF}/getRefundList`)?.body).toEqual({ pageNum: 1, pageSize: 50 });
    fireEvent.click(screen.getByTestId(`refund-row-${OLD}`));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.refundOrderDetail}?orderNo=${ORDER_NO}&refundNo=${OLD}`,
    );
  });

  test('reached from the More tab when signed in', async () => {
    signIn();
    installFakeApi(refundHandler({ getRefundList: listed }));
    renderRoutes([...routes, { path: paths.more, element: <MorePage /> }], paths.more);
    fireEvent.click(await screen.findByTestId('more-refunds'));
    expect(await screen.findByTestId(`refund-row-${REFUND_NO}`)).toBeTruthy();
  });

  test('none yet: said, with the way to the tickets', async () => {
    signIn();
    installFakeApi(refundHandler({ getRefundList: () => ok({ list: [], total: 0 }) }));
    renderRoutes(routes, paths.refundOrderList);
    expect((await screen.findByTestId('refund-list-empty')).textContent).toContain('No refunds yet');
  });

  test.each([
    ['zh', '审核中', '退款成功'],
    ['km', 'កំពុងពិនិត្យ', 'បានសងប្រាក់វិញ'],
  ] as const)('in %s', async (lang, auditing, refunded) => {
    await setLanguage(lang);
    signIn();
    installFakeApi(refundHandler({ getRefundList: listed }));
    renderRoutes(routes, paths.refundOrderList);
    expect((await screen.findByTestId(`refund-row-status-${REFUND_NO}`)).textContent).toBe(auditing);
    expect(screen.getByTestId(`refund-row-status-${OLD}`).textContent).toBe(refunded);
  });
});
