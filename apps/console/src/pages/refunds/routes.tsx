import { RollbackOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import type { ConsoleRoute } from '../../app/page-registry';
import { REFUND_QUEUE_READERS } from './refund-roles';

const RefundQueuePage = lazy(() => import('./refund-queue-page'));
const RefundPage = lazy(() => import('./refund-page'));

/** Online refund requests (issue 15): the audit queue and one request (approve, reject by role). */
export const routes: ConsoleRoute[] = [
  {
    path: 'refunds',
    element: <RefundQueuePage />,
    roles: REFUND_QUEUE_READERS,
    menu: { labelKey: 'menu.refunds', icon: <RollbackOutlined />, order: 12 },
  },
  { path: 'refunds/:refundNo', element: <RefundPage />, roles: REFUND_QUEUE_READERS },
];
