import type { AuditEntry } from '@wings/contracts';
import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import { auditLog } from '../../db/schema/platform';
import type { Db, Executor } from '../db';

/** Who made a change: a signed-in staff member, or the command line / the system (null). */
export interface AuditActor {
  id: string;
  email: string;
}

/** One change to write down (issue 13: who, when, what, before and after, reason). */
export interface AuditRecord {
  actor: AuditActor | null;
  /** `<area>.<verb>`, e.g. `fare.update`, `order.cancel`, `staff.create`. */
  action: string;
  /** The kind of thing changed (`order`, `fare`, `translation`, `staff`, ...) and its id. */
  targetType: string;
  targetId: string;
  /** What it was and what it became, as the console shows them (no secrets, no password hashes). */
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  /** The staff member's address, as the request came. */
  ip?: string | null;
}

/** What the audit page asks for: filters, newest first, a page at a time. */
export interface AuditFilter {
  staffId?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
  page: number;
  pageSize: number;
}

/**
 * The append-only audit log (table `audit_log`, platform.ts; the database refuses UPDATE,
 * DELETE and TRUNCATE on it). Every staff action that changes something writes its row with
 * `record`, in the same transaction as the change, so a change is never kept without its row.
 */
export class AuditLog {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** Writes one row, through `executor` (the change's transaction) or the database. */
  async record(entry: AuditRecord, executor: Executor = this.db): Promise<void> {
    await executor.insert(auditLog).values({
      at: this.now(),
      staffId: entry.actor?.id ?? null,
      staffEmail: entry.actor?.email ?? null,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      before: entry.before ?? null,
      after: entry.after ?? null,
      reason: entry.reason ?? null,
      ip: entry.ip ?? null,
    });
  }

  /** A page of rows matching `filter`, newest first, and how many match in all. */
  async page(filter: AuditFilter): Promise<{ list: AuditEntry[]; total: number }> {
    const where: SQL[] = [];
    if (filter.staffId) where.push(eq(auditLog.staffId, filter.staffId));
    if (filter.action) where.push(eq(auditLog.action, filter.action));
    if (filter.targetType) where.push(eq(auditLog.targetType, filter.targetType));
    if (filter.targetId) where.push(eq(auditLog.targetId, filter.targetId));
    if (filter.from) where.push(gte(auditLog.at, filter.from));
    if (filter.to) where.push(lte(auditLog.at, filter.to));
    const condition = where.length > 0 ? and(...where) : undefined;
    const [rows, totals] = await Promise.all([
      this.db
        .select()
        .from(auditLog)
        .where(condition)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize),
      this.db.select({ n: count() }).from(auditLog).where(condition),
    ]);
    return {
      total: totals[0]?.n ?? 0,
      list: rows.map((r) => ({
        id: String(r.id),
        at: r.at.toISOString(),
        staffId: r.staffId,
        staffEmail: r.staffEmail,
        action: r.action,
        targetType: r.targetType,
        targetId: r.targetId,
        before: r.before ?? null,
        after: r.after ?? null,
        reason: r.reason,
        ip: r.ip,
      })),
    };
  }
}
