import { defineModule, type ModuleOptions } from '../../platform/module';
import { itineraryAdminRoutes } from './itinerary.admin-routes';
import { itineraryRoutes } from './itinerary.routes';

/** The itinerary module: the e-itinerary PDF and its mail, for an order booking lets the caller read. */
export const itineraryModule = defineModule<ModuleOptions>(
  'itinerary',
  ['network', 'booking', 'secondary-services'],
  async (app, { platform }) => {
    app.layers.add(
      'main',
      itineraryRoutes({
        db: platform.db,
        now: platform.now,
        grantKeys: platform.keys.orderGrant,
        network: app.network,
        orders: app.orders,
      }),
    );
    // The staff console mails it again for a traveller (agents, admins).
    app.layers.add(
      'staff',
      itineraryAdminRoutes({
        db: platform.db,
        now: platform.now,
        network: app.network,
        orders: app.orders,
        audit: platform.audit,
      }),
    );
  },
);
