import { LayoutOutlined } from '@ant-design/icons';
import type { StaffRole } from '@wings/contracts';
import { lazy } from 'react';
import type { ConsoleRoute } from '../../app/page-registry';

const SeatMapsPage = lazy(() => import('./seat-maps-page'));

/** Who reads seat maps (the API's SEATING_READERS): admin, agent and auditor. */
const READERS: readonly StaffRole[] = ['admin', 'agent', 'auditor'];

/** Aircraft seat maps and a dated flight's taken seats (issue 14). */
export const routes: ConsoleRoute[] = [
  {
    path: 'seat-maps',
    element: <SeatMapsPage />,
    roles: READERS,
    menu: { labelKey: 'menu', icon: <LayoutOutlined />, order: 45 },
  },
];
