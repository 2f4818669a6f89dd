import { TeamOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import type { ConsoleRoute } from '../../app/page-registry';

const StaffPage = lazy(() => import('./staff-page'));

/** Staff accounts: admins manage them, auditors read them. */
export const routes: ConsoleRoute[] = [
  {
    path: 'staff',
    element: <StaffPage />,
    roles: ['admin', 'auditor'],
    menu: { labelKey: 'menu', icon: <TeamOutlined />, order: 800 },
  },
];
