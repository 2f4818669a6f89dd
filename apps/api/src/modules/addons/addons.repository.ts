import type { Currency } from '@wings/contracts';
import type { AddonKind, AddonSeatType } from '@wings/rules';
import { and, asc, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { addonPrices } from '../../db/schema/addons';
import type { Db, Executor } from '../../platform/db';

type Cabin = 'C' | 'Y';

/** One catalogue row, without Drizzle's types. */
export interface AddonPriceRow {
  id: number;
  routeCode: string;
  cabin: Cabin;
  kind: AddonKind;
  weightKg: number | null;
  seatType: AddonSeatType | null;
  currency: Currency;
  amount: number | null;
  percent: number | null;
  validFrom: string;
  validTo: string | null;
  disabledAt: Date | null;
  disabledReason: string | null;
  updatedAt: Date;
}

/** A new row as the service writes it. */
export type AddonPriceWrite = Omit<AddonPriceRow, 'id' | 'disabledAt' | 'disabledReason' | 'updatedAt'>;

/** The filters of the console's list. */
export interface AddonPriceFilter {
  route?: string | undefined;
  cabin?: Cabin | undefined;
  kind?: AddonKind | undefined;
  currency?: Currency | undefined;
  includeDisabled: boolean;
  page: number;
  pageSize: number;
}

/** One leg's question: the prices of a route and cabin in a currency for a departure date. */
export interface LegPriceQuery {
  routeCode: string;
  cabin: Cabin;
  currency: Currency;
  /** Local departure date at the origin, YYYY-MM-DD. */
  date: string;
}

/** A unique key already taken (PostgreSQL 23505): the caller names the field. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

const COLUMNS = {
  id: addonPrices.id,
  routeCode: addonPrices.routeCode,
  cabin: addonPrices.cabin,
  kind: addonPrices.kind,
  weightKg: addonPrices.weightKg,
  seatType: addonPrices.seatType,
  currency: addonPrices.currency,
  amount: addonPrices.amount,
  percent: addonPrices.percent,
  validFrom: addonPrices.validFrom,
  validTo: addonPrices.validTo,
  disabledAt: addonPrices.disabledAt,
  disabledReason: addonPrices.disabledReason,
  updatedAt: addonPrices.updatedAt,
};

type Selected = { [K in keyof typeof COLUMNS]: (typeof COLUMNS)[K]['_']['data'] | null };

function toRow(r: Selected): AddonPriceRow {
  return {
    ...(r as AddonPriceRow),
    cabin: r.cabin as Cabin,
    kind: r.kind as AddonKind,
    seatType: r.seatType as AddonSeatType | null,
    currency: r.currency as Currency,
  };
}

/**
 * The add-on catalogue's only Drizzle code. In force for a departure date: not disabled,
 * `valid_from <= date <= valid_to` (or open-ended), and of several rows of one add-on the one
 * filed from the latest date (a new filing replaces an older one from its date, as fares do).
 */
export function createAddonsRepository(db: Db) {
  return {
    transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(tx));
    },

    /** The rows in force for each leg, all legs in one statement (answered in the legs' order). */
    async inForce(legs: readonly LegPriceQuery[], executor: Executor = db): Promise<AddonPriceRow[][]> {
      if (legs.length === 0) return [];
      const wanted = sql.join(
        legs.map(
          (l, i) =>
            sql`(${i}::int, ${l.routeCode}::text, ${l.cabin}::text, ${l.currency}::text, ${l.date}::date)`,
        ),
        sql`, `,
      );
      const result = await executor.execute<{
        leg: number;
        id: number;
        route_code: string;
        cabin: string;
        kind: string;
        weight_kg: number | null;
        seat_type: string | null;
        currency: string;
        amount: number | null;
        percent: number | null;
        valid_from: string;
        valid_to: string | null;
        updated_at: string;
      }>(sql`
        with wanted(leg, route_code, cabin, currency, day) as (values ${wanted})
        select distinct on (w.leg, p.kind, coalesce(p.weight_kg, 0), coalesce(p.seat_type, ''))
               w.leg, p.id, p.route_code, p.cabin, p.kind, p.weight_kg, p.seat_type, p.currency,
               p.amount, p.percent, p.valid_from::text, p.valid_to::text, p.updated_at::text
          from wanted w
          join addon_prices p
            on p.route_code = w.route_code and p.cabin = w.cabin and p.currency = w.currency
           and p.disabled_at is null
           and p.valid_from <= w.day and (p.valid_to is null or p.valid_to >= w.day)
         order by w.leg, p.kind, coalesce(p.weight_kg, 0), coalesce(p.seat_type, ''), p.valid_from desc
      `);
      const byLeg: AddonPriceRow[][] = legs.map(() => []);
      for (const r of result.rows) {
        byLeg[Number(r.leg)]!.push({
          id: Number(r.id),
          routeCode: r.route_code,
          cabin: r.cabin as Cabin,
          kind: r.kind as AddonKind,
          weightKg: r.weight_kg === null ? null : Number(r.weight_kg),
          seatType: r.seat_type as AddonSeatType | null,
          currency: r.currency as Currency,
          amount: r.amount === null ? null : Number(r.amount),
          percent: r.percent === null ? null : Number(r.percent),
          validFrom: r.valid_from,
          validTo: r.valid_to,
          disabledAt: null,
          disabledReason: null,
          updatedAt: new Date(r.updated_at),
        });
      }
      return byLeg;
    },

    async list(filter: AddonPriceFilter): Promise<{ list: AddonPriceRow[]; total: number }> {
      const where: SQL[] = [];
      if (filter.route) where.push(eq(addonPrices.routeCode, filter.route));
      if (filter.cabin) where.push(eq(addonPrices.cabin, filter.cabin));
      if (filter.kind) where.push(eq(addonPrices.kind, filter.kind));
      if (filter.currency) where.push(eq(addonPrices.currency, filter.currency));
      if (!filter.includeDisabled) where.push(isNull(addonPrices.disabledAt));
      const condition = where.length > 0 ? and(...where) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select(COLUMNS)
          .from(addonPrices)
          .where(condition)
          .orderBy(
            asc(addonPrices.routeCode),
            asc(addonPrices.cabin),
            asc(addonPrices.currency),
            sql`array_position(array['baggage','priority','seat','refund_upgrade'], ${addonPrices.kind})`,
            asc(addonPrices.weightKg),
            sql`array_position(array['PFST','UPST','SEAT'], ${addonPrices.seatType})`,
            asc(addonPrices.validFrom),
            asc(addonPrices.id),
          )
          .limit(filter.pageSize)
          .offset((filter.page - 1) * filter.pageSize),
        db.select({ n: count() }).from(addonPrices).where(condition),
      ]);
      return { list: rows.map(toRow), total: total?.n ?? 0 };
    },

    async byId(executor: Executor, id: number): Promise<AddonPriceRow | null> {
      const [row] = await executor.select(COLUMNS).from(addonPrices).where(eq(addonPrices.id, id));
      return row ? toRow(row) : null;
    },

    /** The row, locked for the rest of the caller's transaction; null when unknown. */
    async forUpdate(tx: Executor, id: number): Promise<AddonPriceRow | null> {
      const [row] = await tx.select(COLUMNS).from(addonPrices).where(eq(addonPrices.id, id)).for('update');
      return row ? toRow(row) : null;
    },

    async insert(tx: Executor, row: AddonPriceWrite): Promise<AddonPriceRow> {
      const [created] = await tx.insert(addonPrices).values(row).returning(COLUMNS);
      return toRow(created!);
    },

    async update(
      tx: Executor,
      id: number,
      values: Pick<AddonPriceRow, 'amount' | 'percent' | 'validFrom' | 'validTo'>,
      at: Date,
    ): Promise<AddonPriceRow> {
      const [row] = await tx
        .update(addonPrices)
        .set({ ...values, updatedAt: at })
        .where(eq(addonPrices.id, id))
        .returning(COLUMNS);
      return toRow(row!);
    },

    async disable(tx: Executor, id: number, reason: string, at: Date): Promise<AddonPriceRow> {
      const [row] = await tx
        .update(addonPrices)
        .set({ disabledAt: at, disabledReason: reason, updatedAt: at })
        .where(eq(addonPrices.id, id))
        .returning(COLUMNS);
      return toRow(row!);
    },
  };
}

export type AddonsRepository = ReturnType<typeof createAddonsRepository>;
