import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ErrorCodes } from '@wings/contracts';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, test } from 'vitest';
import { setLanguage } from '../../../app/i18n';
import { paths } from '../../../app/paths';
import { rememberOrderGrant } from '../../../features/orders/order-session';
import { useRefundSession } from '../../../features/refunds/refund-session';
import { usd } from '../../../test/booking';
import { type FakeCall, installFakeApi, ok } from '../../../test/fake-api';
import { ORDER_NO } from '../../../test/orders';
import {
  quoteReply,
  REFUND_NO,
  RF,
  reasonsReply,
  refundHandler,
  refundView,
  refusal,
} from '../../../test/refunds';
import { renderRoutes } from '../../../test/render';
import RequestRefundConfirmPage from './request-refund-confirm-page';

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{`${loc.pathname}${loc.search}`}</div>;
}

const routes = [
  { path: paths.requestRefundConfirm, element: <RequestRefundConfirmPage /> },
  { path: paths.refundAmountDetail, element: <Where /> },
  { path: paths.requestRefundResult, element: <Where /> },
  { path: paths.requestNoTips, element: <Where /> },
];
const AT = `${paths.requestRefundConfirm}?orderNo=${ORDER_NO}`;
type Reply = (call: FakeCall) => { status?: number; body: unknown };

function api(replies: Record<string, Reply> = {}) {
  return installFakeApi(
    refundHandler({
      refundSchedule: () => ok(quoteReply()),
      getUserReasonList: () => ok(reasonsReply()),
      createRefund: () =>
        ok(refundView({ status: 'draft', expiresAt: '2026-11-24T03:30:00.000Z', next: null })),
      confirmRefund: () => ok(refundView()),
      ...replies,
    }),
  );
}

describe('request-refund-confirm (the quote, then submit)', () => {
  beforeEach(() => {
    rememberOrderGrant(ORDER_NO, 'grant-1', new Date(Date.now() + 3_600_000).toISOString());
    useRefundSession.setState({ choice: null });
    useRefundSession.getState().setSeqs(ORDER_NO, [0, 3]);
    useRefundSession.getState().setReason(ORDER_NO, 'plans_changed', 'Trip moved');
  });

  test('should-refund, the handling fee and what comes back, per passenger, with the reason', async () => {
    const calls = api();
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('refund-should')).textContent).toBe('$1,725.00');
    expect(screen.getByTestId('refund-fee').textContent).toBe('-$200.00');
    expect(screen.getByTestId('refund-actual').textContent).toBe('$1,525.00');
    // SOK/DARA: two segments of $375.00 and a $25.00 seat; KEO/RITH: two segments.
    expect(screen.getByTestId('refund-pax-total-0').textContent).toBe('SOK/DARA$775.00');
    expect(screen.getByTestId('refund-pax-total-3').textContent).toBe('KEO/RITH$750.00');
    await waitFor(() =>
      expect(screen.getByTestId('refund-confirm-reason').textContent).toContain(
        'Personal reason · My plans changed',
      ),
    );
    expect(screen.getByTestId('refund-confirm-reason').textContent).toContain('Trip moved');
    expect(calls.find((c) => c.path === `${RF}/refundSchedule`)?.body).toEqual({
      orderNo: ORDER_NO,
      passengerSeqs: [0, 3],
      reasonCode: 'plans_changed',
    });
    fireEvent.click(screen.getByTestId('refund-amount-detail-link'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.refundAmountDetail}?orderNo=${ORDER_NO}`,
    );
  });

  test('submit: the draft under the choice key, then confirmed; the result page names the refund; the choice is cleared', async () => {
    const calls = api();
    renderRoutes(routes, AT);
    const key = useRefundSession.getState().choice?.key;
    fireEvent.click(await screen.findByTestId('refund-submit'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.requestRefundResult}?orderNo=${ORDER_NO}&refundNo=${REFUND_NO}`,
    );
    expect(calls.find((c) => c.path === `${RF}/createRefund`)?.body).toEqual({
      orderNo: ORDER_NO,
      passengerSeqs: [0, 3],
      reasonCode: 'plans_changed',
      idempotencyKey: key,
      remark: 'Trip moved',
    });
    expect(calls.find((c) => c.path === `${RF}/confirmRefund`)?.body).toEqual({ refundNo: REFUND_NO });
    expect(calls.find((c) => c.path === `${RF}/confirmRefund`)?.headers.orderToken).toBe('grant-1');
    expect(useRefundSession.getState().choice).toBeNull();
  });

  test('a draft priced differently from the quote read is shown first, and submitted on the second tap', async () => {
    const repriced = refundView({
      status: 'draft',
      actual: usd(150000),
      handlingFee: usd(22500),
      next: null,
    });
    const calls = api({ createRefund: () => ok(repriced) });
    renderRoutes(routes, AT);
    fireEvent.click(await screen.findByTestId('refund-submit'));
    expect((await screen.findByTestId('refund-submit-error')).textContent).toContain(
      'The amount has changed',
    );
    expect(screen.getByTestId('refund-actual').textContent).toBe('$1,500.00');
    expect(calls.some((c) => c.path === `${RF}/confirmRefund`)).toBe(false);
    fireEvent.click(screen.getByTestId('refund-submit'));
    expect((await screen.findByTestId('where')).textContent).toContain(paths.requestRefundResult);
    // The same key both times: one draft.
    const keys = calls
      .filter((c) => c.path === `${RF}/createRefund`)
      .map((c) => (c.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  test('a draft that expired before confirming: said in place, and the next tap makes a new draft', async () => {
    const calls = api({
      confirmRefund: () =>
        refusal(ErrorCodes.refundDraftExpired.code, 'This refund request has expired. Please try again.'),
    });
    renderRoutes(routes, AT);
    const first = useRefundSession.getState().choice?.key;
    fireEvent.click(await screen.findByTestId('refund-submit'));
    expect((await screen.findByTestId('refund-submit-error')).textContent).toBe(
      'This refund request has expired. Please try again.',
    );
    expect(useRefundSession.getState().choice?.key).not.toBe(first);
    expect(calls.filter((c) => c.path === `${RF}/confirmRefund`)).toHaveLength(1);
  });

  test('opened without a reason chosen: the request starts again', async () => {
    useRefundSession.setState({ choice: null });
    useRefundSession.getState().setSeqs(ORDER_NO, [0]);
    api();
    renderRoutes(routes, AT);
    expect(await screen.findByTestId('refund-restart')).toBeTruthy();
  });

  test.each([
    ['zh', '应退金额', '实退金额'],
    ['km', 'ចំនួនត្រូវសងវិញ', 'ចំនួនអ្នកទទួលបានវិញ'],
  ] as const)('in %s', async (lang, should, actual) => {
    await setLanguage(lang);
    api();
    renderRoutes(routes, AT);
    const amounts = await screen.findByTestId('refund-amounts');
    expect(amounts.textContent).toContain(should);
    expect(amounts.textContent).toContain(actual);
  });
});
