import type {
  AdminRefundOrderDetail,
  AdminRefundOrderPage,
  AdminRefundOrderRow,
  AdminRefundOrderSearch,
  LanguageTag,
  RefundReasonCode,
} from '@wings/contracts';
import type { AuditLog } from '../../platform/audit/audit-log';
import { AppError } from '../../platform/errors';
import type { StaffCaller } from '../../platform/layers';
import type { RefundOrderRecord, RefundsRepository } from './refunds.repository';
import type { RefundsService } from './refunds.service';

export interface RefundsAdminDeps {
  repo: RefundsRepository;
  service: RefundsService;
  audit: Pick<AuditLog, 'record'>;
  now: () => Date;
}

/** The most refund requests the queue reads at once (the open ones are few at any time). */
const QUEUE_READ = 1000;

/**
 * The console's refund queue (issue 15, staff layer): requests by status and age, each with its
 * age against the promise of its next step (the audit within one working day, the money within
 * the gateway's days); one request with its history; approve or reject with a reason. Each
 * action is the service's transition and its audit row in one transaction.
 */
export class RefundsAdmin {
  constructor(private readonly deps: RefundsAdminDeps) {}

  async queue(filter: AdminRefundOrderSearch): Promise<AdminRefundOrderPage> {
    const now = this.deps.now();
    const recs = await this.deps.repo.queue(
      {
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.orderNo ? { orderNo: filter.orderNo } : {}),
        ...(filter.minAgeHours !== undefined
          ? { submittedBefore: new Date(now.getTime() - filter.minAgeHours * 3_600_000) }
          : {}),
      },
      QUEUE_READ,
    );
    let rows: AdminRefundOrderRow[] = [];
    for (const r of recs) rows.push(await this.row(r, now));
    if (filter.overdue !== undefined) rows = rows.filter((r) => r.overdue === filter.overdue);
    const start = (filter.pageNum - 1) * filter.pageSize;
    return { list: rows.slice(start, start + filter.pageSize), total: rows.length };
  }

  async detail(refundNo: string, lang: LanguageTag): Promise<AdminRefundOrderDetail> {
    const rec = await this.deps.repo.byNo(refundNo);
    if (!rec) throw new AppError('adminRefundOrderNotFound');
    const view = await this.deps.service.view(rec, lang);
    const events = await this.deps.repo.eventsOf(rec.id);
    return {
      ...view,
      row: await this.row(rec, this.deps.now()),
      events: events.map((e) => ({
        type: e.type,
        actor: e.actor,
        reason: e.reason,
        at: e.createdAt.toISOString(),
      })),
    };
  }

  /** auditing → refunding: tickets refunded, seats back, money handed to payments; the audit row. */
  async approve(refundNo: string, staff: StaffCaller, note: string | null, lang: LanguageTag) {
    const now = this.deps.now();
    const { record, paymentRefunds } = await this.deps.repo.transaction(async (repo, tx) => {
      const rec = await repo.byNo(refundNo, true);
      if (!rec) throw new AppError('adminRefundOrderNotFound');
      if (rec.status !== 'auditing')
        throw new AppError('adminRefundOrderNotAuditing', { data: { status: rec.status } });
      const order = await this.deps.service.orderOf(tx, rec.orderId);
      const done = await this.deps.service.approveIn(repo, tx, rec, order, `staff:${staff.id}`, note, now);
      await this.deps.audit.record(
        {
          actor: { id: staff.id, email: staff.email },
          action: 'refund_order.approve',
          targetType: 'refund_order',
          targetId: refundNo,
          before: { status: 'auditing' },
          after: { status: done.record.status, actual: rec.actual, currency: rec.currency },
          reason: note,
          ip: staff.ip,
        },
        tx,
      );
      return done;
    });
    await this.deps.service.followUps.after(record.id, paymentRefunds);
    return this.detail(refundNo, lang);
  }

  /** auditing → rejected with the reason the traveller is told; tickets back to issued; the audit row. */
  async reject(refundNo: string, staff: StaffCaller, reason: string, lang: LanguageTag) {
    const now = this.deps.now();
    const record = await this.deps.repo.transaction(async (repo, tx) => {
      const rec = await repo.byNo(refundNo, true);
      if (!rec) throw new AppError('adminRefundOrderNotFound');
      if (rec.status !== 'auditing')
        throw new AppError('adminRefundOrderNotAuditing', { data: { status: rec.status } });
      const done = await this.deps.service.rejectIn(repo, tx, rec, `staff:${staff.id}`, reason, now);
      await this.deps.audit.record(
        {
          actor: { id: staff.id, email: staff.email },
          action: 'refund_order.reject',
          targetType: 'refund_order',
          targetId: refundNo,
          before: { status: 'auditing' },
          after: { status: 'rejected' },
          reason,
          ip: staff.ip,
        },
        tx,
      );
      return done;
    });
    await this.deps.service.followUps.after(record.id, []);
    return this.detail(refundNo, lang);
  }

  /** A row of the queue: its age, the promise of its next step, and whether it is past it. */
  private async row(r: RefundOrderRecord, now: Date): Promise<AdminRefundOrderRow> {
    const { next } = await this.deps.service.timeline(r, await this.deps.repo.eventsOf(r.id));
    const lines = await this.deps.repo.linesOf(r.id);
    const dueBy = next?.expectedBy ?? null;
    return {
      refundNo: r.refundNo,
      orderNo: r.orderNo,
      status: r.status as AdminRefundOrderRow['status'],
      refundStatus: r.refundStatus,
      moneyStatus: r.moneyStatus,
      reasonCode: r.reasonCode as RefundReasonCode,
      reasonKind: r.reasonKind as 'personal' | 'flight',
      passengerCount: new Set(lines.map((l) => l.passengerId)).size,
      actual: { amount: r.actual, currency: r.currency as 'USD' | 'CNY' },
      submittedAt: r.submittedAt?.toISOString() ?? null,
      ageMinutes: r.submittedAt
        ? Math.max(0, Math.floor((now.getTime() - r.submittedAt.getTime()) / 60_000))
        : 0,
      dueBy,
      overdue: dueBy !== null && new Date(dueBy).getTime() < now.getTime(),
    };
  }
}
