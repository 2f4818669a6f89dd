import fp from 'fastify-plugin';
import type { ModuleOptions } from '../../platform/module';
import { routesWithFares } from '../pricing';
import { networkAdminRoutes } from './network.admin-routes';
import { createNetworkAdmin } from './network.admin-service';
import { createNetworkEdits } from './network.edits';

/**
 * The network's staff calls (issue 13), a plugin of their own: a retime or a cancellation writes
 * the orders' history and cancels unpaid orders through booking, which is itself built on the
 * network, so these calls are registered after booking (app.ts) and name what they use. An
 * admin's changes to airports, routes and schedule lines (network.edits.ts) live here too.
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
      appUrl: platform.baseUrl,
    });
    const edits = createNetworkEdits({
      db: platform.db,
      now: platform.now,
      hubZone: app.network.hubZone,
      inventory: app.inventory,
      routesWithFares,
      searchChanges: app.searchChanges,
      audit: platform.audit,
    });
    // An airport or route change is announced as `all`: every process then reads the network
    // again (its facts are cached for a minute, network.service.ts).
    app.searchChanges.subscribe((change) => {
      if (change === 'all') app.network.forget();
    });
    app.layers.add('staff', networkAdminRoutes(admin, edits));
  },
  {
    name: 'network-admin',
    dependencies: ['layers', 'network', 'inventory', 'shopping', 'pricing', 'booking'],
    fastify: '5.x',
  },
);
