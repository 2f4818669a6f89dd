import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ErrorCodes } from '@wings/contracts';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, test } from 'vitest';
import { setLanguage } from '../../../app/i18n';
import { paths } from '../../../app/paths';
import { rememberOrderGrant } from '../../../features/orders/order-session';
import { useRefundSession } from '../../../features/refunds/refund-session';
import { type FakeCall, installFakeApi, ok } from '../../../test/fake-api';
import { ORDER_NO } from '../../../test/orders';
import { passengersReply, RF, refundHandler, refusal } from '../../../test/refunds';
import { renderRoutes } from '../../../test/render';
import RequestRefundPassengerPage from './request-refund-passenger-page';

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{`${loc.pathname}${loc.search}`}</div>;
}

const routes = [
  { path: paths.requestRefundPassenger, element: <RequestRefundPassengerPage /> },
  { path: paths.requestRefundReason, element: <Where /> },
];
const AT = `${paths.requestRefundPassenger}?orderNo=${ORDER_NO}`;

function api(
  check: (call: FakeCall) => { status?: number; body: unknown } = () => ok({ ok: true, adultCount: 1 }),
) {
  return installFakeApi(
    refundHandler({ queryPassengerInfo: () => ok(passengersReply()), pasngerTicketCheck: check }),
  );
}

const tick = (seq: number) =>
  fireEvent.click(within(screen.getByTestId(`refund-pax-${seq}`)).getByRole('checkbox'));

describe('request-refund-passenger (choose who to refund)', () => {
  beforeEach(() => {
    rememberOrderGrant(ORDER_NO, 'grant-1', new Date(Date.now() + 3_600_000).toISOString());
    useRefundSession.setState({ choice: null });
    useRefundSession.getState().begin(ORDER_NO);
  });

  test('each passenger with their ticket; one not refundable is disabled with its reason', async () => {
    api();
    renderRoutes(routes, AT);
    const refunded = await screen.findByTestId('refund-pax-2');
    expect(within(refunded).getByRole('checkbox')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('refund-pax-why-2').textContent).toBe('This ticket has already been refunded.');
    expect(within(screen.getByTestId('refund-pax-0')).getByRole('checkbox')).toHaveProperty(
      'disabled',
      false,
    );
    expect(screen.getByTestId('refund-pax-0').textContent).toContain('Ticket 9991000000001');
  });

  test('at least one passenger; a child left without an adult of 18+ is refused here, as the server would', async () => {
    const calls = api();
    renderRoutes(routes, AT);
    await screen.findByTestId('refund-pax-0');
    fireEvent.click(screen.getByTestId('refund-pax-next'));
    expect((await screen.findByTestId('refund-pax-error')).textContent).toBe(
      'Choose at least one passenger to refund.',
    );
    // Both adults who stay with the child chosen: the child would be left alone.
    tick(0);
    tick(3);
    fireEvent.click(screen.getByTestId('refund-pax-next'));
    expect((await screen.findByTestId('refund-pax-error')).textContent).toBe(
      'Passengers under 18 must stay with at least 1 adult aged 18 or over: refund them together, or keep an adult on the booking.',
    );
    expect(calls.some((c) => c.path === `${RF}/pasngerTicketCheck`)).toBe(false);
  });

  test("the server's refusal of the choice shows beside it, with its message", async () => {
    api(() => refusal(ErrorCodes.refundInProgress.code, 'This ticket is already being refunded.'));
    renderRoutes(routes, AT);
    await screen.findByTestId('refund-pax-0');
    tick(0);
    fireEvent.click(screen.getByTestId('refund-pax-next'));
    expect((await screen.findByTestId('refund-pax-error')).textContent).toBe(
      'This ticket is already being refunded.',
    );
    expect(screen.queryByTestId('where')).toBeNull();
  });

  test('checked by the server, the choice is kept and the reason is next; coming back shows it chosen', async () => {
    const calls = api();
    const view = renderRoutes(routes, AT);
    await screen.findByTestId('refund-pax-0');
    // The child with one adult: the other adult stays with nobody to look after.
    tick(1);
    tick(0);
    fireEvent.click(screen.getByTestId('refund-pax-next'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.requestRefundReason}?orderNo=${ORDER_NO}`,
    );
    expect(calls.find((c) => c.path === `${RF}/pasngerTicketCheck`)?.body).toEqual({
      orderNo: ORDER_NO,
      passengerSeqs: [0, 1],
    });
    expect(useRefundSession.getState().choice?.seqs).toEqual([0, 1]);
    await view.router.navigate(-1);
    await waitFor(() =>
      expect(within(screen.getByTestId('refund-pax-1')).getByRole('checkbox')).toHaveProperty(
        'checked',
        true,
      ),
    );
    expect(within(screen.getByTestId('refund-pax-0')).getByRole('checkbox')).toHaveProperty('checked', true);
    expect(within(screen.getByTestId('refund-pax-3')).getByRole('checkbox')).toHaveProperty('checked', false);
  });

  test.each([
    ['zh', '选择退票乘机人'],
    ['km', 'ជ្រើសរើសអ្នកដំណើរ'],
  ] as const)('in %s', async (lang, title) => {
    await setLanguage(lang);
    api();
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('refund-passengers')).textContent).toContain(title);
  });
});
