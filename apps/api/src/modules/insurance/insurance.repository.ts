import { randomUUID } from 'node:crypto';
import type { Currency } from '@wings/contracts';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import {
  type InsuranceBandRow,
  type InsuranceCoverRow,
  insurancePlans,
  insurancePolicies,
} from '../../db/schema/insurance';
import type { Db, Executor } from '../../platform/db';

/** A plan row, without Drizzle's types. */
export interface PlanRecord {
  id: number;
  code: string;
  currency: Currency;
  grade: number;
  name: { zh: string; en: string; km: string };
  coverage: InsuranceCoverRow[];
  priceBands: InsuranceBandRow[];
  disabledAt: Date | null;
  updatedAt: Date;
}

/** What a plan is filed with (create) or changed to (update). */
export interface PlanWrite {
  grade: number;
  name: { zh: string; en: string; km: string };
  coverage: InsuranceCoverRow[];
  priceBands: InsuranceBandRow[];
}

/** A policy row, without Drizzle's types. */
export interface PolicyRecord {
  id: string;
  orderId: string;
  passengerId: string;
  planId: number;
  status: 'pending' | 'issued' | 'failed';
  reference: string;
  provider: string;
  policyNo: string | null;
  premiumAmount: number;
  premiumCurrency: Currency;
  coverFrom: string;
  coverTo: string;
  insured: unknown;
  attempts: number;
  lastError: string | null;
  issuedAt: Date | null;
}

/** A policy to write when an order is paid (next round: booking calls it in its transaction). */
export interface PendingPolicy {
  orderId: string;
  passengerId: string;
  planId: number;
  provider: string;
  premiumAmount: number;
  premiumCurrency: Currency;
  coverFrom: string;
  coverTo: string;
  insured: Record<string, unknown>;
}

function planOf(r: typeof insurancePlans.$inferSelect): PlanRecord {
  return {
    id: r.id,
    code: r.code,
    currency: r.currency as Currency,
    grade: r.grade,
    name: r.name,
    coverage: r.coverage,
    priceBands: r.priceBands,
    disabledAt: r.disabledAt,
    updatedAt: r.updatedAt,
  };
}

function policyOf(r: typeof insurancePolicies.$inferSelect): PolicyRecord {
  return {
    ...r,
    status: r.status as PolicyRecord['status'],
    premiumCurrency: r.premiumCurrency as Currency,
  };
}

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** The insurance module's SQL: its plans and policies (the sandbox insurer keeps its own book). */
export function createInsuranceRepository(db: Db) {
  return {
    /** The database, for reads and writes outside a caller's transaction. */
    db: db as Executor,

    transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(fn);
    },

    /** Plans, by currency then grade; `activeOnly` leaves disabled ones out. */
    async plans(filter: { currency?: Currency | undefined; activeOnly?: boolean }): Promise<PlanRecord[]> {
      const where = [
        ...(filter.currency ? [eq(insurancePlans.currency, filter.currency)] : []),
        ...(filter.activeOnly ? [isNull(insurancePlans.disabledAt)] : []),
      ];
      const rows = await db
        .select()
        .from(insurancePlans)
        .where(where.length ? and(...where) : undefined)
        .orderBy(asc(insurancePlans.currency), asc(insurancePlans.grade), asc(insurancePlans.code));
      return rows.map(planOf);
    },

    async planByCode(code: string, currency: Currency): Promise<PlanRecord | null> {
      const [row] = await db
        .select()
        .from(insurancePlans)
        .where(and(eq(insurancePlans.code, code), eq(insurancePlans.currency, currency)));
      return row ? planOf(row) : null;
    },

    async planById(ex: Executor, id: number, lock = false): Promise<PlanRecord | null> {
      const q = ex.select().from(insurancePlans).where(eq(insurancePlans.id, id));
      const [row] = lock ? await q.for('update') : await q;
      return row ? planOf(row) : null;
    },

    async insertPlan(
      ex: Executor,
      p: PlanWrite & { code: string; currency: Currency },
      at: Date,
    ): Promise<number> {
      const [row] = await ex
        .insert(insurancePlans)
        .values({ ...p, createdAt: at, updatedAt: at })
        .returning({ id: insurancePlans.id });
      return row!.id;
    },

    async updatePlan(ex: Executor, id: number, p: PlanWrite, at: Date): Promise<void> {
      await ex
        .update(insurancePlans)
        .set({ ...p, updatedAt: at })
        .where(eq(insurancePlans.id, id));
    },

    async disablePlan(ex: Executor, id: number, at: Date): Promise<void> {
      await ex.update(insurancePlans).set({ disabledAt: at, updatedAt: at }).where(eq(insurancePlans.id, id));
    },

    /**
     * Writes an order's policies `pending` (a policy already there for the order, passenger and
     * plan is left alone), each with its reference `ins_<id>`. Their ids.
     */
    async insertPending(ex: Executor, policies: PendingPolicy[], at: Date): Promise<string[]> {
      if (policies.length === 0) return [];
      const rows = await ex
        .insert(insurancePolicies)
        .values(
          policies.map((p) => {
            const id = randomUUID();
            return { ...p, id, status: 'pending', reference: `ins_${id}`, createdAt: at, updatedAt: at };
          }),
        )
        .onConflictDoNothing({
          target: [insurancePolicies.orderId, insurancePolicies.passengerId, insurancePolicies.planId],
        })
        .returning({ id: insurancePolicies.id });
      const ids = rows.map((r) => r.id);
      return ids;
    },

    async policy(ex: Executor, id: string, lock = false): Promise<PolicyRecord | null> {
      const q = ex.select().from(insurancePolicies).where(eq(insurancePolicies.id, id));
      const [row] = lock ? await q.for('update') : await q;
      return row ? policyOf(row) : null;
    },

    /** Pending policies written before `before`, oldest first (the purchase sweep), at most `limit`. */
    async pendingPolicyIds(before: Date, limit = 100): Promise<string[]> {
      const rows = await db
        .select({ id: insurancePolicies.id })
        .from(insurancePolicies)
        .where(and(eq(insurancePolicies.status, 'pending'), lt(insurancePolicies.createdAt, before)))
        .orderBy(asc(insurancePolicies.createdAt))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    async policiesOfOrder(orderId: string): Promise<PolicyRecord[]> {
      const rows = await db
        .select()
        .from(insurancePolicies)
        .where(eq(insurancePolicies.orderId, orderId))
        .orderBy(asc(insurancePolicies.createdAt));
      return rows.map(policyOf);
    },

    async markPolicy(
      ex: Executor,
      id: string,
      to: { status: PolicyRecord['status']; policyNo?: string | null; error?: string | null },
      at: Date,
    ): Promise<void> {
      await ex
        .update(insurancePolicies)
        .set({
          status: to.status,
          ...(to.policyNo !== undefined ? { policyNo: to.policyNo } : {}),
          lastError: to.error ?? null,
          attempts: sql`${insurancePolicies.attempts} + 1`,
          ...(to.status === 'issued' ? { issuedAt: at } : {}),
          updatedAt: at,
        })
        .where(eq(insurancePolicies.id, id));
    },
  };
}

export type InsuranceRepository = ReturnType<typeof createInsuranceRepository>;
