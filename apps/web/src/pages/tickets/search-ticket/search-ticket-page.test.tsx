import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import { orderGrantFor } from '../../../features/orders/order-session';
import { type FakeCall, installFakeApi, ok } from '../../../test/fake-api';
import { DETAIL_PATH, makeOrderDetail, makeOrderSummary, ORDER_NO } from '../../../test/orders';
import { renderRoutes } from '../../../test/render';
import SearchTicketResultPage from '../search-ticket-result/search-ticket-result-page';
import TicketDetailPage from '../ticket-detail/ticket-detail-page';
import SearchTicketPage from './search-ticket-page';

const LOOKUP = '/api/travelsky/ibe/queryOrderByOrderNo';
const routes = [
  { path: paths.searchTicket, element: <SearchTicketPage /> },
  { path: paths.searchTicketResult, element: <SearchTicketResultPage /> },
  { path: paths.ticketDetail, element: <TicketDetailPage /> },
];

const found = {
  ...makeOrderSummary(),
  accessToken: 'lookup-grant',
  accessTokenExpiresAt: new Date(Date.now() + 2 * 3_600_000).toISOString(),
};

/** The look-up's grant is full for order number + document, limited for PNR + surname (as the API answers). */
const lookedUp = (call: FakeCall) =>
  ok({ ...found, accessScope: 'orderNo' in (call.body as object) ? 'full' : 'limited' });

function api(lookup: (call: FakeCall) => { body: unknown } = lookedUp) {
  return installFakeApi((call) => {
    if (call.path === LOOKUP) return lookup(call);
    if (call.path === DETAIL_PATH) {
      return call.headers.orderToken === 'lookup-grant'
        ? ok(makeOrderDetail())
        : { body: { code: 'CAS912', message: 'The order does not exist.', data: null } };
    }
    return undefined;
  });
}

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
const lookups = (calls: FakeCall[]) => calls.filter((c) => c.path === LOOKUP);

describe('search-ticket', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('says which field is missing or malformed, in each mode, before asking the server', async () => {
    const calls = api();
    renderRoutes(routes, paths.searchTicket);
    fireEvent.click(screen.getByTestId('search-submit'));
    expect((await screen.findByTestId('field-error-orderNo')).textContent).toBe('Enter the order number.');
    expect(screen.getByTestId('field-error-docNumber').textContent).toBe('Enter the document number.');
    type('search-order-no', 'W26-12');
    await waitFor(() =>
      expect(screen.getByTestId('field-error-orderNo').textContent).toBe(
        'The order number has letters and digits only, e.g. W260314583920.',
      ),
    );

    fireEvent.click(screen.getByTestId('search-mode-pnr'));
    fireEvent.click(screen.getByTestId('search-submit'));
    expect((await screen.findByTestId('field-error-pnr')).textContent).toBe('Enter the PNR.');
    expect(screen.getByTestId('field-error-surname').textContent).toBe('Enter the passenger’s surname.');
    type('search-pnr', 'KXP4');
    type('search-surname', 'Sok3');
    await waitFor(() =>
      expect(screen.getByTestId('field-error-pnr').textContent).toBe('The PNR has 6 letters and digits.'),
    );
    expect(screen.getByTestId('field-error-surname').textContent).toBe(
      'Write the surname in English letters (pinyin for Chinese names).',
    );
    expect(lookups(calls)).toHaveLength(0);

    // What was typed in the other mode is kept.
    fireEvent.click(screen.getByTestId('search-mode-order'));
    expect((screen.getByTestId('search-order-no') as HTMLInputElement).value).toBe('W26-12');
  });

  test('order number + document: the result, then the detail read with the look-up grant', async () => {
    const calls = api();
    const { router } = renderRoutes(routes, paths.searchTicket);
    type('search-order-no', ` ${ORDER_NO.toLowerCase()} `);
    type('search-doc-no', 'n1234567');
    fireEvent.click(screen.getByTestId('search-submit'));
    expect((await screen.findByTestId('search-result-order-no')).textContent).toBe(ORDER_NO);
    expect(screen.getByTestId('search-result-status').textContent).toBe('Unpaid');
    expect(screen.getByTestId('search-result-total').textContent).toBe('$1,234.56');
    expect(lookups(calls)[0]?.body).toEqual({ orderNo: ORDER_NO, docNumber: 'N1234567' });
    expect(orderGrantFor(ORDER_NO)).toBe('lookup-grant');

    fireEvent.click(screen.getByTestId('search-result-open'));
    expect((await screen.findByTestId('order-pnr')).textContent).toBe('KXP4TN');
    expect(router.state.location.search).toBe(`?orderNo=${ORDER_NO}`);
    expect(calls.find((c) => c.path === DETAIL_PATH)?.headers.orderToken).toBe('lookup-grant');
  });

  test('PNR + surname', async () => {
    const calls = api();
    renderRoutes(routes, paths.searchTicket);
    fireEvent.click(screen.getByTestId('search-mode-pnr'));
    type('search-pnr', 'kxp4tn');
    type('search-surname', ' Sok ');
    fireEvent.click(screen.getByTestId('search-submit'));
    await screen.findByTestId('search-result');
    expect(lookups(calls)[0]?.body).toEqual({ pnr: 'KXP4TN', surname: 'Sok' });
  });

  test('CAS912: the order-does-not-exist message next to the form, with what was typed kept', async () => {
    api(() => ({ body: { code: 'CAS912', message: 'The order does not exist.', data: null } }));
    const { router } = renderRoutes(routes, paths.searchTicket);
    fireEvent.click(screen.getByTestId('search-mode-pnr'));
    type('search-pnr', 'ZZZZZZ');
    type('search-surname', 'Smith');
    fireEvent.click(screen.getByTestId('search-submit'));
    expect((await screen.findByTestId('search-not-found')).textContent).toContain(
      'The order does not exist.',
    );
    expect(router.state.location.pathname).toBe(paths.searchTicket);
    expect((screen.getByTestId('search-pnr') as HTMLInputElement).value).toBe('ZZZZZZ');
    expect(orderGrantFor('ZZZZZZ')).toBeNull();
  });

  test('the result page without a search offers to search again', async () => {
    installFakeApi();
    renderRoutes(routes, paths.searchTicketResult);
    expect(await screen.findByTestId('search-result-empty')).toBeTruthy();
  });
});
