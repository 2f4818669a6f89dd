import {
  envelope,
  ZMemberOrderList,
  ZMemberOrderListRequest,
  ZOrderDetail,
  ZOrderLookupRequest,
  ZOrderLookupResponse,
  ZOrderNoParams,
} from '@wings/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { RateLimiter } from '../../platform/rate-limit';
import type { AirportZones } from '../shopping/airport-zones';
import { orderCaller } from './order-grant';
import { OrdersRepository } from './orders.repository';
import { OrdersService } from './orders.service';

const tags = ['orders'];

/** Guest order look-ups per client address: 20 in 10 minutes (the rest answer 429). */
export const ORDER_LOOKUP_LIMIT = { max: 20, windowMs: 10 * 60_000 } as const;

/**
 * Order calls (after-sales-and-loyalty.md §7, issue 5), served under /api at the spec's paths.
 * A refusal never says why: unknown order, wrong document or surname, another user's order
 * and a bad grant all answer CAS912.
 */
export function ordersRoutes(deps: {
  db: Db;
  now: () => Date;
  appSecret: string;
  zones: AirportZones;
}): FastifyPluginAsyncZod {
  const service = new OrdersService({
    repo: new OrdersRepository(deps.db),
    now: deps.now,
    appSecret: deps.appSecret,
    zones: deps.zones,
  });
  const limiter = new RateLimiter(deps.db, deps.now);

  return async (app) => {
    // saveTicketOrder answers with this module's grant, so a guest reads the order after paying.
    app.booking.bindOrderGrants(service);

    app.post(
      '/travelsky/ibe/queryOrderByOrderNo',
      {
        schema: {
          tags,
          summary: 'Find an order by order number + document number, or PNR + surname',
          description:
            'Answers the order and `accessToken`, a 2-hour grant to send back in the `orderToken` header of getOrderDetail. CAS912 order_not_found when nothing matches, the same whichever part was wrong. 429 after 20 look-ups from one address in 10 minutes.',
          body: ZOrderLookupRequest,
          response: { 200: envelope(ZOrderLookupResponse) },
        },
      },
      async (request) => {
        const allowed = await limiter.take(
          `order-lookup:${request.ip}`,
          ORDER_LOOKUP_LIMIT.max,
          ORDER_LOOKUP_LIMIT.windowMs,
        );
        if (!allowed) throw new AppError('tooManyRequests');
        return ok(await service.lookup(request.body));
      },
    );

    app.get(
      '/travelsky/ibe/getOrderDetail/:orderNo',
      {
        schema: {
          tags,
          summary: 'The full order: legs, passengers with tickets, price from its lines',
          description:
            "For the order's logged-in owner (`token` header), or a guest sending a grant in the `orderToken` header: the look-up's `accessToken`, or the `orderToken` saveTicketOrder answered with. Passengers come with birth date, document expiry, masked document, e-mail and phone, and their e-ticket with one coupon per leg; the price with fares by passenger type, taxes and add-ons by code. Anything else answers CAS912 order_not_found, as for an unknown order; 500 system_error.",
          params: ZOrderNoParams,
          response: { 200: envelope(ZOrderDetail) },
        },
      },
      async (request) => ok(await service.detail(request.params.orderNo, orderCaller(request))),
    );

    app.post(
      '/travelsky/user/getMemberOrder',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: "The logged-in user's orders, newest first, paged, optionally by status",
          description: 'pageSize at most 50; status 0 unpaid, 1 paid, 2 canceled. 600 without a login.',
          body: ZMemberOrderListRequest,
          response: { 200: envelope(ZMemberOrderList) },
        },
      },
      async (request) => ok(await service.memberOrders(request.userId!, request.body)),
    );
  };
}
