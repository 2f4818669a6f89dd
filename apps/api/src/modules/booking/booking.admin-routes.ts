import {
  envelope,
  ZAdminCancelOrderRequest,
  ZAdminCancelOrderResponse,
  ZAdminOrderDetail,
  ZAdminOrderPage,
  ZAdminOrderParams,
  ZAdminOrderSearch,
} from '@wings/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { staffCallerOf, staffOf } from '../../platform/layers';
import type { OrdersAdminService } from './orders-admin.service';

/** Who reads orders in the console (issue 13): everyone but content editors. */
export const ORDER_READ_ROLES = ['admin', 'agent', 'finance', 'auditor'] as const;
/** Who cancels an unpaid order for a traveller: agents, and admins. */
export const ORDER_CANCEL_ROLES = ['admin', 'agent'] as const;

/**
 * The staff console's order calls (staff layer, /api/admin): search, the order page, cancelling
 * an unpaid order. Thin: each parses, calls one service method and replies in the envelope.
 */
export function bookingAdminRoutes(deps: { service: OrdersAdminService }): FastifyPluginAsyncZod {
  const { service } = deps;
  return async (app) => {
    app.get(
      '/orders',
      {
        config: { roles: ORDER_READ_ROLES },
        schema: {
          tags: ['staff: orders and tickets'],
          summary: 'Search orders',
          description:
            'admin, agent, finance, auditor. By order number, PNR, surname (its beginning, any case), contact ' +
            'e-mail (any case), e-ticket number, flight number (and its local departure date); every filter given ' +
            'must match. Newest first, `pageSize` at most 100.',
          querystring: ZAdminOrderSearch,
          response: { 200: envelope(ZAdminOrderPage) },
        },
      },
      async (request) => ok(await service.search(request.query)),
    );

    app.get(
      '/orders/:orderNo',
      {
        config: { roles: ORDER_READ_ROLES },
        schema: {
          tags: ['staff: orders and tickets'],
          summary: 'An order with its passengers, legs, money, tickets and history',
          description:
            'admin, agent, finance, auditor. Document numbers are whole for admins and agents, masked but the ' +
            'last four characters for the others. 4100: no such order.',
          params: ZAdminOrderParams,
          response: { 200: envelope(ZAdminOrderDetail) },
        },
      },
      async (request) => ok(await service.detail(request.params.orderNo, staffOf(request))),
    );

    app.post(
      '/orders/:orderNo/cancel',
      {
        config: { roles: ORDER_CANCEL_ROLES },
        schema: {
          tags: ['staff: orders and tickets'],
          summary: 'Cancel an unpaid order (its seats go back)',
          description:
            'admin, agent. With a reason. The seats and promo code use go back as when the order expires; ' +
            '4101: the order is paid, ticketed or already canceled (`data.status`, `data.ticketed`); 4100: no such order.',
          params: ZAdminOrderParams,
          body: ZAdminCancelOrderRequest,
          response: { 200: envelope(ZAdminCancelOrderResponse) },
        },
      },
      async (request) =>
        ok(await service.cancel(request.params.orderNo, staffCallerOf(request), request.body.reason)),
    );
  };
}
