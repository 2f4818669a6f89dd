import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import { AppProviders, createQueryClient } from '../../../app/providers';
import type { RelevanceState } from '../../../features/linked/ticket-form';
import { signIn } from '../../../test/accounts';
import { type FakeCall, installFakeApi, ok } from '../../../test/fake-api';
import { LINKED_PATH, makeLinkedTicket, makeTicketMatch, TICKET_NO } from '../../../test/linked';
import RelevanceDetailPage from './relevance-detail-page';

const routes = [
  { path: paths.relevanceDetail, element: <RelevanceDetailPage /> },
  { path: paths.associateTicketDetail, element: <div data-testid="linked-detail-page" /> },
];
const query = { ticketNo: TICKET_NO, passengerName: 'Dara Sok' };

function open(state: RelevanceState) {
  const router = createMemoryRouter(routes, { initialEntries: [{ pathname: paths.relevanceDetail, state }] });
  render(
    <AppProviders client={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('relevance-detail', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('links the ticket found with the same number and name, then opens the linked ticket', async () => {
    signIn();
    const calls: FakeCall[] = installFakeApi((call) =>
      call.path === LINKED_PATH.bindTicket ? ok({ created: true, link: makeLinkedTicket() }) : undefined,
    );
    const router = open({ query, matches: [makeTicketMatch()] });
    expect((await screen.findByTestId('linked-ticket-no')).textContent).toBe(TICKET_NO);
    fireEvent.click(screen.getByTestId('relevance-bind'));
    await screen.findByTestId('linked-detail-page');
    expect(calls.find((c) => c.path === LINKED_PATH.bindTicket)?.body).toEqual(query);
    expect(router.state.location.search).toBe(`?ticketNo=${TICKET_NO}`);
  });

  test("a ticket of the traveller's own order has nothing to link", async () => {
    signIn();
    installFakeApi();
    open({ query, matches: [makeTicketMatch({ ownOrder: true })] });
    expect((await screen.findByTestId('relevance-own')).textContent).toBe(
      'This ticket is of your own order: it is already in your orders.',
    );
    expect(screen.queryByTestId('relevance-bind')).toBeNull();
  });
});
