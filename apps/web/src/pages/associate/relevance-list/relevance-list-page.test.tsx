import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import { AppProviders, createQueryClient } from '../../../app/providers';
import type { RelevanceState } from '../../../features/linked/ticket-form';
import { signIn } from '../../../test/accounts';
import { installFakeApi } from '../../../test/fake-api';
import { makeTicketMatch, TICKET_NO } from '../../../test/linked';
import { renderRoutes } from '../../../test/render';
import RelevanceListPage from './relevance-list-page';

function DetailProbe() {
  return <div data-testid="detail-page" />;
}
const routes = [
  { path: paths.relevanceList, element: <RelevanceListPage /> },
  { path: paths.relevanceDetail, element: <DetailProbe /> },
  { path: paths.relevanceQuery, element: <div data-testid="query-page" /> },
];

describe('relevance-list', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('lists the matches handed by the search, each opening its detail with the query', async () => {
    signIn();
    installFakeApi();
    const state: RelevanceState = {
      query: { ticketNo: TICKET_NO, passengerName: 'Dara Sok' },
      matches: [makeTicketMatch()],
    };
    const router = createMemoryRouter(routes, { initialEntries: [{ pathname: paths.relevanceList, state }] });
    render(
      <AppProviders client={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    const match = await screen.findByTestId('relevance-match-0');
    expect(match.textContent).toContain('SOK DARA');
    fireEvent.click(match);
    await screen.findByTestId('detail-page');
    expect(router.state.location.state).toEqual(state);
  });

  test('opened without a search: offers one', async () => {
    signIn();
    installFakeApi();
    renderRoutes(routes, paths.relevanceList);
    fireEvent.click((await screen.findByTestId('relevance-empty')).querySelector('button')!);
    await screen.findByTestId('query-page');
  });
});
