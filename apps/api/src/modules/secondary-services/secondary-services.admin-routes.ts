import { envelope, ZAdminAddonOrdersQuery, ZAdminAddonOrdersReply } from '@wings/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { ORDER_READ_ROLES } from '../booking';
import type { SecondaryServices } from './secondary-services.service';

const tags = ['staff: add-ons after ticketing'];

/** The staff console's add-on orders of an order, under `/api/admin/secondary-services` (the roles that read orders). */
export function secondaryServicesAdminRoutes(service: SecondaryServices) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/secondary-services/orders',
      {
        config: { roles: ORDER_READ_ROLES },
        schema: {
          tags,
          summary:
            "An order's add-on orders bought after ticketing, any status, with their lines and EMD numbers",
          description:
            'For the order page: every add-on order of the order (unpaid, paid, refunded, canceled, expired), oldest first. 404 for an unknown order number.',
          querystring: ZAdminAddonOrdersQuery,
          response: { 200: envelope(ZAdminAddonOrdersReply) },
        },
      },
      async (request) => {
        const orders = await service.allOfOrder(request.query.orderNo);
        if (!orders) throw new AppError('resourceNotFound');
        return ok({ orders });
      },
    );
  };
}
