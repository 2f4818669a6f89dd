import { defineModule, type ModuleOptions } from '../../platform/module';
import { registerCheckInJobs } from './check-in.jobs';
import { checkInRoutes } from './check-in.routes';
import { CheckInService } from './check-in.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Online check-in, boarding passes and the departure close (issue 15). */
    checkIn: CheckInService;
  }
}

/**
 * The check-in module (issue 15): built from booking (orders, their events), seating (seats
 * given at check-in), tickets (the coupons' steps) and network (flights, their close). Adds its
 * traveller calls to the main layer and registers the departure close sweep.
 */
export const checkInModule = defineModule<ModuleOptions>(
  'check-in',
  ['booking', 'seating', 'tickets', 'network'],
  async (app, { platform }) => {
    const service = new CheckInService({
      db: platform.db,
      now: platform.now,
      tickets: app.tickets,
      seating: app.seating,
      log: platform.log,
    });
    app.decorate('checkIn', service);
    await registerCheckInJobs(platform.jobs, service, platform.log);
    app.layers.add(
      'main',
      checkInRoutes({ service, grantKeys: platform.keys.orderGrant, now: platform.now }),
    );
  },
);
