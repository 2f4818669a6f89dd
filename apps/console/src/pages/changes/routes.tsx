import { CalendarOutlined, WarningOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import type { ConsoleRoute } from '../../app/page-registry';
import { CHANGE_READERS, DISRUPTION_READERS } from './change-roles';

const ChangeOrdersPage = lazy(() => import('./change-orders-page'));
const ChangeOrderPage = lazy(() => import('./change-order-page'));
const DisruptionsPage = lazy(() => import('./disruptions-page'));
const DisruptionPage = lazy(() => import('./disruption-page'));

/** Changes of date (issue 16): change orders, and the flights the airline retimed or canceled with what each passenger chose. */
export const routes: ConsoleRoute[] = [
  {
    path: 'changes',
    element: <ChangeOrdersPage />,
    roles: CHANGE_READERS,
    menu: { labelKey: 'menu.changes', icon: <CalendarOutlined />, order: 13 },
  },
  {
    path: 'changes/disruptions',
    element: <DisruptionsPage />,
    roles: DISRUPTION_READERS,
    menu: { labelKey: 'menu.disruptions', icon: <WarningOutlined />, order: 31 },
  },
  { path: 'changes/disruptions/:flightId', element: <DisruptionPage />, roles: DISRUPTION_READERS },
  { path: 'changes/:changeNo', element: <ChangeOrderPage />, roles: CHANGE_READERS },
];
