import { fireEvent, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, test } from 'vitest';
import { setLanguage } from '../../../app/i18n';
import { paths } from '../../../app/paths';
import { rememberOrderGrant } from '../../../features/orders/order-session';
import { installFakeApi, ok } from '../../../test/fake-api';
import { ORDER_NO } from '../../../test/orders';
import { REFUND_NO, refundedView, refundHandler, refundView } from '../../../test/refunds';
import { renderRoutes } from '../../../test/render';
import RefundOrderDetailPage from './refund-order-detail-page';

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{`${loc.pathname}${loc.search}`}</div>;
}

const routes = [
  { path: paths.refundOrderDetail, element: <RefundOrderDetailPage /> },
  { path: paths.refundAmountDetail, element: <Where /> },
];
const AT = `${paths.refundOrderDetail}?orderNo=${ORDER_NO}&refundNo=${REFUND_NO}`;

describe('refund-order-detail (one refund and its timeline)', () => {
  beforeEach(() => {
    rememberOrderGrant(ORDER_NO, 'grant-1', new Date(Date.now() + 3_600_000).toISOString());
  });

  test('number, amounts, passengers, reason; the timeline: done with dates, the next with its promise', async () => {
    installFakeApi(refundHandler({ getRefundDetail: () => ok(refundView({ remark: 'Trip moved' })) }));
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('refund-no')).textContent).toBe(REFUND_NO);
    expect(screen.getByTestId('refund-status').textContent).toBe('Under review');
    expect(screen.getByTestId('refund-should').textContent).toBe('$1,725.00');
    expect(screen.getByTestId('refund-fee').textContent).toBe('-$200.00');
    expect(screen.getByTestId('refund-actual').textContent).toBe('$1,525.00');
    expect(screen.getByTestId('refund-detail-passengers').textContent).toContain('KEO/RITH');
    expect(screen.getByTestId('refund-detail-reason').textContent).toContain(
      'Personal reason · My plans changed',
    );
    expect(screen.getByTestId('refund-detail-reason').textContent).toContain('Trip moved');
    const applied = screen.getByTestId('refund-step-applied');
    expect(applied.dataset.state).toBe('done');
    expect(applied.textContent).toMatch(/Request submitted2[34] Nov 2026 \d\d:\d\d/);
    const audit = screen.getByTestId('refund-step-audited');
    expect(audit.dataset.state).toBe('next');
    expect(audit.textContent).toMatch(/Reviewed and approvedExpected by 2[56] Nov 2026/);
    expect(screen.getByTestId('refund-step-money_refunded').dataset.state).toBe('todo');
    expect(screen.getByTestId('refund-step-money_refunded').textContent).toContain('To come');
    fireEvent.click(screen.getByTestId('refund-amount-detail-link'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.refundAmountDetail}?orderNo=${ORDER_NO}&refundNo=${REFUND_NO}`,
    );
  });

  test('refunded: every step done (refund status 12)', async () => {
    installFakeApi(refundHandler({ getRefundDetail: () => ok(refundedView()) }));
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('refund-status')).textContent).toBe('Refunded');
    const steps = within(screen.getByTestId('refund-timeline')).getAllByRole('listitem');
    expect(steps.map((s) => s.dataset.state)).toEqual(['done', 'done', 'done', 'done', 'done']);
  });

  test.each([
    [10, 'Refunding ticket'],
    [11, 'Refunding money'],
  ])('approved, refund status %i: %s', async (refundStatus, label) => {
    installFakeApi(
      refundHandler({ getRefundDetail: () => ok(refundView({ status: 'refunding', refundStatus })) }),
    );
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('refund-status')).textContent).toBe(label);
  });

  test("rejected: the staff's reason", async () => {
    installFakeApi(
      refundHandler({
        getRefundDetail: () =>
          ok(
            refundView({
              status: 'rejected',
              rejectReason: 'The medical certificate is not readable.',
              timeline: [
                { step: 'applied', at: '2026-11-24T03:00:00.000Z', expectedBy: null },
                { step: 'rejected', at: '2026-11-24T06:00:00.000Z', expectedBy: null },
              ],
              next: null,
            }),
          ),
      }),
    );
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('refund-rejected')).textContent).toBe(
      'Your refund was not approved: The medical certificate is not readable.',
    );
    expect(screen.getByTestId('refund-status').textContent).toBe('Rejected');
    expect(screen.getByTestId('refund-step-rejected').dataset.state).toBe('done');
  });

  test.each([
    ['zh', '退票进度', '提交申请', '审核通过'],
    ['km', 'វឌ្ឍនភាព', 'បានដាក់ស្នើសំណើ', 'បានពិនិត្យ និងអនុម័ត'],
  ] as const)('in %s', async (lang, title, applied, audited) => {
    await setLanguage(lang);
    installFakeApi(refundHandler({ getRefundDetail: () => ok(refundView()) }));
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('refund-detail-timeline')).textContent).toContain(title);
    expect(screen.getByTestId('refund-step-applied').textContent).toContain(applied);
    expect(screen.getByTestId('refund-step-audited').textContent).toContain(audited);
  });
});
