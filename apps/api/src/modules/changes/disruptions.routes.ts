import { envelope, ZChangeOrderQuery, ZChooseDisruptionRequest, ZDisruptionResponse } from '@wings/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { ok } from '../../platform/envelope';
import type { Platform } from '../../platform/module';
import type { PurposeKeys } from '../../platform/secrets';
import { afterSalesOrderFacts, isOrderLinked, ordersWithFlightChange, recordOrderHistory } from '../booking';
import { changedFlight, changedFlights } from '../network';
import { refundOrdersOf } from '../refunds';
import { disruptionsAdminRoutes } from './disruptions.admin-routes';
import { DisruptionsService } from './disruptions.service';

const tags = ['changes'];
const BASE = '/ca/caweb/backend/changeTicket';
const ACCESS =
  "For the order's logged-in owner (`token` header), a member who linked the order, or a guest holding the order's full grant (order number + document number, `orderToken` header); anyone else, a limited grant (PNR + surname) included, is answered 710.";

/**
 * The traveller's calls about a flight the airline changed (issue 16, main layer): the banner of
 * ticket detail and accepting a retimed flight. docs/api.md, "When the airline changes a flight".
 */
export function disruptionsRoutes(deps: {
  service: DisruptionsService;
  grantKeys: PurposeKeys;
  now: () => Date;
}): FastifyPluginAsyncZod {
  const { service, grantKeys } = deps;
  return async (app) => {
    app.post(
      `${BASE}/queryDisruption`,
      {
        schema: {
          tags,
          summary: "The order's flights the airline retimed or canceled, and what the traveller may do",
          description: `${ACCESS} Each leg whose flight staff retimed or canceled after the order was made (a paid, ticketed order; none otherwise): the times before and after, staff's reason, the answer (pending: nothing chosen, the retimed flight is kept; accepted; moved, with changeNo; refunded, with refundNo) and what may still be done: mayAccept (a retime, nothing chosen, not departed), mayMove (free to a flight between moveFrom and moveTo, the original date ±3 days from today: checkChangeOrder with kind disruption), mayRefund (a full refund without fee: createRefund with reason flight_canceled or flight_retimed). A used or checked-in coupon allows neither.`,
          body: ZChangeOrderQuery,
          response: { 200: envelope(ZDisruptionResponse) },
        },
      },
      async (request) =>
        ok(await service.query(request.body.orderNo, actorOf(request, grantKeys, deps.now()))),
    );

    app.post(
      `${BASE}/chooseDisruption`,
      {
        schema: {
          tags,
          summary: 'Keep the retimed flight (accept the new time)',
          description: `${ACCESS} Records the answer and the order's history event disruption_accepted, together. The first answer stands: accepting again changes nothing. 733 when the airline did not change this flight of the order, or it can no longer be accepted (canceled, moved, refunded, departed).`,
          body: ZChooseDisruptionRequest,
          response: { 200: envelope(ZDisruptionResponse) },
        },
      },
      async (request) => ok(await service.choose(request.body, actorOf(request, grantKeys, deps.now()))),
    );
  };
}

/**
 * Builds the disruption service and adds its calls: the traveller's (main layer) and the
 * console's (staff layer, /api/admin/changes/disruptions). changes.module.ts calls it.
 */
export function registerDisruptions(app: FastifyInstance, platform: Platform): DisruptionsService {
  const { db, now } = platform;
  const service = new DisruptionsService({
    db,
    now,
    zones: app.network,
    order: (executor, key) => afterSalesOrderFacts(executor, key),
    isLinked: (userId, orderId) => isOrderLinked(db, userId, orderId),
    tickets: (orderId) => app.tickets.currentByPassenger(orderId),
    refunds: refundOrdersOf,
    history: recordOrderHistory,
    ordersWithFlightChange,
    changedFlights,
    changedFlight,
  });
  app.layers.add('main', disruptionsRoutes({ service, grantKeys: platform.keys.orderGrant, now }));
  app.layers.add('staff', disruptionsAdminRoutes(service));
  return service;
}
