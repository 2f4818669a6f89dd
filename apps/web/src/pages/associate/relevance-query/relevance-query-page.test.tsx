import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import { signIn } from '../../../test/accounts';
import { type FakeCall, installFakeApi, ok } from '../../../test/fake-api';
import { LINKED_PATH, makeTicketMatch, refused, TICKET_NO } from '../../../test/linked';
import { renderRoutes } from '../../../test/render';
import RelevanceDetailPage from '../relevance-detail/relevance-detail-page';
import RelevanceListPage from '../relevance-list/relevance-list-page';
import RelevanceQueryPage from './relevance-query-page';

const routes = [
  { path: paths.relevanceQuery, element: <RelevanceQueryPage /> },
  { path: paths.relevanceList, element: <RelevanceListPage /> },
  { path: paths.relevanceDetail, element: <RelevanceDetailPage /> },
];
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('relevance-query', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('finds a ticket by number and name and lists what matched, linking nothing', async () => {
    signIn();
    const calls: FakeCall[] = installFakeApi((call) =>
      call.path === LINKED_PATH.find ? ok({ matches: [makeTicketMatch()] }) : undefined,
    );
    renderRoutes(routes, paths.relevanceQuery);
    type('link-ticket-no', TICKET_NO);
    type('link-passenger-name', 'Dara Sok');
    fireEvent.click(screen.getByTestId('find-submit'));
    expect((await screen.findByTestId('relevance-match-0')).textContent).toContain(TICKET_NO);
    expect(calls.find((c) => c.path === LINKED_PATH.find)?.body).toEqual({
      ticketNo: TICKET_NO,
      passengerName: 'Dara Sok',
    });
    expect(calls.some((c) => c.path === LINKED_PATH.bindTicket)).toBe(false);
  });

  test('a number of the wrong format from the server (690): said beside the form', async () => {
    signIn();
    installFakeApi((call) =>
      call.path === LINKED_PATH.find
        ? refused(
            '690',
            'The ticket number format is incorrect: it has 13 digits and starts with the airline’s code.',
          )
        : undefined,
    );
    renderRoutes(routes, paths.relevanceQuery);
    type('link-ticket-no', TICKET_NO);
    type('link-passenger-name', 'Dara Sok');
    fireEvent.click(screen.getByTestId('find-submit'));
    expect((await screen.findByTestId('link-refused')).textContent).toContain('format is incorrect');
    expect((screen.getByTestId('link-ticket-no') as HTMLInputElement).value).toBe(TICKET_NO);
  });
});
