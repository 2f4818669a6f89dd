import fp from 'fastify-plugin';
import { defineModule, type ModuleOptions } from '../../platform/module';
import {
  afterSalesOrderFacts,
  isOrderLinked,
  moveOrderSegments,
  recordOrderHistory,
  ticketedOrder,
} from '../booking';
import { moveInsuranceCover, policiesOfOrder } from '../insurance';
import { releasePassengerSeats } from '../inventory';
import { closePayable, createPayable } from '../payments';
import { reseatForChange } from '../seating';
import { cancelTicketChange, reissueForChange, startTicketChange } from '../tickets';
import { type ChangePayableOwner, createChangePayableOwner } from './change-payable';
import { ChangesAdmin, changesAdminRoutes } from './changes.admin-routes';
import { registerChangesJobs } from './changes.jobs';
import { changesRoutes } from './changes.routes';
import { ChangesService } from './changes.service';
import { registerDisruptions } from './disruptions.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The owner of payables of kind `change`: app.ts hands it to the payments module. */
    changePayables: ChangePayableOwner;
    /** Changes of date: the traveller's calls, the completion, the lapse and the console's reads. */
    changes: ChangesService;
  }
}

/** The change calls' settings: the airline's ticketing code (config.tickets), the first digits of reissued tickets. */
export interface ChangesSettings {
  airlineCode: string;
}

/**
 * The changes module, part one (issue 16): the owner of `change` payables, which payments is
 * built with (app.ts registers this before payments, as booking's `order` owner).
 */
export const changesModule = defineModule<ModuleOptions>(
  'changes',
  ['booking', 'inventory', 'seating', 'tickets', 'insurance'],
  async (app, { platform }) => {
    app.decorate('changePayables', createChangePayableOwner(platform.db));
  },
);

/**
 * Part two, after payments, refunds and the itinerary: the change calls (main layer, under
 * /ca/caweb/backend/), the moves after the airline changed a flight, the console's calls (staff
 * layer, /api/admin/changes) and the expiry sweep.
 */
export const changesCallsModule = fp<ModuleOptions<ChangesSettings>>(
  async (app, { platform, config }) => {
    const { db, now } = platform;
    const service = new ChangesService({
      db,
      now,
      zones: app.network,
      customerService: () => app.settings.customerService(),
      order: (executor, key) => afterSalesOrderFacts(executor, key),
      travellers: async (executor, orderId) => {
        const o = await ticketedOrder(executor, { id: orderId });
        return o
          ? {
              contact: o.contact,
              withInfant: new Set(o.passengers.filter((p) => p.withInfant).map((p) => p.id)),
            }
          : null;
      },
      isLinked: (userId, orderId) => isOrderLinked(db, userId, orderId),
      tickets: (orderId, executor) => app.tickets.currentByPassenger(orderId, executor),
      passengersInRefund: (orderId) => app.refunds.repo.passengersInRefund(orderId),
      price: (input) => app.pricing.createOffer(input),
      steps: {
        startTickets: startTicketChange,
        cancelTickets: cancelTicketChange,
        reissue: reissueForChange,
        moveSegments: moveOrderSegments,
        history: recordOrderHistory,
        hold: (tx, orderId, holds, at) => app.inventory.hold(tx, orderId, holds, at),
        releaseSeats: releasePassengerSeats,
        reseat: reseatForChange,
        seats: async (refs) =>
          (await app.seating.seatsOfPassengers(refs)).map((s) => ({
            passengerRef: s.passengerRef,
            segmentRef: s.segmentRef,
            seat: s.seat,
            flightId: s.flightId,
          })),
        policies: policiesOfOrder,
        moveInsurance: moveInsuranceCover,
        createPayable,
        closePayable,
      },
      payments: app.payments,
      airlineCode: config.airlineCode,
      resendItinerary: (orderNo) => app.itinerary.resendItinerary(orderNo, 'rescheduled'),
      log: platform.log,
    });
    app.decorate('changes', service);
    app.changePayables.attach(service);
    await registerChangesJobs(platform.jobs, service, platform.log);
    app.layers.add('main', changesRoutes({ service, grantKeys: platform.keys.orderGrant, now }));
    app.layers.add('staff', changesAdminRoutes(new ChangesAdmin(service)));

    // ---- when the airline changes a flight (helper "disruption"): the traveller's answers and the console's list.
    registerDisruptions(app, platform);
  },
  {
    name: 'changes-calls',
    dependencies: [
      'layers',
      'changes',
      'network',
      'settings',
      'tickets',
      'booking',
      'inventory',
      'pricing',
      'seating',
      'payments',
      'refunds-calls',
      'itinerary',
    ],
    fastify: '5.x',
  },
);
