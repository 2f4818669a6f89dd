import type { Executor } from '../../platform/db';
import { TicketsService } from './tickets.service';

/** A coupon's check-in steps (issue 15, modules/check-in), in the caller's transaction. */
export {
  type ClosedCoupon,
  cancelCouponCheckIn,
  checkInCoupon,
  closeCouponsAtDeparture,
  isCouponOpenForCheckIn,
  type LockedCoupon,
  lockCoupon,
} from './check-in';
/** Flown coupons and a ticket's coupons with their use, for the mileage programme (issue 18, modules/mileage). */
export { couponsOfTicket, type FlownCoupon, flownCouponsSince, type TicketCouponUse } from './flown-coupons';
/** A ticket's change of date: change_in while it waits, back to issued, or reissued (issue 16, modules/changes). */
export {
  cancelTicketChange,
  type ReissuedTicket,
  reissueForChange,
  startTicketChange,
} from './ticket-changes';
/** A ticket's refund transitions, in the refund's transaction (issue 15, modules/refunds). */
export { cancelTicketRefund, finishTicketRefund, startTicketRefund } from './ticket-refunds';
export { type CouponView, LIVE_TICKET_STATUSES, type TicketView } from './tickets.repository';
/**
 * Tickets: the public face of the ticket ledger (issue 11). It issues e-tickets (one live ticket
 * per passenger and journey) and keeps them through void, refund and reissue; it depends on no
 * selling module. Booking's ticketing step issues through it; readers (order detail, itinerary)
 * read tickets here, never from the tables.
 */
export { type IssueTickets, TicketsService } from './tickets.service';

/** The ticket ledger over the database. */
export function createTickets(db: Executor): TicketsService {
  return new TicketsService(db);
}

/** The module's Fastify plugin (app.ts registers it; docs/decisions.md, issue 11). */
export { ticketsModule } from './tickets.module';
