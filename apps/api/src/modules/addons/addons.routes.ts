import {
  envelope,
  ZAddonMenuReply,
  ZAddonOfferParams,
  ZAddonOfferQuery,
  ZBaggageServiceReply,
  ZPriorityBoardReply,
  ZSeatTypeItemsReply,
} from '@wings/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import type { AddonsService } from './addons.service';

const tags = ['booking'];

/**
 * The add-on price lists of a priced offer (booking-and-account.md §7, issue 14) at the spec's
 * paths; docs/api.md, "Add-ons (issue 14): catalogue". An unknown or expired offer is 301.
 */
export function addonsRoutes(service: AddonsService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/travelsky/ibe/getBaggageService',
      {
        schema: {
          tags,
          summary: 'Extra-baggage steps and their prices on each leg of an offer (service code 13)',
          querystring: ZAddonOfferQuery,
          response: { 200: envelope(ZBaggageServiceReply) },
        },
      },
      async (request) => ok(await service.baggage(request.query.offerId)),
    );

    app.get(
      '/travelsky/ibe/getPriorityBoardService',
      {
        schema: {
          tags,
          summary: 'Priority boarding and its price on each leg of an offer (service code 11)',
          querystring: ZAddonOfferQuery,
          response: { 200: envelope(ZPriorityBoardReply) },
        },
      },
      async (request) => ok(await service.priority(request.query.offerId)),
    );

    app.get(
      '/travelsky/ibe/getSeatTypeItems',
      {
        schema: {
          tags,
          summary: 'Seat types (PFST, UPST, SEAT) and their prices on each leg of an offer (service code 12)',
          querystring: ZAddonOfferQuery,
          response: { 200: envelope(ZSeatTypeItemsReply) },
        },
      },
      async (request) => ok(await service.seatTypes(request.query.offerId)),
    );

    app.get(
      '/travelsky/ibe/backService/:id',
      {
        schema: {
          tags,
          summary:
            'The whole add-on menu of an offer, leg by leg: baggage, priority boarding, seat types, refundable upgrade',
          params: ZAddonOfferParams,
          response: { 200: envelope(ZAddonMenuReply) },
        },
      },
      async (request) => ok(await service.menu(request.params.id)),
    );
  };
}
