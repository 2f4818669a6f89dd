import { fireEvent, screen } from '@testing-library/react';
import { ErrorCodes } from '@wings/contracts';
import { useLocation } from 'react-router';
import { describe, expect, test } from 'vitest';
import { setLanguage } from '../../../app/i18n';
import { paths } from '../../../app/paths';
import { routeMetaOf } from '../../../app/route-meta';
import { rememberOrderGrant } from '../../../features/orders/order-session';
import { signIn } from '../../../test/accounts';
import { installFakeApi } from '../../../test/fake-api';
import { ORDER_NO } from '../../../test/orders';
import { renderRoutes } from '../../../test/render';
import { CB, CHANGE_NO, changedView, changeView, ok, rescheduledHandler } from '../../../test/rescheduled';
import RescheduledDetailPage from './rescheduled-detail-page';

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{`${loc.pathname}${loc.search}`}</div>;
}

const routes = [
  { path: paths.rescheduledDetail, element: <RescheduledDetailPage /> },
  { path: paths.paySelect, element: <Where /> },
  { path: paths.ticketDetail, element: <Where /> },
  { path: paths.searchTicket, element: <Where /> },
];
const DETAIL = `${CB}/changeTicketInfo/queryChangeOrderDetail/${CHANGE_NO}`;
const AT = `${paths.rescheduledDetail}?changeNo=${CHANGE_NO}&orderNo=${ORDER_NO}`;
const grant = () => rememberOrderGrant(ORDER_NO, 'grant-1', new Date(Date.now() + 3_600_000).toISOString());

describe('rescheduled-detail (one change order)', () => {
  test('open to a guest holding the order grant (not login-only)', () => {
    expect(routeMetaOf(paths.rescheduledDetail).requiresLogin).toBeFalsy();
  });

  test('waiting for its payment: the state and what it means, legs old → new, tickets, costs, totals, add-ons, reason; Pay', async () => {
    signIn();
    const calls = installFakeApi(rescheduledHandler({ detail: () => ok(changeView()) }));
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('change-status')).textContent).toBe('Awaiting payment');
    expect(screen.getByTestId('change-status-desc').textContent).toMatch(
      /^The change is confirmed\. Pay by /,
    );
    expect(screen.getByTestId('change-no').textContent).toBe(CHANGE_NO);
    expect(screen.getByTestId('change-order-no').textContent).toBe(ORDER_NO);
    expect(screen.getByTestId('change-leg-0-old').textContent).toContain(
      'WA101 12 Dec 2026 08:30 KTI → 09:55 BKK',
    );
    expect(screen.getByTestId('change-leg-0-new').textContent).toContain(
      'WA101 14 Dec 2026 08:30 KTI → 09:55 BKK',
    );
    expect(screen.getByTestId('change-pax-old-0').textContent).toBe('9991000000001');
    expect(screen.getByTestId('change-pax-new-0').textContent).toBe('Issued once the change is complete');
    expect(screen.getByTestId('change-line-0-0').textContent).toContain('Change fee$50.00');
    expect(screen.getByTestId('change-line-0-0').textContent).toContain('Fare difference$20.00');
    expect(screen.getByTestId('change-line-0-0').textContent).toContain('Subtotal$70.00');
    expect(screen.getByTestId('change-fee').textContent).toBe('$100.00');
    expect(screen.getByTestId('change-original').textContent).toBe('$680.00');
    expect(screen.getByTestId('change-difference').textContent).toBe('$20.00');
    expect(screen.getByTestId('change-amount').textContent).toBe('$120.00');
    expect(screen.getByTestId('change-service-0').textContent).toBe(
      'SOK/DARA: Seat 12C: choose a seat of the same kind again on the new flight.',
    );
    expect(screen.getByTestId('change-reason-text').textContent).toBe('My plans changed');
    expect(calls.find((c) => c.path === DETAIL)).toBeTruthy();

    fireEvent.click(screen.getByTestId('change-pay'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.paySelect}?orderNo=${ORDER_NO}&changeNo=${CHANGE_NO}`,
    );
  });

  test("changed: the new tickets, no payment; View tickets opens the original order's detail", async () => {
    signIn();
    installFakeApi(rescheduledHandler({ detail: () => ok(changedView()) }));
    renderRoutes(routes, `${paths.rescheduledDetail}?changeNo=${CHANGE_NO}`);
    expect((await screen.findByTestId('change-status')).textContent).toBe('Changed');
    expect(screen.getByTestId('change-pax-new-1').textContent).toBe('9991000000011');
    expect(screen.queryByTestId('change-pay')).toBeNull();
    fireEvent.click(screen.getByTestId('change-view-tickets'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `${paths.ticketDetail}?orderNo=${ORDER_NO}`,
    );
  });

  test('a free move after a disruption says so', async () => {
    signIn();
    installFakeApi(
      rescheduledHandler({
        detail: () =>
          ok(
            changedView({
              kind: 'disruption',
              reasonCode: 'flight_disrupted',
              fee: { amount: 0, currency: 'USD' },
            }),
          ),
      }),
    );
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('change-kind')).textContent).toContain('no fee or fare difference');
  });

  test("a guest opens it with the order's grant", async () => {
    grant();
    const calls = installFakeApi(rescheduledHandler({ detail: () => ok(changeView()) }));
    renderRoutes(routes, AT);
    await screen.findByTestId('change-status');
    expect(calls.find((c) => c.path === DETAIL)?.headers.orderToken).toBe('grant-1');
  });

  test('a guest without a grant is offered the order look-up, and nothing is asked', async () => {
    const calls = installFakeApi(rescheduledHandler({ detail: () => ok(changeView()) }));
    renderRoutes(routes, AT);
    fireEvent.click(await screen.findByTestId('rescheduled-find'));
    expect((await screen.findByTestId('where')).textContent).toBe(paths.searchTicket);
    expect(calls.some((c) => c.path === DETAIL)).toBe(false);
  });

  test('no such change for this traveller: said in place', async () => {
    signIn();
    installFakeApi(
      rescheduledHandler({
        detail: () => ({
          body: { code: ErrorCodes.changeNotFound.code, message: 'No such change order.', data: null },
        }),
      }),
    );
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('rescheduled-load-failed')).textContent).toContain(
      'No such change order.',
    );
  });

  test.each([
    ['zh', '待支付', '改期手续费'],
    ['km', 'រង់ចាំការទូទាត់', 'ថ្លៃសេវាប្ដូរ'],
  ] as const)('in %s', async (lang, unpaid, fee) => {
    await setLanguage(lang);
    signIn();
    installFakeApi(rescheduledHandler({ detail: () => ok(changeView()) }));
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('change-status')).textContent).toBe(unpaid);
    expect(screen.getByTestId('change-line-0-0').textContent).toContain(fee);
  });
});
