import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import { signIn } from '../../../test/accounts';
import { installFakeApi, ok } from '../../../test/fake-api';
import { LINKED_PATH, makeLinkedTicket, TICKET_NO } from '../../../test/linked';
import { renderRoutes } from '../../../test/render';
import AssociateTicketListPage from './associate-ticket-list-page';

const routes = [
  { path: paths.associateTicketList, element: <AssociateTicketListPage /> },
  { path: paths.associateTicketDetail, element: <div data-testid="detail-page" /> },
  { path: paths.relevanceQuery, element: <div data-testid="query-page" /> },
];

describe('associate-ticket list', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('lists the linked tickets as they are now, each opening its detail', async () => {
    signIn();
    installFakeApi((call) =>
      call.path === LINKED_PATH.tickets
        ? ok({
            tickets: [makeLinkedTicket(), makeLinkedTicket({ ticketNo: '8812345678902', ticketStatus: 1 })],
            max: 50,
          })
        : undefined,
    );
    const { router } = renderRoutes(routes, paths.associateTicketList);
    expect((await screen.findByTestId('linked-ticket-0')).textContent).toContain(TICKET_NO);
    expect(screen.getByTestId('linked-ticket-0').textContent).toContain('Issued');
    expect(screen.getByTestId('linked-ticket-1').textContent).toContain('Refunded');
    fireEvent.click(screen.getByTestId('linked-ticket-0'));
    await screen.findByTestId('detail-page');
    expect(router.state.location.search).toBe(`?ticketNo=${TICKET_NO}`);
  });

  test('none linked: says so and offers to find a ticket', async () => {
    signIn();
    installFakeApi((call) => (call.path === LINKED_PATH.tickets ? ok({ tickets: [], max: 50 }) : undefined));
    renderRoutes(routes, paths.associateTicketList);
    expect((await screen.findByTestId('linked-tickets-empty')).textContent).toContain(
      'No linked tickets yet',
    );
    fireEvent.click(screen.getByTestId('linked-find-ticket'));
    await screen.findByTestId('query-page');
  });
});
