import { DashboardOutlined } from '@ant-design/icons';
import type { StaffRole } from '@wings/contracts';
import { lazy } from 'react';
import type { ConsoleRoute } from '../../app/page-registry';

const DashboardPage = lazy(() => import('./dashboard-page'));

/** Who sees the dashboard (the API allows the same): everyone but the content editors. */
const READERS: readonly StaffRole[] = ['admin', 'agent', 'finance', 'auditor'];

/**
 * The dashboard: first in the menu, so it is the console's start page for the roles that see it
 * (the shell opens a member's first menu entry).
 */
export const routes: ConsoleRoute[] = [
  {
    path: 'dashboard',
    element: <DashboardPage />,
    roles: READERS,
    menu: { labelKey: 'menu', icon: <DashboardOutlined />, order: 0 },
  },
];
