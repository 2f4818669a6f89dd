import { SettingOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import type { ConsoleRoute } from '../../app/page-registry';

const SettingsPage = lazy(() => import('./settings-page'));

/** The airline's settings (the customer-service contact): admins change them, auditors read them. */
export const routes: ConsoleRoute[] = [
  {
    path: 'settings',
    element: <SettingsPage />,
    roles: ['admin', 'auditor'],
    menu: { labelKey: 'menu', icon: <SettingOutlined />, order: 820 },
  },
];
