import {
  envelope,
  ZCheckFlightScheduleRequest,
  ZCheckFlightScheduleResponse,
  ZChooseFlightRequest,
  ZComputePriceRequest,
  ZFareRule,
  ZFareRuleList,
  ZFareRuleQuery,
  ZOffer,
  ZPriceBreakdown,
  ZPromoListRequest,
  ZPromoListResponse,
  ZRuleIdQuery,
} from '@wings/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope';
import type { PricingService } from './pricing.service';

const tags = ['booking'];

/** Pricing calls (booking-and-account.md §7, issue 4) at the spec's paths. */
export function pricingRoutes(service: PricingService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/travelsky/ibe/chooseFlight',
      {
        schema: {
          tags,
          summary: 'Re-check the chosen flights and classes and price them (the price holds 20 minutes)',
          body: ZChooseFlightRequest,
          response: { 200: envelope(ZOffer) },
        },
      },
      async (request) =>
        ok(
          await service.createOffer({
            passengers: request.body.passengers,
            segments: request.body.segments,
            userId: request.userId,
          }),
        ),
    );

    app.post(
      '/ca/caweb/backend/checkFlightSchedule',
      {
        schema: {
          tags,
          summary: 'Whether chosen flights were retimed since they were shown (or since they were published)',
          body: ZCheckFlightScheduleRequest,
          response: { 200: envelope(ZCheckFlightScheduleResponse) },
        },
      },
      async (request) =>
        ok(await service.checkFlightSchedule(request.body.flightIds, request.body.seen ?? [])),
    );

    app.post(
      '/travelsky/ibe/computePrice',
      {
        schema: {
          tags,
          summary: 'Price of an offer with an optional promo code: fares, taxes by code, discount, total',
          body: ZComputePriceRequest,
          response: { 200: envelope(ZPriceBreakdown) },
        },
      },
      async (request) => {
        // With add-ons (issue 14), booking prices them (it owns the add-on step): app.booking.
        if (request.body.services && request.body.services.length > 0) {
          const caller = { userId: request.userId, lang: request.lang, ip: request.ip };
          return ok(await app.booking.computePriceWithServices(request.body, caller));
        }
        const { breakdown } = await service.priceBreakdown(
          request.body.offerId,
          request.body.promoCode ?? null,
        );
        return ok(breakdown);
      },
    );

    app.post(
      '/ca/caweb/backend/usePromoCode/queryCodeList',
      {
        schema: {
          tags,
          summary: 'Promotions open to the journey of an offer',
          body: ZPromoListRequest,
          response: { 200: envelope(ZPromoListResponse) },
        },
      },
      async (request) => ok(await service.listPromotions(request.body.offerId)),
    );

    app.get(
      '/ca/caweb/backend/userInfo/getTicketRuleInfo',
      {
        schema: {
          tags,
          summary: 'Fare rules of a route, of one family when given',
          querystring: ZFareRuleQuery,
          response: { 200: envelope(ZFareRuleList) },
        },
      },
      async (request) => ok(await service.fareRules(request.query)),
    );

    app.get(
      '/ca/caweb/backend/getFatherRuleListByPlace',
      {
        schema: {
          tags,
          summary: 'Fare rules of every family of a route',
          querystring: ZFareRuleQuery.omit({ family: true }),
          response: { 200: envelope(ZFareRuleList) },
        },
      },
      async (request) => ok(await service.fareRules(request.query)),
    );

    app.get(
      '/ca/caweb/backend/getRuleManageById',
      {
        schema: {
          tags,
          summary: 'One fare rule by id (ORIGIN-DESTINATION:Family)',
          querystring: ZRuleIdQuery,
          response: { 200: envelope(ZFareRule) },
        },
      },
      async (request) => ok(await service.fareRule(request.query.id)),
    );

    app.get(
      '/ca/caweb/backend/queryOne/:id',
      {
        schema: {
          tags,
          summary: 'One fare rule by id (ORIGIN-DESTINATION:Family)',
          params: z.object({ id: z.string().min(1).max(64) }),
          response: { 200: envelope(ZFareRule) },
        },
      },
      async (request) => ok(await service.fareRule(request.params.id)),
    );
  };
}
