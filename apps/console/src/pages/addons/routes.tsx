import { ShoppingOutlined } from '@ant-design/icons';
import type { StaffRole } from '@wings/contracts';
import { lazy } from 'react';
import type { ConsoleRoute } from '../../app/page-registry';

const AddonsPage = lazy(() => import('./addons-page'));

/** Who reads the add-on catalogue; admins change it (the API checks every call). */
const READERS: StaffRole[] = ['admin', 'agent', 'finance', 'auditor'];

/** The add-on catalogue (issue 14): baggage steps, priority boarding, seat prices, refundable upgrade. */
export const routes: ConsoleRoute[] = [
  {
    path: 'addons',
    element: <AddonsPage />,
    roles: READERS,
    menu: { labelKey: 'menu.addons', icon: <ShoppingOutlined />, order: 55 },
  },
];
