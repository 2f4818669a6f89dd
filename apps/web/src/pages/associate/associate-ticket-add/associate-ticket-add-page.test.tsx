import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import { signIn } from '../../../test/accounts';
import { type FakeCall, installFakeApi, ok } from '../../../test/fake-api';
import { LINKED_PATH, makeLinkedTicket, refused, TICKET_NO } from '../../../test/linked';
import { renderRoutes } from '../../../test/render';
import AssociateTicketAddPage from './associate-ticket-add-page';

const routes = [
  { path: paths.associateTicketAdd, element: <AssociateTicketAddPage /> },
  { path: paths.associateTicketDetail, element: <div data-testid="detail-page" /> },
];
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
const binds = (calls: FakeCall[]) => calls.filter((c) => c.path === LINKED_PATH.bindTicket);

describe('associate-ticket add', () => {
  afterEach(() => vi.unstubAllGlobals());

  test("checks the number's format with the airline's code, as the API does, before asking it", async () => {
    signIn();
    const calls = installFakeApi();
    renderRoutes(routes, paths.associateTicketAdd);
    fireEvent.click(screen.getByTestId('link-submit'));
    expect((await screen.findByTestId('field-error-ticketNo')).textContent).toBe('Enter the ticket number.');
    expect(screen.getByTestId('field-error-passengerName').textContent).toBe('Enter the passenger’s name.');
    type('link-ticket-no', '12345');
    await waitFor(() =>
      expect(screen.getByTestId('field-error-ticketNo').textContent).toBe(
        'The ticket number format is incorrect: it has 13 digits and starts with the airline’s code.',
      ),
    );
    // 13 digits of another airline (the settings say 881).
    type('link-ticket-no', '7812345678901');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/booking/settings')).toBe(true));
    await waitFor(() =>
      expect(screen.getByTestId('field-error-ticketNo').textContent).toContain('format is incorrect'),
    );
    type('link-ticket-no', '881-2345678901');
    await waitFor(() => expect(screen.queryByTestId('field-error-ticketNo')?.textContent ?? '').toBe(''));
    expect(binds(calls)).toHaveLength(0);
  });

  test('links the ticket and opens its detail', async () => {
    signIn();
    const calls = installFakeApi((call) =>
      call.path === LINKED_PATH.bindTicket ? ok({ created: true, link: makeLinkedTicket() }) : undefined,
    );
    const { router } = renderRoutes(routes, paths.associateTicketAdd);
    type('link-ticket-no', '881 2345678901');
    type('link-passenger-name', ' SOK/DARA ');
    fireEvent.click(screen.getByTestId('link-submit'));
    await screen.findByTestId('detail-page');
    expect(binds(calls)[0]?.body).toEqual({ ticketNo: TICKET_NO, passengerName: 'SOK/DARA' });
    expect(router.state.location.search).toBe(`?ticketNo=${TICKET_NO}`);
  });

  test('a refunded or unknown ticket: the message beside the form, with what was typed kept', async () => {
    signIn();
    installFakeApi((call) =>
      call.path === LINKED_PATH.bindTicket
        ? refused(
            '691',
            'The ticket has been refunded or cannot be found. Check the ticket number and the passenger’s name.',
          )
        : undefined,
    );
    renderRoutes(routes, paths.associateTicketAdd);
    type('link-ticket-no', TICKET_NO);
    type('link-passenger-name', 'Sok Dara');
    fireEvent.click(screen.getByTestId('link-submit'));
    expect((await screen.findByTestId('link-refused')).textContent).toContain('refunded or cannot be found');
    expect((screen.getByTestId('link-ticket-no') as HTMLInputElement).value).toBe(TICKET_NO);
    expect((screen.getByTestId('link-passenger-name') as HTMLInputElement).value).toBe('Sok Dara');
  });
});
