import { and, asc, desc, eq, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { refundOrderEvents, refundOrderLines, refundOrderMoney, refundOrders } from '../../db/schema/refunds';
import type { Db, Executor, Tx } from '../../platform/db';

export type RefundOrderRecord = typeof refundOrders.$inferSelect;
export type RefundLineRecord = typeof refundOrderLines.$inferSelect;
export type RefundEventRecord = typeof refundOrderEvents.$inferSelect;
export type RefundMoneyRecord = typeof refundOrderMoney.$inferSelect;
export type NewRefundOrder = Omit<
  typeof refundOrders.$inferInsert,
  'id' | 'refundNo' | 'createdAt' | 'updatedAt' | 'status'
>;
export type NewRefundLine = Omit<
  typeof refundOrderLines.$inferInsert,
  'id' | 'refundOrderId' | 'createdAt' | 'updatedAt'
>;

/** The statuses of a refund that holds its passengers' tickets (submitted, not finished or rejected). */
export const ACTIVE_STATUSES = ['auditing', 'refunding'] as const;

/** A step of the timeline to write. */
export interface RefundEventInput {
  type: string;
  actor: string;
  reason?: string | null;
  data?: Record<string, unknown> | null;
  /** The traveller is mailed about this step. */
  mail?: boolean;
}

/** The only SQL of the refunds module: refund_orders, their lines, money and timeline. */
export class RefundsRepository {
  constructor(private readonly db: Executor) {}

  transaction<T>(fn: (repo: RefundsRepository, tx: Tx) => Promise<T>): Promise<T> {
    return (this.db as Db).transaction((tx) => fn(new RefundsRepository(tx), tx));
  }

  /** `R` + the UTC date (yymmdd) + a 6-digit serial. */
  async nextRefundNo(now: Date): Promise<string> {
    const r = await this.db.execute<{ n: string }>(sql`select nextval('refund_order_serial_seq')::text as n`);
    const day = now.toISOString().slice(2, 10).replaceAll('-', '');
    return `R${day}${String(r.rows[0]?.n ?? '0').padStart(6, '0')}`;
  }

  /** A new draft with its lines and `created` event; null when its idempotency key was taken meanwhile. */
  async insertDraft(
    order: NewRefundOrder,
    lines: NewRefundLine[],
    event: RefundEventInput,
    now: Date,
  ): Promise<RefundOrderRecord | null> {
    const refundNo = await this.nextRefundNo(now);
    const [row] = await this.db
      .insert(refundOrders)
      .values({ ...order, refundNo, status: 'draft', createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: [refundOrders.orderId, refundOrders.idempotencyKey] })
      .returning();
    if (!row) return null;
    if (lines.length > 0) {
      await this.db
        .insert(refundOrderLines)
        .values(lines.map((l) => ({ ...l, refundOrderId: row.id, createdAt: now, updatedAt: now })));
    }
    await this.addEvent(row.id, event, now);
    return row;
  }

  async byKey(orderId: string, key: string): Promise<RefundOrderRecord | null> {
    const [row] = await this.db
      .select()
      .from(refundOrders)
      .where(and(eq(refundOrders.orderId, orderId), eq(refundOrders.idempotencyKey, key)));
    return row ?? null;
  }

  /** A refund order by number; `lock` takes its row for the transaction. */
  async byNo(refundNo: string, lock = false): Promise<RefundOrderRecord | null> {
    const q = this.db.select().from(refundOrders).where(eq(refundOrders.refundNo, refundNo));
    const [row] = lock ? await q.for('update') : await q;
    return row ?? null;
  }

  async byId(id: string, lock = false): Promise<RefundOrderRecord | null> {
    const q = this.db.select().from(refundOrders).where(eq(refundOrders.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row ?? null;
  }

  async linesOf(refundOrderId: string): Promise<RefundLineRecord[]> {
    return this.db
      .select()
      .from(refundOrderLines)
      .where(eq(refundOrderLines.refundOrderId, refundOrderId))
      .orderBy(
        asc(refundOrderLines.passengerSeq),
        asc(refundOrderLines.segmentSeq),
        asc(refundOrderLines.code),
      );
  }

  async eventsOf(refundOrderId: string): Promise<RefundEventRecord[]> {
    return this.db
      .select()
      .from(refundOrderEvents)
      .where(eq(refundOrderEvents.refundOrderId, refundOrderId))
      .orderBy(asc(refundOrderEvents.id));
  }

  async moneyOf(refundOrderId: string): Promise<RefundMoneyRecord[]> {
    return this.db.select().from(refundOrderMoney).where(eq(refundOrderMoney.refundOrderId, refundOrderId));
  }

  async addEvent(refundOrderId: string, e: RefundEventInput, now: Date): Promise<void> {
    await this.db.insert(refundOrderEvents).values({
      refundOrderId,
      type: e.type,
      actor: e.actor,
      reason: e.reason ?? null,
      data: e.data ?? null,
      mail: e.mail ?? false,
      createdAt: now,
    });
  }

  /**
   * Moves a refund order from one of `from` to `to` with `set`, by a conditional UPDATE: the one
   * transaction that moves it wins. The row as moved, or null when it was in none of `from`.
   */
  async move(
    id: string,
    from: readonly string[],
    to: string,
    now: Date,
    set: Partial<typeof refundOrders.$inferInsert> = {},
  ): Promise<RefundOrderRecord | null> {
    const [row] = await this.db
      .update(refundOrders)
      .set({ ...set, status: to, updatedAt: now })
      .where(and(eq(refundOrders.id, id), inArray(refundOrders.status, [...from])))
      .returning();
    return row ?? null;
  }

  async setFields(id: string, set: Partial<typeof refundOrders.$inferInsert>, now: Date): Promise<void> {
    await this.db
      .update(refundOrders)
      .set({ ...set, updatedAt: now })
      .where(eq(refundOrders.id, id));
  }

  /** The passengers (booking ids) of an order held by its submitted, unfinished refunds. */
  async passengersInRefund(orderId: string): Promise<Set<string>> {
    const rows = await this.db
      .selectDistinct({ passengerId: refundOrderLines.passengerId })
      .from(refundOrderLines)
      .innerJoin(refundOrders, eq(refundOrders.id, refundOrderLines.refundOrderId))
      .where(and(eq(refundOrders.orderId, orderId), inArray(refundOrders.status, [...ACTIVE_STATUSES])));
    return new Set(rows.map((r) => r.passengerId));
  }

  async insertMoney(
    row: Omit<typeof refundOrderMoney.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>,
    now: Date,
  ): Promise<void> {
    await this.db
      .insert(refundOrderMoney)
      .values({ ...row, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: refundOrderMoney.paymentRefundId });
  }

  /** A money row to `to` from any other status; the row as moved, or null (already there, or not ours). */
  async settleMoney(
    paymentRefundId: string,
    to: 'succeeded' | 'failed',
    now: Date,
  ): Promise<RefundMoneyRecord | null> {
    const from = to === 'succeeded' ? ['pending', 'failed'] : ['pending'];
    const [row] = await this.db
      .update(refundOrderMoney)
      .set({ status: to, settledAt: now, updatedAt: now })
      .where(
        and(eq(refundOrderMoney.paymentRefundId, paymentRefundId), inArray(refundOrderMoney.status, from)),
      )
      .returning();
    return row ?? null;
  }

  /** A member's refund orders: of their orders, or asked for by them (a linked order); newest first. */
  async ofMember(
    userId: string,
    orderId: string | null,
    page: { offset: number; limit: number },
  ): Promise<{ list: RefundOrderRecord[]; total: number }> {
    const mine = or(eq(refundOrders.ownerUserId, userId), eq(refundOrders.requesterUserId, userId))!;
    return this.pageOf(orderId ? and(eq(refundOrders.orderId, orderId)) : mine, page);
  }

  async ofOrder(
    orderId: string,
    page: { offset: number; limit: number },
  ): Promise<{ list: RefundOrderRecord[]; total: number }> {
    return this.pageOf(eq(refundOrders.orderId, orderId), page);
  }

  private async pageOf(
    where: SQL | undefined,
    page: { offset: number; limit: number },
  ): Promise<{ list: RefundOrderRecord[]; total: number }> {
    // Drafts never confirmed are the traveller's own unfinished screens: not listed.
    const listed = and(where, sql`${refundOrders.status} not in ('draft', 'expired')`);
    const [list, count] = await Promise.all([
      this.db
        .select()
        .from(refundOrders)
        .where(listed)
        .orderBy(desc(refundOrders.createdAt), desc(refundOrders.refundNo))
        .offset(page.offset)
        .limit(page.limit),
      this.db.select({ n: sql<number>`count(*)::int` }).from(refundOrders).where(listed),
    ]);
    return { list, total: Number(count[0]?.n ?? 0) };
  }

  /** The console's queue: submitted refunds by status and age, oldest first (at most `limit`). */
  async queue(
    filter: { status?: string; submittedBefore?: Date; orderNo?: string },
    limit: number,
  ): Promise<RefundOrderRecord[]> {
    const where: SQL[] = [sql`${refundOrders.submittedAt} is not null`];
    if (filter.status) where.push(eq(refundOrders.status, filter.status));
    if (filter.orderNo) where.push(eq(refundOrders.orderNo, filter.orderNo));
    if (filter.submittedBefore) where.push(lte(refundOrders.submittedAt, filter.submittedBefore));
    return this.db
      .select()
      .from(refundOrders)
      .where(and(...where))
      .orderBy(asc(refundOrders.submittedAt))
      .limit(limit);
  }

  /** Drafts past their time, for the sweep. */
  async lapsedDrafts(now: Date, limit: number): Promise<RefundOrderRecord[]> {
    return this.db
      .select()
      .from(refundOrders)
      .where(and(eq(refundOrders.status, 'draft'), lte(refundOrders.expiresAt, now)))
      .limit(limit);
  }

  /** Approved refunds whose passengers' add-ons bought after ticketing are still to refund. */
  async addonsOwed(limit: number): Promise<RefundOrderRecord[]> {
    return this.db
      .select()
      .from(refundOrders)
      .where(
        and(inArray(refundOrders.status, ['refunding', 'refunded']), isNull(refundOrders.addonsRefundedAt)),
      )
      .limit(limit);
  }

  /** Steps whose mail is owed, oldest first. */
  async unmailed(limit: number): Promise<RefundEventRecord[]> {
    return this.db
      .select()
      .from(refundOrderEvents)
      .where(and(eq(refundOrderEvents.mail, true), isNull(refundOrderEvents.notifiedAt)))
      .orderBy(asc(refundOrderEvents.id))
      .limit(limit);
  }

  /** Takes an owed mail for this transaction (SKIP LOCKED: a concurrent run leaves it); null when taken or sent. */
  async lockUnmailed(eventId: number): Promise<RefundEventRecord | null> {
    const r = await this.db.execute<{ id: number }>(sql`
      select id from refund_order_events
       where id = ${eventId} and mail and notified_at is null
       for update skip locked`);
    if (r.rows.length === 0) return null;
    const [row] = await this.db.select().from(refundOrderEvents).where(eq(refundOrderEvents.id, eventId));
    return row ?? null;
  }

  async markMailed(eventId: number, now: Date): Promise<void> {
    await this.db.update(refundOrderEvents).set({ notifiedAt: now }).where(eq(refundOrderEvents.id, eventId));
  }
}
