import type { AddonOrderStatus } from '@wings/contracts';
import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { addonOrderLines, addonOrders } from '../../db/schema/secondary-services';
import type { Executor } from '../../platform/db';

/** An add-on order as stored, with its lines. */
export interface AddonOrderRecord {
  id: string;
  secOrderNo: string;
  orderId: string;
  passengerId: string;
  serviceCode: 10 | 11 | 12 | 13;
  status: AddonOrderStatus;
  amount: number;
  currency: 'USD' | 'CNY';
  payDeadline: Date;
  idempotencyKey: string;
  requestHash: string;
  insurance: Record<string, unknown> | null;
  paidAt: Date | null;
  closedAt: Date | null;
  closeReason: string | null;
  createdAt: Date;
  lines: AddonLineRecord[];
}

export interface AddonLineRecord {
  id: string;
  segmentId: string | null;
  seat: string | null;
  weightKg: number | null;
  insuranceType: string | null;
  coverFrom: string | null;
  coverTo: string | null;
  amount: number;
  emdNo: string | null;
}

export type NewAddonLine = Omit<AddonLineRecord, 'id' | 'emdNo'>;

export interface NewAddonOrder {
  orderId: string;
  passengerId: string;
  serviceCode: 10 | 11 | 12 | 13;
  amount: number;
  currency: string;
  payDeadline: Date;
  idempotencyKey: string;
  requestHash: string;
  insurance: Record<string, unknown> | null;
  lines: NewAddonLine[];
  now: Date;
}

type OrderRow = typeof addonOrders.$inferSelect;

/** Data access of the secondary-services module: the only file of the module that knows its tables. */
export function createAddonOrdersRepository(db: Executor) {
  async function withLines(rows: OrderRow[]): Promise<AddonOrderRecord[]> {
    if (rows.length === 0) return [];
    const lines = await db
      .select()
      .from(addonOrderLines)
      .where(
        inArray(
          addonOrderLines.addonOrderId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(addonOrderLines.createdAt), asc(addonOrderLines.id));
    return rows.map((r) => ({
      id: r.id,
      secOrderNo: r.secOrderNo,
      orderId: r.orderId,
      passengerId: r.passengerId,
      serviceCode: r.serviceCode as 10 | 11 | 12 | 13,
      status: r.status as AddonOrderStatus,
      amount: r.amount,
      currency: r.currency as 'USD' | 'CNY',
      payDeadline: r.payDeadline,
      idempotencyKey: r.idempotencyKey,
      requestHash: r.requestHash,
      insurance: r.insurance ?? null,
      paidAt: r.paidAt,
      closedAt: r.closedAt,
      closeReason: r.closeReason,
      createdAt: r.createdAt,
      lines: lines
        .filter((l) => l.addonOrderId === r.id)
        .map((l) => ({
          id: l.id,
          segmentId: l.segmentId,
          seat: l.seat,
          weightKg: l.weightKg,
          insuranceType: l.insuranceType,
          coverFrom: l.coverFrom,
          coverTo: l.coverTo,
          amount: l.amount,
          emdNo: l.emdNo,
        })),
    }));
  }

  return {
    /** A new add-on order number: `S`, the UTC date (yymmdd) and a serial of six digits or more. */
    async nextSecOrderNo(now: Date): Promise<string> {
      const r = await db.execute<{ n: string }>(sql`select nextval('addon_order_serial_seq')::text as n`);
      const day = now.toISOString().slice(2, 10).replaceAll('-', '');
      return `S${day}${String(r.rows[0]?.n ?? '0').padStart(6, '0')}`;
    },

    /** Writes a new unpaid add-on order and its lines; null when its idempotency key was taken meanwhile. */
    async insert(o: NewAddonOrder & { secOrderNo: string }): Promise<string | null> {
      const [row] = await db
        .insert(addonOrders)
        .values({
          secOrderNo: o.secOrderNo,
          orderId: o.orderId,
          passengerId: o.passengerId,
          serviceCode: o.serviceCode,
          status: 'unpaid',
          amount: o.amount,
          currency: o.currency,
          payDeadline: o.payDeadline,
          idempotencyKey: o.idempotencyKey,
          requestHash: o.requestHash,
          insurance: o.insurance,
          createdAt: o.now,
          updatedAt: o.now,
        })
        .onConflictDoNothing({ target: [addonOrders.orderId, addonOrders.idempotencyKey] })
        .returning({ id: addonOrders.id });
      if (!row) return null;
      await db
        .insert(addonOrderLines)
        .values(o.lines.map((l) => ({ ...l, addonOrderId: row.id, createdAt: o.now, updatedAt: o.now })));
      return row.id;
    },

    async byKey(orderId: string, idempotencyKey: string): Promise<AddonOrderRecord | null> {
      const rows = await db
        .select()
        .from(addonOrders)
        .where(and(eq(addonOrders.orderId, orderId), eq(addonOrders.idempotencyKey, idempotencyKey)));
      return (await withLines(rows))[0] ?? null;
    },

    /** An add-on order by number; `lock` takes its row lock (in a transaction). */
    async bySecOrderNo(secOrderNo: string, lock = false): Promise<AddonOrderRecord | null> {
      const q = db.select().from(addonOrders).where(eq(addonOrders.secOrderNo, secOrderNo));
      const rows = lock ? await q.for('update') : await q;
      return (await withLines(rows))[0] ?? null;
    },

    /** The add-on orders of a ticketed order, oldest first. */
    async ofOrder(orderId: string): Promise<AddonOrderRecord[]> {
      const rows = await db
        .select()
        .from(addonOrders)
        .where(eq(addonOrders.orderId, orderId))
        .orderBy(asc(addonOrders.createdAt), asc(addonOrders.secOrderNo));
      return withLines(rows);
    },

    /** When the passenger last abandoned a payment of this service (the 15-minute block), or null. */
    async lastAbandoned(passengerId: string, serviceCode: number): Promise<Date | null> {
      const [row] = await db
        .select({ at: addonOrders.closedAt })
        .from(addonOrders)
        .where(
          and(
            eq(addonOrders.passengerId, passengerId),
            eq(addonOrders.serviceCode, serviceCode),
            eq(addonOrders.closeReason, 'abandoned'),
          ),
        )
        .orderBy(desc(addonOrders.closedAt))
        .limit(1);
      return row?.at ?? null;
    },

    /**
     * Moves an add-on order from one of `from` to `to` (a conditional UPDATE: one caller wins);
     * closing statuses set closed_at and the reason, paid sets paid_at. Whether it moved.
     */
    async move(
      id: string,
      from: readonly AddonOrderStatus[],
      to: AddonOrderStatus,
      now: Date,
      reason: string | null = null,
    ): Promise<boolean> {
      const set: Partial<typeof addonOrders.$inferInsert> = { status: to, updatedAt: now };
      if (to === 'paid') set.paidAt = now;
      else {
        set.closedAt = now;
        set.closeReason = reason;
      }
      const rows = await db
        .update(addonOrders)
        .set(set)
        .where(and(eq(addonOrders.id, id), inArray(addonOrders.status, [...from])))
        .returning({ id: addonOrders.id });
      return rows.length > 0;
    },

    /**
     * Gives each line of the add-on order without one its EMD number (the airline's code and the
     * next serial), in the caller's transaction; a line numbered already keeps its number. The
     * numbers given by this call.
     */
    async assignEmds(addonOrderId: string, airlineCode: string, now: Date): Promise<string[]> {
      const rows = await db
        .update(addonOrderLines)
        .set({
          emdNo: sql`${airlineCode} || lpad(nextval('emd_serial_seq')::text, 10, '0')`,
          updatedAt: now,
        })
        .where(and(eq(addonOrderLines.addonOrderId, addonOrderId), isNull(addonOrderLines.emdNo)))
        .returning({ emdNo: addonOrderLines.emdNo });
      return rows.flatMap((r) => (r.emdNo ? [r.emdNo] : []));
    },

    /** Unpaid add-on orders past their deadline, oldest first (the expiry sweep). */
    async lapsed(now: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ secOrderNo: addonOrders.secOrderNo })
        .from(addonOrders)
        .where(and(eq(addonOrders.status, 'unpaid'), lte(addonOrders.payDeadline, now)))
        .orderBy(asc(addonOrders.payDeadline))
        .limit(limit);
      return rows.map((r) => r.secOrderNo);
    },

    /** The add-on orders of these passengers that are unpaid or paid (what they have or are buying). */
    async liveOfPassengers(passengerIds: readonly string[]): Promise<AddonOrderRecord[]> {
      if (passengerIds.length === 0) return [];
      const rows = await db
        .select()
        .from(addonOrders)
        .where(
          and(
            inArray(addonOrders.passengerId, [...passengerIds]),
            inArray(addonOrders.status, ['unpaid', 'paid']),
          ),
        )
        .orderBy(asc(addonOrders.createdAt));
      return withLines(rows);
    },
  };
}

export type AddonOrdersRepository = ReturnType<typeof createAddonOrdersRepository>;
