import {
  envelope,
  OrderPayStatus,
  ZMemberOrderList,
  ZMemberOrderListRequest,
  ZOrderAccessUpgradeRequest,
  ZOrderDetail,
  ZOrderLookupRequest,
  ZOrderLookupResponse,
  ZOrderNoParams,
} from '@wings/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import type { Db } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { RateLimiter } from '../../platform/rate-limit';
import type { PurposeKeys } from '../../platform/secrets';
import type { OrdersService } from './orders.service';

const tags = ['orders'];

/** Guest order look-ups per client address: 20 in 10 minutes (the rest answer 429). */
export const ORDER_LOOKUP_LIMIT = { max: 20, windowMs: 10 * 60_000 } as const;

/**
 * Document numbers tried against one order number, by the order-number look-up and the grant
 * upgrade together, from any address: 10 an hour (the rest answer 429). Counted per asked order
 * number whether or not it exists, so the 429 says nothing about the order.
 */
export const ORDER_DOCUMENT_LIMIT = { max: 10, windowMs: 60 * 60_000 } as const;

/**
 * Order calls (after-sales-and-loyalty.md §7, issue 5), served under /api at the spec's paths.
 * A refusal never says why: unknown order, wrong document or surname, another user's order
 * and a bad grant all answer CAS912.
 */
export function ordersRoutes(deps: {
  service: OrdersService;
  db: Db;
  now: () => Date;
  /** The order-grant keys (platform/secrets.ts): the `orderToken` header is read with them. */
  grantKeys: PurposeKeys;
  /** config DEV_PAY_ONE_CENT: unpaid orders say so (`devPrice`), so pay-select can show it (spec §9). */
  devPayOneCent?: boolean;
}): FastifyPluginAsyncZod {
  const { service } = deps;
  const limiter = new RateLimiter(deps.db, deps.now);
  /** The per-address look-up limit, then (when a document number is tried) the per-order one. */
  const takeLookup = async (ip: string, orderNo: string | null) => {
    const { max, windowMs } = ORDER_LOOKUP_LIMIT;
    if (!(await limiter.take(`order-lookup:${ip}`, max, windowMs))) throw new AppError('tooManyRequests');
    if (orderNo === null) return;
    const perOrder = ORDER_DOCUMENT_LIMIT;
    if (!(await limiter.take(`order-document:${orderNo}`, perOrder.max, perOrder.windowMs))) {
      throw new AppError('tooManyRequests');
    }
  };

  return async (app) => {
    app.post(
      '/travelsky/ibe/queryOrderByOrderNo',
      {
        schema: {
          tags,
          summary: 'Find an order by order number + document number, or PNR + surname',
          description:
            'Answers the order and `accessToken`, a 2-hour grant to send back in the `orderToken` header of getOrderDetail, with its `accessScope`: `full` for order number + document number, `limited` for PNR + surname (the detail then has no birth dates, nationality, documents, e-mail or phone; upgradeOrderAccess gives the full grant). CAS912 order_not_found when nothing matches, the same whichever part was wrong. 429 after 20 look-ups from one address in 10 minutes, or 10 document numbers tried against one order number in an hour.',
          body: ZOrderLookupRequest,
          response: { 200: envelope(ZOrderLookupResponse) },
        },
      },
      async (request) => {
        await takeLookup(request.ip, 'orderNo' in request.body ? request.body.orderNo : null);
        return ok(await service.lookup(request.body));
      },
    );

    app.post(
      '/travelsky/ibe/upgradeOrderAccess',
      {
        schema: {
          tags,
          summary: "A limited grant plus one passenger's document number gives a full grant",
          description:
            "For a guest who found the order by PNR + surname: send the limited grant in the `orderToken` header and the document number of any passenger of the order. Answers as queryOrderByOrderNo, with a new 2-hour `full` grant. CAS912 without a valid grant for the order; 400 naming `docNumber` when no passenger carries it. Counts against queryOrderByOrderNo's limits: 429 after 20 look-ups from one address in 10 minutes, or 10 document numbers tried against one order number in an hour.",
          body: ZOrderAccessUpgradeRequest,
          response: { 200: envelope(ZOrderLookupResponse) },
        },
      },
      async (request) => {
        await takeLookup(request.ip, request.body.orderNo);
        return ok(await service.upgrade(request.body, actorOf(request, deps.grantKeys, deps.now())));
      },
    );

    app.get(
      '/travelsky/ibe/getOrderDetail/:orderNo',
      {
        schema: {
          tags,
          summary: 'The full order: legs, passengers with tickets, price from its lines',
          description:
            "For the order's logged-in owner (`token` header), or a guest sending a grant in the `orderToken` header: the look-up's `accessToken`, or the `orderToken` saveTicketOrder answered with. `view` full (the owner, or a full grant): passengers come with birth date, document expiry, masked document, e-mail and phone; `view` limited (a grant from PNR + surname): passengers have only names, type, title and ticket, and the contact no phone. Every passenger has their e-ticket with one coupon per leg; the price with fares by passenger type, taxes and add-ons by code. Anything else answers CAS912 order_not_found, as for an unknown order; 500 system_error. `devPrice: true` on an unpaid order while DEV_PAY_ONE_CENT is on (development: the gateway is asked for 0.01).",
          params: ZOrderNoParams,
          response: { 200: envelope(ZOrderDetail) },
        },
      },
      async (request) => {
        const detail = await service.detail(
          request.params.orderNo,
          actorOf(request, deps.grantKeys, deps.now()),
        );
        return ok(
          deps.devPayOneCent && detail.status === OrderPayStatus.un_paid
            ? { ...detail, devPrice: true as const }
            : detail,
        );
      },
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
