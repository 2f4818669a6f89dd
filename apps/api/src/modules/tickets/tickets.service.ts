import { TicketStatus } from '@wings/contracts';
import type { Executor, Tx } from '../../platform/db';
import { type CouponSegment, TicketsRepository, type TicketView } from './tickets.repository';

/** What issuing a journey's tickets needs: the order's passengers and the segments their coupons are for. */
export interface IssueTickets {
  orderId: string;
  /** The passengers to ticket, with their position (tickets are numbered in this order). */
  passengers: { id: string; seq: number }[];
  /** The journey's segments: one coupon each, numbered seq + 1. */
  segments: CouponSegment[];
  /** The airline's 3-digit ticketing code (config TICKET_AIRLINE_CODE). */
  airlineCode: string;
  /** The journey of the order (1 today: one journey per order). */
  journey?: number;
  now: Date;
}

/**
 * The ticket ledger (issue 11): issues e-tickets and keeps them through void, refund and reissue.
 * It depends on no selling module: booking's ticketing step passes the passengers and segments.
 * Every write takes the caller's transaction; reads take any executor.
 */
export class TicketsService {
  constructor(private readonly db: Executor) {}

  /**
   * One ticket per passenger without one for the journey, with a coupon per segment, in the
   * caller's transaction. Idempotent: a second run (or a concurrent one, meeting the live-ticket
   * key) issues nothing. The number issued by this call.
   */
  async issue(tx: Tx, p: IssueTickets): Promise<number> {
    const ids = await new TicketsRepository(tx).issue({ ...p, journey: p.journey ?? 1 });
    return ids.length;
  }

  /**
   * Replaces a live ticket by a new one for its passenger and journey (a change of date): the
   * old one becomes re_issued, the new one issued with `reissued_from` pointing at it. The new
   * ticket's id, or null when the old one is not live.
   */
  reissue(
    tx: Tx,
    p: { ticketId: string; segments: CouponSegment[]; airlineCode: string; now: Date },
  ): Promise<string | null> {
    return new TicketsRepository(tx).reissue(p);
  }

  /** Voids an issued ticket (canceled) and its unused coupons; false when it was not issued. */
  void(tx: Tx, ticketId: string, now: Date): Promise<boolean> {
    return new TicketsRepository(tx).move(ticketId, [TicketStatus.issued], TicketStatus.canceled, now);
  }

  /** The number of an order's tickets that stand for a passenger's journey (the pay status call's ticketsIssued). */
  count(orderId: string, db: Executor = this.db): Promise<number> {
    return new TicketsRepository(db).count(orderId);
  }

  /** The id of the order a ticket number belongs to (staff search by ticket number), or null. */
  orderIdOf(ticketNo: string, db: Executor = this.db): Promise<string | null> {
    return new TicketsRepository(db).orderIdOf(ticketNo);
  }

  /** Every ticket of an order, live first, then newest first, each with its coupons. */
  ofOrder(orderId: string, db: Executor = this.db): Promise<TicketView[]> {
    return new TicketsRepository(db).ofOrder(orderId);
  }

  /**
   * Each passenger's current ticket of the order (the live one, else the newest), with its
   * coupons: what the order detail and the itinerary show.
   */
  async currentByPassenger(orderId: string, db: Executor = this.db): Promise<Map<string, TicketView>> {
    const current = new Map<string, TicketView>();
    for (const t of await this.ofOrder(orderId, db)) {
      if (!current.has(t.passengerId)) current.set(t.passengerId, t);
    }
    return current;
  }
}
