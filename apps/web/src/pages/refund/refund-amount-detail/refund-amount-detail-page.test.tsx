import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { setLanguage } from '../../../app/i18n';
import { paths } from '../../../app/paths';
import { rememberOrderGrant } from '../../../features/orders/order-session';
import { useRefundSession } from '../../../features/refunds/refund-session';
import { usd } from '../../../test/booking';
import { installFakeApi, ok } from '../../../test/fake-api';
import { ORDER_NO } from '../../../test/orders';
import { quoteReply, REFUND_NO, RF, refundHandler, refundView } from '../../../test/refunds';
import { renderRoutes } from '../../../test/render';
import RefundAmountDetailPage from './refund-amount-detail-page';

const routes = [{ path: paths.refundAmountDetail, element: <RefundAmountDetailPage /> }];

describe('refund-amount-detail (per passenger and segment)', () => {
  beforeEach(() => {
    rememberOrderGrant(ORDER_NO, 'grant-1', new Date(Date.now() + 3_600_000).toISOString());
    useRefundSession.setState({ choice: null });
    useRefundSession.getState().setSeqs(ORDER_NO, [0, 3]);
    useRefundSession.getState().setReason(ORDER_NO, 'plans_changed', '');
  });

  test("the quote's lines: fare, taxes, fee and refund per segment at the airport's time; add-ons; totals", async () => {
    installFakeApi(refundHandler({ refundSchedule: () => ok(quoteReply()) }));
    renderRoutes(routes, `${paths.refundAmountDetail}?orderNo=${ORDER_NO}`);
    const out = await screen.findByTestId('refund-line-0-0');
    expect(out.textContent).toContain('WA101 KTI–BKK');
    // 01:30 UTC is 08:30 in Phnom Penh; the return leaves Bangkok at 18:00.
    await waitFor(() => expect(out.textContent).toContain('24 Dec 2026 08:30'));
    expect(within(out).getByTestId('line-fare').textContent).toBe('$400.00');
    expect(within(out).getByTestId('line-taxes').textContent).toBe('$25.00');
    expect(within(out).getByTestId('line-fee').textContent).toBe('-$50.00');
    expect(within(out).getByTestId('line-refund').textContent).toBe('$375.00');
    expect(screen.getByTestId('refund-line-0-1').textContent).toContain('29 Dec 2026 18:00');
    expect(screen.getByTestId('refund-addon-0-12-0').textContent).toContain('Seat selection');
    expect(screen.getByTestId('refund-pax-sum-0').textContent).toBe('$775.00');
    expect(screen.getByTestId('refund-pax-sum-3').textContent).toBe('$750.00');
    expect(screen.getByTestId('refund-actual').textContent).toBe('$1,525.00');
  });

  test("a refund order's lines by its number; a no-show fee when the flight left without the passenger", async () => {
    const q = quoteReply();
    const lines = q.lines.map((l, i) =>
      i === 0 ? { ...l, noShow: true, noShowFee: usd(3000), refund: usd(34500) } : l,
    );
    const calls = installFakeApi(refundHandler({ getRefundDetail: () => ok(refundView({ lines })) }));
    renderRoutes(routes, `${paths.refundAmountDetail}?orderNo=${ORDER_NO}&refundNo=${REFUND_NO}`);
    const out = await screen.findByTestId('refund-line-0-0');
    expect(within(out).getByTestId('line-no-show').textContent).toBe('-$30.00');
    expect(within(out).getByTestId('line-refund').textContent).toBe('$345.00');
    expect(calls.find((c) => c.path === `${RF}/getRefundDetail`)?.body).toEqual({ refundNo: REFUND_NO });
    expect(calls.some((c) => c.path === `${RF}/refundSchedule`)).toBe(false);
  });

  test.each([
    ['zh', '票价', '税费', '退票手续费'],
    ['km', 'តម្លៃសំបុត្រ', 'ពន្ធ', 'ថ្លៃសេវាសងប្រាក់វិញ'],
  ] as const)('in %s', async (lang, fare, taxes, fee) => {
    await setLanguage(lang);
    installFakeApi(refundHandler({ refundSchedule: () => ok(quoteReply()) }));
    renderRoutes(routes, `${paths.refundAmountDetail}?orderNo=${ORDER_NO}`);
    const out = await screen.findByTestId('refund-line-0-0');
    for (const text of [fare, taxes, fee]) expect(out.textContent).toContain(text);
  });
});
