import { DollarOutlined, PercentageOutlined, ReconciliationOutlined } from '@ant-design/icons';
import type { StaffRole } from '@wings/contracts';
import { lazy } from 'react';
import type { ConsoleRoute } from '../../app/page-registry';

const FaresPage = lazy(() => import('./fares-page'));
const TaxesPage = lazy(() => import('./taxes-page'));
const PromosPage = lazy(() => import('./promos-page'));

/** Who reads fares, taxes and promo codes; admins change them (the API checks every call). */
const READERS: StaffRole[] = ['admin', 'finance', 'auditor'];

/** Fares, taxes and promo codes. */
export const routes: ConsoleRoute[] = [
  {
    path: 'fares',
    element: <FaresPage />,
    roles: READERS,
    menu: { labelKey: 'menu.fares', icon: <DollarOutlined />, order: 50 },
  },
  {
    path: 'fares/taxes',
    element: <TaxesPage />,
    roles: READERS,
    menu: { labelKey: 'menu.taxes', icon: <ReconciliationOutlined />, order: 51 },
  },
  {
    path: 'fares/promos',
    element: <PromosPage />,
    roles: READERS,
    menu: { labelKey: 'menu.promos', icon: <PercentageOutlined />, order: 52 },
  },
];
