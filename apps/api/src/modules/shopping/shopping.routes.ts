import {
  envelope,
  ZAroundPriceCalendarRequest,
  ZCheckCalendarRequest,
  ZCheckCalendarResponse,
  ZDepartCityParams,
  ZGetAirportResponse,
  ZGetFlightByDepartCityResponse,
  ZPriceCalendarRequest,
  ZPriceCalendarResponse,
  ZQueryFlightRequest,
  ZQueryFlightResponse,
  ZQueryFlightReturnRequest,
  ZRouteInfoResponse,
  ZRouteParams,
} from '@wings/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db';
import { ok } from '../../platform/envelope';
import type { Network } from '../network';
import { createShoppingRepository } from './shopping.repository';
import { createShoppingService } from './shopping.service';

const tags = ['search'];

/**
 * Serializer of the search replies, the hottest calls: the reply is built by typed code
 * from the contract's types (and the tests parse it with the contract's schema), so it is
 * written with plain JSON.stringify instead of being re-validated by Zod on every request,
 * which roughly doubles search throughput. The schema still documents the reply in OpenAPI.
 */
const plainJson = () => (data: unknown) => JSON.stringify(data);

/**
 * Flight search calls (booking-and-account.md §7), served under /api at the spec's paths.
 * `cacheTtlMs` is config SEARCH_CACHE_TTL_MS (default 5000; 0 turns the cache off).
 */
export function shoppingRoutes(deps: {
  db: Db;
  now: () => Date;
  /** The network's airports, routes and hub zone. */
  network: Network;
  cacheTtlMs?: number;
}): FastifyPluginAsyncZod {
  const service = createShoppingService({
    repo: createShoppingRepository(deps.db),
    network: deps.network,
    now: deps.now,
    ...(deps.cacheTtlMs === undefined ? {} : { searchCacheTtlMs: deps.cacheTtlMs }),
  });

  return async (app) => {
    app.get(
      '/travelsky/ibe/getAirport',
      {
        schema: {
          tags,
          summary: 'Airports of the network',
          response: { 200: envelope(ZGetAirportResponse) },
        },
      },
      async () => ok(await service.getAirports()),
    );

    app.get(
      '/travelsky/ibe/getFlightByDepartCity/:code',
      {
        schema: {
          tags,
          summary: 'Destinations flown from an airport',
          params: ZDepartCityParams,
          response: { 200: envelope(ZGetFlightByDepartCityResponse) },
        },
      },
      async (request) => ok(await service.getDestinations(request.params.code)),
    );

    app.post(
      '/travelsky/ibe/queryFlight',
      {
        schema: {
          tags,
          summary: 'Flights and fares of the outbound (or only) leg',
          body: ZQueryFlightRequest,
          response: { 200: envelope(ZQueryFlightResponse) },
        },
        serializerCompiler: plainJson,
      },
      async (request) => ok(await service.queryFlight(request.body)),
    );

    app.post(
      '/travelsky/ibe/queryFlightReturn',
      {
        schema: {
          tags,
          summary: 'Flights and fares of the return leg of a round trip',
          body: ZQueryFlightReturnRequest,
          response: { 200: envelope(ZQueryFlightResponse) },
        },
        serializerCompiler: plainJson,
      },
      async (request) => ok(await service.queryFlightReturn(request.body)),
    );

    app.post(
      '/ca/caweb/backend/price/getPriceCalendar',
      {
        schema: {
          tags,
          summary: 'Lowest adult fare per day of a month',
          body: ZPriceCalendarRequest,
          response: { 200: envelope(ZPriceCalendarResponse) },
        },
      },
      async (request) => ok(await service.getPriceCalendar(request.body)),
    );

    app.post(
      '/ca/caweb/backend/price/getAroundPriceCalendar',
      {
        schema: {
          tags,
          summary: 'Lowest adult fare of the chosen day and three days either side',
          body: ZAroundPriceCalendarRequest,
          response: { 200: envelope(ZPriceCalendarResponse) },
        },
      },
      async (request) => ok(await service.getAroundPriceCalendar(request.body)),
    );

    app.post(
      '/ca/caweb/backend/price/checkCalendarIsYear',
      {
        schema: {
          tags,
          summary: 'Bookable window of a route',
          body: ZCheckCalendarRequest,
          response: { 200: envelope(ZCheckCalendarResponse) },
        },
      },
      async (request) => ok(await service.checkCalendar(request.body)),
    );

    app.get(
      '/travelsky/flightinfo/selectByFlight/:route',
      {
        schema: {
          tags,
          summary: 'Route facts: time difference (hours), distance, block time',
          params: ZRouteParams,
          response: { 200: envelope(ZRouteInfoResponse) },
        },
      },
      async (request) => ok(await service.getRouteInfo(request.params.route)),
    );
  };
}
