import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import { signIn } from '../../../test/accounts';
import { installFakeApi, ok } from '../../../test/fake-api';
import { LINKED_PATH, makeLinkedTicket, TICKET_NO } from '../../../test/linked';
import { renderRoutes } from '../../../test/render';
import { useLinkedTickets } from '../api/get-linked-tickets';
import { LinkedListView } from './linked-list-view';

function List() {
  const list = useLinkedTickets();
  return (
    <LinkedListView
      testId="list"
      title="Linked tickets"
      intro="Tickets you linked."
      actions={[{ testId: 'go-add', label: 'Link a ticket', to: paths.associateTicketAdd, look: 'primary' }]}
      list={list}
      items={list.data?.tickets ?? []}
      listTestId="things"
      emptyTitle="Nothing linked"
      renderItem={(k) => <li key={k.ticketNo}>{k.ticketNo}</li>}
    />
  );
}

const routes = [
  { path: paths.associateTicketList, element: <List /> },
  { path: paths.associateTicketAdd, element: <div data-testid="add-page" /> },
];

describe('LinkedListView', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('a failed read says so and retries; the list then shows with its count', async () => {
    signIn();
    let reads = 0;
    installFakeApi((call) => {
      if (call.path !== LINKED_PATH.tickets) return undefined;
      reads += 1;
      return reads === 1
        ? { status: 500, body: { code: '500', message: 'The system is running poorly.', data: null } }
        : ok({ tickets: [makeLinkedTicket()], max: 50 });
    });
    renderRoutes(routes, paths.associateTicketList);
    fireEvent.click((await screen.findByTestId('things-error')).querySelector('button')!);
    expect((await screen.findByTestId('things')).textContent).toBe(TICKET_NO);
    expect(screen.getByText('1 of at most 50 linked')).toBeTruthy();
  });

  test('none yet: the empty state under the intro, whose actions go on', async () => {
    signIn();
    installFakeApi((call) => (call.path === LINKED_PATH.tickets ? ok({ tickets: [], max: 50 }) : undefined));
    renderRoutes(routes, paths.associateTicketList);
    expect((await screen.findByTestId('things-empty')).textContent).toContain('Nothing linked');
    expect(screen.getByText('Tickets you linked.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('go-add'));
    await screen.findByTestId('add-page');
  });
});
