import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import { signIn } from '../../../test/accounts';
import { installFakeApi, ok } from '../../../test/fake-api';
import { LINKED_PATH, makeLinkedOrder, refused, unlinkConfirmed } from '../../../test/linked';
import { ORDER_NO } from '../../../test/orders';
import { renderRoutes } from '../../../test/render';
import AssociateOrderDetailPage from './associate-order-detail-page';

const routes = [
  { path: paths.associateOrderDetail, element: <AssociateOrderDetailPage /> },
  { path: paths.associateOrderList, element: <div data-testid="list-page" /> },
  { path: paths.ticketDetail, element: <div data-testid="ticket-detail-page" /> },
];
const at = `${paths.associateOrderDetail}?orderNo=${ORDER_NO}`;

describe('associate-order detail', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('shows the linked order and opens the order itself', async () => {
    signIn();
    const calls = installFakeApi((call) =>
      call.path === LINKED_PATH.item ? ok(makeLinkedOrder()) : undefined,
    );
    const { router } = renderRoutes(routes, at);
    expect((await screen.findByTestId('linked-order-no')).textContent).toBe(ORDER_NO);
    expect(screen.getByTestId('linked-order-passenger').textContent).toBe('SOK DARA');
    expect(calls.find((c) => c.path === LINKED_PATH.item)?.body).toEqual({ associatedNo: ORDER_NO });
    fireEvent.click(screen.getByTestId('linked-open-order'));
    await screen.findByTestId('ticket-detail-page');
    expect(router.state.location.search).toBe(`?orderNo=${ORDER_NO}`);
  });

  test('unlinks after confirming, back to the list', async () => {
    signIn();
    const body = await unlinkConfirmed(makeLinkedOrder(), LINKED_PATH.unlinkOrder, () =>
      renderRoutes(routes, at),
    );
    expect(body).toEqual({ orderNo: ORDER_NO });
  });

  test('an order not linked to this account reads as such', async () => {
    signIn();
    installFakeApi((call) =>
      call.path === LINKED_PATH.item
        ? refused('694', 'This order or ticket is not linked to your account.')
        : undefined,
    );
    renderRoutes(routes, at);
    expect((await screen.findByTestId('linked-not-found')).textContent).toContain(
      'This is not linked to your account',
    );
  });
});
