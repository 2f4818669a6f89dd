import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { StaffRole } from '@wings/contracts';
import { lazy } from 'react';
import type { ConsoleRoute } from '../../app/page-registry';

const InsurancePlansPage = lazy(() => import('./insurance-plans-page'));

/** Who reads insurance plans (agents sell them); admins change them (the API checks every call). */
const READERS: StaffRole[] = ['admin', 'agent', 'finance', 'auditor'];

/** Travel insurance plans (issue 14). */
export const routes: ConsoleRoute[] = [
  {
    path: 'insurance',
    element: <InsurancePlansPage />,
    roles: READERS,
    menu: { labelKey: 'menu.plans', icon: <SafetyCertificateOutlined />, order: 55 },
  },
];
