import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';

/** What staff search orders by (every filter given must match); `orderIds` come from other modules' look-ups. */
export interface OrderFilter {
  orderNo?: string;
  pnr?: string;
  /** The beginning of a passenger's surname, any case. */
  surname?: string;
  /** The contact e-mail, any case. */
  email?: string;
  /** Only these orders (a ticket number's, a flight's). */
  orderIds?: string[];
  status?: number;
}

/** An order found, as the search lists it (its legs and money are read apart). */
export interface FoundOrder {
  id: string;
  orderNo: string;
  pnr: string;
  status: number;
  ticketed: boolean;
  currency: string;
  createdAt: Date;
  total: number;
  passengers: number;
}

/** The order's own columns as the staff console shows them. */
export interface OrderHead {
  id: string;
  orderNo: string;
  pnr: string;
  userId: string | null;
  status: number;
  currency: string;
  language: number;
  promoCode: string | null;
  payDeadline: Date;
  createdAt: Date;
  ticketedAt: Date | null;
  canceledAt: Date | null;
  contact: { name: string; email: string; countryCode: string; phone: string };
}

/** A stored price line with the passenger and segment it is for. */
export interface AdminLineRow {
  passengerId: string | null;
  segmentId: string | null;
  kind: string;
  code: string;
  amount: number;
}

/** One row of order_events. */
export interface EventRow {
  id: string;
  at: Date;
  type: string;
  actor: string;
  reason: string | null;
  data: Record<string, unknown> | null;
}

/**
 * A `like` pattern for what starts with `text`: `%`, `_` and `\` typed by staff match only
 * themselves. Written as a constant pattern so the surname index (lower(surname) text_pattern_ops)
 * can serve it.
 */
export function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function date(v: unknown): Date {
  return v instanceof Date ? v : new Date(String(v));
}

/**
 * The staff console's reads of booking's own tables (orders, order_passengers, order_segments,
 * order_price_lines, order_events): the search and what the order page shows beyond the
 * traveller's detail. Read-only; changes go through order-lifecycle.ts.
 */
export class OrdersAdminRepository {
  constructor(private readonly db: Executor) {}

  private where(f: OrderFilter): SQL {
    const parts: SQL[] = [sql`true`];
    if (f.orderNo) parts.push(sql`o.order_no = ${f.orderNo}`);
    if (f.pnr) parts.push(sql`o.pnr = ${f.pnr}`);
    if (f.email) parts.push(sql`lower(o.contact_email) = lower(${f.email})`);
    if (f.status !== undefined) parts.push(sql`o.status = ${f.status}`);
    if (f.surname) {
      parts.push(sql`exists (select 1 from order_passengers p
        where p.order_id = o.id and lower(p.surname) like lower(${likePrefix(f.surname)}))`);
    }
    if (f.orderIds) {
      parts.push(
        f.orderIds.length === 0
          ? sql`false`
          : sql`o.id in (${sql.join(
              f.orderIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`,
      );
    }
    return sql.join(parts, sql` and `);
  }

  /** A page of the orders matching `filter`, newest first, and how many match in all. */
  async search(
    filter: OrderFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: FoundOrder[]; total: number }> {
    const where = this.where(filter);
    const [rows, totals] = await Promise.all([
      this.db.execute<{
        id: string;
        order_no: string;
        pnr: string;
        status: number;
        ticketed: boolean;
        currency: string;
        created_at: Date | string;
        total: number;
        passengers: number;
      }>(sql`
        select o.id, o.order_no, o.pnr, o.status, o.ticketed_at is not null as ticketed, o.currency, o.created_at,
               (select coalesce(sum(l.amount), 0)::int from order_price_lines l where l.order_id = o.id) as total,
               (select count(*)::int from order_passengers p where p.order_id = o.id) as passengers
          from orders o
         where ${where}
         order by o.created_at desc, o.order_no desc
         limit ${limit} offset ${offset}`),
      this.db.execute<{ n: number }>(sql`select count(*)::int as n from orders o where ${where}`),
    ]);
    return {
      total: Number(totals.rows[0]?.n ?? 0),
      rows: rows.rows.map((r) => ({
        id: r.id,
        orderNo: r.order_no,
        pnr: r.pnr.trim(),
        status: Number(r.status),
        ticketed: r.ticketed,
        currency: r.currency,
        createdAt: date(r.created_at),
        total: Number(r.total),
        passengers: Number(r.passengers),
      })),
    };
  }

  /**
   * The orders with a leg of flight `flightNo` departing between `from` and `to` (UTC), with that
   * leg's departure airport and instant: the caller keeps those of the local date asked for.
   */
  async flightLegs(
    flightNo: string,
    from: Date,
    to: Date,
  ): Promise<Array<{ orderId: string; depCode: string; depUtc: Date }>> {
    const r = await this.db.execute<{ order_id: string; dep_code: string; dep_utc: Date | string }>(sql`
      select s.order_id, s.dep_code, s.dep_utc from order_segments s
       where s.flight_no = ${flightNo} and s.dep_utc >= ${from} and s.dep_utc < ${to}`);
    return r.rows.map((x) => ({ orderId: x.order_id, depCode: x.dep_code, depUtc: date(x.dep_utc) }));
  }

  /** The order's own columns, by its number. */
  async head(orderNo: string): Promise<OrderHead | null> {
    const r = await this.db.execute<{
      id: string;
      order_no: string;
      pnr: string;
      user_id: string | null;
      status: number;
      currency: string;
      language: number;
      promo_code: string | null;
      pay_deadline: Date | string;
      created_at: Date | string;
      ticketed_at: Date | string | null;
      canceled_at: Date | string | null;
      contact_name: string;
      contact_email: string;
      contact_country_code: string;
      contact_phone: string;
    }>(sql`
      select id, order_no, pnr, user_id, status, currency, language, promo_code, pay_deadline, created_at,
             ticketed_at, canceled_at, contact_name, contact_email, contact_country_code, contact_phone
        from orders where order_no = ${orderNo}`);
    const o = r.rows[0];
    if (!o) return null;
    return {
      id: o.id,
      orderNo: o.order_no,
      pnr: o.pnr.trim(),
      userId: o.user_id,
      status: Number(o.status),
      currency: o.currency,
      language: Number(o.language),
      promoCode: o.promo_code,
      payDeadline: date(o.pay_deadline),
      createdAt: date(o.created_at),
      ticketedAt: o.ticketed_at === null ? null : date(o.ticketed_at),
      canceledAt: o.canceled_at === null ? null : date(o.canceled_at),
      contact: {
        name: o.contact_name,
        email: o.contact_email,
        countryCode: o.contact_country_code,
        phone: o.contact_phone,
      },
    };
  }

  /** The order's price lines with the passenger and segment each is for. */
  async lines(orderId: string): Promise<AdminLineRow[]> {
    const r = await this.db.execute<{
      passenger_id: string | null;
      segment_id: string | null;
      kind: string;
      code: string;
      amount: number;
    }>(sql`
      select passenger_id, segment_id, kind, code, amount from order_price_lines
       where order_id = ${orderId} order by created_at, id`);
    return r.rows.map((x) => ({
      passengerId: x.passenger_id,
      segmentId: x.segment_id,
      kind: x.kind,
      code: x.code,
      amount: Number(x.amount),
    }));
  }

  /** The order's whole history, oldest first. */
  async events(orderId: string): Promise<EventRow[]> {
    const r = await this.db.execute<{
      id: string | number;
      created_at: Date | string;
      type: string;
      actor: string;
      reason: string | null;
      data: Record<string, unknown> | null;
    }>(sql`
      select id, created_at, type, actor, reason, data from order_events
       where order_id = ${orderId} order by id`);
    return r.rows.map((x) => ({
      id: String(x.id),
      at: date(x.created_at),
      type: x.type,
      actor: x.actor,
      reason: x.reason,
      data: x.data,
    }));
  }
}
