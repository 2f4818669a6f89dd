import {
  envelope,
  type QueryFlightResponse,
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
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { fastJsonOf, fastJsonSerializer } from '../../platform/layers';
import type { Network } from '../network';
import type { SearchChanges } from './search-changes';
import { keptReplies } from './search-replies';
import { createShoppingRepository } from './shopping.repository';
import { createShoppingService } from './shopping.service';

const tags = ['search'];

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
  /** config SEARCH_KEEP_SERIALISED (default true): search replies kept serialised per result. */
  keepSerialised?: boolean;
  /** Back-office changes that cached results must drop (fares edited in the console). */
  changes?: Pick<SearchChanges, 'subscribe'>;
}): FastifyPluginAsyncZod {
  const keep = deps.keepSerialised ?? true;
  const service = createShoppingService({
    repo: createShoppingRepository(deps.db),
    network: deps.network,
    now: deps.now,
    ...(deps.cacheTtlMs === undefined ? {} : { searchCacheTtlMs: deps.cacheTtlMs }),
    keepOutcomes: keep,
  });
  deps.changes?.subscribe((change) => service.forget(change));

  /** The flight searches' replies, kept serialised per result and language (search-replies.ts). */
  const kept = keptReplies<QueryFlightResponse>(fastJsonOf(envelope(ZQueryFlightResponse)));
  const sendSearch = (request: FastifyRequest, reply: FastifyReply, result: QueryFlightResponse) =>
    keep ? kept(request, reply, result) : reply.send(ok(result));

  return async (app) => {
    // Replies written by Fastify's fast path from each route's response schema; the tests parse
    // every reply with its contract (shopping.routes.test.ts).
    app.setSerializerCompiler(fastJsonSerializer);

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
      },
      async (request, reply) => sendSearch(request, reply, await service.queryFlight(request.body)),
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
      },
      async (request, reply) => sendSearch(request, reply, await service.queryFlightReturn(request.body)),
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
