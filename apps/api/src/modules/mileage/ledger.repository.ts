import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import {
  mileageAccounts,
  mileageCursors,
  mileageExpiryNotices,
  mileageFreezes,
  mileageLedger,
} from '../../db/schema/mileage';
import type { Executor } from '../../platform/db';

/** A ledger row as stored. */
export type LedgerRow = typeof mileageLedger.$inferSelect;
/** A row to append (the id and creation time are the database's). */
export type NewLedgerRow = typeof mileageLedger.$inferInsert;
/** A member's account row. */
export type AccountRow = typeof mileageAccounts.$inferSelect;
/** An open or closed freeze. */
export type FreezeRow = typeof mileageFreezes.$inferSelect;

/**
 * The only code of the mileage module that speaks Drizzle to its ledger, accounts, freezes,
 * notices and cursors. Every function takes the executor it runs on (the caller's transaction or
 * the database).
 */
export const ledgerRepo = {
  /** Appends a row unless its source key is already there; the row written or the one found. */
  async insertOnce(
    db: Executor,
    row: NewLedgerRow,
  ): Promise<{ id: number; miles: number; inserted: boolean }> {
    const [written] = await db
      .insert(mileageLedger)
      .values(row)
      .onConflictDoNothing({ target: mileageLedger.sourceKey })
      .returning({ id: mileageLedger.id, miles: mileageLedger.miles });
    if (written) return { ...written, inserted: true };
    const [found] = await db
      .select({ id: mileageLedger.id, miles: mileageLedger.miles })
      .from(mileageLedger)
      .where(eq(mileageLedger.sourceKey, row.sourceKey));
    if (!found) throw new Error(`ledger row ${row.sourceKey} neither written nor found`);
    return { ...found, inserted: false };
  },

  /** The member's account, created with a zero balance when missing. */
  async ensureAccount(db: Executor, memberId: string): Promise<void> {
    await db.insert(mileageAccounts).values({ memberId }).onConflictDoNothing();
  },

  async account(db: Executor, memberId: string): Promise<AccountRow | null> {
    const [row] = await db.select().from(mileageAccounts).where(eq(mileageAccounts.memberId, memberId));
    return row ?? null;
  },

  async allAccounts(db: Executor): Promise<AccountRow[]> {
    return db.select().from(mileageAccounts).orderBy(asc(mileageAccounts.memberId));
  },

  /** Adds miles (a credit) to the balance. */
  async addToBalance(db: Executor, memberId: string, miles: number, now: Date): Promise<void> {
    await db
      .update(mileageAccounts)
      .set({ balance: sql`${mileageAccounts.balance} + ${miles}`, updatedAt: now })
      .where(eq(mileageAccounts.memberId, memberId));
  },

  /**
   * Takes miles from the balance only when it pays for them (the row lock makes concurrent debits
   * queue, and each sees the balance the previous one left); false when it does not.
   */
  async takeFromBalance(db: Executor, memberId: string, miles: number, now: Date): Promise<boolean> {
    const rows = await db
      .update(mileageAccounts)
      .set({ balance: sql`${mileageAccounts.balance} - ${miles}`, updatedAt: now })
      .where(and(eq(mileageAccounts.memberId, memberId), gte(mileageAccounts.balance, miles)))
      .returning({ balance: mileageAccounts.balance });
    return rows.length > 0;
  },

  async setLevelReachedAt(db: Executor, memberId: string, at: Date | null): Promise<void> {
    await db
      .update(mileageAccounts)
      .set({ levelReachedAt: at })
      .where(eq(mileageAccounts.memberId, memberId));
  },

  async rowById(db: Executor, id: number): Promise<LedgerRow | null> {
    const [row] = await db.select().from(mileageLedger).where(eq(mileageLedger.id, id)).for('update');
    return row ?? null;
  },

  /** Moves a row's status once, from processing (2) only; false when it was not processing. */
  async settleStatus(db: Executor, id: number, status: 0 | 1): Promise<boolean> {
    const rows = await db
      .update(mileageLedger)
      .set({ status })
      .where(and(eq(mileageLedger.id, id), eq(mileageLedger.status, 2)))
      .returning({ id: mileageLedger.id });
    return rows.length > 0;
  },

  /** Elite miles and segments of the rows that occurred after `since`. */
  async eliteSince(
    db: Executor,
    memberId: string,
    since: Date,
  ): Promise<{ miles: number; segments: number }> {
    const [row] = await db
      .select({
        miles: sql<number>`coalesce(sum(${mileageLedger.eliteMiles}), 0)::int`,
        segments: sql<number>`coalesce(sum(${mileageLedger.eliteSegments}), 0)::int`,
      })
      .from(mileageLedger)
      .where(and(eq(mileageLedger.memberId, memberId), gt(mileageLedger.occurredAt, since)));
    return { miles: Number(row?.miles ?? 0), segments: Number(row?.segments ?? 0) };
  },

  /** The member's lots (credits that expire), oldest expiry first. */
  async lots(db: Executor, memberId: string): Promise<{ miles: number; expiresAt: Date }[]> {
    const rows = await db
      .select({ miles: mileageLedger.miles, expiresAt: mileageLedger.expiresAt })
      .from(mileageLedger)
      .where(and(eq(mileageLedger.memberId, memberId), isNotNull(mileageLedger.expiresAt)))
      .orderBy(asc(mileageLedger.expiresAt), asc(mileageLedger.id));
    return rows.flatMap((r) => (r.expiresAt ? [{ miles: r.miles, expiresAt: r.expiresAt }] : []));
  },

  /** Everything spent so far: every debit (consumed or expired) less what reversals gave back. */
  async spent(db: Executor, memberId: string): Promise<number> {
    const [row] = await db
      .select({
        debits: sql<number>`coalesce(sum(-${mileageLedger.miles}) filter (where ${mileageLedger.miles} < 0), 0)::int`,
        reversals: sql<number>`coalesce(sum(${mileageLedger.miles}) filter (where ${mileageLedger.kind} = 'reversal'), 0)::int`,
      })
      .from(mileageLedger)
      .where(eq(mileageLedger.memberId, memberId));
    return Number(row?.debits ?? 0) - Number(row?.reversals ?? 0);
  },

  /** The sum of the member's rows that occurred before an instant (a bill's opening balance). */
  async sumBefore(db: Executor, memberId: string, before: Date): Promise<number> {
    const [row] = await db
      .select({ total: sql<number>`coalesce(sum(${mileageLedger.miles}), 0)::int` })
      .from(mileageLedger)
      .where(and(eq(mileageLedger.memberId, memberId), lt(mileageLedger.occurredAt, before)));
    return Number(row?.total ?? 0);
  },

  /** The member's rows that occurred in [from, to), oldest first. */
  async rowsBetween(db: Executor, memberId: string, from: Date, to: Date): Promise<LedgerRow[]> {
    return db
      .select()
      .from(mileageLedger)
      .where(
        and(
          eq(mileageLedger.memberId, memberId),
          gte(mileageLedger.occurredAt, from),
          lt(mileageLedger.occurredAt, to),
        ),
      )
      .orderBy(asc(mileageLedger.occurredAt), asc(mileageLedger.id));
  },

  /** A page of the member's rows, newest first, optionally of one trading type; and how many there are. */
  async page(
    db: Executor,
    memberId: string,
    opts: { tradingType?: number | undefined; offset: number; limit: number },
  ): Promise<{ rows: LedgerRow[]; total: number }> {
    const where =
      opts.tradingType === undefined
        ? eq(mileageLedger.memberId, memberId)
        : and(eq(mileageLedger.memberId, memberId), eq(mileageLedger.tradingType, opts.tradingType));
    const rows = await db
      .select()
      .from(mileageLedger)
      .where(where)
      .orderBy(desc(mileageLedger.occurredAt), desc(mileageLedger.id))
      .offset(opts.offset)
      .limit(opts.limit);
    const [total] = await db.select({ n: count() }).from(mileageLedger).where(where);
    return { rows, total: Number(total?.n ?? 0) };
  },

  /** Members with lots expired by `now`. */
  async membersWithExpiredLots(db: Executor, now: Date): Promise<string[]> {
    const rows = await db
      .selectDistinct({ memberId: mileageLedger.memberId })
      .from(mileageLedger)
      .where(and(isNotNull(mileageLedger.expiresAt), lte(mileageLedger.expiresAt, now)));
    return rows.map((r) => r.memberId);
  },

  /** Members with lots expiring in (now, until]. */
  async membersWithLotsExpiringBy(db: Executor, now: Date, until: Date): Promise<string[]> {
    const rows = await db
      .selectDistinct({ memberId: mileageLedger.memberId })
      .from(mileageLedger)
      .where(and(gt(mileageLedger.expiresAt, now), lte(mileageLedger.expiresAt, until)));
    return rows.map((r) => r.memberId);
  },

  async openFreeze(db: Executor, memberId: string): Promise<FreezeRow | null> {
    const [row] = await db
      .select()
      .from(mileageFreezes)
      .where(and(eq(mileageFreezes.memberId, memberId), isNull(mileageFreezes.unfrozenAt)));
    return row ?? null;
  },

  /** Opens a freeze; false when one is already open. */
  async insertFreeze(
    db: Executor,
    row: { memberId: string; reason: string; frozenBy: string; frozenAt: Date },
  ): Promise<boolean> {
    const rows = await db
      .insert(mileageFreezes)
      .values(row)
      .onConflictDoNothing()
      .returning({ id: mileageFreezes.id });
    return rows.length > 0;
  },

  /** Closes the open freeze; false when there is none. */
  async closeFreeze(
    db: Executor,
    memberId: string,
    by: { reason: string; staffId: string; at: Date },
  ): Promise<boolean> {
    const rows = await db
      .update(mileageFreezes)
      .set({ unfrozenAt: by.at, unfrozenBy: by.staffId, unfreezeReason: by.reason })
      .where(and(eq(mileageFreezes.memberId, memberId), isNull(mileageFreezes.unfrozenAt)))
      .returning({ id: mileageFreezes.id });
    return rows.length > 0;
  },

  /** Records that a member was told of an expiry; false when they already were. */
  async insertNotice(
    db: Executor,
    memberId: string,
    expiresAt: Date,
    miles: number,
    now: Date,
  ): Promise<boolean> {
    const rows = await db
      .insert(mileageExpiryNotices)
      .values({ memberId, expiresAt, miles, sentAt: now })
      .onConflictDoNothing()
      .returning({ memberId: mileageExpiryNotices.memberId });
    return rows.length > 0;
  },

  async noticeSent(db: Executor, memberId: string, expiresAt: Date): Promise<boolean> {
    const rows = await db
      .select({ memberId: mileageExpiryNotices.memberId })
      .from(mileageExpiryNotices)
      .where(and(eq(mileageExpiryNotices.memberId, memberId), eq(mileageExpiryNotices.expiresAt, expiresAt)));
    return rows.length > 0;
  },

  async cursor(db: Executor, name: string): Promise<Date | null> {
    const [row] = await db.select().from(mileageCursors).where(eq(mileageCursors.name, name));
    return row?.position ?? null;
  },

  /** Moves a cursor forward (never back). */
  async advanceCursor(db: Executor, name: string, position: Date, now: Date): Promise<void> {
    await db
      .insert(mileageCursors)
      .values({ name, position, updatedAt: now })
      .onConflictDoUpdate({
        target: mileageCursors.name,
        set: { position: sql`greatest(${mileageCursors.position}, excluded.position)`, updatedAt: now },
      });
  },

  /** Which of these coupons the ledger already credited (the sweep's or an approved claim's `coupon:<id>`). */
  async creditedCoupons(db: Executor, couponIds: readonly string[]): Promise<Set<string>> {
    if (couponIds.length === 0) return new Set();
    const rows = await db
      .select({ couponId: mileageLedger.couponId })
      .from(mileageLedger)
      .where(
        inArray(
          mileageLedger.sourceKey,
          couponIds.map((id) => `coupon:${id}`),
        ),
      );
    return new Set(rows.flatMap((r) => (r.couponId ? [r.couponId] : [])));
  },
};
