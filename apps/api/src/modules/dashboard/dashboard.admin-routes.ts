import { envelope, type StaffRole, ZAdminDashboard } from '@wings/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import type { Dashboard } from './dashboard.service';

/** Who sees the dashboard (issue 13): everyone but the content editors. */
export const DASHBOARD_READERS: readonly StaffRole[] = ['admin', 'agent', 'finance', 'auditor'];

/** The staff console's dashboard call under `/api/admin` (docs/api.md, "Staff console: dashboard"). */
export function dashboardAdminRoutes(dashboard: Dashboard): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dashboard',
      {
        config: { roles: DASHBOARD_READERS },
        schema: {
          tags: ['staff: dashboard'],
          summary:
            "Today's and this month's bookings, revenue, payment success, load factor, refunds waiting",
          description:
            "admin, agent, finance, auditor. Days and months are the hub's (HUB_TIME_ZONE); money in minor units per currency.",
          response: { 200: envelope(ZAdminDashboard) },
        },
      },
      async () => ok(await dashboard.figures()),
    );
  };
}
