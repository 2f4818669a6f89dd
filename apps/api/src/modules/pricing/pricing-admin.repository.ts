import type { Currency } from '@wings/contracts';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import { bookingClasses, fares, promoCodes, taxes } from '../../db/schema/fares';
import type { Db, Executor } from '../../platform/db';

/** A fare filing with its class's family and cabin, as the console lists it. */
export interface FareFiling {
  id: number;
  routeCode: string;
  bookingClass: string;
  family: string;
  cabin: 'C' | 'Y';
  nestOrder: number;
  currency: Currency;
  adultAmount: number;
  validFrom: string;
  validTo: string | null;
  updatedAt: Date;
}

/** A tax filing as the console lists it. */
export interface TaxFiling {
  id: number;
  code: string;
  scope: 'country' | 'airport';
  scopeCode: string;
  passengerType: 'adult' | 'child' | 'infant';
  amount: number;
  currency: Currency;
  descriptionEn: string;
  validFrom: string;
  validTo: string | null;
  updatedAt: Date;
}

/** A promotion row in full, as the console edits it. */
export interface PromoFiling {
  code: string;
  titleZh: string;
  titleEn: string;
  titleKm: string;
  kind: 'percent' | 'amount';
  value: number;
  currency: Currency | null;
  minSpend: number | null;
  validFrom: Date;
  validTo: Date;
  routes: string[] | null;
  usageLimit: number | null;
  usedCount: number;
  listed: boolean;
  /** When staff disabled the code, and why; null while usable. */
  disabledAt: Date | null;
  disabledReason: string | null;
  updatedAt: Date;
}

/** A code's terms as staff write them; uses and disabling are kept apart. */
export type PromoWrite = Omit<PromoFiling, 'usedCount' | 'updatedAt' | 'disabledAt' | 'disabledReason'>;

/** A unique key already taken (PostgreSQL 23505): the caller names the field. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

const FARE_COLUMNS = {
  id: fares.id,
  routeCode: fares.routeCode,
  bookingClass: fares.bookingClass,
  family: bookingClasses.familyCode,
  cabin: bookingClasses.cabin,
  nestOrder: bookingClasses.nestOrder,
  currency: fares.currency,
  adultAmount: fares.adultAmount,
  validFrom: fares.validFrom,
  validTo: fares.validTo,
  updatedAt: fares.updatedAt,
};

function toFare(r: {
  id: number;
  routeCode: string;
  bookingClass: string;
  family: string;
  cabin: string;
  nestOrder: number;
  currency: string;
  adultAmount: number;
  validFrom: string;
  validTo: string | null;
  updatedAt: Date;
}): FareFiling {
  return { ...r, cabin: r.cabin as 'C' | 'Y', currency: r.currency as Currency };
}

function toTax(r: typeof taxes.$inferSelect): TaxFiling {
  return {
    id: r.id,
    code: r.code,
    scope: r.scope as TaxFiling['scope'],
    scopeCode: r.scopeCode,
    passengerType: r.passengerType as TaxFiling['passengerType'],
    amount: r.amount,
    currency: r.currency as Currency,
    descriptionEn: r.descriptionEn,
    validFrom: r.validFrom,
    validTo: r.validTo,
    updatedAt: r.updatedAt,
  };
}

function toPromo(r: typeof promoCodes.$inferSelect): PromoFiling {
  return {
    code: r.code,
    titleZh: r.titleZh,
    titleEn: r.titleEn,
    titleKm: r.titleKm,
    kind: r.kind === 'amount' ? 'amount' : 'percent',
    value: r.value,
    currency: (r.currency as Currency | null) ?? null,
    minSpend: r.minSpend,
    validFrom: r.validFrom,
    validTo: r.validTo,
    routes: r.routes,
    usageLimit: r.usageLimit,
    usedCount: r.usedCount,
    listed: r.listed === 1,
    disabledAt: r.disabledAt,
    disabledReason: r.disabledReason,
    updatedAt: r.updatedAt,
  };
}

/**
 * Pricing's tables as the staff console reads and changes them: fares, taxes and promo codes.
 * Every change runs in the caller's transaction (the service's, which writes the audit row and
 * announces the change to the search caches in it); reads for a change lock the row.
 */
export function createPricingAdminRepository(db: Db) {
  return {
    transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(tx));
    },

    async bookingClasses(): Promise<
      Array<{ letter: string; family: string; cabin: 'C' | 'Y'; nestOrder: number }>
    > {
      const rows = await db
        .select({
          letter: bookingClasses.letter,
          family: bookingClasses.familyCode,
          cabin: bookingClasses.cabin,
          nestOrder: bookingClasses.nestOrder,
        })
        .from(bookingClasses)
        .orderBy(asc(bookingClasses.cabin), asc(bookingClasses.nestOrder));
      return rows.map((r) => ({ ...r, cabin: r.cabin as 'C' | 'Y' }));
    },

    /** Fares by route, family, class and currency; by route, cabin, nest order and first date. */
    async fares(filter: {
      route?: string | undefined;
      family?: string | undefined;
      bookingClass?: string | undefined;
      currency?: string | undefined;
      page: number;
      pageSize: number;
    }): Promise<{ list: FareFiling[]; total: number }> {
      const where: SQL[] = [];
      if (filter.route) where.push(eq(fares.routeCode, filter.route));
      if (filter.family) where.push(eq(bookingClasses.familyCode, filter.family));
      if (filter.bookingClass) where.push(eq(fares.bookingClass, filter.bookingClass));
      if (filter.currency) where.push(eq(fares.currency, filter.currency));
      const condition = where.length > 0 ? and(...where) : undefined;
      const [rows, totals] = await Promise.all([
        db
          .select(FARE_COLUMNS)
          .from(fares)
          .innerJoin(bookingClasses, eq(bookingClasses.letter, fares.bookingClass))
          .where(condition)
          .orderBy(
            asc(fares.routeCode),
            asc(bookingClasses.cabin),
            asc(bookingClasses.nestOrder),
            asc(fares.currency),
            asc(fares.validFrom),
          )
          .limit(filter.pageSize)
          .offset((filter.page - 1) * filter.pageSize),
        db
          .select({ n: count() })
          .from(fares)
          .innerJoin(bookingClasses, eq(bookingClasses.letter, fares.bookingClass))
          .where(condition),
      ]);
      return { list: rows.map(toFare), total: totals[0]?.n ?? 0 };
    },

    /** One fare filing, locked for the change of `tx`; null when unknown. */
    async fareForUpdate(tx: Executor, id: number): Promise<FareFiling | null> {
      const [row] = await tx
        .select(FARE_COLUMNS)
        .from(fares)
        .innerJoin(bookingClasses, eq(bookingClasses.letter, fares.bookingClass))
        .where(eq(fares.id, id))
        .for('update', { of: fares });
      return row ? toFare(row) : null;
    },

    async fareById(executor: Executor, id: number): Promise<FareFiling | null> {
      const [row] = await executor
        .select(FARE_COLUMNS)
        .from(fares)
        .innerJoin(bookingClasses, eq(bookingClasses.letter, fares.bookingClass))
        .where(eq(fares.id, id));
      return row ? toFare(row) : null;
    },

    async insertFare(
      tx: Executor,
      input: {
        routeCode: string;
        bookingClass: string;
        currency: Currency;
        adultAmount: number;
        validFrom: string;
        validTo: string | null;
      },
    ): Promise<number> {
      const [row] = await tx.insert(fares).values(input).returning({ id: fares.id });
      return row!.id;
    },

    async updateFare(
      tx: Executor,
      id: number,
      input: { adultAmount: number; validFrom: string; validTo: string | null; at: Date },
    ): Promise<void> {
      await tx
        .update(fares)
        .set({
          adultAmount: input.adultAmount,
          validFrom: input.validFrom,
          validTo: input.validTo,
          updatedAt: input.at,
        })
        .where(eq(fares.id, id));
    },

    async taxes(filter: {
      code?: string | undefined;
      scopeCode?: string | undefined;
      passengerType?: string | undefined;
    }): Promise<TaxFiling[]> {
      const where: SQL[] = [];
      if (filter.code) where.push(eq(taxes.code, filter.code));
      if (filter.scopeCode) where.push(eq(taxes.scopeCode, filter.scopeCode));
      if (filter.passengerType) where.push(eq(taxes.passengerType, filter.passengerType));
      const rows = await db
        .select()
        .from(taxes)
        .where(where.length > 0 ? and(...where) : undefined)
        .orderBy(
          asc(taxes.scopeCode),
          asc(taxes.code),
          sql`case ${taxes.passengerType} when 'adult' then 1 when 'child' then 2 else 3 end`,
          asc(taxes.currency),
          asc(taxes.validFrom),
        );
      return rows.map(toTax);
    },

    async taxForUpdate(tx: Executor, id: number): Promise<TaxFiling | null> {
      const [row] = await tx.select().from(taxes).where(eq(taxes.id, id)).for('update');
      return row ? toTax(row) : null;
    },

    async insertTax(tx: Executor, input: Omit<TaxFiling, 'id' | 'updatedAt'>): Promise<TaxFiling> {
      const [row] = await tx.insert(taxes).values(input).returning();
      return toTax(row!);
    },

    async updateTax(
      tx: Executor,
      id: number,
      input: { amount: number; descriptionEn: string; validFrom: string; validTo: string | null; at: Date },
    ): Promise<TaxFiling> {
      const { at, ...values } = input;
      const [row] = await tx
        .update(taxes)
        .set({ ...values, updatedAt: at })
        .where(eq(taxes.id, id))
        .returning();
      return toTax(row!);
    },

    async promos(): Promise<PromoFiling[]> {
      const rows = await db.select().from(promoCodes).orderBy(asc(promoCodes.code));
      return rows.map(toPromo);
    },

    async promoForUpdate(tx: Executor, code: string): Promise<PromoFiling | null> {
      const [row] = await tx.select().from(promoCodes).where(eq(promoCodes.code, code)).for('update');
      return row ? toPromo(row) : null;
    },

    async insertPromo(tx: Executor, input: PromoWrite): Promise<PromoFiling> {
      const [row] = await tx
        .insert(promoCodes)
        .values({ ...input, listed: input.listed ? 1 : 0 })
        .returning();
      return toPromo(row!);
    },

    /** The terms of a code; its uses (`used_count`) are the orders' and stay as they are. */
    async updatePromo(tx: Executor, input: PromoWrite, at: Date): Promise<PromoFiling> {
      const { code, ...values } = input;
      const [row] = await tx
        .update(promoCodes)
        .set({ ...values, listed: input.listed ? 1 : 0, updatedAt: at })
        .where(eq(promoCodes.code, code))
        .returning();
      return toPromo(row!);
    },

    /** Disables a code from `at` on, with the reason staff gave; its terms and uses stay. */
    async disablePromo(tx: Executor, code: string, reason: string, at: Date): Promise<PromoFiling> {
      const [row] = await tx
        .update(promoCodes)
        .set({ disabledAt: at, disabledReason: reason, updatedAt: at })
        .where(eq(promoCodes.code, code))
        .returning();
      return toPromo(row!);
    },
  };
}

export type PricingAdminRepository = ReturnType<typeof createPricingAdminRepository>;
