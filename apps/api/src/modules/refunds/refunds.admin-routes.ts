import {
  envelope,
  ZAdminApproveRefundRequest,
  ZAdminRefundOrderDetail,
  ZAdminRefundOrderPage,
  ZAdminRefundOrderParams,
  ZAdminRefundOrderSearch,
  ZAdminRejectRefundRequest,
} from '@wings/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { staffCallerOf } from '../../platform/layers';
import type { RefundsAdmin } from './refunds-admin';

const tags = ['staff: refunds'];

/** Who reads the refund queue: the roles that read orders. */
export const REFUND_QUEUE_ROLES = ['admin', 'agent', 'finance', 'auditor'] as const;
/** Who approves or rejects a refund request: agents and finance, and admins. */
export const REFUND_AUDIT_ROLES = ['admin', 'agent', 'finance'] as const;

/**
 * The console's refund queue (staff layer, /api/admin/refunds): the requests with their age
 * against the promise, one request, approve, reject with a reason. Each action writes its
 * audit row with the change.
 */
export function refundsAdminRoutes(admin: RefundsAdmin): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/refunds',
      {
        config: { roles: REFUND_QUEUE_ROLES },
        schema: {
          tags,
          summary: 'Refund requests by status and age, each against the promise of its next step',
          description:
            'admin, agent, finance, auditor. Submitted requests, oldest first; status, minAgeHours (submitted at least that long ago), overdue (past the promise: audit within one working day of service hours, money within the gateway days).',
          querystring: ZAdminRefundOrderSearch,
          response: { 200: envelope(ZAdminRefundOrderPage) },
        },
      },
      async (request) => ok(await admin.queue(request.query)),
    );

    app.get(
      '/refunds/:refundNo',
      {
        config: { roles: REFUND_QUEUE_ROLES },
        schema: {
          tags,
          summary: 'One refund request: the traveller view, its promise and its history',
          description: 'admin, agent, finance, auditor. 4110 for an unknown number.',
          params: ZAdminRefundOrderParams,
          response: { 200: envelope(ZAdminRefundOrderDetail) },
        },
      },
      async (request) => ok(await admin.detail(request.params.refundNo, request.lang)),
    );

    app.post(
      '/refunds/:refundNo/approve',
      {
        config: { roles: REFUND_AUDIT_ROLES },
        schema: {
          tags,
          summary: 'Approve a refund request: tickets refunded, seats back, money sent back',
          description:
            'admin, agent, finance. Only a request waiting for audit (4111 otherwise, data.status). The money goes back through the payments that paid the order; the traveller is mailed.',
          params: ZAdminRefundOrderParams,
          body: ZAdminApproveRefundRequest,
          response: { 200: envelope(ZAdminRefundOrderDetail) },
        },
      },
      async (request) =>
        ok(
          await admin.approve(
            request.params.refundNo,
            staffCallerOf(request),
            request.body.note ?? null,
            request.lang,
          ),
        ),
    );

    app.post(
      '/refunds/:refundNo/reject',
      {
        config: { roles: REFUND_AUDIT_ROLES },
        schema: {
          tags,
          summary: 'Reject a refund request with the reason the traveller is told',
          description:
            'admin, agent, finance. Only a request waiting for audit (4111 otherwise). The tickets are issued again; the traveller is mailed the reason.',
          params: ZAdminRefundOrderParams,
          body: ZAdminRejectRefundRequest,
          response: { 200: envelope(ZAdminRefundOrderDetail) },
        },
      },
      async (request) =>
        ok(
          await admin.reject(
            request.params.refundNo,
            staffCallerOf(request),
            request.body.reason,
            request.lang,
          ),
        ),
    );
  };
}
