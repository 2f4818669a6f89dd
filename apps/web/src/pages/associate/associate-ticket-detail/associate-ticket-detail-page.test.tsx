import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import { signIn } from '../../../test/accounts';
import { installFakeApi, ok } from '../../../test/fake-api';
import { LINKED_PATH, makeLinkedTicket, TICKET_NO, unlinkConfirmed } from '../../../test/linked';
import { ORDER_NO } from '../../../test/orders';
import { renderRoutes } from '../../../test/render';
import AssociateTicketDetailPage from './associate-ticket-detail-page';

const routes = [
  { path: paths.associateTicketDetail, element: <AssociateTicketDetailPage /> },
  { path: paths.associateTicketList, element: <div data-testid="list-page" /> },
  { path: paths.ticketDetail, element: <div data-testid="ticket-detail-page" /> },
];
const at = `${paths.associateTicketDetail}?ticketNo=${TICKET_NO}`;

describe('associate-ticket detail', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('shows the ticket with its passenger and coupons, and opens its order', async () => {
    signIn();
    installFakeApi((call) => (call.path === LINKED_PATH.item ? ok(makeLinkedTicket()) : undefined));
    const { router } = renderRoutes(routes, at);
    expect((await screen.findByTestId('linked-ticket-no')).textContent).toBe(TICKET_NO);
    expect(screen.getByTestId('linked-ticket-status').textContent).toBe('Issued');
    expect(screen.getByTestId('linked-ticket-passenger').textContent).toBe('SOK DARA · Adult');
    expect(screen.getByTestId('linked-coupon-1').textContent).toContain('WA101 KTI-BKK');
    fireEvent.click(screen.getByTestId('linked-open-order'));
    await screen.findByTestId('ticket-detail-page');
    expect(router.state.location.search).toBe(`?orderNo=${ORDER_NO}`);
  });

  test('unlinks after confirming, back to the list', async () => {
    signIn();
    const body = await unlinkConfirmed(makeLinkedTicket(), LINKED_PATH.unlinkTicket, () =>
      renderRoutes(routes, at),
    );
    expect(body).toEqual({ ticketNo: TICKET_NO });
  });
});
