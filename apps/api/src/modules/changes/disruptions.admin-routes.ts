import {
  envelope,
  ZAdminDisruptedFlightDetail,
  ZAdminDisruptedFlightPage,
  ZAdminDisruptedFlightParams,
  ZAdminDisruptionSearch,
} from '@wings/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { ORDER_READ_ROLES } from '../booking';
import type { DisruptionsService } from './disruptions.service';

const tags = ['staff: changes'];

/** Who reads the disrupted flights: the roles that read orders and the network's flights. */
export const DISRUPTION_READ_ROLES = ORDER_READ_ROLES;

/**
 * The console's disrupted flights (staff layer, /api/admin/changes/disruptions; read only): the
 * flights staff retimed or canceled, their travellers and what each chose.
 */
export function disruptionsAdminRoutes(service: DisruptionsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/changes/disruptions',
      {
        config: { roles: DISRUPTION_READ_ROLES },
        schema: {
          tags,
          summary: 'Flights the airline retimed or canceled, with how their travellers answered',
          description:
            'admin, agent, finance, auditor. Dated flights canceled or flying at other times than first published, departing on `from` (a local date; default today in the hub) or later, the latest changed first. passengers: those of paid orders on the flight when it changed (a moved order included); choices: how many are pending, accepted, moved, refunded.',
          querystring: ZAdminDisruptionSearch,
          response: { 200: envelope(ZAdminDisruptedFlightPage) },
        },
      },
      async (request) => ok(await service.flights(request.query)),
    );

    app.get(
      '/changes/disruptions/:flightId',
      {
        config: { roles: DISRUPTION_READ_ROLES },
        schema: {
          tags,
          summary: 'One disrupted flight: every passenger and what they chose',
          description:
            'admin, agent, finance, auditor. Per passenger of a paid order on the flight when it changed: order, name, ticket, choice (refunded: their ticket in a flight-reason refund; moved: with the new flight and the change number; accepted; pending) and when. 4121 when the flight was never retimed or canceled.',
          params: ZAdminDisruptedFlightParams,
          response: { 200: envelope(ZAdminDisruptedFlightDetail) },
        },
      },
      async (request) => ok(await service.flight(request.params.flightId)),
    );
  };
}
