import { ApartmentOutlined, ScheduleOutlined } from '@ant-design/icons';
import type { StaffRole } from '@wings/contracts';
import { lazy } from 'react';
import type { ConsoleRoute } from '../../app/page-registry';

const FlightsPage = lazy(() => import('./flights-page'));
const FlightPage = lazy(() => import('./flight-page'));
const NetworkPage = lazy(() => import('./network-page'));

/** Who reads the network and the flights' load (the API allows the same; only admin changes). */
const READERS: readonly StaffRole[] = ['admin', 'agent', 'finance', 'auditor'];

/** Dated flights with their load and an admin's changes, and the network's lists. */
export const routes: ConsoleRoute[] = [
  {
    path: 'flights',
    element: <FlightsPage />,
    roles: READERS,
    menu: { labelKey: 'menu.flights', icon: <ScheduleOutlined />, order: 30 },
  },
  { path: 'flights/:id', element: <FlightPage />, roles: READERS },
  {
    path: 'network',
    element: <NetworkPage />,
    roles: READERS,
    menu: { labelKey: 'menu.network', icon: <ApartmentOutlined />, order: 40 },
  },
];
