import { envelope, type LanguageTag, ZSendItineraryRequest, ZSendItineraryResponse } from '@wings/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import type { Db } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { RateLimiter } from '../../platform/rate-limit';
import type { PurposeKeys } from '../../platform/secrets';
import type { Network } from '../network';
import { addonOrdersOfOrder } from '../secondary-services';
import { ITINERARY_SEND_LIMIT, type ItineraryOrders, ItineraryService } from './itinerary.service';

/** What the itinerary service is built from, for the traveller's call and the console's alike. */
export interface ItineraryRouteDeps {
  db: Db;
  now: () => Date;
  /** The network's airports (names for the PDF) and zones. */
  network: Network;
  /** Booking's order reads (its orders service). */
  orders: ItineraryOrders;
}

/** The paid add-on orders of an order (secondary-services' `addonOrdersOfOrder`), for their EMD rows. */
function addonOrdersOf(db: Db) {
  return (orderNo: string) => addonOrdersOfOrder(db, { orderNo });
}

/**
 * The itinerary service of a route plugin: airport names from the network, the per-order send
 * limit kept in the database, the app's mailer (read when a mail goes, as tests swap it).
 */
export function itineraryServiceFor(
  app: Pick<FastifyInstance, 'mailer' | 'log'>,
  deps: ItineraryRouteDeps,
): ItineraryService {
  return new ItineraryService({
    orders: deps.orders,
    addonOrders: addonOrdersOf(deps.db),
    airportNames: async () => {
      const { airports } = await deps.network.airportsAndRoutes();
      return new Map(airports.map((a) => [a.code, a.name as Record<LanguageTag, string>]));
    },
    zones: deps.network,
    limiter: new RateLimiter(deps.db, deps.now),
    mailer: () => app.mailer,
    log: app.log,
  });
}

/**
 * POST /api/travelsky/ibe/sendEItineraryByOrder (after-sales-and-loyalty.md §7, §8; issue 5):
 * mails the e-ticket itinerary of a paid order as a PDF. Sent through `app.mailer`.
 */
export function itineraryRoutes(
  deps: ItineraryRouteDeps & {
    /** The order-grant keys (platform/secrets.ts). */
    grantKeys: PurposeKeys;
  },
): FastifyPluginAsyncZod {
  return async (app) => {
    const service = itineraryServiceFor(app, deps);

    app.post(
      '/travelsky/ibe/sendEItineraryByOrder',
      {
        schema: {
          tags: ['orders'],
          summary: 'Mail the e-ticket itinerary (PDF) of a paid, ticketed order',
          description: [
            "For the order's logged-in owner (`token` header) or a guest sending the look-up's grant in the",
            "`orderToken` header. Goes to the order's contact e-mail, or to `email` when given, in the order's",
            "language; answers the address masked. 204 no such order or not the caller's (alike), or canceled;",
            `608 unpaid; 607 tickets still being issued; 606 more than ${ITINERARY_SEND_LIMIT.max} sends of one`,
            'order in an hour; 605 the mail could not be sent.',
          ].join(' '),
          body: ZSendItineraryRequest,
          response: { 200: envelope(ZSendItineraryResponse) },
        },
      },
      async (request) => ok(await service.send(request.body, actorOf(request, deps.grantKeys, deps.now()))),
    );
  };
}
