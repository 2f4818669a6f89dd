import { screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import { rememberOrderGrant } from '../../../features/orders/order-session';
import { installFakeApi } from '../../../test/fake-api';
import { makeOrderDetail, ORDER_NO, orderDetailHandler, ticketsIssued } from '../../../test/orders';
import { renderRoutes } from '../../../test/render';
import TicketPassengerDetailPage from './passenger-detail-page';

const routes = [{ path: paths.ticketPassengerDetail, element: <TicketPassengerDetailPage /> }];

describe('ticket passenger-detail', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('every field, masked where sensible, and the e-ticket with a coupon per leg', async () => {
    rememberOrderGrant(ORDER_NO, 'grant-1', new Date(Date.now() + 3_600_000).toISOString());
    installFakeApi(orderDetailHandler(() => ticketsIssued(makeOrderDetail())));
    renderRoutes(routes, `${paths.ticketPassengerDetail}?orderNo=${ORDER_NO}&seq=0`);
    expect((await screen.findByTestId('pax-name')).textContent).toContain('SOK DARA');
    expect(screen.getByTestId('pax-birthday').textContent).toBe('12 Apr 1990');
    expect(screen.getByTestId('pax-doc').textContent).toBe('****4567');
    expect(screen.getByTestId('pax-doc-expiry').textContent).toBe('31 Jan 2032');
    expect(screen.getByTestId('pax-email').textContent).toBe('d***@example.com');
    expect(screen.getByTestId('pax-phone').textContent).toBe('+855 12****78');
    expect(screen.getByTestId('pax-ticket-no').textContent).toBe('9991000000001');
    expect(screen.getByTestId('pax-ticket-status').textContent).toBe('Issued');
    expect(screen.getByTestId('coupon-1').textContent).toContain('KTI → BKK');
    expect(screen.getByTestId('coupon-usage-1').textContent).toBe('Used');
    expect(screen.getByTestId('coupon-usage-2').textContent).toBe('Unused');
  });

  test('a passenger without an e-mail or phone shows the placeholder', async () => {
    rememberOrderGrant(ORDER_NO, 'grant-1', new Date(Date.now() + 3_600_000).toISOString());
    installFakeApi(orderDetailHandler(() => makeOrderDetail()));
    renderRoutes(routes, `${paths.ticketPassengerDetail}?orderNo=${ORDER_NO}&seq=1`);
    expect((await screen.findByTestId('pax-email')).textContent).toBe('-');
    expect(screen.getByTestId('pax-phone').textContent).toBe('-');
    expect(screen.getByTestId('pax-no-ticket').textContent).toBe('Ticket issued after payment');
  });
});
