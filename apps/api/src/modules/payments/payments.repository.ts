import { and, eq, sql } from 'drizzle-orm';
import { paymentEvents, payments } from '../../db/schema/payments';
import type { Db, Executor, Tx } from '../../platform/db';
import type { NewPayable, Payable, PayableKind, PayableStatus } from './payables';

export interface StoredPayment {
  id: string;
  payableId: string;
  gateway: string;
  amount: number;
  currency: string;
  status: string;
  gatewayReference: string | null;
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

/** A refund with what processing it needs: the payment at its gateway and the payable's contact. */
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
  payableId: string;
  notifiedAt: Date | null;
  /** The owner's line refunded (a refund order's id for reason `refund_order`), or null. */
  lineRef: string | null;
}

/** A refund as the owner's reads show it (booking's order detail, the staff console). */
export interface RefundView {
  id: string;
  paymentId: string;
  /** The gateway's reference of the refund, or the one staff typed when they settled it by hand. */
  reference: string | null;
  amount: number;
  currency: string;
  status: string;
  reason: string;
  passengerRef: string | null;
  lineRef: string | null;
  requestedAt: Date;
  refundedAt: Date | null;
}

/** A payment of a payable with the gateway events stored for it (the staff console). */
export interface PaymentView {
  id: string;
  gateway: string;
  method: string;
  amount: number;
  currency: string;
  /** pending | succeeded | failed | canceled | refund_required | refunded */
  status: string;
  gatewayReference: string | null;
  createdAt: Date;
  paidAt: Date | null;
  refundedTotal: number;
  events: Array<{ at: Date; gatewayEventId: string; type: string; payload: Record<string, unknown> }>;
}

type Row = Record<string, unknown>;

function date(v: unknown): Date {
  return v instanceof Date ? v : new Date(String(v));
}

function toPayable(row: Row | undefined): Payable | null {
  if (!row) return null;
  return {
    id: String(row.id),
    kind: String(row.kind) as PayableKind,
    reference: String(row.reference),
    ownerUserId: row.owner_user_id === null ? null : String(row.owner_user_id),
    amount: Number(row.amount),
    currency: String(row.currency),
    dueAt: date(row.due_at),
    status: String(row.status) as PayableStatus,
    contact: {
      name: String(row.contact_name),
      email: String(row.contact_email),
      phone: String(row.contact_phone),
      language: Number(row.language),
      surnames: (row.payer_surnames as string[] | null) ?? [],
    },
  };
}

const payableColumns = sql`id, kind, reference, owner_user_id, amount, currency, due_at, status,
  contact_name, contact_email, contact_phone, language, payer_surnames`;

/**
 * The read of every gateway notification: the payment by the gateway's reference and whether
 * the event is stored, through the two unique indexes (payments_gateway_reference_key,
 * payment_events_gateway_event_key). Prepared once per connection under its name: the hottest
 * statement of the payment calls is parsed and planned once, not per notification.
 */
function notifiedPaymentQuery(db: Executor) {
  const gateway = sql.placeholder('gateway');
  return db
    .select({
      id: payments.id,
      payableId: payments.payableId,
      gateway: payments.gateway,
      amount: payments.amount,
      currency: payments.currency,
      status: payments.status,
      gatewayReference: payments.gatewayReference,
      eventStored: sql<boolean>`exists (select 1 from ${paymentEvents} e
        where e.gateway = ${gateway} and e.gateway_event_id = ${sql.placeholder('eventId')})`.mapWith(
        Boolean,
      ),
    })
    .from(payments)
    .where(and(eq(payments.gateway, gateway), eq(payments.gatewayReference, sql.placeholder('reference'))))
    .prepare('payments_notified_payment');
}

/**
 * Storage of payables, payments, their notifications and refunds: the only SQL of the payments
 * module. Every state change is a conditional UPDATE or an INSERT ... ON CONFLICT DO NOTHING, so
 * a replay or a concurrent twin changes nothing. It reads no other module's table.
 */
export class PaymentsRepository {
  constructor(private readonly db: Executor) {}

  transaction<T>(fn: (repo: PaymentsRepository, handle: Tx) => Promise<T>): Promise<T> {
    return (this.db as Db).transaction((tx) => fn(new PaymentsRepository(tx), tx));
  }

  /**
   * A new open payable with its lines, in one statement (a data-modifying CTE: creating an order
   * costs one round trip for its payable, whatever the number of lines); its id.
   */
  async insertPayable(p: NewPayable): Promise<string> {
    const payable = sql`
      insert into payables (kind, reference, owner_user_id, amount, currency, due_at, status,
                            contact_name, contact_email, contact_phone, language, payer_surnames,
                            created_at, updated_at)
      values (${p.kind}, ${p.reference}, ${p.ownerUserId}, ${p.amount}, ${p.currency}, ${p.dueAt}, 'open',
              ${p.contact.name}, ${p.contact.email}, ${p.contact.phone}, ${p.contact.language},
              ${sql`array[${sql.join(
                p.contact.surnames.map((s) => sql`${s}`),
                sql`, `,
              )}]::text[]`},
              ${p.now}, ${p.now})
      returning id`;
    if (p.lines.length === 0) {
      const r = await this.db.execute<{ id: string }>(payable);
      return r.rows[0]!.id;
    }
    const r = await this.db.execute<{ id: string }>(sql`
      with payable as (${payable}),
      lines as (
        insert into payable_lines (payable_id, kind, code, passenger_ref, segment_ref, amount, created_at, updated_at)
        values ${sql.join(
          p.lines.map(
            (l) =>
              sql`((select id from payable), ${l.kind}, ${l.code}, ${l.passengerRef ?? null}, ${l.segmentRef ?? null}, ${l.amount}, ${p.now}, ${p.now})`,
          ),
          sql`, `,
        )}
      )
      select id from payable`);
    return r.rows[0]!.id;
  }

  /** open → closed; false when the payable is not open (paid, closed, or unknown). */
  async closePayable(kind: PayableKind, reference: string, now: Date): Promise<boolean> {
    const r = await this.db.execute(sql`
      update payables set status = 'closed', updated_at = ${now}
       where kind = ${kind} and reference = ${reference} and status = 'open'
      returning id`);
    return (r.rowCount ?? 0) === 1;
  }

  async payableByReference(kind: PayableKind, reference: string): Promise<Payable | null> {
    const r = await this.db.execute(
      sql`select ${payableColumns} from payables where kind = ${kind} and reference = ${reference}`,
    );
    return toPayable(r.rows[0]);
  }

  async payableById(id: string): Promise<Payable | null> {
    const r = await this.db.execute(sql`select ${payableColumns} from payables where id = ${id}`);
    return toPayable(r.rows[0]);
  }

  /** Locks the payable row (serializes the payments of one payable); the payable, read under the lock. */
  async lockPayable(id: string): Promise<Payable | null> {
    const r = await this.db.execute(sql`select ${payableColumns} from payables where id = ${id} for update`);
    return toPayable(r.rows[0]);
  }

  /** open or closed → paid; false when it was already paid. */
  async markPayablePaid(id: string, now: Date): Promise<boolean> {
    const r = await this.db.execute(sql`
      update payables set status = 'paid', updated_at = ${now}
       where id = ${id} and status in ('open', 'closed') returning id`);
    return (r.rowCount ?? 0) === 1;
  }

  async insertPayment(p: {
    payableId: string;
    gateway: string;
    method: string;
    checkoutKey: string;
    amount: number;
    currency: string;
    now: Date;
  }): Promise<string> {
    const r = await this.db.execute<{ id: string }>(sql`
      insert into payments (payable_id, gateway, method, checkout_key, amount, currency, status, created_at, updated_at)
      values (${p.payableId}, ${p.gateway}, ${p.method}, ${p.checkoutKey}, ${p.amount}, ${p.currency}, 'pending', ${p.now}, ${p.now})
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

  /** The payable's payments still pending, oldest first (getPayUrl, under the payable row lock). */
  async pendingPayments(payableId: string): Promise<PendingPayment[]> {
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
        from payments where payable_id = ${payableId} and status = 'pending'
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
    select p.id, p.payable_id, p.gateway, p.amount, p.currency, p.status, p.gateway_reference from payments p`;

  private toPayment(row: Row | undefined): StoredPayment | null {
    if (!row) return null;
    return {
      id: String(row.id),
      payableId: String(row.payable_id),
      gateway: String(row.gateway),
      amount: Number(row.amount),
      currency: String(row.currency),
      status: String(row.status),
      gatewayReference: row.gateway_reference === null ? null : String(row.gateway_reference),
    };
  }

  /** The payable's latest payment still pending at a gateway (one that has its reference). */
  async latestPendingPayment(payableId: string): Promise<StoredPayment | null> {
    const r = await this.db.execute(sql`${this.paymentSelect}
      where p.payable_id = ${payableId} and p.status = 'pending' and p.gateway_reference is not null
      order by p.created_at desc, p.id desc limit 1`);
    return this.toPayment(r.rows[0]);
  }

  /**
   * Payables with a payment still pending at the gateway that was started between `from` and `to`
   * (the reconcile sweep: a notification that never came), oldest first. A payment already asked
   * about is asked again only once a quarter of its age has passed since, so an abandoned
   * checkout costs the gateway a few dozen queries in its day, not one every sweep.
   */
  async payablesWithStalePayments(from: Date, to: Date, now: Date, limit: number): Promise<string[]> {
    const r = await this.db.execute<{ payable_id: string }>(sql`
      select payable_id from payments
       where status = 'pending' and gateway_reference is not null
         and created_at >= ${from} and created_at < ${to}
         and (reconciled_at is null or ${now}::timestamptz - reconciled_at > (${now}::timestamptz - created_at) / 4)
       group by payable_id order by min(created_at) limit ${limit}`);
    return r.rows.map((x) => x.payable_id);
  }

  /** Notes that the sweep asked the gateway about the payable's pending payments. */
  async markReconciled(payableId: string, now: Date): Promise<void> {
    await this.db.execute(sql`
      update payments set reconciled_at = ${now} where payable_id = ${payableId} and status = 'pending'`);
  }

  async paymentById(id: string): Promise<StoredPayment | null> {
    const r = await this.db.execute(sql`${this.paymentSelect} where p.id = ${id}`);
    return this.toPayment(r.rows[0]);
  }

  /**
   * The payment a notification names, and whether its event is already stored, in one indexed
   * read (a prepared statement): gateways resend a lot, and a replay is answered on it alone.
   */
  async notifiedPayment(
    gateway: string,
    reference: string,
    eventId: string,
  ): Promise<{ payment: StoredPayment; eventStored: boolean } | null> {
    this.notified ??= notifiedPaymentQuery(this.db);
    const [row] = await this.notified.execute({ gateway, reference, eventId });
    if (!row) return null;
    const { eventStored, ...payment } = row;
    return { payment, eventStored };
  }

  private notified?: ReturnType<typeof notifiedPaymentQuery>;

  /** The latest payment of a payable. */
  async latestPayment(payableId: string): Promise<{ status: string } | null> {
    const r = await this.db.execute<{ status: string }>(
      sql`select status from payments where payable_id = ${payableId} order by created_at desc, id desc limit 1`,
    );
    return r.rows[0] ?? null;
  }

  /** Whether a notification with this event id was already applied (the replay fast path). */
  async hasEvent(gateway: string, eventId: string): Promise<boolean> {
    const r = await this.db.execute(sql`
      select 1 from payment_events where gateway = ${gateway} and gateway_event_id = ${eventId}`);
    return r.rows.length > 0;
  }

  /**
   * Applies a verified gateway event to payments' own rows, in one statement of the caller's
   * transaction: stores it by its event id; when it was not stored yet, locks the payable row
   * (which serializes the payments of one payable), then moves the payment (a success from
   * pending, failed or canceled; a failure from pending) and, for a success that moved it, marks
   * an open payable paid. Each step reads the one before it, so they run in this order, and none
   * of them once the event is found stored. Null when the event was already stored (a replay);
   * else the payable as locked (its status before this statement), whether the payment moved, and
   * whether the payable was marked paid.
   */
  async applyEvent(e: {
    paymentId: string;
    payableId: string;
    gateway: string;
    eventId: string;
    status: 'succeeded' | 'failed';
    payload: Record<string, unknown>;
    now: Date;
  }): Promise<{ payable: Payable; moved: boolean; markedPaid: boolean } | null> {
    const succeeded = e.status === 'succeeded';
    const from = succeeded ? sql`'pending', 'failed', 'canceled'` : sql`'pending'`;
    const r = await this.db.execute(sql`
      with stored as (
        insert into payment_events (payment_id, gateway, gateway_event_id, type, payload, created_at)
        values (${e.paymentId}, ${e.gateway}, ${e.eventId}, ${e.status}, ${JSON.stringify(e.payload)}::jsonb, ${e.now})
        on conflict (gateway, gateway_event_id) do nothing
        returning id
      ),
      locked as (
        select ${payableColumns} from payables
         where id = ${e.payableId} and exists (select 1 from stored)
         for update
      ),
      moved as (
        update payments set status = ${e.status},
               paid_at = ${succeeded ? sql`${e.now}::timestamptz` : sql`paid_at`}, updated_at = ${e.now}
         where id = ${e.paymentId} and status in (${from}) and exists (select 1 from locked)
        returning id
      ),
      marked as (
        update payables set status = 'paid', updated_at = ${e.now}
         where ${succeeded}::boolean and id = ${e.payableId} and status = 'open'
           and exists (select 1 from locked where status = 'open') and exists (select 1 from moved)
        returning id
      )
      select l.*, exists (select 1 from stored) as stored, exists (select 1 from moved) as moved,
             exists (select 1 from marked) as marked_paid
        from (select 1) one left join locked l on true`);
    const row = r.rows[0];
    if (row?.stored !== true) return null;
    const payable = row.id === null ? null : toPayable(row);
    if (!payable) throw new Error(`payment ${e.paymentId}: no payable ${e.payableId}`);
    return { payable, moved: row.moved === true, markedPaid: row.marked_paid === true };
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

  /**
   * A refund of a payment; its id. Payments' own whole-payment refunds (seats_gone,
   * duplicate_payment) are one per payment (partial unique key), so a replay answers the existing
   * one. The trigger payment_refunds_total adds it to the payment's refunded_total, whose CHECK
   * refuses a sum above the amount paid (SQLSTATE 23514).
   */
  async insertRefund(r: {
    paymentId: string;
    amount: number;
    currency: string;
    reason: string;
    passengerRef?: string | null;
    lineRef?: string | null;
    now: Date;
  }): Promise<string> {
    const whole = r.reason === 'seats_gone' || r.reason === 'duplicate_payment';
    const inserted = await this.db.execute<{ id: string }>(sql`
      insert into payment_refunds (payment_id, amount, currency, reason, passenger_ref, line_ref, status, created_at, updated_at)
      values (${r.paymentId}, ${r.amount}, ${r.currency}, ${r.reason}, ${r.passengerRef ?? null}, ${r.lineRef ?? null},
              'pending', ${r.now}, ${r.now})
      ${
        whole
          ? sql`on conflict (payment_id) where reason in ('seats_gone', 'duplicate_payment') do nothing`
          : r.reason === 'refund_order'
            ? sql`on conflict (payment_id, line_ref) where reason = 'refund_order' do nothing`
            : sql``
      }
      returning id`);
    const id = inserted.rows[0]?.id;
    if (id) return id;
    if (r.reason === 'refund_order') {
      const again = await this.db.execute<{ id: string }>(sql`
        select id from payment_refunds
         where payment_id = ${r.paymentId} and line_ref = ${r.lineRef ?? null} and reason = 'refund_order'`);
      return again.rows[0]!.id;
    }
    const existing = await this.db.execute<{ id: string }>(sql`
      select id from payment_refunds
       where payment_id = ${r.paymentId} and reason in ('seats_gone', 'duplicate_payment')`);
    return existing.rows[0]!.id;
  }

  private readonly refundSelect = sql`
    select r.id, r.payment_id, r.amount, r.currency, r.reason, r.status, r.notified_at, r.line_ref,
           p.gateway, p.gateway_reference, p.amount as payment_amount, p.currency as payment_currency,
           p.payable_id
      from payment_refunds r
      join payments p on p.id = r.payment_id`;

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
      payableId: String(row.payable_id),
      notifiedAt: row.notified_at === null ? null : date(row.notified_at),
      lineRef: row.line_ref === null || row.line_ref === undefined ? null : String(row.line_ref),
    };
  }

  /** What this payment's other refunds took at the gateway (those settled as succeeded). */
  async refundedBefore(paymentId: string, refundId: string): Promise<number> {
    const r = await this.db.execute<{ total: number }>(sql`
      select coalesce(sum(amount), 0)::int as total from payment_refunds
       where payment_id = ${paymentId} and id <> ${refundId} and status = 'succeeded'`);
    return Number(r.rows[0]?.total ?? 0);
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

  /** Notes that the traveller's notice of the refund was sent. */
  async markRefundNotified(id: string, now: Date): Promise<void> {
    await this.db.execute(
      sql`update payment_refunds set notified_at = ${now} where id = ${id} and notified_at is null`,
    );
  }

  /** Refunds still owed work: pending at the gateway, or refunded without the traveller's notice sent. Oldest first. */
  async refundsToProcess(limit: number): Promise<string[]> {
    const r = await this.db.execute<{ id: string }>(sql`
      select id from payment_refunds
       where status = 'pending' or (status = 'succeeded' and notified_at is null)
       order by created_at limit ${limit}`);
    return r.rows.map((x) => x.id);
  }

  /** The refunds of a payable's payments, oldest first. */
  async refundsOf(kind: PayableKind, reference: string): Promise<RefundView[]> {
    const r = await this.db.execute<{
      id: string;
      payment_id: string;
      gateway_refund_reference: string | null;
      amount: number;
      currency: string;
      status: string;
      reason: string;
      passenger_ref: string | null;
      line_ref: string | null;
      created_at: Date | string;
      refunded_at: Date | string | null;
    }>(sql`
      select r.id, r.payment_id, r.gateway_refund_reference, r.amount, r.currency, r.status, r.reason,
             r.passenger_ref, r.line_ref, r.created_at,
             case when r.status = 'succeeded' then r.updated_at end as refunded_at
        from payment_refunds r
        join payments p on p.id = r.payment_id
        join payables b on b.id = p.payable_id
       where b.kind = ${kind} and b.reference = ${reference}
       order by r.created_at, r.id`);
    return r.rows.map((x) => ({
      id: x.id,
      paymentId: x.payment_id,
      reference: x.gateway_refund_reference,
      amount: Number(x.amount),
      currency: x.currency,
      status: x.status,
      reason: x.reason,
      passengerRef: x.passenger_ref,
      lineRef: x.line_ref,
      requestedAt: date(x.created_at),
      refundedAt: x.refunded_at === null ? null : date(x.refunded_at),
    }));
  }
  /** The payments of a payable, oldest first, each with the gateway events stored for it (the staff console). */
  async paymentsOf(kind: PayableKind, reference: string): Promise<PaymentView[]> {
    const r = await this.db.execute<{
      id: string;
      gateway: string;
      method: string;
      amount: number;
      currency: string;
      status: string;
      gateway_reference: string | null;
      created_at: Date | string;
      paid_at: Date | string | null;
      refunded_total: number;
      events: Array<{
        at: string;
        gateway_event_id: string;
        type: string;
        payload: Record<string, unknown>;
      }> | null;
    }>(sql`
      select p.id, p.gateway, p.method, p.amount, p.currency, p.status, p.gateway_reference, p.created_at,
             p.paid_at, p.refunded_total,
             (select json_agg(json_build_object('at', e.created_at, 'gateway_event_id', e.gateway_event_id,
                                                'type', e.type, 'payload', e.payload) order by e.id)
                from payment_events e where e.payment_id = p.id) as events
        from payments p
        join payables b on b.id = p.payable_id
       where b.kind = ${kind} and b.reference = ${reference}
       order by p.created_at, p.id`);
    return r.rows.map((x) => ({
      id: x.id,
      gateway: x.gateway,
      method: x.method,
      amount: Number(x.amount),
      currency: x.currency,
      status: x.status,
      gatewayReference: x.gateway_reference,
      createdAt: date(x.created_at),
      paidAt: x.paid_at === null ? null : date(x.paid_at),
      refundedTotal: Number(x.refunded_total),
      events: (x.events ?? []).map((e) => ({
        at: date(e.at),
        gatewayEventId: e.gateway_event_id,
        type: e.type,
        payload: e.payload,
      })),
    }));
  }

  /**
   * A refund of one of the payable's payments, its row locked for the caller's transaction (staff
   * act on it); null when the payable has no such refund.
   */
  async lockRefundOf(
    kind: PayableKind,
    reference: string,
    refundId: string,
  ): Promise<(StoredRefund & { reference: string | null }) | null> {
    const r = await this.db.execute<{ id: string; gateway_refund_reference: string | null }>(sql`
      select r.id, r.gateway_refund_reference
        from payment_refunds r
        join payments p on p.id = r.payment_id
        join payables b on b.id = p.payable_id
       where r.id = ${refundId} and b.kind = ${kind} and b.reference = ${reference}
       for update of r`);
    const row = r.rows[0];
    if (!row) return null;
    const refund = await this.refundById(row.id);
    return refund && { ...refund, reference: row.gateway_refund_reference };
  }

  /**
   * failed → pending (staff retry it): the refund job sends it to the gateway again under the same
   * id. The trigger adds it back to the payment's refunded_total, whose CHECK refuses it when the
   * payment's other refunds took that room meanwhile (SQLSTATE 23514). False when it was not failed.
   */
  async reopenRefund(id: string, now: Date): Promise<boolean> {
    const r = await this.db.execute(sql`
      update payment_refunds set status = 'pending', updated_at = ${now}
       where id = ${id} and status = 'failed' returning id`);
    return (r.rowCount ?? 0) === 1;
  }

  /**
   * failed → succeeded by staff: the money went back outside the gateway, `reference` says how.
   * The same trigger and CHECK as reopenRefund. False when it was not failed.
   */
  async settleRefundByHand(id: string, reference: string, now: Date): Promise<boolean> {
    const r = await this.db.execute(sql`
      update payment_refunds set status = 'succeeded', gateway_refund_reference = ${reference}, updated_at = ${now}
       where id = ${id} and status = 'failed' returning id`);
    return (r.rowCount ?? 0) === 1;
  }
}
