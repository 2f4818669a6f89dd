import { defineModule, type ModuleOptions } from '../../platform/module';
import { seatingAdminRoutes } from './seating.admin-routes';
import { seatingRoutes } from './seating.routes';
import { createSeating, type Seating } from './seating.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Seat maps and seat assignments; booking holds, confirms and releases seats in its transaction. */
    seating: Seating;
  }
}

/**
 * The seating module (issue 14): seat maps of dated flights from the aircraft layouts the
 * network owns, priced by the add-on catalogue (addons), and seat assignments, one live row per
 * (flight, seat) in the database.
 */
export const seatingModule = defineModule<ModuleOptions>(
  'seating',
  ['network', 'addons'],
  async (app, { platform }) => {
    // Seat prices come from the add-on catalogue: its `seatPrices` is the SeatPrices port.
    const seating = createSeating({ db: platform.db, now: platform.now, prices: app.addons });
    app.decorate('seating', seating);
    app.layers.add('main', seatingRoutes(seating));
    app.layers.add('staff', seatingAdminRoutes(seating));
  },
);
