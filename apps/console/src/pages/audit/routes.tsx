import { AuditOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import type { ConsoleRoute } from '../../app/page-registry';

const AuditPage = lazy(() => import('./audit-page'));

/** The audit log: who changed what, for admins and auditors. */
export const routes: ConsoleRoute[] = [
  {
    path: 'audit',
    element: <AuditPage />,
    roles: ['admin', 'auditor'],
    menu: { labelKey: 'menu', icon: <AuditOutlined />, order: 850 },
  },
];
