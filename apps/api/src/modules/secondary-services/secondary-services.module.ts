import fp from 'fastify-plugin';
import { defineModule, type ModuleOptions } from '../../platform/module';
import type { PayableOwner } from '../payments';
import { createAddonPayableOwner } from './addon-payable';
import { secondaryServicesAdminRoutes } from './secondary-services.admin-routes';
import { registerSecondaryServicesJobs } from './secondary-services.jobs';
import { secondaryServicesRoutes } from './secondary-services.routes';
import { SecondaryServices } from './secondary-services.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The owner of payables of kind `addon`: app.ts hands it to the payments module. */
    addonPayables: PayableOwner;
    /** Add-ons bought after ticketing: the traveller's calls, the expiry, a ticket's add-ons refunded. */
    secondaryServices: SecondaryServices;
  }
}

/** The module's settings: the airline's ticketing code (config.tickets), the first digits of EMD numbers. */
export interface SecondaryServicesSettings {
  airlineCode: string;
}

/**
 * The secondary-services module, part one (issue 14): the owner of `addon` payables, which
 * payments is built with (app.ts registers this before payments, as booking's `order` owner).
 */
export const secondaryServicesModule = defineModule<ModuleOptions<SecondaryServicesSettings>>(
  'secondary-services',
  ['booking', 'seating', 'insurance'],
  async (app, { platform, config }) => {
    app.decorate(
      'addonPayables',
      createAddonPayableOwner({
        db: platform.db,
        seating: app.seating,
        insurance: app.insurance,
        airlineCode: config.airlineCode,
      }),
    );
  },
);

/**
 * Part two, after payments (its service pays and refunds add-on orders): the add-on service, its
 * traveller calls (main layer), the console's call (staff layer) and the expiry sweep. Decorates
 * `app.secondaryServices`.
 */
export const secondaryServicesCallsModule = fp<ModuleOptions<SecondaryServicesSettings>>(
  async (app, { platform, config }) => {
    const service = new SecondaryServices({
      db: platform.db,
      now: platform.now,
      zones: app.network,
      tickets: app.tickets,
      addons: app.addons,
      seating: app.seating,
      insurance: app.insurance,
      payments: app.payments,
      airlineCode: config.airlineCode,
    });
    app.decorate('secondaryServices', service);
    await registerSecondaryServicesJobs(platform.jobs, service, platform.log);
    app.layers.add(
      'main',
      secondaryServicesRoutes({ service, grantKeys: platform.keys.orderGrant, now: platform.now }),
    );
    app.layers.add('staff', secondaryServicesAdminRoutes(service));
  },
  {
    name: 'secondary-services-calls',
    dependencies: ['layers', 'secondary-services', 'network', 'tickets', 'addons', 'payments'],
    fastify: '5.x',
  },
);
