import {
  envelope,
  ZAdminRefundActionResponse,
  ZAdminRefundParams,
  ZAdminRetryRefundRequest,
  ZAdminSettleRefundRequest,
} from '@wings/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { staffCallerOf } from '../../platform/layers';
import type { RefundDesk } from './refund-desk';

/** Who may act on a failed refund (issue 13: finance, and admins who do everything). */
export const REFUND_ACTION_ROLES = ['admin', 'finance'] as const;

/**
 * The staff console's refund actions (staff layer, /api/admin): a refund the gateway refused is
 * retried, or settled by hand with a reference. Each answers what the refund is now; its history
 * row and audit row are written with the change.
 */
export function paymentsAdminRoutes(deps: { desk: RefundDesk }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/orders/:orderNo/refunds/:refundId/retry',
      {
        config: { roles: REFUND_ACTION_ROLES },
        schema: {
          tags: ['staff: orders and tickets'],
          summary: 'Send a failed refund to its gateway again',
          description:
            'admin, finance. Only a failed refund (4103 otherwise; 4102 not a refund of this order; 4104 the ' +
            "payment's other refunds took this amount meanwhile). The refund becomes pending and its job sends it.",
          params: ZAdminRefundParams,
          body: ZAdminRetryRefundRequest,
          response: { 200: envelope(ZAdminRefundActionResponse) },
        },
      },
      async (request) => {
        const { orderNo, refundId } = request.params;
        return ok(
          await deps.desk.retry('order', orderNo, refundId, staffCallerOf(request), request.body.reason),
        );
      },
    );

    app.post(
      '/orders/:orderNo/refunds/:refundId/settle',
      {
        config: { roles: REFUND_ACTION_ROLES },
        schema: {
          tags: ['staff: orders and tickets'],
          summary: 'Mark a failed refund as paid back by other means',
          description:
            'admin, finance. Only a failed refund (4103 otherwise; 4102 not a refund of this order; 4104 over what ' +
            'was paid). `reference` names how the money went back; the traveller gets the refund notice.',
          params: ZAdminRefundParams,
          body: ZAdminSettleRefundRequest,
          response: { 200: envelope(ZAdminRefundActionResponse) },
        },
      },
      async (request) => {
        const { orderNo, refundId } = request.params;
        const { reason, reference } = request.body;
        return ok(
          await deps.desk.settleByHand('order', orderNo, refundId, staffCallerOf(request), reason, reference),
        );
      },
    );
  };
}
