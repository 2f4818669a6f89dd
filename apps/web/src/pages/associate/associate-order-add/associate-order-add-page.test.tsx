import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import { signIn } from '../../../test/accounts';
import { type FakeCall, installFakeApi, ok } from '../../../test/fake-api';
import { LINKED_PATH, makeLinkedOrder, refused } from '../../../test/linked';
import { ORDER_NO } from '../../../test/orders';
import { renderRoutes } from '../../../test/render';
import AssociateOrderAddPage from './associate-order-add-page';

const routes = [
  { path: paths.associateOrderAdd, element: <AssociateOrderAddPage /> },
  { path: paths.associateOrderDetail, element: <div data-testid="detail-page" /> },
];
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
const inserts = (calls: FakeCall[]) => calls.filter((c) => c.path === LINKED_PATH.insert);

describe('associate-order add', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('PNR and surname are required and checked before asking the server', async () => {
    signIn();
    const calls = installFakeApi();
    renderRoutes(routes, paths.associateOrderAdd);
    fireEvent.click(screen.getByTestId('link-submit'));
    expect((await screen.findByTestId('field-error-pnr')).textContent).toBe('Enter the PNR.');
    expect(screen.getByTestId('field-error-surname').textContent).toBe('Enter the passenger’s surname.');
    type('link-pnr', 'KXP4');
    await waitFor(() =>
      expect(screen.getByTestId('field-error-pnr').textContent).toBe('The PNR has 6 letters and digits.'),
    );
    expect(inserts(calls)).toHaveLength(0);
  });

  test('links the order and opens its detail', async () => {
    signIn();
    const calls = installFakeApi((call) =>
      call.path === LINKED_PATH.insert ? ok({ created: true, link: makeLinkedOrder() }) : undefined,
    );
    const { router } = renderRoutes(routes, paths.associateOrderAdd);
    type('link-pnr', 'kxp4tn');
    type('link-surname', ' Sok ');
    fireEvent.click(screen.getByTestId('link-submit'));
    await screen.findByTestId('detail-page');
    expect(inserts(calls)[0]?.body).toEqual({ pnr: 'KXP4TN', surname: 'Sok' });
    expect(router.state.location.search).toBe(`?orderNo=${ORDER_NO}`);
  });

  test('no order matches: the message beside the form, with what was typed kept', async () => {
    signIn();
    installFakeApi((call) =>
      call.path === LINKED_PATH.insert
        ? refused('692', 'No order matches. Check the PNR and the passenger’s surname.')
        : undefined,
    );
    const { router } = renderRoutes(routes, paths.associateOrderAdd);
    type('link-pnr', 'ZZZZZZ');
    type('link-surname', 'Smith');
    fireEvent.click(screen.getByTestId('link-submit'));
    expect((await screen.findByTestId('link-refused')).textContent).toBe(
      'No order matches. Check the PNR and the passenger’s surname.',
    );
    expect(router.state.location.pathname).toBe(paths.associateOrderAdd);
    expect((screen.getByTestId('link-pnr') as HTMLInputElement).value).toBe('ZZZZZZ');
    expect((screen.getByTestId('link-surname') as HTMLInputElement).value).toBe('Smith');
  });
});
