import { OrderPayStatus } from '@wings/contracts';
import { and, eq, sql } from 'drizzle-orm';
import {
  orderEvents,
  orderPassengers,
  orderPriceLines,
  orderSegments,
  orders,
} from '../../db/schema/booking';
import type { Db, Executor, Tx } from '../../platform/db';

export { isRetryableConflict } from '../../platform/db';

/** The database handle a transaction runs on, for other modules' services that join it. */
export type TransactionHandle = Tx;

const UNPAID = OrderPayStatus.un_paid;
const PAID = OrderPayStatus.paid;
const CANCELED = OrderPayStatus.canceled;

/** An order as the booking module reads it back. */
export interface StoredOrder {
  id: string;
  orderNo: string;
  pnr: string;
  userId: string | null;
  status: number;
  currency: string;
  payDeadline: Date;
  offerId: string | null;
  promoCode: string | null;
  /** The hash of the request that made it (null on orders made before issue 9). */
  requestHash: string | null;
}

export interface NewOrder {
  orderNo: string;
  pnr: string;
  userId: string | null;
  currency: string;
  payDeadline: Date;
  idempotencyKey: string;
  offerId: string;
  contact: { name: string; countryCode: string; phone: string; email: string };
  language: number;
  promoCode: string | null;
  /** Who holds the unpaid order: `user:<id>` or `ip:<address>` (the hold limits). */
  holder: string;
  /** SHA-256 of the request's canonical JSON (its idempotency key answers only that request). */
  requestHash: string;
  now: Date;
}

export interface NewSegment {
  seq: number;
  flightId: string;
  flightNo: string;
  depCode: string;
  arrCode: string;
  depUtc: Date;
  arrUtc: Date;
  aircraft: string;
  family: string;
  cabin: string;
  bookingClass: string;
}

export interface NewPassenger {
  seq: number;
  passengerType: number;
  surname: string;
  givenName: string;
  middleName: string | null;
  title: number;
  gender: number;
  nationality: string;
  birthday: string;
  docType: number;
  docNumber: string;
  docExpiry: string;
  email: string | null;
  countryCode: string | null;
  phone: string | null;
}

export interface NewPriceLine {
  passengerId: string;
  segmentId: string | null;
  kind: string;
  code: string;
  amount: number;
}

export interface StoredLine {
  passengerType: number;
  passengerSeq: number;
  kind: string;
  code: string;
  amount: number;
}

/** One row of an order's history, as the one writer (order-lifecycle.ts) stores it. */
export interface NewOrderEvent {
  /** created | expired | paid | ticketed | late_payment_refund | refunded | ... */
  type: string;
  /** user:<id> | guest | system | staff:<id> | gateway:<name> */
  actor: string;
  reason?: string | null;
  data?: Record<string, unknown> | null;
}

/** What the order's state machine reads under (or before taking) the order row lock. */
export interface OrderState {
  id: string;
  orderNo: string;
  /** The logged-in owner, or null for a guest's order. */
  userId: string | null;
  status: number;
  payDeadline: Date;
  promoCode: string | null;
  ticketedAt: Date | null;
}

/** An order owed tickets, and where the ticketing sweep's next page starts after it. */
export interface SweepCursor {
  id: string;
  /** updated_at as PostgreSQL prints it (to the microsecond). */
  updatedAt: string;
}

/** Which unique key an insert hit, if any. */
export type OrderConflict = 'idempotency_key' | 'order_no' | 'pnr';

/** The unique constraint a PostgreSQL error violated, or null. */
function violatedConstraint(err: unknown): string | null {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const pgErr = e as { code?: string; constraint?: string; cause?: unknown };
    if (pgErr.code === '23505') return pgErr.constraint ?? '';
    e = pgErr.cause;
  }
  return null;
}

/** The columns of an order every reader of it selects (this repository and the orders one). */
export const orderHeadColumns = {
  id: orders.id,
  orderNo: orders.orderNo,
  pnr: orders.pnr,
  userId: orders.userId,
  status: orders.status,
  currency: orders.currency,
  payDeadline: orders.payDeadline,
  promoCode: orders.promoCode,
};

const orderColumns = { ...orderHeadColumns, offerId: orders.offerId, requestHash: orders.requestHash };

function toState(r: {
  id: string;
  order_no: string;
  user_id: string | null;
  status: number;
  pay_deadline: string | Date;
  promo_code: string | null;
  ticketed_at: string | Date | null;
}): OrderState {
  return {
    id: r.id,
    orderNo: r.order_no,
    userId: r.user_id ?? null,
    status: Number(r.status),
    payDeadline: new Date(r.pay_deadline),
    promoCode: r.promo_code ?? null,
    ticketedAt: r.ticketed_at === null ? null : new Date(r.ticketed_at),
  };
}

/**
 * Storage of orders, their segments, passengers, price lines and events: the only code of the
 * booking module's write side that knows Drizzle and SQL. The order's status changes only
 * through the conditional UPDATEs below, called by order-lifecycle.ts.
 */
export class BookingRepository {
  constructor(private readonly db: Executor) {}

  /** Runs `fn` in one transaction (READ COMMITTED) with a repository bound to it. */
  transaction<T>(fn: (repo: BookingRepository, handle: TransactionHandle) => Promise<T>): Promise<T> {
    return (this.db as Db).transaction((tx) => fn(new BookingRepository(tx), tx));
  }

  async orderByIdempotencyKey(key: string): Promise<(StoredOrder & { idempotencyKey: string }) | null> {
    const rows = await this.db
      .select({ ...orderColumns, idempotencyKey: orders.idempotencyKey })
      .from(orders)
      .where(eq(orders.idempotencyKey, key))
      .limit(1);
    return rows[0] ?? null;
  }

  /**
   * Serializes the new orders of one holder until this transaction ends (a transaction-scoped
   * advisory lock), so counting its unpaid orders and adding one cannot race (issue 9).
   */
  async lockHolder(holder: string): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`booking-holder:${holder}`}))`);
  }

  /**
   * A holder's unpaid orders still before their deadline. An order past its deadline no longer
   * counts, even before the expiry job releases it.
   */
  async unpaidOrderIdsOf(holder: string, now: Date): Promise<string[]> {
    const result = await this.db.execute<{ id: string }>(sql`
      select o.id from orders o
       where o.holder = ${holder} and o.status = ${UNPAID} and o.pay_deadline > ${now}`);
    return result.rows.map((r) => r.id);
  }

  /**
   * Inserts the order row, unpaid; a unique key already taken is answered as a conflict instead
   * of an error. Inside a transaction the caller must roll back after a conflict (the statement
   * failed), so it throws a marker and reads the winner afterwards.
   */
  async insertOrder(o: NewOrder): Promise<{ id: string } | { conflict: OrderConflict }> {
    try {
      const rows = await this.db
        .insert(orders)
        .values({
          orderNo: o.orderNo,
          pnr: o.pnr,
          userId: o.userId,
          status: UNPAID,
          currency: o.currency,
          payDeadline: o.payDeadline,
          idempotencyKey: o.idempotencyKey,
          offerId: o.offerId,
          contactName: o.contact.name,
          contactCountryCode: o.contact.countryCode,
          contactPhone: o.contact.phone,
          contactEmail: o.contact.email,
          language: o.language,
          promoCode: o.promoCode,
          holder: o.holder,
          requestHash: o.requestHash,
          createdAt: o.now,
          updatedAt: o.now,
        })
        .returning({ id: orders.id });
      return { id: rows[0]!.id };
    } catch (err) {
      const constraint = violatedConstraint(err);
      if (constraint === 'orders_idempotency_key_unique') return { conflict: 'idempotency_key' };
      if (constraint === 'orders_order_no_unique') return { conflict: 'order_no' };
      if (constraint === 'orders_pnr_unique') return { conflict: 'pnr' };
      throw err;
    }
  }

  /** Inserts the segments; their ids in `seq` order. */
  async insertSegments(orderId: string, segments: NewSegment[], now: Date): Promise<string[]> {
    const rows = await this.db
      .insert(orderSegments)
      .values(segments.map((s) => ({ ...s, orderId, createdAt: now, updatedAt: now })))
      .returning({ id: orderSegments.id, seq: orderSegments.seq });
    return rows.sort((a, b) => a.seq - b.seq).map((r) => r.id);
  }

  /** Inserts the passengers; their ids in `seq` order. */
  async insertPassengers(orderId: string, passengers: NewPassenger[], now: Date): Promise<string[]> {
    const rows = await this.db
      .insert(orderPassengers)
      .values(passengers.map((p) => ({ ...p, orderId, createdAt: now, updatedAt: now })))
      .returning({ id: orderPassengers.id, seq: orderPassengers.seq });
    return rows.sort((a, b) => a.seq - b.seq).map((r) => r.id);
  }

  async insertPriceLines(orderId: string, currency: string, lines: NewPriceLine[], now: Date): Promise<void> {
    if (lines.length === 0) return;
    await this.db
      .insert(orderPriceLines)
      .values(lines.map((l) => ({ ...l, orderId, currency, createdAt: now, updatedAt: now })));
  }

  /** Appends a row to the order's history (only order-lifecycle.ts's `recordOrderEvent` calls it). */
  async insertEvent(orderId: string, event: NewOrderEvent, now: Date): Promise<void> {
    await this.db.insert(orderEvents).values({
      orderId,
      type: event.type,
      actor: event.actor,
      reason: event.reason ?? null,
      data: event.data ?? null,
      createdAt: now,
    });
  }

  async hasEvent(orderId: string, type: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: orderEvents.id })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, type)))
      .limit(1);
    return rows.length > 0;
  }

  /** The order's state, read without a lock. */
  async state(orderId: string): Promise<OrderState | null> {
    const r = await this.db.execute<Parameters<typeof toState>[0]>(sql`
      select id, order_no, user_id, status, pay_deadline, promo_code, ticketed_at from orders where id = ${orderId}`);
    const row = r.rows[0];
    return row ? toState(row) : null;
  }

  /**
   * Locks the order row (serializes payment and ticketing of one order) and reads its state.
   * With `skipLocked`, null when another transaction holds it.
   */
  async lock(where: { id: string } | { orderNo: string }, skipLocked = false): Promise<OrderState | null> {
    const match = 'id' in where ? sql`id = ${where.id}` : sql`order_no = ${where.orderNo}`;
    const r = await this.db.execute<Parameters<typeof toState>[0]>(sql`
      select id, order_no, user_id, status, pay_deadline, promo_code, ticketed_at from orders
       where ${match} for update ${skipLocked ? sql`skip locked` : sql``}`);
    const row = r.rows[0];
    return row ? toState(row) : null;
  }

  /** Unpaid → paid; false when the order was not unpaid. */
  async setPaid(orderId: string, now: Date): Promise<boolean> {
    const r = await this.db.execute(sql`
      update orders set status = ${PAID}, updated_at = ${now}
       where id = ${orderId} and status = ${UNPAID} returning id`);
    return (r.rowCount ?? 0) === 1;
  }

  /**
   * Unpaid → canceled (with `overdue`, only once its deadline has passed); the order's promo code
   * (null when none), or false when it was not unpaid (or not yet due).
   */
  async setCanceled(
    orderId: string,
    now: Date,
    overdue: boolean,
  ): Promise<{ promoCode: string | null } | false> {
    const result = await this.db.execute<{ promo_code: string | null }>(sql`
      update orders set status = ${CANCELED}, canceled_at = ${now}, updated_at = ${now}
       where id = ${orderId} and status = ${UNPAID} ${overdue ? sql`and pay_deadline <= ${now}` : sql``}
      returning promo_code`);
    const row = result.rows[0];
    return row ? { promoCode: row.promo_code ?? null } : false;
  }

  /** Canceled (expired) → paid; false when it was not canceled. */
  async setPaidLate(orderId: string, now: Date): Promise<boolean> {
    const r = await this.db.execute(sql`
      update orders set status = ${PAID}, canceled_at = null, updated_at = ${now}
       where id = ${orderId} and status = ${CANCELED} returning id`);
    return (r.rowCount ?? 0) === 1;
  }

  /** Paid and not yet marked → ticketed (every passenger has a ticket); false otherwise. */
  async setTicketed(orderId: string, now: Date): Promise<boolean> {
    const r = await this.db.execute(sql`
      update orders set ticketed_at = ${now}
       where id = ${orderId} and status = ${PAID} and ticketed_at is null returning id`);
    return (r.rowCount ?? 0) === 1;
  }

  /** Unpaid orders past their deadline, oldest first (the partial index on unpaid deadlines). */
  async overdueOrderIds(now: Date, limit: number): Promise<string[]> {
    const result = await this.db.execute<{ id: string }>(sql`
      select id from orders where status = ${UNPAID} and pay_deadline <= ${now}
       order by pay_deadline limit ${limit}`);
    return result.rows.map((r) => r.id);
  }

  async idByOrderNo(orderNo: string): Promise<string | null> {
    const rows = await this.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.orderNo, orderNo))
      .limit(1);
    return rows[0]?.id ?? null;
  }

  /** The id of the order with this number when it is paid and still owed tickets, else null. */
  async owingTickets(orderNo: string): Promise<string | null> {
    const r = await this.db.execute<{ id: string }>(
      sql`select id from orders where order_no = ${orderNo} and status = ${PAID} and ticketed_at is null`,
    );
    return r.rows[0]?.id ?? null;
  }

  /**
   * A page of paid orders still owed tickets (the sweep for lost ticketing jobs), read through a
   * partial index in (updated_at, id) order, after the last one of the previous page.
   */
  async untickedPaidOrders(limit: number, after: SweepCursor | null = null): Promise<SweepCursor[]> {
    // The cursor keeps updated_at as PostgreSQL's text (microseconds), which a JS Date would round.
    const r = await this.db.execute<{ id: string; updated_at: string }>(sql`
      select id, updated_at::text as updated_at from orders
       where status = ${PAID} and ticketed_at is null
         ${after ? sql`and (updated_at, id) > (${after.updatedAt}::timestamptz, ${after.id}::uuid)` : sql``}
       order by updated_at, id limit ${limit}`);
    return r.rows.map((x) => ({ id: x.id, updatedAt: x.updated_at }));
  }

  /** The ids and positions of the order's passengers and segments (what its tickets are issued for). */
  async ticketingFacts(orderId: string): Promise<{
    passengers: Array<{ id: string; seq: number }>;
    segments: Array<{ id: string; seq: number }>;
  }> {
    const [passengers, segments] = await Promise.all([
      this.db
        .select({ id: orderPassengers.id, seq: orderPassengers.seq })
        .from(orderPassengers)
        .where(eq(orderPassengers.orderId, orderId))
        .orderBy(orderPassengers.seq),
      this.db
        .select({ id: orderSegments.id, seq: orderSegments.seq })
        .from(orderSegments)
        .where(eq(orderSegments.orderId, orderId))
        .orderBy(orderSegments.seq),
    ]);
    return { passengers, segments };
  }

  /** The price lines of an order with the type and position of their passenger. */
  async orderLines(orderId: string): Promise<StoredLine[]> {
    const result = await this.db.execute<{
      passenger_type: number;
      seq: number;
      kind: string;
      code: string;
      amount: number;
    }>(sql`
      select p.passenger_type, p.seq, l.kind, l.code, l.amount
        from order_price_lines l
        join order_passengers p on p.id = l.passenger_id
       where l.order_id = ${orderId}
       order by p.seq, l.created_at, l.id`);
    return result.rows.map((r) => ({
      passengerType: Number(r.passenger_type),
      passengerSeq: Number(r.seq),
      kind: r.kind,
      code: r.code,
      amount: Number(r.amount),
    }));
  }
}
