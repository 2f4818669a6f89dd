import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import { orderGrantFor, rememberOrderGrant } from '../../../features/orders/order-session';
import { installFakeApi, ok } from '../../../test/fake-api';
import {
  DETAIL_PATH,
  limitedOrderDetail,
  makeOrderDetail,
  makeOrderSummary,
  ORDER_NO,
  orderDetailHandler,
  ticketsIssued,
} from '../../../test/orders';
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

const UPGRADE = '/api/travelsky/ibe/upgradeOrderAccess';

describe('ticket passenger-detail, found by PNR + surname (limited view)', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('shows the name and e-ticket but no personal details, and shows them all after a passenger’s document number', async () => {
    rememberOrderGrant(ORDER_NO, 'limited-grant', new Date(Date.now() + 3_600_000).toISOString());
    const calls = installFakeApi((call) => {
      if (call.path === DETAIL_PATH) {
        return ok(
          call.headers.orderToken === 'full-grant' ? ticketsIssued(makeOrderDetail()) : limitedOrderDetail(),
        );
      }
      if (call.path !== UPGRADE) return undefined;
      if ((call.body as { docNumber: string }).docNumber !== 'E1234567') {
        const message = 'No passenger of this order has this document number.';
        return {
          status: 400,
          body: {
            code: '400',
            message,
            data: { fields: [{ field: 'docNumber', key: 'order_document_mismatch', message }] },
          },
        };
      }
      return ok({
        ...makeOrderSummary(),
        accessToken: 'full-grant',
        accessTokenExpiresAt: new Date(Date.now() + 2 * 3_600_000).toISOString(),
        accessScope: 'full',
      });
    });
    renderRoutes(routes, `${paths.ticketPassengerDetail}?orderNo=${ORDER_NO}&seq=0`);

    // What the traveller needs: the name and the e-ticket.
    expect((await screen.findByTestId('pax-name')).textContent).toContain('SOK DARA');
    expect(screen.getByTestId('pax-ticket-no').textContent).toBe('9991000000001');
    // Nothing personal, and why, with the way to see it.
    for (const id of ['pax-birthday', 'pax-doc', 'pax-doc-expiry', 'pax-email', 'pax-phone']) {
      expect(screen.queryByTestId(id)).toBeNull();
    }
    expect(screen.getByTestId('pax-detail').textContent).not.toMatch(/Nationality|Date of birth|Cambodia/);
    expect(screen.getByTestId('pax-unlock-why').textContent).toContain('found by PNR and surname');
    expect(screen.getByTestId('pax-unlock').textContent).toContain(
      'Enter the document number of one passenger to see all details',
    );

    // An empty number is refused on the page, without a call.
    fireEvent.click(screen.getByTestId('pax-unlock-submit'));
    expect((await screen.findByTestId('field-error-docNumber')).textContent).toBe(
      'Enter the document number.',
    );
    expect(calls.filter((c) => c.path === UPGRADE)).toHaveLength(0);

    // A number no passenger carries: the server's message on the field.
    fireEvent.change(screen.getByTestId('pax-unlock-doc'), { target: { value: 'x0000000' } });
    fireEvent.click(screen.getByTestId('pax-unlock-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('field-error-docNumber').textContent).toBe(
        'No passenger of this order has this document number.',
      ),
    );

    // The right one: the upgrade carries the limited grant, and the page shows everything.
    fireEvent.change(screen.getByTestId('pax-unlock-doc'), { target: { value: ' e1234567 ' } });
    fireEvent.click(screen.getByTestId('pax-unlock-submit'));
    expect((await screen.findByTestId('pax-birthday')).textContent).toBe('12 Apr 1990');
    const upgrades = calls.filter((c) => c.path === UPGRADE);
    expect(upgrades.at(-1)?.body).toEqual({ orderNo: ORDER_NO, docNumber: 'E1234567' });
    expect(upgrades.at(-1)?.headers.orderToken).toBe('limited-grant');
    expect(screen.getByTestId('pax-doc').textContent).toBe('****4567');
    expect(screen.queryByTestId('pax-unlock')).toBeNull();
    expect(orderGrantFor(ORDER_NO)).toBe('full-grant');
  });
});
