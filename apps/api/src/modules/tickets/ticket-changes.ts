import { ChangeStatus, CheckInStatus, TicketStatus } from '@wings/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';

/**
 * A ticket's change of date (issue 16, after-sales §4, modules/changes), in the change's
 * transaction:
 *
 *   issued --startTicketChange--> change_in (6, change_status 11) --reissueForChange--> re_issued (2)
 *                                  change_in --cancelTicketChange--> issued (change_status null)
 *
 * While a change waits for its payment its tickets are change_in: check-in, refunds and add-on
 * purchases accept only an issued ticket, so they refuse it. The conditional UPDATEs are the
 * lock: of a change and a refund (or a check-in) of one ticket, one moves it first.
 */

const idList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * issued → change_in (the change is made and waits for its payment). How many tickets moved:
 * fewer than asked means another step (a refund, a check-in, another change) got there first,
 * and the caller refuses the change.
 */
export async function startTicketChange(tx: Tx, ticketIds: readonly string[], now: Date): Promise<number> {
  if (ticketIds.length === 0) return 0;
  const r = await tx.execute(sql`
    update tickets set status = ${TicketStatus.changeIn}, change_status = ${ChangeStatus.changeIn},
           updated_at = ${now}
     where id in (${idList(ticketIds)}) and status = ${TicketStatus.issued}
    returning id`);
  return r.rowCount ?? 0;
}

/** change_in → issued (the change lapsed unpaid or was withdrawn): the tickets fly again. How many moved. */
export async function cancelTicketChange(tx: Tx, ticketIds: readonly string[], now: Date): Promise<number> {
  if (ticketIds.length === 0) return 0;
  const r = await tx.execute(sql`
    update tickets set status = ${TicketStatus.issued}, change_status = null, updated_at = ${now}
     where id in (${idList(ticketIds)}) and status = ${TicketStatus.changeIn}
    returning id`);
  return r.rowCount ?? 0;
}

/** One ticket a change replaced, and the ticket that replaced it. */
export interface ReissuedTicket {
  passengerId: string;
  oldTicketId: string;
  oldTicketNo: string;
  newTicketId: string;
  newTicketNo: string;
}

/**
 * The change is paid: each change_in ticket becomes re_issued (its coupons exchanged) and a new
 * ticket is issued for the same passenger and journey (a new number from ticket_serial_seq,
 * change_status 12, `reissued_from` the old one), with a coupon for every segment the old one
 * had. A moved leg's coupon starts afresh (unused, no check-in, no no-show); a leg the change
 * left alone keeps what happened on it (flown, checked in, its boarding sequence, a no-show).
 * The old ticket leaves the live statuses before the new one is written, so tickets_live_key
 * holds at every step. Throws when a ticket is not change_in (the caller's transaction rolls back).
 */
export async function reissueForChange(
  tx: Tx,
  p: { ticketIds: readonly string[]; changedSegmentIds: readonly string[]; airlineCode: string; now: Date },
): Promise<ReissuedTicket[]> {
  const out: ReissuedTicket[] = [];
  const changed = p.changedSegmentIds.length === 0 ? sql`null::uuid` : idList(p.changedSegmentIds);
  for (const ticketId of p.ticketIds) {
    const old = await tx.execute<{
      order_id: string;
      passenger_id: string;
      journey: number;
      ticket_no: string;
    }>(sql`
      update tickets set status = ${TicketStatus.reIssued}, updated_at = ${p.now}
       where id = ${ticketId} and status = ${TicketStatus.changeIn}
      returning order_id, passenger_id, journey, ticket_no`);
    const row = old.rows[0];
    if (!row)
      throw new Error(`ticket ${ticketId} is not being changed (not change_in): it cannot be reissued`);
    const made = await tx.execute<{ id: string; ticket_no: string }>(sql`
      insert into tickets (ticket_no, order_id, passenger_id, journey, status, change_status, reissued_from,
                           created_at, updated_at)
      values (${p.airlineCode} || lpad(nextval('ticket_serial_seq')::text, 10, '0'), ${row.order_id},
              ${row.passenger_id}, ${row.journey}, ${TicketStatus.issued}, ${ChangeStatus.changeSuccess},
              ${ticketId}, ${p.now}, ${p.now})
      returning id, ticket_no`);
    const fresh = made.rows[0]!;
    // The new coupons are read from the old ones before those are marked exchanged: an unchanged
    // leg keeps its coupon's standing (a leg refunded alone stays refunded).
    await tx.execute(sql`
      insert into ticket_coupons (ticket_id, segment_id, coupon_no, usage, status, checked_in_at, check_in_seq,
                                  check_in_seat, no_show_at, created_at, updated_at)
      select ${fresh.id}, c.segment_id, c.coupon_no,
             case when moved then ${CheckInStatus.unused} else c.usage end,
             case when moved then ${TicketStatus.issued} else c.status end,
             case when moved then null else c.checked_in_at end,
             case when moved then null else c.check_in_seq end,
             case when moved then null else c.check_in_seat end,
             case when moved then null else c.no_show_at end,
             ${p.now}, ${p.now}
        from ticket_coupons c
       cross join lateral (select c.segment_id in (${changed}) as moved) m
       where c.ticket_id = ${ticketId}`);
    await tx.execute(sql`
      update ticket_coupons set status = ${TicketStatus.reIssued}, updated_at = ${p.now}
       where ticket_id = ${ticketId} and status = ${TicketStatus.issued}`);
    out.push({
      passengerId: row.passenger_id,
      oldTicketId: ticketId,
      oldTicketNo: row.ticket_no.trim(),
      newTicketId: fresh.id,
      newTicketNo: fresh.ticket_no.trim(),
    });
  }
  return out;
}
