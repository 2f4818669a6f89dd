import { CheckInStatus, TicketStatus } from '@wings/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';

/**
 * A ticket's refund (issue 15, modules/refunds), in the refund's transaction: issued → refunding
 * when the traveller submits the refund (the conditional UPDATE is the lock: of two refunds of
 * one ticket, one moves it), refunding → refunded when it is approved, refunding → issued when
 * it is rejected. The ticket's coupons still open (not flown, not checked in) move with it.
 * Each answers false, changing nothing, when the ticket was not in the state it moves from.
 */
async function moveForRefund(
  tx: Tx,
  ticketId: string,
  from: number,
  to: number,
  now: Date,
): Promise<boolean> {
  const moved = await tx.execute(sql`
    update tickets set status = ${to}, updated_at = ${now}
     where id = ${ticketId} and status = ${from}
    returning id`);
  if ((moved.rowCount ?? 0) === 0) return false;
  await tx.execute(sql`
    update ticket_coupons set status = ${to}, updated_at = ${now}
     where ticket_id = ${ticketId} and status = ${from}
       and usage = ${CheckInStatus.unused} and checked_in_at is null`);
  return true;
}

/** issued → refunding (the refund is submitted). */
export function startTicketRefund(tx: Tx, ticketId: string, now: Date): Promise<boolean> {
  return moveForRefund(tx, ticketId, TicketStatus.issued, TicketStatus.refunding, now);
}

/** refunding → refunded (the refund is approved). */
export function finishTicketRefund(tx: Tx, ticketId: string, now: Date): Promise<boolean> {
  return moveForRefund(tx, ticketId, TicketStatus.refunding, TicketStatus.refunded, now);
}

/** refunding → issued (the refund is rejected or withdrawn): the ticket flies again. */
export function cancelTicketRefund(tx: Tx, ticketId: string, now: Date): Promise<boolean> {
  return moveForRefund(tx, ticketId, TicketStatus.refunding, TicketStatus.issued, now);
}
