import { OrderPayStatus } from '@wings/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';

/** An order with a segment on a dated flight, as a flight change needs it. */
export interface OrderOnFlight {
  orderId: string;
  orderNo: string;
  pnr: string;
  /** 0 unpaid, 1 paid, 2 canceled (spec §4). */
  status: number;
  /** 0 zh, 1 en, 2 km: the language of the order's mail. */
  language: number;
  ticketed: boolean;
  contactName: string;
  contactEmail: string;
  /** The passengers' own e-mails where they gave one. */
  passengerEmails: string[];
}

/** The orders of a dated flight: the only SQL of booking's flight changes (flight-orders.ts). */
export class FlightOrdersRepository {
  constructor(private readonly db: Executor) {}

  /** Every order with a segment on the flight, oldest first; `forUpdate` locks their rows. */
  async ordersOnFlight(flightId: string, forUpdate = false): Promise<OrderOnFlight[]> {
    const r = await this.db.execute<{
      id: string;
      order_no: string;
      pnr: string;
      status: number;
      language: number;
      ticketed: boolean;
      contact_name: string;
      contact_email: string;
      emails: string[] | null;
    }>(sql`
      select o.id, o.order_no, o.pnr, o.status, o.language, o.ticketed_at is not null as ticketed,
             o.contact_name, o.contact_email,
             (select array_agg(distinct p.email) from order_passengers p
               where p.order_id = o.id and p.email is not null and p.email <> '') as emails
        from orders o
       where o.id in (select s.order_id from order_segments s where s.flight_id = ${flightId})
       order by o.created_at, o.id
       ${forUpdate ? sql`for update of o` : sql``}`);
    return r.rows.map((row) => ({
      orderId: row.id,
      orderNo: row.order_no,
      pnr: row.pnr,
      status: Number(row.status),
      language: Number(row.language),
      ticketed: row.ticketed,
      contactName: row.contact_name,
      contactEmail: row.contact_email,
      passengerEmails: row.emails ?? [],
    }));
  }

  /** The orders' segments on the flight take its new times (their itineraries show them). */
  async retimeSegments(flightId: string, depUtc: Date, arrUtc: Date, now: Date): Promise<void> {
    await this.db.execute(sql`
      update order_segments set dep_utc = ${depUtc}, arr_utc = ${arrUtc}, updated_at = ${now}
       where flight_id = ${flightId}`);
  }

  /** Of some orders, the ids of those still unpaid. */
  async unpaidAmong(orderIds: string[]): Promise<Set<string>> {
    if (orderIds.length === 0) return new Set();
    const r = await this.db.execute<{ id: string }>(sql`
      select id from orders
       where id = any(${`{${orderIds.join(',')}}`}::uuid[]) and status = ${OrderPayStatus.un_paid}`);
    return new Set(r.rows.map((row) => row.id));
  }

  /** How many orders with a segment on each flight are in each status. */
  async statusCounts(flightId: string): Promise<Record<number, number>> {
    const r = await this.db.execute<{ status: number; n: number }>(sql`
      select o.status, count(*)::int as n from orders o
       where o.id in (select s.order_id from order_segments s where s.flight_id = ${flightId})
       group by o.status`);
    return Object.fromEntries(r.rows.map((row) => [Number(row.status), Number(row.n)]));
  }
}
