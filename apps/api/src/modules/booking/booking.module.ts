import { defineModule, type ModuleOptions } from '../../platform/module';
import { createSavedPassengers } from '../accounts';
import type { PayableOwner } from '../payments';
import { bookingAdminRoutes } from './booking.admin-routes';
import type { BookingConfig } from './booking.config';
import { registerBookingJobs } from './booking.jobs';
import { bookingRoutes } from './booking.routes';
import { bookingSettingsRoutes } from './booking-settings.routes';
import { createBooking } from './index';
import { orderLinksRoutes } from './order-links.routes';
import { ordersRoutes } from './orders.routes';
import type { OrdersService } from './orders.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reading orders (look-up, grants, detail, the member's list): itinerary reads orders here. */
    orders: OrdersService;
    /** The owner of payables of kind `order`: app.ts hands it to the payments module. */
    orderPayables: PayableOwner;
  }
}

/** Booking's settings, with the two it reads from other slices (app.ts passes them). */
export interface BookingModuleSettings extends BookingConfig {
  /** The airline's ticketing code (config.tickets). */
  airlineCode: string;
  /** Unpaid orders say they will be charged 0.01 (config.payments, development only). */
  devPayOneCent: boolean;
}

/**
 * The booking module: the order and its status machine, its expiry and ticketing jobs, and its
 * calls. Decorates `app.booking` (the service), `app.ticketing`, `app.orders` and
 * `app.orderPayables`.
 */
export const bookingModule = defineModule<ModuleOptions<BookingModuleSettings>>(
  'booking',
  ['network', 'inventory', 'accounts', 'loyalty', 'pricing', 'tickets', 'addons', 'seating', 'insurance'],
  async (app, { platform, config }) => {
    const { db, now, log } = platform;
    const { airlineCode, devPayOneCent, ...settings } = config;
    const accounts = app.accounts;
    const savedPassengers = createSavedPassengers(db, now, app.network.hubZone);
    const booking = createBooking({
      db,
      now,
      jobs: platform.jobs,
      log,
      zones: app.network,
      pricing: app.pricing,
      inventory: app.inventory,
      accounts: {
        verifyCaptcha: (id, answer) => accounts.captchas.verify(id, answer),
        savedPassengers: (userId) => savedPassengers.list(userId, userId),
        // The account's member card on the member's own passenger (loyalty, issue 17).
        memberCard: (userId) => app.loyalty.cardForBooking(userId),
      },
      tickets: app.tickets,
      airlineCode,
      grantKeys: platform.keys.orderGrant,
      settings,
      audit: platform.audit,
      addons: { addons: app.addons, seating: app.seating, insurance: app.insurance },
    });
    app.decorate('booking', booking.service);
    app.decorate('ticketing', booking.ticketing);
    app.decorate('orders', booking.orders);
    app.decorate('orderPayables', booking.payableOwner);
    app.decorate('orderExpiries', booking.expiries);
    // Expiries gathered but not yet sent go out before the job runner stops (app.ts stops it on close).
    app.addHook('preClose', () => booking.expiries.flush());
    await registerBookingJobs(platform.jobs, { service: booking.service, ticketing: booking.ticketing }, log);

    app.layers.add('main', bookingRoutes({ service: booking.service }));
    // The nationalities a guest may book, for the app's booking form (it keeps no copy).
    app.layers.add(
      'main',
      bookingSettingsRoutes({
        guestNationalities: settings.guestNationalities,
        ticketAirlineCode: airlineCode,
      }),
    );
    // The staff console's orders: search, the order page, cancelling an unpaid order.
    app.layers.add('staff', bookingAdminRoutes({ service: booking.admin }));
    app.layers.add(
      'main',
      ordersRoutes({ service: booking.orders, db, now, grantKeys: platform.keys.orderGrant, devPayOneCent }),
    );
    // Orders and tickets travellers link to their accounts (issue 15).
    app.layers.add('main', orderLinksRoutes({ service: booking.links, db, now }));
  },
);
