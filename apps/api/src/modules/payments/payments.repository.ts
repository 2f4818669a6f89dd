import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

/** The transaction handle, for the booking repository's seat updates joined to a payment. */
export type PaymentsTx = Tx;

export interface PayOrder {
  id: string;
  orderNo: string;
  userId: string | null;
  status: number;
  currency: string;
  payDeadline: Date;
  contactName: string;
  contactEmail: string;
  contactCountryCode: string;
  contactPhone: string;
  /** 0 zh, 1 en, 2 km. */
  language: number;
}

export interface StoredPayment {
  id: string;
  orderId: string;
  orderNo: string;
  gateway: string;
  amount: number;
  currency: string;
  status: string;
  gatewayReference: string | null;
}

/** An order owed tickets, and where the ticketing sweep's next page starts after it. */
export interface SweepCursor {
  id: string;
  /** updated_at as PostgreSQL prints it (to the microsecond). */
  updatedAt: string;
}

/** A payment still pending at a gateway, as getPayUrl weighs it: hand it out again, wait for it, or count it. */
export interface PendingPayment {
  id: string;
  gateway: string;
  method: string;
  checkoutKey: string | null;
  amount: number;
  currency: string;
  /** Null while its gateway is still being asked to start it (or the process asking died). */
  gatewayReference: string | null;
  checkoutUrl: string | null;
  form: Record<string, string> | null;
  clientParams: Record<string, string> | null;
  checkoutExpiresAt: Date | null;
  createdAt: Date;
}

/** A refund with what processing it needs: the payment at its gateway and the order's contact. */
export interface StoredRefund {
  id: string;
  paymentId: string;
  amount: number;
  currency: string;
  /** seats_gone | duplicate_payment | staff */
  reason: string;
  /** pending | succeeded | failed */
  status: string;
  gateway: string;
  gatewayReference: string | null;
  paymentAmount: number;
  paymentCurrency: string;
  orderId: string;
  orderNo: string;
  contactName: string;
  contactEmail: string;
  language: number;
}

/**
 * Storage of payments, their notifications and tickets: the only SQL of the payments module.
 * Every state change is a conditional UPDATE or an INSERT ... ON CONFLICT DO NOTHING, so a
 * replay or a concurrent twin changes nothing.
 */
export class PaymentsRepository {
  constructor(private readonly db: Executor) {}

  transaction<T>(fn: (repo: PaymentsRepository, handle: Tx) => Promise<T>): Promise<T> {
    return (this.db as Db).transaction((tx) => fn(new PaymentsRepository(tx), tx));
  }

  async orderByNo(orderNo: string): Promise<PayOrder | null> {
    const r = await this.db.execute<{
      id: string;
      order_no: string;
      user_id: string | null;
      status: number;
      currency: string;
      pay_deadline: string | Date;
      contact_name: string;
      contact_email: string;
      contact_country_code: string;
      contact_phone: string;
      language: number;
    }>(sql`
      select id, order_no, user_id, status, currency, pay_deadline, contact_name, contact_email,
             contact_country_code, contact_phone, language
        from orders where order_no = ${orderNo}`);
    const row = r.rows[0];
    if (!row) return null;
    return {
      id: row.id,
      orderNo: row.order_no,
      userId: row.user_id,
      status: Number(row.status),
      currency: row.currency,
      payDeadline: new Date(row.pay_deadline),
      contactName: row.contact_name,
      contactEmail: row.contact_email,
      contactCountryCode: row.contact_country_code,
      contactPhone: row.contact_phone,
      language: Number(row.language),
    };
  }

  /** The surnames of the order's passengers, to tell the contact's surname from the given names. */
  async passengerSurnames(orderId: string): Promise<string[]> {
    const r = await this.db.execute<{ surname: string }>(
      sql`select surname from order_passengers where order_id = ${orderId} order by seq`,
    );
    return r.rows.map((x) => x.surname);
  }

  /** The order's total: the sum of its price lines (never stored apart from them). */
  async orderTotal(orderId: string): Promise<number> {
    const r = await this.db.execute<{ total: string | null }>(
      sql`select sum(amount)::text as total from order_price_lines where order_id = ${orderId}`,
    );
    return Number(r.rows[0]?.total ?? 0);
  }

  async insertPayment(p: {
    orderId: string;
    gateway: string;
    method: string;
    checkoutKey: string;
    amount: number;
    currency: string;
    now: Date;
  }): Promise<string> {
    const r = await this.db.execute<{ id: string }>(sql`
      insert into payments (order_id, gateway, method, checkout_key, amount, currency, status, created_at, updated_at)
      values (${p.orderId}, ${p.gateway}, ${p.method}, ${p.checkoutKey}, ${p.amount}, ${p.currency}, 'pending', ${p.now}, ${p.now})
      returning id`);
    return r.rows[0]!.id;
  }

  /** Stores what the gateway started: its reference, and the checkout to hand out again while it works. */
  async setGatewayReference(
    id: string,
    reference: string,
    checkout: {
      checkoutUrl: string | null;
      form: Record<string, string> | null;
      clientParams: Record<string, string> | null;
      expiresAt: Date | null;
    },
  ): Promise<void> {
    const rest = JSON.stringify({ form: checkout.form, clientParams: checkout.clientParams });
    await this.db.execute(sql`
      update payments set gateway_reference = ${reference}, checkout_url = ${checkout.checkoutUrl},
             checkout = ${rest}::jsonb, checkout_expires_at = ${checkout.expiresAt}
       where id = ${id}`);
  }

  /** The order's payments still pending, oldest first (getPayUrl, under the order row lock). */
  async pendingPayments(orderId: string): Promise<PendingPayment[]> {
    const r = await this.db.execute<{
      id: string;
      gateway: string;
      method: string;
      checkout_key: string | null;
      amount: number;
      currency: string;
      gateway_reference: string | null;
      checkout_url: string | null;
      checkout: { form?: Record<string, string> | null; clientParams?: Record<string, string> | null } | null;
      checkout_expires_at: string | Date | null;
      created_at: string | Date;
    }>(sql`
      select id, gateway, method, checkout_key, amount, currency, gateway_reference, checkout_url, checkout,
             checkout_expires_at, created_at
        from payments where order_id = ${orderId} and status = 'pending'
       order by created_at, id`);
    return r.rows.map((row) => ({
      id: row.id,
      gateway: row.gateway,
      method: row.method,
      checkoutKey: row.checkout_key,
      amount: Number(row.amount),
      currency: row.currency,
      gatewayReference: row.gateway_reference,
      checkoutUrl: row.checkout_url,
      form: row.checkout?.form ?? null,
      clientParams: row.checkout?.clientParams ?? null,
      checkoutExpiresAt: row.checkout_expires_at === null ? null : new Date(row.checkout_expires_at),
      createdAt: new Date(row.created_at),
    }));
  }

  private readonly paymentSelect = sql`
    select p.id, p.order_id, o.order_no, p.gateway, p.amount, p.currency, p.status, p.gateway_reference
      from payments p join orders o on o.id = p.order_id`;

  private toPayment(row: Record<string, unknown> | undefined): StoredPayment | null {
    if (!row) return null;
    return {
      id: String(row.id),
      orderId: String(row.order_id),
      orderNo: String(row.order_no),
      gateway: String(row.gateway),
      amount: Number(row.amount),
      currency: String(row.currency),
      status: String(row.status),
      gatewayReference: row.gateway_reference === null ? null : String(row.gateway_reference),
    };
  }

  /** The order's latest payment still pending at a gateway (one that has its reference). */
  async latestPendingPayment(orderId: string): Promise<StoredPayment | null> {
    const r = await this.db.execute(sql`${this.paymentSelect}
      where p.order_id = ${orderId} and p.status = 'pending' and p.gateway_reference is not null
      order by p.created_at desc, p.id desc limit 1`);
    return this.toPayment(r.rows[0]);
  }

  /**
   * Orders with a payment still pending at the gateway that was started between `from` and `to`
   * (the reconcile sweep: a notification that never came), oldest first. A payment already asked
   * about is asked again only once a quarter of its age has passed since, so an abandoned
   * checkout costs the gateway a few dozen queries in its day, not one every sweep.
   */
  async ordersWithStalePayments(from: Date, to: Date, now: Date, limit: number): Promise<string[]> {
    const r = await this.db.execute<{ order_id: string }>(sql`
      select order_id from payments
       where status = 'pending' and gateway_reference is not null
         and created_at >= ${from} and created_at < ${to}
         and (reconciled_at is null or ${now}::timestamptz - reconciled_at > (${now}::timestamptz - created_at) / 4)
       group by order_id order by min(created_at) limit ${limit}`);
    return r.rows.map((x) => x.order_id);
  }

  /** Notes that the sweep asked the gateway about the order's pending payments. */
  async markReconciled(orderId: string, now: Date): Promise<void> {
    await this.db.execute(sql`
      update payments set reconciled_at = ${now} where order_id = ${orderId} and status = 'pending'`);
  }

  async paymentById(id: string): Promise<StoredPayment | null> {
    const r = await this.db.execute(sql`${this.paymentSelect} where p.id = ${id}`);
    return this.toPayment(r.rows[0]);
  }

  async paymentByReference(gateway: string, reference: string): Promise<StoredPayment | null> {
    const r = await this.db.execute(
      sql`${this.paymentSelect} where p.gateway = ${gateway} and p.gateway_reference = ${reference}`,
    );
    return this.toPayment(r.rows[0]);
  }

  /** The latest payment of an order. */
  async latestPayment(orderId: string): Promise<{ status: string } | null> {
    const r = await this.db.execute<{ status: string }>(
      sql`select status from payments where order_id = ${orderId} order by created_at desc, id desc limit 1`,
    );
    return r.rows[0] ?? null;
  }

  /** Whether a notification with this event id was already applied (the replay fast path). */
  async hasEvent(gateway: string, eventId: string): Promise<boolean> {
    const r = await this.db.execute(sql`
      select 1 from payment_events where gateway = ${gateway} and gateway_event_id = ${eventId}`);
    return r.rows.length > 0;
  }

  /** Whether the order is paid and still owed tickets. */
  async owesTickets(orderId: string): Promise<boolean> {
    const r = await this.db.execute(
      sql`select 1 from orders where id = ${orderId} and status = 1 and ticketed_at is null`,
    );
    return r.rows.length > 0;
  }

  /** Stores a notification by its event id; false when it was already stored (a replay). */
  async insertEvent(e: {
    paymentId: string;
    gateway: string;
    eventId: string;
    type: string;
    payload: Record<string, unknown>;
    now: Date;
  }): Promise<boolean> {
    const r = await this.db.execute(sql`
      insert into payment_events (payment_id, gateway, gateway_event_id, type, payload, created_at)
      values (${e.paymentId}, ${e.gateway}, ${e.eventId}, ${e.type}, ${JSON.stringify(e.payload)}::jsonb, ${e.now})
      on conflict (gateway, gateway_event_id) do nothing
      returning id`);
    return (r.rowCount ?? 0) === 1;
  }

  /** Moves a payment from one of `from` to `to`; false when it was in none of them. */
  async movePayment(id: string, from: string[], to: string, now: Date): Promise<boolean> {
    const paidAt = to === 'succeeded' ? now : null;
    const r = await this.db.execute(sql`
      update payments set status = ${to}, paid_at = coalesce(${paidAt}::timestamptz, paid_at), updated_at = ${now}
       where id = ${id} and status in (${sql.join(
         from.map((f) => sql`${f}`),
         sql`, `,
       )})
      returning id`);
    return (r.rowCount ?? 0) === 1;
  }

  /** Unpaid → paid; false when the order was not unpaid. */
  async markOrderPaid(orderId: string, now: Date): Promise<boolean> {
    const r = await this.db.execute(sql`
      update orders set status = 1, updated_at = ${now} where id = ${orderId} and status = 0 returning id`);
    return (r.rowCount ?? 0) === 1;
  }

  /** Canceled (expired) → paid, after its seats were taken again; false when it was not canceled. */
  async reviveOrderPaid(orderId: string, now: Date): Promise<boolean> {
    const r = await this.db.execute(sql`
      update orders set status = 1, canceled_at = null, updated_at = ${now}
       where id = ${orderId} and status = 2 returning id`);
    return (r.rowCount ?? 0) === 1;
  }

  /**
   * Locks the order row (serializes payment and ticketing of one order); its status. With
   * `skipLocked`, null when another transaction holds it (the sweep leaves it to that one).
   */
  async lockOrder(orderId: string, skipLocked = false): Promise<number | null> {
    const r = await this.db.execute<{ status: number }>(
      skipLocked
        ? sql`select status from orders where id = ${orderId} for update skip locked`
        : sql`select status from orders where id = ${orderId} for update`,
    );
    const row = r.rows[0];
    return row ? Number(row.status) : null;
  }

  /** Locks the order row for starting a payment; its status and deadline, read under the lock. */
  async lockPayableOrder(orderId: string): Promise<{ status: number; payDeadline: Date } | null> {
    const r = await this.db.execute<{ status: number; pay_deadline: string | Date }>(
      sql`select status, pay_deadline from orders where id = ${orderId} for update`,
    );
    const row = r.rows[0];
    return row ? { status: Number(row.status), payDeadline: new Date(row.pay_deadline) } : null;
  }

  /** The released holds of an order, to take again (late payment), in the booking lock order. */
  async releasedHolds(orderId: string) {
    const r = await this.db.execute<{
      id: string;
      flight_id: string;
      cabin: string;
      booking_class: string;
      seats: number;
      infants: number;
    }>(sql`
      select id, flight_id, cabin, booking_class, seats, infants from order_holds
       where order_id = ${orderId} and released_at is not null`);
    return r.rows
      .map((h) => ({
        id: h.id,
        flightId: h.flight_id,
        cabin: h.cabin,
        bookingClass: h.booking_class,
        seats: Number(h.seats),
        infants: Number(h.infants),
      }))
      .sort(
        (a, b) => Number(a.flightId) - Number(b.flightId) || a.bookingClass.localeCompare(b.bookingClass),
      );
  }

  async unreleaseHold(id: string, now: Date): Promise<void> {
    await this.db.execute(
      sql`update order_holds set released_at = null, updated_at = ${now} where id = ${id} and released_at is not null`,
    );
  }

  async insertOrderEvent(
    orderId: string,
    type: string,
    actor: string,
    now: Date,
    data: Record<string, unknown> | null = null,
  ): Promise<void> {
    await this.db.execute(sql`
      insert into order_events (order_id, type, actor, data, created_at)
      values (${orderId}, ${type}, ${actor}, ${data === null ? null : JSON.stringify(data)}::jsonb, ${now})`);
  }

  async hasOrderEvent(orderId: string, type: string): Promise<boolean> {
    const r = await this.db.execute(
      sql`select 1 from order_events where order_id = ${orderId} and type = ${type} limit 1`,
    );
    return r.rows.length > 0;
  }

  /**
   * One ticket per passenger (airline code + 10-digit serial) and one coupon per segment;
   * the unique keys make a second run insert nothing. The number of tickets issued by this call.
   */
  async issueTickets(orderId: string, airlineCode: string, now: Date): Promise<number> {
    const r = await this.db.execute(sql`
      insert into tickets (ticket_no, order_id, passenger_id, status, created_at, updated_at)
      select ${airlineCode} || lpad(nextval('ticket_serial_seq')::text, 10, '0'), p.order_id, p.id, 0, ${now}, ${now}
        from order_passengers p
       where p.order_id = ${orderId}
         and not exists (select 1 from tickets t where t.passenger_id = p.id)
       order by p.seq
      on conflict (passenger_id) do nothing
      returning id`);
    await this.db.execute(sql`
      insert into ticket_coupons (ticket_id, segment_id, coupon_no, usage, created_at, updated_at)
      select t.id, s.id, s.seq + 1, 10, ${now}, ${now}
        from tickets t join order_segments s on s.order_id = t.order_id
       where t.order_id = ${orderId}
      on conflict (ticket_id, segment_id) do nothing`);
    // Every passenger now holds a ticket: the order leaves the sweep's partial index.
    await this.db.execute(sql`
      update orders set ticketed_at = ${now} where id = ${orderId} and ticketed_at is null`);
    return r.rowCount ?? 0;
  }

  async ticketCount(orderId: string): Promise<number> {
    const r = await this.db.execute<{ n: number }>(
      sql`select count(*)::int as n from tickets where order_id = ${orderId}`,
    );
    return Number(r.rows[0]?.n ?? 0);
  }

  /**
   * A page of paid orders still owed tickets (the sweep for lost ticketing jobs), read through a
   * partial index in (updated_at, id) order, after the last one of the previous page.
   */
  async untickedPaidOrders(limit: number, after: SweepCursor | null = null): Promise<SweepCursor[]> {
    // The cursor keeps updated_at as PostgreSQL's text (microseconds), which a JS Date would round.
    const r = await this.db.execute<{ id: string; updated_at: string }>(sql`
      select id, updated_at::text as updated_at from orders
       where status = 1 and ticketed_at is null
         ${after ? sql`and (updated_at, id) > (${after.updatedAt}::timestamptz, ${after.id}::uuid)` : sql``}
       order by updated_at, id limit ${limit}`);
    return r.rows.map((x) => ({ id: x.id, updatedAt: x.updated_at }));
  }

  /**
   * The refund of a payment, created with its refund_required mark (same transaction); one per
   * payment (unique key), so a replay answers the existing one. Its id.
   */
  async insertRefund(r: {
    paymentId: string;
    amount: number;
    currency: string;
    reason: string;
    now: Date;
  }): Promise<string> {
    const inserted = await this.db.execute<{ id: string }>(sql`
      insert into payment_refunds (payment_id, amount, currency, reason, status, created_at, updated_at)
      values (${r.paymentId}, ${r.amount}, ${r.currency}, ${r.reason}, 'pending', ${r.now}, ${r.now})
      on conflict (payment_id) do nothing
      returning id`);
    const id = inserted.rows[0]?.id;
    if (id) return id;
    const existing = await this.db.execute<{ id: string }>(
      sql`select id from payment_refunds where payment_id = ${r.paymentId}`,
    );
    return existing.rows[0]!.id;
  }

  private readonly refundSelect = sql`
    select r.id, r.payment_id, r.amount, r.currency, r.reason, r.status,
           p.gateway, p.gateway_reference, p.amount as payment_amount, p.currency as payment_currency,
           o.id as order_id, o.order_no, o.contact_name, o.contact_email, o.language
      from payment_refunds r
      join payments p on p.id = r.payment_id
      join orders o on o.id = p.order_id`;

  /**
   * A refund; with `lock`, the row is locked for this transaction, or null when another
   * transaction holds it (SKIP LOCKED: a concurrent run leaves it to the one working on it).
   */
  async refundById(id: string, lock = false): Promise<StoredRefund | null> {
    const r = await this.db.execute(
      lock
        ? sql`${this.refundSelect} where r.id = ${id} for update of r skip locked`
        : sql`${this.refundSelect} where r.id = ${id}`,
    );
    const row = r.rows[0];
    if (!row) return null;
    return {
      id: String(row.id),
      paymentId: String(row.payment_id),
      amount: Number(row.amount),
      currency: String(row.currency),
      reason: String(row.reason),
      status: String(row.status),
      gateway: String(row.gateway),
      gatewayReference: row.gateway_reference === null ? null : String(row.gateway_reference),
      paymentAmount: Number(row.payment_amount),
      paymentCurrency: String(row.payment_currency),
      orderId: String(row.order_id),
      orderNo: String(row.order_no),
      contactName: String(row.contact_name),
      contactEmail: String(row.contact_email),
      language: Number(row.language),
    };
  }

  /** pending → succeeded or failed; false when it was not pending. */
  async settleRefund(
    id: string,
    to: 'succeeded' | 'failed',
    gatewayRefundReference: string | null,
    now: Date,
  ): Promise<boolean> {
    const r = await this.db.execute(sql`
      update payment_refunds set status = ${to}, gateway_refund_reference = ${gatewayRefundReference}, updated_at = ${now}
       where id = ${id} and status = 'pending' returning id`);
    return (r.rowCount ?? 0) === 1;
  }

  /**
   * Refunds still owed work: pending at the gateway, or refunded without the traveller's notice
   * recorded (an order event refund_notified naming the refund). Oldest first.
   */
  async refundsToProcess(limit: number): Promise<string[]> {
    const r = await this.db.execute<{ id: string }>(sql`
      select r.id from payment_refunds r join payments p on p.id = r.payment_id
       where r.status = 'pending'
          or (r.status = 'succeeded' and not exists (
                select 1 from order_events e
                 where e.order_id = p.order_id and e.type = 'refund_notified' and e.data->>'refundId' = r.id::text))
       order by r.created_at limit ${limit}`);
    return r.rows.map((x) => x.id);
  }

  /** Whether the traveller's notice of this refund was recorded as sent. */
  async refundNotified(orderId: string, refundId: string): Promise<boolean> {
    const r = await this.db.execute(sql`
      select 1 from order_events
       where order_id = ${orderId} and type = 'refund_notified' and data->>'refundId' = ${refundId} limit 1`);
    return r.rows.length > 0;
  }
}
