import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, test } from 'vitest';
import { setLanguage } from '../../../app/i18n';
import { paths } from '../../../app/paths';
import { rememberOrderGrant } from '../../../features/orders/order-session';
import { useRefundSession } from '../../../features/refunds/refund-session';
import { installFakeApi, ok } from '../../../test/fake-api';
import { ORDER_NO } from '../../../test/orders';
import { reasonsReply, refundHandler } from '../../../test/refunds';
import { renderRoutes } from '../../../test/render';
import RequestRefundReasonPage from './request-refund-reason-page';

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{`${loc.pathname}${loc.search}`}</div>;
}

const routes = [
  { path: paths.requestRefundReason, element: <RequestRefundReasonPage /> },
  { path: paths.requestRefundConfirm, element: <Where /> },
  { path: paths.requestNoTips, element: <Where /> },
];
const AT = `${paths.requestRefundReason}?orderNo=${ORDER_NO}`;

const api = () => installFakeApi(refundHandler({ getUserReasonList: () => ok(reasonsReply()) }));

describe('request-refund-reason (why the traveller refunds)', () => {
  beforeEach(() => {
    rememberOrderGrant(ORDER_NO, 'grant-1', new Date(Date.now() + 3_600_000).toISOString());
    useRefundSession.setState({ choice: null });
    useRefundSession.getState().setSeqs(ORDER_NO, [0, 1]);
  });

  test('reasons by kind; one is required; the choice and remark are kept and the confirm page is next', async () => {
    api();
    renderRoutes(routes, AT);
    const personal = await screen.findByTestId('refund-kind-personal');
    expect(personal.textContent).toContain('Personal reason');
    expect(personal.textContent).toContain('My plans changed');
    expect(personal.textContent).toContain('Refunded in full with the Enhanced Refundable Ticket');
    expect(screen.getByTestId('refund-kind-flight').textContent).toContain('The airline canceled my flight');
    fireEvent.click(screen.getByTestId('refund-reason-next'));
    expect((await screen.findByTestId('refund-reason-error')).textContent).toBe(
      'Choose a reason for the refund.',
    );
    fireEvent.click(screen.getByText('Illness'));
    expect(screen.queryByTestId('refund-reason-error')).toBeNull();
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '  Doctor says no flying  ' } });
    fireEvent.click(screen.getByTestId('refund-reason-next'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.requestRefundConfirm}?orderNo=${ORDER_NO}`,
    );
    const choice = useRefundSession.getState().choice;
    expect(choice?.reasonCode).toBe('illness');
    expect(choice?.remark).toBe('Doctor says no flying');
    expect(choice?.seqs).toEqual([0, 1]);
  });

  test('coming back, the reason chosen before is ticked', async () => {
    useRefundSession.getState().setReason(ORDER_NO, 'flight_canceled', '');
    api();
    renderRoutes(routes, AT);
    await screen.findByTestId('refund-kind-flight');
    await waitFor(() =>
      expect(screen.getByTestId('refund-reason-flight_canceled').querySelector('input')?.checked).toBe(true),
    );
  });

  test('opened without passengers chosen (a new tab): the request starts again', async () => {
    useRefundSession.setState({ choice: null });
    api();
    renderRoutes(routes, AT);
    fireEvent.click(await screen.findByTestId('refund-restart-go'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.requestNoTips}?orderNo=${ORDER_NO}`,
    );
  });

  test.each([
    ['zh', '个人原因', '航班原因'],
    ['km', 'មូលហេតុផ្ទាល់ខ្លួន', 'មូលហេតុជើងហោះហើរ'],
  ] as const)('in %s', async (lang, personal, flight) => {
    await setLanguage(lang);
    api();
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('refund-kind-personal')).textContent).toContain(personal);
    expect(screen.getByTestId('refund-kind-flight').textContent).toContain(flight);
  });
});
