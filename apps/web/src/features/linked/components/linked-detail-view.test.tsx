import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import { signIn } from '../../../test/accounts';
import { installFakeApi, ok } from '../../../test/fake-api';
import { LINKED_PATH, makeLinkedTicket, TICKET_NO } from '../../../test/linked';
import { renderRoutes } from '../../../test/render';
import { useUnlinkTicket } from '../api/unlink-ticket';
import { LinkedDetailView } from './linked-detail-view';

function Detail({ ticketNo }: { ticketNo: string }) {
  const unlink = useUnlinkTicket();
  return (
    <LinkedDetailView
      testId="detail"
      title="Linked ticket"
      kind="ticket"
      associatedNo={ticketNo}
      listPath={paths.associateTicketList}
      listTitle="Linked tickets"
      unlink={unlink}
      confirm={{ title: 'Unlink this ticket?', content: `Unlink ${ticketNo}?` }}
    >
      {(ticket, actions) => (
        <section data-testid="drawn">
          {ticket.ticketNo}
          {actions}
        </section>
      )}
    </LinkedDetailView>
  );
}

const routesFor = (ticketNo: string) => [
  { path: paths.associateTicketDetail, element: <Detail ticketNo={ticketNo} /> },
  { path: paths.associateTicketList, element: <div data-testid="list-page" /> },
];
const failed = { status: 500, body: { code: '500', message: 'The system is running poorly.', data: null } };

describe('LinkedDetailView', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('a refused unlink dialog keeps the link and the page', async () => {
    signIn();
    const calls = installFakeApi((call) =>
      call.path === LINKED_PATH.item ? ok(makeLinkedTicket()) : undefined,
    );
    renderRoutes(routesFor(TICKET_NO), paths.associateTicketDetail);
    expect((await screen.findByTestId('drawn')).textContent).toContain(TICKET_NO);
    fireEvent.click(screen.getByTestId('linked-unlink'));
    expect(await screen.findByText(`Unlink ${TICKET_NO}?`)).toBeTruthy();
    fireEvent.click(
      await screen.findByText('Cancel', { selector: '.adm-dialog-button *, .adm-dialog-button' }),
    );
    await vi.waitFor(() => expect(screen.queryByText(`Unlink ${TICKET_NO}?`)).toBeNull());
    expect(screen.getByTestId('detail')).toBeTruthy();
    expect(calls.some((c) => c.path === LINKED_PATH.unlinkTicket)).toBe(false);
  });

  test('a failed read offers a retry, which draws the link', async () => {
    signIn();
    let reads = 0;
    installFakeApi((call) => {
      if (call.path !== LINKED_PATH.item) return undefined;
      reads += 1;
      return reads === 1 ? failed : ok(makeLinkedTicket());
    });
    renderRoutes(routesFor(TICKET_NO), paths.associateTicketDetail);
    fireEvent.click(await screen.findByText('Try again'));
    expect((await screen.findByTestId('drawn')).textContent).toContain(TICKET_NO);
  });

  test('without a number nothing is read: not linked, with the way back to the list', async () => {
    signIn();
    const calls = installFakeApi();
    renderRoutes(routesFor(''), paths.associateTicketDetail);
    fireEvent.click((await screen.findByTestId('linked-not-found')).querySelector('button')!);
    await screen.findByTestId('list-page');
    expect(calls.some((c) => c.path === LINKED_PATH.item)).toBe(false);
  });
});
