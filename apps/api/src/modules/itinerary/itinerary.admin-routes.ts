import {
  envelope,
  ZAdminOrderParams,
  ZAdminResendItineraryRequest,
  ZAdminResendItineraryResponse,
} from '@wings/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Actor } from '../../platform/access';
import type { AuditLog } from '../../platform/audit/audit-log';
import { ok } from '../../platform/envelope';
import { staffCallerOf } from '../../platform/layers';
import { type ItineraryRouteDeps, itineraryServiceFor } from './itinerary.routes';
import { ITINERARY_SEND_LIMIT } from './itinerary.service';

/** Who mails an itinerary again from the console (issue 13): agents, and admins. */
export const ITINERARY_RESEND_ROLES = ['admin', 'agent'] as const;

/**
 * POST /api/admin/orders/:orderNo/itinerary (staff layer): an agent mails the e-ticket itinerary
 * of a paid, ticketed order again, to its contact e-mail or to an address the traveller gives on
 * the phone. The same mail, checks and per-order limit as the traveller's call; the audit row is
 * written once the mail is handed over (a mail cannot be taken back, so there is no transaction
 * to share).
 */
export function itineraryAdminRoutes(
  deps: ItineraryRouteDeps & { audit: Pick<AuditLog, 'record'> },
): FastifyPluginAsyncZod {
  return async (app) => {
    const service = itineraryServiceFor(app, deps);

    app.post(
      '/orders/:orderNo/itinerary',
      {
        config: { roles: ITINERARY_RESEND_ROLES },
        schema: {
          tags: ['staff: orders and tickets'],
          summary: "Mail an order's e-ticket itinerary again",
          description: [
            "admin, agent. To the order's contact e-mail, or to `email`. As the traveller's call: 204 no such order",
            `or canceled; 608 unpaid; 607 tickets still being issued; 606 more than ${ITINERARY_SEND_LIMIT.max} sends`,
            'of one order in an hour; 605 the mail could not be sent.',
          ].join(' '),
          params: ZAdminOrderParams,
          body: ZAdminResendItineraryRequest,
          response: { 200: envelope(ZAdminResendItineraryResponse) },
        },
      },
      async (request) => {
        const staff = staffCallerOf(request);
        const { orderNo } = request.params;
        const actor: Actor = { kind: 'staff', staffId: staff.id, roles: staff.roles };
        const email = request.body.email;
        const sent = await service.send({ orderNo, ...(email ? { email } : {}) }, actor);
        const to = email ?? (await deps.orders.mailFacts(orderNo))?.contactEmail ?? sent.sentTo;
        await deps.audit.record({
          actor: { id: staff.id, email: staff.email },
          action: 'order.resend_itinerary',
          targetType: 'order',
          targetId: orderNo,
          after: { to },
          reason: request.body.reason || null,
          ip: staff.ip,
        });
        return ok({ sentTo: to });
      },
    );
  };
}
