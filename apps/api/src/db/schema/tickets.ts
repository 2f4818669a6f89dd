import { CheckInStatus, TicketStatus } from '@wings/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  char,
  index,
  integer,
  pgSequence,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orderPassengers, orderSegments, orders } from './booking';
import { timestamps } from './columns';

/** The live ticket statuses of tickets_live_key (the same codes as modules/tickets LIVE_TICKET_STATUSES). */
const LIVE = sql.raw([TicketStatus.issued, TicketStatus.refunding, TicketStatus.changeIn].join(', '));

/**
 * Serial part of e-ticket numbers: the airline's 3-digit code + a 10-digit serial (docs/architecture.md
 * §7), up to 4999999999: EMDs take the serials above (schema/secondary-services.ts).
 */
export const ticketSerial = pgSequence('ticket_serial_seq', {
  startWith: 1000000001,
  minValue: 1,
  maxValue: 4999999999,
});

/**
 * E-tickets (issue 5; issue 11: a ledger of its own). A passenger may hold several over time (a
 * reissue after a change of date, a void and issue again), but one *live* ticket per passenger
 * and journey: the partial unique index tickets_live_key. Status codes are the spec's
 * TicketStatus (after-sales §3): issued 0, refunded 1, re_issued 2, canceled 3, refunding 4,
 * issue error 5, change_in 6. Live are issued, refunding and change_in: the ticket the passenger
 * flies on, until a refund completes (refunded) or a reissue replaces it (re_issued); refunding
 * and change_in may still fall back to issued when the refund or change is refused, so no second
 * ticket may appear beside them. refunded, re_issued, canceled (void) and issue error are history.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketNo: char('ticket_no', { length: 13 }).notNull().unique(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    passengerId: uuid('passenger_id')
      .notNull()
      .references(() => orderPassengers.id, { onDelete: 'cascade' }),
    /** The journey of the order this ticket covers (1: today an order is one journey, every leg a coupon). */
    journey: smallint('journey').notNull().default(1),
    status: smallint('status').notNull().default(TicketStatus.issued),
    /**
     * ChangeStatus (after-sales §3, issue 16): change_in 11 while a change of date of this ticket
     * is being made (the ticket is change_in 6 then), change_success 12 on the ticket a change
     * issued; null for a ticket no change touched.
     */
    changeStatus: smallint('change_status'),
    /** The ticket this one replaced (a reissue); that one is re_issued. */
    reissuedFrom: uuid('reissued_from').references((): AnyPgColumn => tickets.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('tickets_live_key').on(t.passengerId, t.journey).where(sql`${t.status} in (${LIVE})`),
    index('tickets_order_idx').on(t.orderId),
    index('tickets_passenger_idx').on(t.passengerId),
  ],
);

/**
 * One coupon per flown segment of a ticket. usage is the spec's check-in status (CheckInStatus:
 * unused 10, used 11); status follows TicketStatus for the coupon alone (issued 0 open for use,
 * refunded 1, re_issued 2 exchanged, canceled 3 void), so one leg can be refunded or exchanged.
 */
export const ticketCoupons = pgTable(
  'ticket_coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    segmentId: uuid('segment_id')
      .notNull()
      .references(() => orderSegments.id, { onDelete: 'cascade' }),
    couponNo: smallint('coupon_no').notNull(),
    usage: smallint('usage').notNull().default(CheckInStatus.unused),
    status: smallint('status').notNull().default(TicketStatus.issued),
    /** When the passenger checked in for this coupon's flight (issue 15); null when not checked in. */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    /** The passenger's check-in sequence number on the flight (network's counter), printed on the boarding pass. */
    checkInSeq: integer('check_in_seq'),
    /** The seat given at check-in because none was bought (cancelling the check-in frees it); null otherwise. */
    checkInSeat: text('check_in_seat'),
    /** The flight closed at departure without the passenger checked in (a no-show; refund fees and miles read it). */
    noShowAt: timestamp('no_show_at', { withTimezone: true }),
    /** When the flight closed at departure with the passenger checked in: the coupon flown (miles read it, issue 18). */
    flownAt: timestamp('flown_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('ticket_coupons_segment_key').on(t.ticketId, t.segmentId),
    index('ticket_coupons_flown_idx').on(t.flownAt).where(sql`${t.flownAt} is not null`),
  ],
);
