import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { type OrderDetail, OrderPayStatus } from '@wings/contracts';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import { rememberOrderGrant, useOrderSession } from '../../../features/orders/order-session';
import { signIn } from '../../../test/accounts';
import { CHECK_IN, checkInLeg, checkInPassenger, checkInState } from '../../../test/check-in';
import { type FakeCall, installFakeApi, ok } from '../../../test/fake-api';
import {
  DETAIL_PATH,
  makeOrderDetail,
  ORDER_NO,
  orderDetailHandler,
  ticketsIssued,
} from '../../../test/orders';
import { renderRoutes } from '../../../test/render';
import TicketDetailPage from './ticket-detail-page';

const ITINERARY = '/api/travelsky/ibe/sendEItineraryByOrder';
const STATUS = `/api/travelsky/payment/status/${ORDER_NO}`;
const routes = [
  { path: paths.ticketDetail, element: <TicketDetailPage /> },
  { path: paths.paySelect, element: <div data-testid="pay-select-page" /> },
  { path: paths.searchTicket, element: <div data-testid="search-page" /> },
  { path: paths.amountDetail, element: <div data-testid="amount-page" /> },
  { path: paths.ticketPassengerDetail, element: <div data-testid="passenger-page" /> },
  { path: paths.checkIn, element: <div data-testid="check-in-page" /> },
];
const AT = `${paths.ticketDetail}?orderNo=${ORDER_NO}`;
const grant = () => rememberOrderGrant(ORDER_NO, 'grant-1', new Date(Date.now() + 3_600_000).toISOString());

type Reply = { status?: number; body: unknown } | undefined;

function api(detail: () => OrderDetail, more: (call: FakeCall) => Reply = () => undefined) {
  const orders = orderDetailHandler(detail);
  return installFakeApi((call) => more(call) ?? orders(call));
}

describe('ticket-detail', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  test('unpaid: legs at local times, PNR, status, the countdown and Pay, which opens pay-select', async () => {
    grant();
    const calls = api(() => makeOrderDetail());
    const { router } = renderRoutes(routes, AT);
    expect((await screen.findByTestId('order-status')).textContent).toBe('Unpaid');
    expect(screen.getByTestId('order-no').textContent).toBe(ORDER_NO);
    expect(screen.getByTestId('order-pnr').textContent).toBe('KXP4TN');
    expect(screen.getByTestId('order-leg-0-dep').textContent).toBe('08:30');
    expect(screen.getByTestId('order-leg-1-arr').textContent).toBe('19:25');
    expect(screen.getByTestId('ticket-countdown').textContent).toMatch(/^(19|20):\d\d$/);
    expect(screen.getByTestId('order-total').textContent).toBe('$1,234.56');
    expect(screen.getByTestId('ticket-pending-0').textContent).toBe('Ticket issued after payment');
    expect(screen.queryByTestId('send-itinerary')).toBeNull();
    expect(calls.find((c) => c.path === DETAIL_PATH)?.headers.orderToken).toBe('grant-1');
    // Nothing to confirm: the traveller did not just come back from a gateway.
    expect(calls.some((c) => c.path === STATUS)).toBe(false);

    fireEvent.click(screen.getByTestId('ticket-pay'));
    await screen.findByTestId('pay-select-page');
    expect(router.state.location.search).toBe(`?orderNo=${ORDER_NO}`);
  });

  test('paid: two passengers with their ticket numbers and statuses; each opens its passenger; the total opens the amounts', async () => {
    signIn();
    api(() => ticketsIssued(makeOrderDetail()));
    const { router } = renderRoutes(routes, AT);
    expect((await screen.findByTestId('order-status')).textContent).toBe('Paid');
    expect(screen.getByTestId('ticket-no-0').textContent).toBe('9991000000001');
    expect(screen.getByTestId('ticket-no-1').textContent).toBe('9991000000002');
    expect(screen.getByTestId('ticket-status-0').textContent).toBe('Issued');
    expect(screen.queryByTestId('ticket-pay')).toBeNull();
    expect(screen.queryByTestId('ticket-countdown')).toBeNull();

    fireEvent.click(screen.getByTestId('passenger-1'));
    await screen.findByTestId('passenger-page');
    expect(router.state.location.search).toBe(`?orderNo=${ORDER_NO}&seq=1`);
  });

  test('check-in: Check in on a leg whose window is open, when it opens on the other; Checked in, Flown, No-show by the ticket', async () => {
    signIn();
    const order = ticketsIssued(makeOrderDetail());
    const withStates: OrderDetail = {
      ...order,
      passengers: order.passengers.map((p, i) => ({
        ...p,
        ticket: p.ticket && {
          ...p.ticket,
          coupons: p.ticket.coupons.map((c) => ({
            ...c,
            checkIn:
              c.legSeq === 0 ? (i === 0 ? 'flown' : 'no_show') : i === 0 ? 'checked_in' : 'not_checked_in',
          })),
        },
      })),
    };
    const out = checkInLeg({ state: 'flown', phase: 'closed', canCheckIn: false });
    const back = (state: 'checked_in' | 'not_checked_in') =>
      checkInLeg({
        legSeq: 1,
        flightNo: 'WA102',
        depCode: 'BKK',
        arrCode: 'KTI',
        state,
        canCheckIn: state === 'not_checked_in',
        canCancel: state === 'checked_in',
        closesAtLocal: '2026-12-08T17:00:00+07:00',
      });
    api(
      () => withStates,
      (call) =>
        call.path === `${CHECK_IN}/queryCheckIn`
          ? ok(
              checkInState([
                checkInPassenger(0, [out, back('checked_in')]),
                checkInPassenger(1, [{ ...out, state: 'no_show' }, back('not_checked_in')]),
              ]),
            )
          : undefined,
    );
    const { router } = renderRoutes(routes, AT);
    expect((await screen.findByTestId('ticket-check-in-0')).textContent).toBe(
      'KTI-BKK FlownBKK-KTI Checked in',
    );
    expect(screen.getByTestId('ticket-check-in-1').textContent).toBe('KTI-BKK No-show');
    const card = await screen.findByTestId('check-in-card');
    expect(card.textContent).toContain('WA102 BKK → KTI');
    expect(screen.queryByTestId('check-in-open-0')).toBeNull();
    expect(screen.getByTestId('check-in-leg-1').textContent).toContain('Check-in closes 08 Dec 2026 17:00');
    expect(screen.getByTestId('boarding-passes-open')).toBeTruthy();
    fireEvent.click(screen.getByTestId('check-in-open-1'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.checkIn));
    expect(router.state.location.search).toBe(`?orderNo=${ORDER_NO}&leg=1`);
  });

  test('the total links to the amount detail', async () => {
    signIn();
    api(() => makeOrderDetail());
    const { router } = renderRoutes(routes, AT);
    fireEvent.click(await screen.findByTestId('amount-detail-link'));
    await screen.findByTestId('amount-page');
    expect(router.state.location.search).toBe(`?orderNo=${ORDER_NO}`);
  });

  test('a canceled order tells the traveller where their late payment went: refunding, then refunded', async () => {
    grant();
    let detail = makeOrderDetail({
      status: OrderPayStatus.canceled,
      refunds: [
        {
          amount: { amount: 123456, currency: 'USD' },
          status: 'pending',
          reason: 'seats_gone',
          requestedAt: '2026-12-01T03:00:00.000Z',
          refundedAt: null,
        },
      ],
    });
    api(() => detail);
    const { client } = renderRoutes(routes, AT);
    const pending = await screen.findByTestId('order-refund-0');
    expect(pending.getAttribute('data-status')).toBe('pending');
    expect(pending.textContent).toContain('Your payment of $1,234.56 is being refunded');
    expect(pending.textContent).toContain('its seats had been taken by other travellers');
    expect(screen.getByTestId('order-canceled')).toBeTruthy();
    expect(screen.queryByTestId('ticket-pay')).toBeNull();

    detail = {
      ...detail,
      refunds: [{ ...detail.refunds[0]!, status: 'succeeded', refundedAt: '2026-12-01T03:05:00.000Z' }],
    };
    await act(() => client.invalidateQueries());
    await waitFor(() =>
      expect(screen.getByTestId('order-refund-0').getAttribute('data-status')).toBe('succeeded'),
    );
    expect(screen.getByTestId('order-refund-0').textContent).toContain(
      '$1,234.56 was refunded on 01 Dec 2026',
    );
  });

  test('a second payment of a paid order is shown as going back; a refund that failed says customer service will call', async () => {
    grant();
    const refund = {
      amount: { amount: 123456, currency: 'USD' as const },
      reason: 'duplicate_payment',
      requestedAt: '2026-12-01T03:00:00.000Z',
      refundedAt: null,
    };
    api(() => ticketsIssued(makeOrderDetail({ refunds: [{ ...refund, status: 'failed' }] })));
    renderRoutes(routes, AT);
    const failed = await screen.findByTestId('order-refund-0');
    expect(failed.className).toContain('booking-alert-error');
    expect(failed.textContent).toContain('Customer service will contact you');
    expect(failed.textContent).toContain('the second payment goes back to you');
  });

  test('payResult=fail: book.pay_fail with a retry that goes back to pay-select', async () => {
    grant();
    api(() => makeOrderDetail());
    const { router } = renderRoutes(routes, `${AT}&payResult=fail`);
    expect((await screen.findByTestId('pay-fail')).textContent).toContain(
      'The payment failed or something went wrong. Please try again.',
    );
    expect(screen.queryByTestId('ticket-pay')).toBeNull();
    fireEvent.click(screen.getByTestId('pay-retry'));
    await screen.findByTestId('pay-select-page');
    expect(router.state.location.pathname).toBe(paths.paySelect);
  });

  test('back from the gateway while unpaid: confirms the payment every 2 s and shows the tickets once issued', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    grant();
    useOrderSession.getState().markPayStarted(ORDER_NO);
    let polls = 0;
    let order = makeOrderDetail();
    const calls = api(
      () => order,
      (call) => {
        if (call.path !== STATUS) return undefined;
        polls += 1;
        if (polls >= 2) order = ticketsIssued(makeOrderDetail());
        return ok({
          status: polls >= 2 ? OrderPayStatus.paid : OrderPayStatus.un_paid,
          paymentStatus: polls >= 2 ? 'succeeded' : 'pending',
          ticketsIssued: polls >= 2 ? 2 : 0,
        });
      },
    );
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('pay-confirming')).textContent).toBe('Confirming your payment…');
    expect(screen.queryByTestId('ticket-pay')).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(2_100);
    });
    await waitFor(() => expect(screen.getByTestId('ticket-no-1').textContent).toBe('9991000000002'));
    expect(screen.getByTestId('order-status').textContent).toBe('Paid');
    expect(screen.queryByTestId('pay-confirming')).toBeNull();
    expect(calls.filter((c) => c.path === STATUS).every((c) => c.headers.orderToken === 'grant-1')).toBe(
      true,
    );
    // Paid: the payment is no longer "just started", and the polling stops.
    expect(useOrderSession.getState().payStarted[ORDER_NO]).toBeUndefined();
    const asked = polls;
    await act(async () => {
      vi.advanceTimersByTime(6_000);
    });
    expect(polls).toBe(asked);
  });

  test('confirming gives up after a minute with a refresh, without asking again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    grant();
    useOrderSession.getState().markPayStarted(ORDER_NO);
    let polls = 0;
    api(
      () => makeOrderDetail(),
      (call) => {
        if (call.path !== STATUS) return undefined;
        polls += 1;
        return ok({ status: OrderPayStatus.un_paid, paymentStatus: 'pending', ticketsIssued: 0 });
      },
    );
    renderRoutes(routes, AT);
    await screen.findByTestId('pay-confirming');
    for (let s = 0; s < 61; s++) {
      await act(async () => {
        vi.advanceTimersByTime(1_000);
      });
    }
    expect(await screen.findByTestId('pay-confirm-slow')).toBeTruthy();
    // Every 2 s for a minute: about 30 asks.
    expect(polls).toBeGreaterThanOrEqual(25);
    expect(polls).toBeLessThanOrEqual(32);
    const asked = polls;
    await act(async () => {
      vi.advanceTimersByTime(10_000);
    });
    expect(polls).toBe(asked);
    fireEvent.click(screen.getByTestId('pay-confirm-refresh'));
    expect(await screen.findByTestId('pay-confirming')).toBeTruthy();
  });

  test('send e-itinerary: the masked address it went to', async () => {
    signIn();
    const calls = api(
      () => ticketsIssued(makeOrderDetail()),
      (call) => (call.path === ITINERARY ? ok({ sentTo: 'd***@example.com' }) : undefined),
    );
    renderRoutes(routes, AT);
    fireEvent.click(await screen.findByTestId('send-itinerary'));
    expect((await screen.findByTestId('itinerary-sent')).textContent).toBe(
      'E-itinerary sent to d***@example.com',
    );
    expect(calls.find((c) => c.path === ITINERARY)?.body).toEqual({ orderNo: ORDER_NO });
  });

  test('send e-itinerary: 608 says to pay first, 606 is a system error', async () => {
    signIn();
    let code = '608';
    api(
      () => ticketsIssued(makeOrderDetail()),
      (call) =>
        call.path === ITINERARY ? { body: { code, message: 'server text', data: null } } : undefined,
    );
    renderRoutes(routes, AT);
    fireEvent.click(await screen.findByTestId('send-itinerary'));
    expect((await screen.findByTestId('itinerary-error')).textContent).toBe('Please pay the order first.');
    code = '606';
    fireEvent.click(screen.getByTestId('send-itinerary'));
    await waitFor(() =>
      expect(screen.getByTestId('itinerary-error').textContent).toBe(
        'The system is running poorly. Please try again later.',
      ),
    );
    expect(screen.queryByText('server text')).toBeNull();
  });

  test('a guest without a grant is offered the order look-up instead of an error', async () => {
    const calls = installFakeApi();
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('order-no-access')).textContent).toContain('Find your order');
    expect(calls.some((c) => c.path === DETAIL_PATH)).toBe(false);
    fireEvent.click(screen.getByTestId('order-find'));
    await screen.findByTestId('search-page');
  });

  test('a grant the server refuses (CAS912) also leads to the look-up, without a toast', async () => {
    grant();
    installFakeApi((call) =>
      call.path === DETAIL_PATH
        ? { body: { code: 'CAS912', message: 'The order does not exist.', data: null } }
        : undefined,
    );
    renderRoutes(routes, AT);
    expect((await screen.findByTestId('order-no-access')).textContent).toContain('The order does not exist.');
    expect(screen.getAllByText('The order does not exist.')).toHaveLength(1);
  });
});
