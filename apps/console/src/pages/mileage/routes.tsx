import { AuditOutlined, PercentageOutlined, TableOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import type { ConsoleRoute } from '../../app/page-registry';
import { MILEAGE_READERS } from './mileage-roles';

const ClaimsPage = lazy(() => import('./claims-page'));
const EarnRatesPage = lazy(() => import('./earn-rates-page'));
const AwardChartPage = lazy(() => import('./award-chart-page'));
const MemberMileagePage = lazy(() => import('./member-mileage-page'));

/**
 * The mileage programme (issue 18): the claim queue, the earn-rate table and the award chart in
 * the menu (orders 18-20, after the member entries, sharing the "Mileage ·" prefix), and one
 * member's miles and ledger, opened from the member page.
 */
export const routes: ConsoleRoute[] = [
  {
    path: 'mileage/claims',
    element: <ClaimsPage />,
    roles: MILEAGE_READERS,
    menu: { labelKey: 'menu.claims', icon: <AuditOutlined />, order: 18 },
  },
  {
    path: 'mileage/earn-rates',
    element: <EarnRatesPage />,
    roles: MILEAGE_READERS,
    menu: { labelKey: 'menu.earnRates', icon: <PercentageOutlined />, order: 19 },
  },
  {
    path: 'mileage/award-chart',
    element: <AwardChartPage />,
    roles: MILEAGE_READERS,
    menu: { labelKey: 'menu.awardChart', icon: <TableOutlined />, order: 20 },
  },
  { path: 'members/:memberId/mileage', element: <MemberMileagePage />, roles: MILEAGE_READERS },
];
