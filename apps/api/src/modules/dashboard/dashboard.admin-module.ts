import fp from 'fastify-plugin';
import type { ModuleOptions } from '../../platform/module';
import { dashboardAdminRoutes } from './dashboard.admin-routes';
import { createDashboard } from './dashboard.service';

/**
 * The staff dashboard (issue 13), a plugin of its own: its figures belong to booking, payments
 * and inventory, each read through its module's public functions, so it is registered after them
 * (app.ts) and owns no data.
 */
export const dashboardAdminModule = fp<ModuleOptions>(
  async (app, { platform }) => {
    const dashboard = createDashboard({ db: platform.db, now: platform.now, hubZone: app.network.hubZone });
    app.layers.add('staff', dashboardAdminRoutes(dashboard));
  },
  {
    name: 'dashboard-admin',
    dependencies: ['layers', 'network', 'inventory', 'booking', 'payments'],
    fastify: '5.x',
  },
);
