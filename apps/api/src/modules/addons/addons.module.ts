import { defineModule, type ModuleOptions } from '../../platform/module';
import { addonsAdminRoutes } from './addons.admin-routes';
import { createAddonsRepository } from './addons.repository';
import { addonsRoutes } from './addons.routes';
import { type AddonsService, createAddonsService } from './addons.service';
import { createAddonsAdminService } from './addons-admin.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The add-on catalogue's prices: seating prices its seat map and booking prices add-ons through it. */
    addons: AddonsService;
  }
}

/**
 * The add-ons module (issue 14): the catalogue of add-on prices per route and cabin (baggage
 * steps, priority boarding, seat types, the Enhanced Refundable Ticket upgrade), the traveller's
 * price lists of an offer, and the console's catalogue screens. Built from network (zones and
 * routes) and pricing (offers). Decorates `app.addons`.
 */
export const addonsModule = defineModule<ModuleOptions>(
  'addons',
  ['network', 'pricing'],
  async (app, { platform }) => {
    const repo = createAddonsRepository(platform.db);
    const addons = createAddonsService({ repo, offers: app.pricing, network: app.network });
    app.decorate('addons', addons);
    app.layers.add('main', addonsRoutes(addons));
    app.layers.add(
      'staff',
      addonsAdminRoutes(
        createAddonsAdminService({ repo, now: platform.now, network: app.network, audit: platform.audit }),
      ),
    );
  },
);
