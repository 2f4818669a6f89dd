import { CheckInStatus, TicketStatus } from '@wings/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { LIVE_TICKET_STATUSES } from './tickets.repository';

const LIVE = sql.raw(LIVE_TICKET_STATUSES.join(', '));

/**
 * A coupon's check-in transitions (issue 15, after-sales §3: usage unused 10, used 11), each in
 * the caller's transaction; the caller (modules/check-in) writes the order event of each step.
 *
 *   open (unused) --checkIn--> checked in --cancelCheckIn--> open
 *   checked in --closeAtDeparture--> used (11, flown; flown_at, which the mileage sweep reads)
 *   open       --closeAtDeparture--> no-show (no_show_at; usage stays unused)
 *
 * Only a coupon still open for use (status issued) of a live ticket moves; refunds and reissues
 * (ticket-refunds.ts, reissue) leave a used coupon alone.
 */

/** A coupon as check-in reads it under its row lock. */
export interface LockedCoupon {
  ticketId: string;
  ticketNo: string;
  segmentId: string;
  /** TicketStatus of the ticket, and of the coupon alone. */
  ticketStatus: number;
  status: number;
  usage: number;
  checkedInAt: Date | null;
  checkInSeq: number | null;
  /** The seat given at check-in (none was bought); null otherwise. */
  checkInSeat: string | null;
  noShowAt: Date | null;
}

/** Whether the coupon may be checked in: a live issued ticket, the coupon open, not flown, not closed. */
export function isCouponOpenForCheckIn(c: LockedCoupon): boolean {
  return (
    c.ticketStatus === TicketStatus.issued &&
    c.status === TicketStatus.issued &&
    c.usage === CheckInStatus.unused &&
    c.noShowAt === null
  );
}

/**
 * Locks a ticket's coupon for a leg (FOR UPDATE) until the caller's transaction ends: two
 * check-ins of the same passenger and leg queue here, and the second sees the first's. Null when
 * the ticket has no coupon for the segment.
 */
export async function lockCoupon(
  tx: Executor,
  ticketId: string,
  segmentId: string,
): Promise<LockedCoupon | null> {
  const r = await tx.execute<{
    ticket_id: string;
    ticket_no: string;
    segment_id: string;
    ticket_status: number;
    status: number;
    usage: number;
    checked_in_at: Date | string | null;
    check_in_seq: number | null;
    check_in_seat: string | null;
    no_show_at: Date | string | null;
  }>(sql`
    select c.ticket_id, t.ticket_no, c.segment_id, t.status as ticket_status, c.status, c.usage,
           c.checked_in_at, c.check_in_seq, c.check_in_seat, c.no_show_at
      from ticket_coupons c join tickets t on t.id = c.ticket_id
     where c.ticket_id = ${ticketId} and c.segment_id = ${segmentId}
       for update of c`);
  const row = r.rows[0];
  if (!row) return null;
  const date = (v: Date | string | null) => (v === null ? null : new Date(v));
  return {
    ticketId: row.ticket_id,
    ticketNo: row.ticket_no,
    segmentId: row.segment_id,
    ticketStatus: Number(row.ticket_status),
    status: Number(row.status),
    usage: Number(row.usage),
    checkedInAt: date(row.checked_in_at),
    checkInSeq: row.check_in_seq === null ? null : Number(row.check_in_seq),
    checkInSeat: row.check_in_seat,
    noShowAt: date(row.no_show_at),
  };
}

/**
 * open → checked in, with the passenger's check-in sequence number on the flight and the seat
 * given at check-in (null: one was bought, or an infant on a lap). False when not open.
 */
export async function checkInCoupon(
  tx: Executor,
  p: { ticketId: string; segmentId: string; checkInSeq: number; givenSeat: string | null; now: Date },
): Promise<boolean> {
  const r = await tx.execute(sql`
    update ticket_coupons set checked_in_at = ${p.now}, check_in_seq = ${p.checkInSeq},
           check_in_seat = ${p.givenSeat}, updated_at = ${p.now}
     where ticket_id = ${p.ticketId} and segment_id = ${p.segmentId} and checked_in_at is null
       and status = ${TicketStatus.issued} and usage = ${CheckInStatus.unused} and no_show_at is null`);
  return (r.rowCount ?? 0) > 0;
}

/** checked in → open (the traveller cancelled before check-in closed). False when not checked in. */
export async function cancelCouponCheckIn(
  tx: Executor,
  p: { ticketId: string; segmentId: string; now: Date },
): Promise<boolean> {
  const r = await tx.execute(sql`
    update ticket_coupons set checked_in_at = null, check_in_seq = null, check_in_seat = null,
           updated_at = ${p.now}
     where ticket_id = ${p.ticketId} and segment_id = ${p.segmentId} and checked_in_at is not null
       and usage = ${CheckInStatus.unused} and no_show_at is null`);
  return (r.rowCount ?? 0) > 0;
}

/** One coupon the departure close moved: flown (used, 11) or a no-show. */
export interface ClosedCoupon {
  orderId: string;
  ticketId: string;
  ticketNo: string;
  passengerId: string;
  segmentId: string;
  outcome: 'flown' | 'no_show';
}

/**
 * The departure close of a flight's legs (`segmentIds`: every order's segment on the flight):
 * coupons open for use of live tickets become used (11) when their passenger checked in, else
 * no-shows (no_show_at). Runs once per coupon: a coupon moved already is left alone.
 */
export async function closeCouponsAtDeparture(
  tx: Executor,
  segmentIds: readonly string[],
  now: Date,
): Promise<ClosedCoupon[]> {
  if (segmentIds.length === 0) return [];
  const ids = sql.join(
    segmentIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const r = await tx.execute<{
    order_id: string;
    ticket_id: string;
    ticket_no: string;
    passenger_id: string;
    segment_id: string;
    flown: boolean;
  }>(sql`
    with due as (
      select c.id from ticket_coupons c join tickets t on t.id = c.ticket_id
       where c.segment_id in (${ids}) and t.status in (${LIVE}) and c.status = ${TicketStatus.issued}
         and c.usage = ${CheckInStatus.unused} and c.no_show_at is null
       order by c.id
         for update of c
    )
    update ticket_coupons c
       set usage = case when c.checked_in_at is not null then ${CheckInStatus.used} else c.usage end,
           no_show_at = case when c.checked_in_at is null then ${now}::timestamptz else null end,
           flown_at = case when c.checked_in_at is not null then ${now}::timestamptz else null end,
           updated_at = ${now}
      from due, tickets t
     where c.id = due.id and t.id = c.ticket_id
    returning t.order_id, t.id as ticket_id, t.ticket_no, t.passenger_id, c.segment_id,
              c.checked_in_at is not null as flown`);
  return r.rows.map((row) => ({
    orderId: row.order_id,
    ticketId: row.ticket_id,
    ticketNo: row.ticket_no,
    passengerId: row.passenger_id,
    segmentId: row.segment_id,
    outcome: row.flown ? 'flown' : 'no_show',
  }));
}
