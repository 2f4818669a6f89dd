import { eq, sql } from 'drizzle-orm';
import {
  orderEvents,
  orderHolds,
  orderPassengers,
  orderPriceLines,
  orderSegments,
  orders,
} from '../../db/schema';
import type { Db } from '../../platform/db';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

/** The database handle a transaction runs on, for other modules' services that join it (promo redemption). */
export type TransactionHandle = Tx;

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

/** What one holder's live unpaid orders hold (issue 9: the hold limits). */
export interface HeldUnpaid {
  orders: number;
  /** Seats over all flights: a seat on each flight of a return counts twice. */
  seats: number;
  /** Seats by flight id. */
  byFlight: Map<string, number>;
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

/** Seats one order holds on one flight and booking class. */
export interface SeatHold {
  flightId: string;
  cabin: string;
  bookingClass: string;
  /** Seated passengers (adults and children). */
  seats: number;
  /** Lap infants: no seat, but the cabin's infant limit. */
  infants: number;
}

export interface StoredLine {
  passengerType: number;
  passengerSeq: number;
  kind: string;
  code: string;
  amount: number;
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

/** A PostgreSQL deadlock or serialization failure: the transaction may simply be run again. */
export function isRetryableConflict(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: string }).code;
    if (code === '40P01' || code === '40001') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const orderColumns = {
  id: orders.id,
  orderNo: orders.orderNo,
  pnr: orders.pnr,
  userId: orders.userId,
  status: orders.status,
  currency: orders.currency,
  payDeadline: orders.payDeadline,
  offerId: orders.offerId,
  promoCode: orders.promoCode,
  requestHash: orders.requestHash,
};

/**
 * Storage of orders, their segments, passengers, price lines, holds and events, and the
 * seat counters they move: the only code of the booking module that knows Drizzle and SQL.
 * Seat counters change only through the conditional UPDATEs below, never read-then-write.
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
   * What a holder's unpaid orders still before their deadline hold: orders, seats, seats per
   * flight. An order past its deadline no longer counts, even before the expiry job releases it.
   */
  async heldUnpaid(holder: string, now: Date): Promise<HeldUnpaid> {
    const result = await this.db.execute<{
      order_id: string;
      flight_id: string | null;
      seats: number | null;
    }>(
      sql`
      select o.id as order_id, h.flight_id, h.seats
        from orders o
        left join order_holds h on h.order_id = o.id and h.released_at is null
       where o.holder = ${holder} and o.status = 0 and o.pay_deadline > ${now}`,
    );
    const ids = new Set<string>();
    const byFlight = new Map<string, number>();
    let seats = 0;
    for (const r of result.rows) {
      ids.add(r.order_id);
      if (r.flight_id === null) continue;
      const n = Number(r.seats);
      seats += n;
      byFlight.set(r.flight_id, (byFlight.get(r.flight_id) ?? 0) + n);
    }
    return { orders: ids.size, seats, byFlight };
  }

  /**
   * Inserts the order row; a unique key already taken is answered as a conflict instead of
   * an error. Inside a transaction the caller must roll back after a conflict (the statement
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
          status: 0,
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

  async insertHolds(orderId: string, holds: SeatHold[], now: Date): Promise<void> {
    await this.db
      .insert(orderHolds)
      .values(holds.map((h) => ({ ...h, orderId, createdAt: now, updatedAt: now })));
  }

  async insertEvent(
    orderId: string,
    type: string,
    actor: string,
    now: Date,
    data: Record<string, unknown> | null = null,
  ): Promise<void> {
    await this.db.insert(orderEvents).values({ orderId, type, actor, data, createdAt: now });
  }

  /**
   * Takes `seats` of a booking class and its cabin (and `infants` of the cabin's infant limit)
   * of a scheduled flight not yet departed, or nothing. Each UPDATE re-checks its limit on the
   * row it locks, so concurrent buyers queue on the row lock and the second sees the first's
   * count: the counters can never pass their limits. False when either limit would be passed;
   * the caller then rolls the transaction back (the class update, if done, with it).
   */
  async takeSeats(hold: SeatHold, now: Date): Promise<boolean> {
    const klass = await this.db.execute<{ cabin: string }>(sql`
      update flight_class_inventory ci
         set sold = ci.sold + ${hold.seats}, updated_at = ${now}
       where ci.flight_id = ${hold.flightId}::bigint
         and ci.booking_class = ${hold.bookingClass}
         and ci.sold + ci.external_sold + ${hold.seats} <= ci.authorised_limit
         and exists (select 1 from flights f
                      where f.id = ci.flight_id and f.status = 'scheduled' and f.dep_utc > ${now})
      returning ci.cabin`);
    const cabin = klass.rows[0]?.cabin;
    if (!cabin) return false;
    const cabins = await this.db.execute(sql`
      update flight_cabins
         set sold = sold + ${hold.seats}, infant_sold = infant_sold + ${hold.infants}, updated_at = ${now}
       where flight_id = ${hold.flightId}::bigint
         and cabin = ${cabin}
         and sold + external_sold + ${hold.seats} <= capacity
         and infant_sold + ${hold.infants} <= infant_capacity
      returning flight_id`);
    return (cabins.rowCount ?? 0) === 1;
  }

  /**
   * Cancels an unpaid order whose deadline has passed. The row lock makes a second caller
   * wait and then find the status changed: exactly one caller gets the order's promo code
   * (null when it had none); the others get false.
   */
  async cancelOverdue(orderId: string, now: Date): Promise<{ promoCode: string | null } | false> {
    const result = await this.db.execute<{ promo_code: string | null }>(sql`
      update orders set status = 2, canceled_at = ${now}, updated_at = ${now}
       where id = ${orderId} and status = 0 and pay_deadline <= ${now}
      returning promo_code`);
    const row = result.rows[0];
    return row ? { promoCode: row.promo_code ?? null } : false;
  }

  /**
   * A late payment revived an expired order: its promo code's use, given back at the expiry,
   * is taken again. Counted even past the code's limit: the traveller paid the discounted price
   * the order was made with (docs/decisions.md, issue 9). Whether it went past the limit; null
   * when the order has no promo code.
   */
  async retakePromoUse(orderId: string, now: Date): Promise<{ code: string; pastLimit: boolean } | null> {
    const result = await this.db.execute<{ code: string; past_limit: boolean }>(sql`
      update promo_codes p set used_count = p.used_count + 1, updated_at = ${now}
        from orders o
       where o.id = ${orderId} and p.code = o.promo_code
      returning p.code, (p.usage_limit is not null and p.used_count > p.usage_limit) as past_limit`);
    const row = result.rows[0];
    return row ? { code: row.code, pastLimit: Boolean(row.past_limit) } : null;
  }

  /**
   * Marks the order's live holds released and gives their seats back to the counters. Only
   * the rows this call flipped from unreleased are given back, so a release runs once.
   */
  async releaseHolds(orderId: string, now: Date): Promise<SeatHold[]> {
    const released = await this.db.execute<{
      flight_id: string;
      cabin: string;
      booking_class: string;
      seats: number;
      infants: number;
    }>(sql`
      update order_holds set released_at = ${now}, updated_at = ${now}
       where order_id = ${orderId} and released_at is null
      returning flight_id, cabin, booking_class, seats, infants`);
    const holds = released.rows
      .map((r) => ({
        flightId: r.flight_id,
        cabin: r.cabin,
        bookingClass: r.booking_class,
        seats: Number(r.seats),
        infants: Number(r.infants),
      }))
      // The same lock order as when seats are taken: by flight, class row before cabin row.
      .sort(
        (a, b) => Number(a.flightId) - Number(b.flightId) || a.bookingClass.localeCompare(b.bookingClass),
      );
    for (const h of holds) {
      await this.db.execute(sql`
        update flight_class_inventory set sold = sold - ${h.seats}, updated_at = ${now}
         where flight_id = ${h.flightId}::bigint and booking_class = ${h.bookingClass}`);
      await this.db.execute(sql`
        update flight_cabins
           set sold = sold - ${h.seats}, infant_sold = infant_sold - ${h.infants}, updated_at = ${now}
         where flight_id = ${h.flightId}::bigint and cabin = ${h.cabin}`);
    }
    return holds;
  }

  /** Unpaid orders past their deadline, oldest first (the partial index on unpaid deadlines). */
  async overdueOrderIds(now: Date, limit: number): Promise<string[]> {
    const result = await this.db.execute<{ id: string }>(sql`
      select id from orders where status = 0 and pay_deadline <= ${now}
       order by pay_deadline limit ${limit}`);
    return result.rows.map((r) => r.id);
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
