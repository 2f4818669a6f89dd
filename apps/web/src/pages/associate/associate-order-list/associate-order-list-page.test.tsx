import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../app/paths';
import { signIn } from '../../../test/accounts';
import { installFakeApi, ok } from '../../../test/fake-api';
import { LINKED_PATH, makeLinkedOrder } from '../../../test/linked';
import { ORDER_NO } from '../../../test/orders';
import { renderRoutes } from '../../../test/render';
import AssociateOrderListPage from './associate-order-list-page';

const routes = [
  { path: paths.associateOrderList, element: <AssociateOrderListPage /> },
  { path: paths.associateOrderDetail, element: <div data-testid="detail-page" /> },
  { path: paths.associateOrderAdd, element: <div data-testid="add-page" /> },
];

describe('associate-order list', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('lists the linked orders with their trip, status, PNR and passenger, each opening its detail', async () => {
    signIn();
    installFakeApi((call) =>
      call.path === LINKED_PATH.orders ? ok({ orders: [makeLinkedOrder()], max: 50 }) : undefined,
    );
    const { router } = renderRoutes(routes, paths.associateOrderList);
    const card = await screen.findByTestId('linked-order-0');
    expect(card.textContent).toContain('KXP4TN');
    expect(card.textContent).toContain('SOK DARA');
    expect(card.textContent).toContain('Paid');
    expect(screen.getByText('1 of at most 50 linked')).toBeTruthy();
    fireEvent.click(card);
    await screen.findByTestId('detail-page');
    expect(router.state.location.search).toBe(`?orderNo=${ORDER_NO}`);
  });

  test('none linked: says so and offers to link one', async () => {
    signIn();
    installFakeApi((call) => (call.path === LINKED_PATH.orders ? ok({ orders: [], max: 50 }) : undefined));
    renderRoutes(routes, paths.associateOrderList);
    expect((await screen.findByTestId('linked-orders-empty')).textContent).toContain('No linked orders yet');
    fireEvent.click(screen.getByTestId('linked-order-add'));
    await screen.findByTestId('add-page');
  });
});
