import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';

/**
 * Flown coupons as the mileage programme reads them (issue 18, modules/mileage): a coupon is flown
 * when its flight closed at departure with the passenger checked in (`flown_at`, check-in.ts); a
 * coupon closed without a check-in is a no-show (`no_show_at`). The coupon's segment and passenger
 * are booking's; the reader asks booking for their facts.
 */
export interface FlownCoupon {
  couponId: string;
  ticketNo: string;
  orderId: string;
  passengerId: string;
  segmentId: string;
  flownAt: Date;
}

/**
 * Coupons flown at or after `since`, oldest first (ties by id), at most `limit`. A reader that pages
 * on `flownAt` re-reads a little behind its last position: transactions commit out of order.
 */
export async function flownCouponsSince(db: Executor, since: Date, limit: number): Promise<FlownCoupon[]> {
  const r = await db.execute<{
    coupon_id: string;
    ticket_no: string;
    order_id: string;
    passenger_id: string;
    segment_id: string;
    flown_at: Date | string;
  }>(sql`
    select c.id as coupon_id, t.ticket_no, t.order_id, t.passenger_id, c.segment_id, c.flown_at
      from ticket_coupons c join tickets t on t.id = c.ticket_id
     where c.flown_at is not null and c.flown_at >= ${since.toISOString()}::timestamptz
     order by c.flown_at, c.id
     limit ${limit}`);
  return r.rows.map((row) => ({
    couponId: row.coupon_id,
    ticketNo: row.ticket_no,
    orderId: row.order_id,
    passengerId: row.passenger_id,
    segmentId: row.segment_id,
    flownAt: new Date(row.flown_at),
  }));
}

/** A coupon of a ticket with what happened to it at departure (a claim's look-up). */
export interface TicketCouponUse {
  couponId: string;
  ticketNo: string;
  orderId: string;
  passengerId: string;
  segmentId: string;
  /** When it was flown; null when not (yet). */
  flownAt: Date | null;
  /** When the flight closed without the passenger: a no-show. */
  noShowAt: Date | null;
}

/** Every coupon of the ticket with this 13-digit number (none when there is no such ticket). */
export async function couponsOfTicket(db: Executor, ticketNo: string): Promise<TicketCouponUse[]> {
  const r = await db.execute<{
    coupon_id: string;
    ticket_no: string;
    order_id: string;
    passenger_id: string;
    segment_id: string;
    flown_at: Date | string | null;
    no_show_at: Date | string | null;
  }>(sql`
    select c.id as coupon_id, t.ticket_no, t.order_id, t.passenger_id, c.segment_id, c.flown_at, c.no_show_at
      from ticket_coupons c join tickets t on t.id = c.ticket_id
     where t.ticket_no = ${ticketNo}
     order by c.coupon_no`);
  return r.rows.map((row) => ({
    couponId: row.coupon_id,
    ticketNo: row.ticket_no,
    orderId: row.order_id,
    passengerId: row.passenger_id,
    segmentId: row.segment_id,
    flownAt: row.flown_at === null ? null : new Date(row.flown_at),
    noShowAt: row.no_show_at === null ? null : new Date(row.no_show_at),
  }));
}
