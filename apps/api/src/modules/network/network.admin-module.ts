import fp from 'fastify-plugin';
import type { ModuleOptions } from '../../platform/module';
import { networkAdminRoutes } from './network.admin-routes';
import { createNetworkAdmin } from './network.admin-service';

/**
 * The network's staff calls (issue 13), a plugin of their own: a retime or a cancellation writes
 * the orders' history and cancels unpaid orders through booking, which is itself built on the
 * network, so these calls are registered after booking (app.ts) and name what they use.
 */
export const networkAdminModule = fp<ModuleOptions>(
  async (app, { platform }) => {
    const admin = createNetworkAdmin({
      db: platform.db,
      now: platform.now,
      inventory: app.inventory,
      cancelUnpaid: (orderId, actor) => app.booking.cancelUnpaid(orderId, actor),
      searchChanges: app.searchChanges,
      mailer: platform.mailer,
      audit: platform.audit,
      log: platform.log,
    });
    app.layers.add('staff', networkAdminRoutes(admin));
  },
  {
    name: 'network-admin',
    dependencies: ['layers', 'network', 'inventory', 'shopping', 'booking'],
    fastify: '5.x',
  },
);
