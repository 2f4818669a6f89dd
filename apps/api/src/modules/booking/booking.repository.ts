import { createHash } from 'node:crypto';
import { OrderPayStatus, PassengerType } from '@wings/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { PgDialect, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { QueryResult, QueryResultRow } from 'pg';
import { orderEvents, orderPassengers, orderSegments, orders } from '../../db/schema/booking';
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
  /** The member card the passenger flies on (the booking account's member, issue 17). */
  memberCardNo?: string | null;
}

export interface NewPriceLine {
  passengerId: string;
  segmentId: string | null;
  kind: string;
  code: string;
  amount: number;
  /** What an add-on line bought (issue 14): kilograms, an insurance plan and its insured's entry. */
  detail?: Record<string, unknown> | null;
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

/**
 * A part of another module's tables in the statement that makes an order (inventory's seat
 * holds, pricing's promo code use): CTEs that run once the order's row exists (they read the
 * one-row CTE the caller names), and a boolean SQL expression, true when the part did what it
 * must (false: refuse the order and roll back). Built by the owner module (`seatHoldPart`,
 * `promoUsePart`), so its SQL stays the owner's.
 */
export interface StatementPart {
  ctes: SQL;
  taken: SQL;
}

/** The CTE of the order's row in the statement that makes it: one row, its `id`. */
export const NEW_ORDER_CTE = sql.raw('booking_order');

/** A whole new order: its row, segments, passengers and price lines, ids chosen by the caller. */
export interface NewOrderRows extends NewOrder {
  id: string;
  segments: Array<NewSegment & { id: string }>;
  passengers: Array<NewPassenger & { id: string }>;
  priceLines: NewPriceLine[];
}

/** What one holder's live unpaid orders hold (the hold limits), read under the holder's lock. */
export interface HeldUnpaid {
  orders: number;
  /** Seats over all flights: a seat on each flight of a return counts twice. */
  seats: number;
  /** Seats by flight id. */
  byFlight: Map<string, number>;
}

/** What the statement that makes an order did. */
export interface InsertedOrder<K extends string> {
  id: string;
  /** What the holder held before this order (null when the hold limits are off). */
  held: HeldUnpaid | null;
  /** Each part's `taken`. */
  taken: Record<K, boolean>;
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
  /** Whether the order chose seats (a seat add-on line, issue 14); read by `lock` only. */
  hasSeats?: boolean;
  /** Whether the order bought travel insurance (read with the lock, so a paid order without it costs no extra read). */
  hasInsurance?: boolean;
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

const dialect = new PgDialect();

/**
 * Runs a Drizzle SQL statement as a named prepared statement of the executor's connection
 * (PostgreSQL parses and plans it once per connection). The name carries a digest of the text,
 * so a text that changes never meets another under the same name on a connection.
 */
async function executeNamed<T extends QueryResultRow>(
  db: Executor,
  name: string,
  query: SQL,
): Promise<QueryResult<T>> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const named = `${name}_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`;
  const prepared = db._.session.prepareQuery<PreparedQueryConfig & { execute: QueryResult<T> }>(
    { sql: text, params },
    undefined,
    named,
    false,
  );
  return prepared.execute();
}

/** Seated passenger types (a lap infant takes no seat): what a seat hold counts. */
const SEATED = [PassengerType.adult, PassengerType.child];

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

/** The price-line code of a chosen seat (service code 12, issue 14). */
const SEAT_CODE = '12';
/** Service code of travel insurance (issue 14): a paid order's policies are written from these lines. */
const INSURANCE_CODE = '10';

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
   * Makes an order in ONE statement (docs/decisions.md, issue 12): when `holdLimits`, first the
   * holder's transaction lock and what the holder already holds unpaid (`booking_holder_unpaid`,
   * migration 0013: its count runs after the lock, so parallel orders of one holder are counted
   * one after the other); then the order row, its segments, passengers, price lines and its
   * `created` event, and the other modules' `parts`, which run after the order row (inventory
   * takes the seats after the holder's lock, the one lock order). Nothing is written when the
   * idempotency key is already used by a committed order: the answer is that conflict. A unique
   * key taken meanwhile (by a transaction that committed while this one waited) fails the
   * statement and is answered as a conflict too; inside a transaction the caller must then roll
   * back. The caller also rolls back when the held orders pass a limit or a part's `taken` is false.
   */
  async insertOrder<K extends string>(
    o: NewOrderRows,
    created: NewOrderEvent,
    holdLimits: boolean,
    parts: Record<K, StatementPart>,
  ): Promise<InsertedOrder<K> | { conflict: OrderConflict }> {
    const keys = Object.keys(parts) as K[];
    const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
    const now = sql`${o.now}::timestamptz`;
    const segments = o.segments.map((s) => ({
      id: s.id,
      seq: s.seq,
      flight_id: s.flightId,
      flight_no: s.flightNo,
      dep_code: s.depCode,
      arr_code: s.arrCode,
      dep_utc: s.depUtc.toISOString(),
      arr_utc: s.arrUtc.toISOString(),
      aircraft: s.aircraft,
      family: s.family,
      cabin: s.cabin,
      booking_class: s.bookingClass,
    }));
    const passengers = o.passengers.map((p) => ({
      id: p.id,
      seq: p.seq,
      passenger_type: p.passengerType,
      surname: p.surname,
      given_name: p.givenName,
      middle_name: p.middleName,
      title: p.title,
      gender: p.gender,
      nationality: p.nationality,
      birthday: p.birthday,
      doc_type: p.docType,
      doc_number: p.docNumber,
      doc_expiry: p.docExpiry,
      email: p.email,
      country_code: p.countryCode,
      phone: p.phone,
      member_card_no: p.memberCardNo ?? null,
    }));
    const lines = o.priceLines.map((l) => ({
      passenger_id: l.passengerId,
      segment_id: l.segmentId,
      kind: l.kind,
      code: l.code,
      amount: l.amount,
      detail: l.detail ?? null,
    }));
    const query = sql`
      with booking_existing as (
        select id from orders where idempotency_key = ${o.idempotencyKey}
      ),
      booking_held as materialized (
        select * from booking_holder_unpaid(${o.holder}::text, ${now}, ${UNPAID}::smallint, ${sql.param(SEATED)}::smallint[])
         where ${holdLimits}::boolean
      ),
      ${NEW_ORDER_CTE} as (
        insert into orders (id, order_no, pnr, user_id, status, currency, pay_deadline, idempotency_key,
                            offer_id, contact_name, contact_country_code, contact_phone, contact_email,
                            language, promo_code, holder, request_hash, created_at, updated_at)
        select ${o.id}::uuid, ${o.orderNo}::text, ${o.pnr}::text, ${o.userId}::uuid, ${UNPAID}::smallint,
               ${o.currency}::text, ${o.payDeadline}::timestamptz, ${o.idempotencyKey}::text,
               ${o.offerId}::uuid, ${o.contact.name}::text, ${o.contact.countryCode}::text,
               ${o.contact.phone}::text, ${o.contact.email}::text, ${o.language}::smallint,
               ${o.promoCode}::text, ${o.holder}::text, ${o.requestHash}::text, ${now}, ${now}
         -- The holder's lock and count come first (a scalar subquery runs before the row).
         where not exists (select 1 from booking_existing) and (select count(*) from booking_held) >= 0
        returning id
      ),
      booking_segments as (
        insert into order_segments (id, order_id, seq, flight_id, flight_no, dep_code, arr_code, dep_utc,
                                    arr_utc, aircraft, family, cabin, booking_class, created_at, updated_at)
        select s.id, o.id, s.seq, s.flight_id, s.flight_no, s.dep_code, s.arr_code, s.dep_utc, s.arr_utc,
               s.aircraft, s.family, s.cabin, s.booking_class, ${now}, ${now}
          from ${NEW_ORDER_CTE} o,
               jsonb_to_recordset(${json(segments)}) as s(id uuid, seq smallint, flight_id text,
                 flight_no text, dep_code text, arr_code text, dep_utc timestamptz, arr_utc timestamptz,
                 aircraft text, family text, cabin text, booking_class text)
        returning id
      ),
      booking_passengers as (
        insert into order_passengers (id, order_id, seq, passenger_type, surname, given_name, middle_name,
                                      title, gender, nationality, birthday, doc_type, doc_number, doc_expiry,
                                      email, country_code, phone, member_card_no, created_at, updated_at)
        select p.id, o.id, p.seq, p.passenger_type, p.surname, p.given_name, p.middle_name, p.title,
               p.gender, p.nationality, p.birthday, p.doc_type, p.doc_number, p.doc_expiry, p.email,
               p.country_code, p.phone, p.member_card_no, ${now}, ${now}
          from ${NEW_ORDER_CTE} o,
               jsonb_to_recordset(${json(passengers)}) as p(id uuid, seq smallint, passenger_type smallint,
                 surname text, given_name text, middle_name text, title smallint, gender smallint,
                 nationality text, birthday date, doc_type smallint, doc_number text, doc_expiry date,
                 email text, country_code text, phone text, member_card_no text)
        returning id
      ),
      booking_price_lines as (
        insert into order_price_lines (order_id, passenger_id, segment_id, kind, code, amount, currency,
                                       detail, created_at, updated_at)
        select o.id, l.passenger_id, l.segment_id, l.kind, l.code, l.amount, ${o.currency}::text, l.detail,
               ${now}, ${now}
          from ${NEW_ORDER_CTE} o,
               jsonb_to_recordset(${json(lines)}) as l(passenger_id uuid, segment_id uuid, kind text,
                 code text, amount integer, detail jsonb)
        returning id
      ),
      booking_created_event as (
        insert into order_events (order_id, type, actor, reason, data, created_at)
        select o.id, ${created.type}::text, ${created.actor}::text, ${created.reason ?? null}::text,
               ${created.data ? json(created.data) : sql`null::jsonb`}, ${now}
          from ${NEW_ORDER_CTE} o
        returning id
      )${sql.join(
        keys.map((k) => sql`, ${parts[k].ctes}`),
        sql``,
      )}
      select exists (select 1 from booking_existing) as existing,
             (select to_jsonb(h) from booking_held h) as held,
             (select id from ${NEW_ORDER_CTE}) as id,
             jsonb_build_array(${sql.join(
               keys.map((k) => parts[k].taken),
               sql`, `,
             )}) as taken`;
    try {
      const r = await executeNamed<{
        existing: boolean;
        held: { held_orders: number; held_seats: number; seats_by_flight: Record<string, number> } | null;
        id: string | null;
        taken: boolean[];
      }>(this.db, 'booking_insert_order', query);
      const row = r.rows[0]!;
      if (row.existing || !row.id) return { conflict: 'idempotency_key' };
      return {
        id: row.id,
        held: row.held && {
          orders: Number(row.held.held_orders),
          seats: Number(row.held.held_seats),
          byFlight: new Map(Object.entries(row.held.seats_by_flight).map(([f, n]) => [f, Number(n)])),
        },
        taken: Object.fromEntries(keys.map((k, i) => [k, row.taken[i] === true])) as Record<K, boolean>,
      };
    } catch (err) {
      const constraint = violatedConstraint(err);
      if (constraint === 'orders_idempotency_key_unique') return { conflict: 'idempotency_key' };
      if (constraint === 'orders_order_no_unique') return { conflict: 'order_no' };
      if (constraint === 'orders_pnr_unique') return { conflict: 'pnr' };
      throw err;
    }
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
    const r = await this.db.execute<
      Parameters<typeof toState>[0] & { has_seats: boolean; has_insurance: boolean }
    >(sql`
      select id, order_no, user_id, status, pay_deadline, promo_code, ticketed_at,
             exists (select 1 from order_price_lines l
                      where l.order_id = orders.id and l.kind = 'addon' and l.code = ${SEAT_CODE}) as has_seats,
             exists (select 1 from order_price_lines l
                      where l.order_id = orders.id and l.kind = 'addon' and l.code = ${INSURANCE_CODE}) as has_insurance
        from orders
       where ${match} for update ${skipLocked ? sql`skip locked` : sql``}`);
    const row = r.rows[0];
    return row
      ? { ...toState(row), hasSeats: row.has_seats === true, hasInsurance: row.has_insurance === true }
      : null;
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
  ): Promise<{ promoCode: string | null; hasSeats: boolean } | false> {
    const result = await this.db.execute<{ promo_code: string | null; has_seats: boolean }>(sql`
      update orders set status = ${CANCELED}, canceled_at = ${now}, updated_at = ${now}
       where id = ${orderId} and status = ${UNPAID} ${overdue ? sql`and pay_deadline <= ${now}` : sql``}
      returning promo_code,
                exists (select 1 from order_price_lines l
                         where l.order_id = orders.id and l.kind = 'addon' and l.code = ${SEAT_CODE}) as has_seats`);
    const row = result.rows[0];
    return row ? { promoCode: row.promo_code ?? null, hasSeats: row.has_seats === true } : false;
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

  /**
   * The insurance lines of an order (service code 10, issue 14) with what each bought (the plan,
   * the cover dates, the insured's entry) and the insured passenger's name: the policies written
   * when the order is paid.
   */
  async insuranceLines(orderId: string): Promise<InsuranceLine[]> {
    const result = await this.db.execute<{
      passenger_id: string;
      surname: string;
      given_name: string;
      amount: number;
      currency: string;
      detail: Record<string, unknown> | null;
    }>(sql`
      select l.passenger_id, p.surname, p.given_name, l.amount, l.currency, l.detail
        from order_price_lines l
        join order_passengers p on p.id = l.passenger_id
       where l.order_id = ${orderId} and l.kind = 'addon' and l.code = '10'
       order by p.seq`);
    return result.rows.map((r) => ({
      passengerId: r.passenger_id,
      insuredName: `${r.surname} ${r.given_name}`.trim(),
      amount: Number(r.amount),
      currency: r.currency,
      detail: r.detail ?? {},
    }));
  }
}

/** One insurance price line of an order, as the policy to buy is written from it. */
export interface InsuranceLine {
  passengerId: string;
  insuredName: string;
  amount: number;
  currency: string;
  detail: Record<string, unknown>;
}
