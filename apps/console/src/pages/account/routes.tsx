import { UserOutlined } from '@ant-design/icons';
import { STAFF_ROLES } from '@wings/contracts';
import { lazy } from 'react';
import type { ConsoleRoute } from '../../app/page-registry';

const AccountPage = lazy(() => import('./account-page'));

/** My account: every member changes their own password and language. */
export const routes: ConsoleRoute[] = [
  {
    path: 'account',
    element: <AccountPage />,
    roles: STAFF_ROLES,
    menu: { labelKey: 'menu', icon: <UserOutlined />, order: 900 },
  },
];
