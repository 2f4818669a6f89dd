import { and, asc, eq, inArray } from 'drizzle-orm';
import { orderPassengers, orderPriceLines, orderSegments, orders } from '../../db/schema/booking';
import type { Executor } from '../../platform/db';
import { lapHolders } from './booking-addons';

/**
 * An order as the add-ons bought after ticketing read it (issue 14, modules/secondary-services):
 * its owner for the access check, its contact for the add-on's payable, its passengers (with
 * whether an infant sits on their lap: the k-th infant on the k-th adult) and its legs. Tickets
 * are read from the tickets module; what may be bought is secondary-services' own rule.
 */
export interface TicketedOrder {
  id: string;
  orderNo: string;
  /** The booking's record locator (the boarding pass carries it, issue 15). */
  pnr: string;
  /** The member who booked it; null for a guest order. */
  userId: string | null;
  /** OrderPayStatus. */
  status: number;
  currency: 'USD' | 'CNY';
  /** 0 zh, 1 en, 2 km. */
  language: number;
  contact: { name: string; email: string; phone: string; surnames: string[] };
  passengers: TicketedPassenger[];
  segments: TicketedSegment[];
  /** Priority boarding (11) and extra baggage (13) bought in the booking, per passenger and leg. */
  bought: Array<{ passengerId: string; segmentId: string; code: '11' | '13'; weightKg: number | null }>;
}

export interface TicketedPassenger {
  id: string;
  /** 0-based position in the order. */
  seq: number;
  /** 1 adult, 2 child, 3 infant. */
  passengerType: number;
  surname: string;
  givenName: string;
  birthday: string;
  /** An infant travels on this adult's lap. */
  withInfant: boolean;
}

export interface TicketedSegment {
  id: string;
  /** 0-based position in the journey. */
  seq: number;
  flightId: string;
  flightNo: string;
  depCode: string;
  arrCode: string;
  depUtc: Date;
  arrUtc: Date;
  cabin: 'C' | 'Y';
}

/** The order of a number, or of an id, with its passengers and legs; null when there is none. */
export async function ticketedOrder(
  db: Executor,
  key: { orderNo: string } | { id: string },
): Promise<TicketedOrder | null> {
  const where = 'orderNo' in key ? eq(orders.orderNo, key.orderNo) : eq(orders.id, key.id);
  const [o] = await db.select().from(orders).where(where);
  if (!o) return null;
  const [passengers, segments, lines] = await Promise.all([
    db
      .select()
      .from(orderPassengers)
      .where(eq(orderPassengers.orderId, o.id))
      .orderBy(asc(orderPassengers.seq)),
    db.select().from(orderSegments).where(eq(orderSegments.orderId, o.id)).orderBy(asc(orderSegments.seq)),
    db
      .select()
      .from(orderPriceLines)
      .where(
        and(
          eq(orderPriceLines.orderId, o.id),
          eq(orderPriceLines.kind, 'addon'),
          inArray(orderPriceLines.code, ['11', '13']),
        ),
      ),
  ]);
  const laps = lapHolders(passengers);
  return {
    id: o.id,
    orderNo: o.orderNo,
    pnr: o.pnr,
    userId: o.userId,
    status: o.status,
    currency: o.currency as 'USD' | 'CNY',
    language: o.language,
    contact: {
      name: o.contactName,
      email: o.contactEmail,
      phone: `${o.contactCountryCode}${o.contactPhone}`,
      surnames: passengers.map((p) => p.surname),
    },
    passengers: passengers.map((p, i) => ({
      id: p.id,
      seq: p.seq,
      passengerType: p.passengerType,
      surname: p.surname,
      givenName: p.givenName,
      birthday: p.birthday,
      withInfant: laps.has(i),
    })),
    segments: segments.map((s) => ({
      id: s.id,
      seq: s.seq,
      flightId: s.flightId,
      flightNo: s.flightNo,
      depCode: s.depCode,
      arrCode: s.arrCode,
      depUtc: s.depUtc,
      arrUtc: s.arrUtc,
      cabin: s.cabin as 'C' | 'Y',
    })),
    bought: lines.flatMap((l) =>
      l.passengerId && l.segmentId
        ? [
            {
              passengerId: l.passengerId,
              segmentId: l.segmentId,
              code: l.code as '11' | '13',
              weightKg: typeof l.detail?.weightKg === 'number' ? l.detail.weightKg : null,
            },
          ]
        : [],
    ),
  };
}
