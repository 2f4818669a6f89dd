import { ShoppingCartOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import type { ConsoleRoute } from '../../app/page-registry';
import { ORDER_READERS } from './order-roles';

const OrdersPage = lazy(() => import('./orders-page'));
const OrderPage = lazy(() => import('./order-page'));

/** Searching orders and an order's page (its actions show by role: order-roles.ts). */
export const routes: ConsoleRoute[] = [
  {
    path: 'orders',
    element: <OrdersPage />,
    roles: ORDER_READERS,
    menu: { labelKey: 'menu.orders', icon: <ShoppingCartOutlined />, order: 10 },
  },
  { path: 'orders/:orderNo', element: <OrderPage />, roles: ORDER_READERS },
];
