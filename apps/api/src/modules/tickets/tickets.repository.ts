import { CheckInStatus, TicketStatus } from '@wings/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';

/** The ticket statuses that are *live* (tickets_live_key): the one ticket a passenger flies a journey on. */
export const LIVE_TICKET_STATUSES = [
  TicketStatus.issued,
  TicketStatus.refunding,
  TicketStatus.changeIn,
] as const;
const LIVE = sql.raw(LIVE_TICKET_STATUSES.join(', '));

/** A ticket as the readers of the ledger see it, with its coupons in coupon order. */
export interface TicketView {
  id: string;
  ticketNo: string;
  passengerId: string;
  journey: number;
  /** TicketStatus */
  status: number;
  /** ChangeStatus: 11 while a change of date of it waits, 12 on a ticket a change issued; else null (issue 16). */
  changeStatus: number | null;
  reissuedFrom: string | null;
  coupons: CouponView[];
}

export interface CouponView {
  segmentId: string;
  couponNo: number;
  /** CheckInStatus */
  usage: number;
  /** TicketStatus of the coupon alone */
  status: number;
  /** When the passenger checked in for this coupon's flight (issue 15); null when not checked in. */
  checkedInAt: Date | null;
  /** The passenger's check-in sequence number on the flight (the boarding pass); null when not checked in. */
  checkInSeq: number | null;
  /** The seat given at check-in because none was bought; null otherwise. */
  checkInSeat: string | null;
  /** When the flight closed at departure without the passenger checked in (a no-show); else null. */
  noShowAt: Date | null;
}

/** The segments a ticket's coupons are for, with their position in the journey. */
export interface CouponSegment {
  id: string;
  seq: number;
}

/**
 * Storage of the ticket ledger (tickets, ticket_coupons, ticket_serial_seq): the only SQL of the
 * tickets module. Issuing is an INSERT ... ON CONFLICT DO NOTHING against the live-ticket key, so
 * a second run, concurrent or repeated, issues nothing.
 */
export class TicketsRepository {
  constructor(private readonly db: Executor) {}

  /**
   * One ticket per passenger for the journey (airline code + 10-digit serial) and one coupon per
   * segment, for passengers holding no ticket of that journey yet. The ids of the tickets issued.
   */
  async issue(p: {
    orderId: string;
    passengers: { id: string; seq: number }[];
    segments: CouponSegment[];
    airlineCode: string;
    journey: number;
    now: Date;
  }): Promise<string[]> {
    if (p.passengers.length === 0) return [];
    const people = sql.join(
      p.passengers.map((x) => sql`(${x.id}::uuid, ${x.seq}::int)`),
      sql`, `,
    );
    const r = await this.db.execute<{ id: string }>(sql`
      insert into tickets (ticket_no, order_id, passenger_id, journey, status, created_at, updated_at)
      select ${p.airlineCode} || lpad(nextval('ticket_serial_seq')::text, 10, '0'), ${p.orderId}, x.id,
             ${p.journey}, ${TicketStatus.issued}, ${p.now}, ${p.now}
        from (values ${people}) as x(id, seq)
       where not exists (select 1 from tickets t where t.passenger_id = x.id and t.journey = ${p.journey})
       order by x.seq
      on conflict (passenger_id, journey) where status in (${LIVE}) do nothing
      returning id`);
    const ids = r.rows.map((x) => x.id);
    await this.insertCoupons(ids, p.segments, p.now);
    return ids;
  }

  private async insertCoupons(ticketIds: string[], segments: CouponSegment[], now: Date): Promise<void> {
    if (ticketIds.length === 0 || segments.length === 0) return;
    const legs = sql.join(
      segments.map((s) => sql`(${s.id}::uuid, ${s.seq}::int)`),
      sql`, `,
    );
    await this.db.execute(sql`
      insert into ticket_coupons (ticket_id, segment_id, coupon_no, usage, status, created_at, updated_at)
      select t.id, s.id, s.seq + 1, ${CheckInStatus.unused}, ${TicketStatus.issued}, ${now}, ${now}
        from unnest(array[${sql.join(
          ticketIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}]) as t(id)
       cross join (values ${legs}) as s(id, seq)
      on conflict (ticket_id, segment_id) do nothing`);
  }

  /**
   * Replaces a live ticket by a new one for the same passenger and journey (a change of date):
   * the old one becomes re_issued (its coupons exchanged) first, so the live-ticket key admits
   * the new one, issued with coupons for `segments`. The new ticket's id, or null when the old
   * one was not live (already replaced, refunded, void).
   */
  async reissue(p: {
    ticketId: string;
    segments: CouponSegment[];
    airlineCode: string;
    now: Date;
  }): Promise<string | null> {
    const old = await this.db.execute<{ order_id: string; passenger_id: string; journey: number }>(sql`
      update tickets set status = ${TicketStatus.reIssued}, updated_at = ${p.now}
       where id = ${p.ticketId} and status in (${LIVE})
      returning order_id, passenger_id, journey`);
    const row = old.rows[0];
    if (!row) return null;
    await this.db.execute(sql`
      update ticket_coupons set status = ${TicketStatus.reIssued}, updated_at = ${p.now}
       where ticket_id = ${p.ticketId} and status = ${TicketStatus.issued}`);
    const r = await this.db.execute<{ id: string }>(sql`
      insert into tickets (ticket_no, order_id, passenger_id, journey, status, reissued_from, created_at, updated_at)
      values (${p.airlineCode} || lpad(nextval('ticket_serial_seq')::text, 10, '0'), ${row.order_id},
              ${row.passenger_id}, ${row.journey}, ${TicketStatus.issued}, ${p.ticketId}, ${p.now}, ${p.now})
      returning id`);
    const id = r.rows[0]!.id;
    await this.insertCoupons([id], p.segments, p.now);
    return id;
  }

  /**
   * Moves a ticket (and its coupons still open) from one of `from` to `to`: void (canceled),
   * refunding, refunded. false when it was in none of them.
   */
  async move(ticketId: string, from: number[], to: number, now: Date): Promise<boolean> {
    const r = await this.db.execute(sql`
      update tickets set status = ${to}, updated_at = ${now}
       where id = ${ticketId} and status in (${sql.join(
         from.map((s) => sql`${s}`),
         sql`, `,
       )})
      returning id`);
    if ((r.rowCount ?? 0) === 0) return false;
    if (to === TicketStatus.canceled || to === TicketStatus.refunded) {
      await this.db.execute(sql`
        update ticket_coupons set status = ${to}, updated_at = ${now}
         where ticket_id = ${ticketId} and status = ${TicketStatus.issued} and usage = ${CheckInStatus.unused}`);
    }
    return true;
  }

  /** Tickets of an order that stand for a passenger's journey (not replaced by a reissue, not failed). */
  async count(orderId: string): Promise<number> {
    const r = await this.db.execute<{ n: number }>(sql`
      select count(*)::int as n from tickets
       where order_id = ${orderId} and status not in (${TicketStatus.reIssued}, ${TicketStatus.issueError})`);
    return Number(r.rows[0]?.n ?? 0);
  }

  /** The order a ticket number belongs to (ticket_no is unique), or null. */
  async orderIdOf(ticketNo: string): Promise<string | null> {
    const r = await this.db.execute<{ order_id: string }>(
      sql`select order_id from tickets where ticket_no = ${ticketNo}`,
    );
    return r.rows[0]?.order_id ?? null;
  }

  /** Every ticket of an order, live first, then newest first, each with its coupons. */
  async ofOrder(orderId: string): Promise<TicketView[]> {
    const [tickets, coupons] = await Promise.all([
      this.db.execute<{
        id: string;
        ticket_no: string;
        passenger_id: string;
        journey: number;
        status: number;
        change_status: number | null;
        reissued_from: string | null;
      }>(sql`
        select id, ticket_no, passenger_id, journey, status, change_status, reissued_from from tickets
         where order_id = ${orderId}
         order by (status in (${LIVE})) desc, created_at desc, id`),
      this.db.execute<{
        ticket_id: string;
        segment_id: string;
        coupon_no: number;
        usage: number;
        checked_in_at: Date | string | null;
        check_in_seq: number | null;
        check_in_seat: string | null;
        no_show_at: Date | string | null;
        status: number;
      }>(sql`
        select c.ticket_id, c.segment_id, c.coupon_no, c.usage, c.status, c.checked_in_at, c.check_in_seq,
               c.check_in_seat, c.no_show_at
          from ticket_coupons c join tickets t on t.id = c.ticket_id
         where t.order_id = ${orderId}
         order by c.coupon_no`),
    ]);
    return tickets.rows.map((t) => ({
      id: t.id,
      ticketNo: t.ticket_no,
      passengerId: t.passenger_id,
      journey: Number(t.journey),
      status: Number(t.status),
      changeStatus: t.change_status === null ? null : Number(t.change_status),
      reissuedFrom: t.reissued_from,
      coupons: coupons.rows
        .filter((c) => c.ticket_id === t.id)
        .map((c) => ({
          segmentId: c.segment_id,
          couponNo: Number(c.coupon_no),
          usage: Number(c.usage),
          checkedInAt: c.checked_in_at === null ? null : new Date(c.checked_in_at),
          checkInSeq: c.check_in_seq === null ? null : Number(c.check_in_seq),
          checkInSeat: c.check_in_seat,
          noShowAt: c.no_show_at === null ? null : new Date(c.no_show_at),
          status: Number(c.status),
        })),
    }));
  }
}
