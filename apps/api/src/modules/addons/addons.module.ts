import { defineModule, type ModuleOptions } from '../../platform/module';
import { addonsAdminRoutes } from './addons.admin-routes';
import { createAddonsRepository } from './addons.repository';
import { addonsRoutes } from './addons.routes';
import { type AddonsService, createAddonsService } from './addons.service';
import { createAddonsAdminService } from './addons-admin.service';
import { ADDON_CHANGES_CHANNEL, SeatPriceCache } from './seat-price-cache';

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
    const service = createAddonsService({ repo, offers: app.pricing, network: app.network });
    // Seat maps read the same prices over and over: kept a minute per process, dropped in every
    // process when staff change the catalogue (seat-price-cache.ts).
    const seatPriceCache = new SeatPriceCache((route, cabin, at) => service.seatPrices(route, cabin, at));
    const addons: AddonsService = {
      ...service,
      seatPrices: (route, cabin, at) => seatPriceCache.seatPrices(route, cabin, at),
    };
    platform.notifications.listen(ADDON_CHANGES_CHANNEL, {
      onMessage: () => seatPriceCache.drop(),
      onListening: (again) => {
        if (again) seatPriceCache.drop();
      },
    });
    app.decorate('addons', addons);
    app.layers.add('main', addonsRoutes(addons));

    const admin = createAddonsAdminService({
      repo,
      now: platform.now,
      network: app.network,
      audit: platform.audit,
    });
    /** After a change's commit: every process (this one at once) forgets its seat prices. */
    const announced =
      <A extends unknown[], R>(change: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        const result = await change(...args);
        seatPriceCache.drop();
        try {
          await platform.notifications.notify(platform.db, ADDON_CHANGES_CHANNEL, 'catalogue');
        } catch (err) {
          // Committed already: other processes catch up within the cache's minute.
          platform.log.warn({ err }, 'add-ons: the catalogue change could not be announced');
        }
        return result;
      };
    app.layers.add(
      'staff',
      addonsAdminRoutes({
        ...admin,
        create: announced(admin.create),
        update: announced(admin.update),
        disable: announced(admin.disable),
      }),
    );
  },
);
