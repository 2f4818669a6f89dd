import { defineModule, type ModuleOptions } from '../../platform/module';
import { itineraryAdminRoutes } from './itinerary.admin-routes';
import { itineraryRoutes, itineraryServiceFor } from './itinerary.routes';

/** What other modules may ask of the itinerary (issue 16: a change of date mails it again). */
export interface ItineraryMailing {
  /**
   * Mails the order's itinerary to its contact again after `reason` (best effort, after the
   * caller's commit: logs a failure, never throws).
   */
  resendItinerary(orderNo: string, reason: 'rescheduled'): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The itinerary mailed again on the system's initiative (a change of date). */
    itinerary: ItineraryMailing;
  }
}

/** The itinerary module: the e-itinerary PDF and its mail, for an order booking lets the caller read. */
export const itineraryModule = defineModule<ModuleOptions>(
  'itinerary',
  ['network', 'booking', 'secondary-services'],
  async (app, { platform }) => {
    const mailing = itineraryServiceFor(app, {
      db: platform.db,
      now: platform.now,
      network: app.network,
      orders: app.orders,
    });
    app.decorate('itinerary', {
      resendItinerary: (orderNo: string, reason: 'rescheduled') => mailing.resend(orderNo, reason),
    } satisfies ItineraryMailing);
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
