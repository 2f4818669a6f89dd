import {
  type AdminChangeOrderDetail,
  type AdminChangeOrderPage,
  type AdminChangeOrderSearch,
  envelope,
  type LanguageTag,
  ZAdminChangeOrderDetail,
  ZAdminChangeOrderPage,
  ZAdminChangeOrderSearch,
  ZChangeNoParams,
} from '@wings/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { REFUND_QUEUE_ROLES } from '../refunds';
import type { ChangesService } from './changes.service';

const tags = ['staff: changes'];

/** Who reads change orders: the roles of the refund queue (those that read orders). */
export const CHANGE_READ_ROLES = REFUND_QUEUE_ROLES;

/** The console's change orders (read only): a page of them, newest first, and one with its history. */
export class ChangesAdmin {
  constructor(private readonly service: ChangesService) {}

  async search(filter: AdminChangeOrderSearch, lang: LanguageTag): Promise<AdminChangeOrderPage> {
    const repo = this.service.repo;
    const found = await repo.search(filter, {
      offset: (filter.pageNum - 1) * filter.pageSize,
      limit: filter.pageSize,
    });
    const counts = await repo.passengerCounts(found.list.map((r) => r.id));
    const list = [];
    for (const rec of found.list) {
      const v = await this.service.view(rec, lang);
      list.push({
        changeNo: v.changeNo,
        orderNo: v.orderNo,
        kind: v.kind,
        status: v.status,
        rescheduledStatus: v.rescheduledStatus,
        payStatus: v.payStatus,
        from: v.from,
        to: v.to,
        amount: v.amount,
        createdAt: v.createdAt,
        payDeadline: v.payDeadline,
        passengerCount: counts.get(rec.id) ?? 0,
      });
    }
    return { list, total: found.total };
  }

  async detail(changeNo: string, lang: LanguageTag): Promise<AdminChangeOrderDetail> {
    const rec = await this.service.repo.byNo(changeNo);
    if (!rec) throw new AppError('adminChangeOrderNotFound');
    const events = await this.service.repo.eventsOf(rec.id);
    return {
      ...(await this.service.view(rec, lang)),
      events: events.map((e) => ({
        type: e.type,
        actor: e.actor,
        reason: e.reason,
        at: e.createdAt.toISOString(),
      })),
    };
  }
}

/**
 * The console's change orders (staff layer, /api/admin/changes; read only). The change number
 * must be `C` and digits (ZChangeNo), and the router prefers the static
 * /api/admin/changes/disruptions to this parametric path: it stays the disrupted flights'.
 */
export function changesAdminRoutes(admin: ChangesAdmin): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/changes',
      {
        config: { roles: CHANGE_READ_ROLES },
        schema: {
          tags,
          summary: 'Change orders, newest first, by order number, status and kind',
          description:
            'admin, agent, finance, auditor. Every change order (quotes included), with its legs from and to, amount, pay status and passenger count.',
          querystring: ZAdminChangeOrderSearch,
          response: { 200: envelope(ZAdminChangeOrderPage) },
        },
      },
      async (request) => ok(await admin.search(request.query, request.lang)),
    );

    app.get(
      '/changes/:changeNo',
      {
        config: { roles: CHANGE_READ_ROLES },
        schema: {
          tags,
          summary: 'One change order: the traveller view and its history',
          description: 'admin, agent, finance, auditor. 4120 for an unknown number.',
          params: ZChangeNoParams,
          response: { 200: envelope(ZAdminChangeOrderDetail) },
        },
      },
      async (request) => ok(await admin.detail(request.params.changeNo, request.lang)),
    );
  };
}
