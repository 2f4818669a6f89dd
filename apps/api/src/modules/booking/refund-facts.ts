import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  orderEvents,
  orderPassengers,
  orderPriceLines,
  orderSegments,
  orders,
} from '../../db/schema/booking';
import type { Executor } from '../../platform/db';

/**
 * An order as the online refund reads it (issue 15, modules/refunds): its owner for the access
 * check, its contact and language for the mails, its passengers, its legs with their fare family
 * and booking class, every price line (the fare, taxes, discount and add-ons of each passenger
 * and leg), and the changes the airline made to its flights (a flight-reason refund of such a
 * flight is approved without staff). What may be refunded is the refunds module's own rule.
 */
export interface RefundOrderFacts {
  id: string;
  orderNo: string;
  userId: string | null;
  /** OrderPayStatus. */
  status: number;
  currency: 'USD' | 'CNY';
  language: number;
  ticketedAt: Date | null;
  contact: { name: string; email: string };
  passengers: Array<{
    id: string;
    seq: number;
    passengerType: number;
    surname: string;
    givenName: string;
    birthday: string;
  }>;
  segments: Array<{
    id: string;
    seq: number;
    flightId: string;
    flightNo: string;
    depCode: string;
    arrCode: string;
    depUtc: Date;
    arrUtc: Date;
    /** The aircraft of the leg's dated flight, as the order shows it (e.g. Airbus A320). */
    aircraft: string;
    family: string;
    cabin: string;
    bookingClass: string;
  }>;
  lines: Array<{
    id: string;
    passengerId: string | null;
    segmentId: string | null;
    /** fare | tax | discount | addon */
    kind: string;
    code: string;
    amount: number;
  }>;
  /** Flights of the order the airline canceled or retimed (order events `flight_canceled`, `flight_retimed`). */
  flightChanges: Array<{
    flightId: string;
    flightNo: string;
    kind: 'canceled' | 'retimed';
    at: Date;
    /** The flight's times before the airline's change. */
    before: { depUtc: Date; arrUtc: Date };
    /** Its new times when retimed; null when canceled. */
    after: { depUtc: Date; arrUtc: Date } | null;
    /** Why, as staff wrote it; null when not given. */
    reason: string | null;
  }>;
}

/**
 * An order as the after-sales calls read it (refunds, issue 15; changes of date, issue 16): the
 * same facts under the name both use.
 */
export type AfterSalesOrderFacts = RefundOrderFacts;

/** An instant of an event's data (ISO text), or null when absent or not a time. */
function instantOf(v: unknown): Date | null {
  if (typeof v !== 'string') return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A flight's times in an event's data (`{ depUtc, arrUtc }`), or null. */
function timesOf(v: unknown): { depUtc: Date; arrUtc: Date } | null {
  if (typeof v !== 'object' || v === null) return null;
  const t = v as Record<string, unknown>;
  const depUtc = instantOf(t.depUtc);
  const arrUtc = instantOf(t.arrUtc);
  return depUtc && arrUtc ? { depUtc, arrUtc } : null;
}

/** The order of a number or an id as the refund reads it; null when there is none. */
export async function refundOrderFacts(
  db: Executor,
  key: { orderNo: string } | { id: string },
): Promise<RefundOrderFacts | null> {
  const where = 'orderNo' in key ? eq(orders.orderNo, key.orderNo) : eq(orders.id, key.id);
  const [o] = await db.select().from(orders).where(where);
  if (!o) return null;
  const [passengers, segments, lines, changes] = await Promise.all([
    db
      .select()
      .from(orderPassengers)
      .where(eq(orderPassengers.orderId, o.id))
      .orderBy(asc(orderPassengers.seq)),
    db.select().from(orderSegments).where(eq(orderSegments.orderId, o.id)).orderBy(asc(orderSegments.seq)),
    db.select().from(orderPriceLines).where(eq(orderPriceLines.orderId, o.id)),
    db
      .select()
      .from(orderEvents)
      .where(
        and(eq(orderEvents.orderId, o.id), inArray(orderEvents.type, ['flight_canceled', 'flight_retimed'])),
      ),
  ]);
  return {
    id: o.id,
    orderNo: o.orderNo,
    userId: o.userId,
    status: o.status,
    currency: o.currency as 'USD' | 'CNY',
    language: o.language,
    ticketedAt: o.ticketedAt,
    contact: { name: o.contactName, email: o.contactEmail },
    passengers: passengers.map((p) => ({
      id: p.id,
      seq: p.seq,
      passengerType: p.passengerType,
      surname: p.surname,
      givenName: p.givenName,
      birthday: p.birthday,
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
      aircraft: s.aircraft,
      family: s.family,
      cabin: s.cabin,
      bookingClass: s.bookingClass,
    })),
    lines: lines.map((l) => ({
      id: l.id,
      passengerId: l.passengerId,
      segmentId: l.segmentId,
      kind: l.kind,
      code: l.code,
      amount: l.amount,
    })),
    flightChanges: changes.flatMap((e) => {
      const data = e.data;
      if (typeof data?.flightId !== 'string') return [];
      const flightId = data.flightId;
      // An event written before its times were kept reads the leg's own times as `before`.
      const leg = segments.find((s) => s.flightId === flightId);
      const before = timesOf(data.before) ?? {
        depUtc: leg?.depUtc ?? e.createdAt,
        arrUtc: leg?.arrUtc ?? e.createdAt,
      };
      const kind = e.type === 'flight_canceled' ? ('canceled' as const) : ('retimed' as const);
      return [
        {
          flightId,
          flightNo: typeof data.flightNo === 'string' ? data.flightNo : (leg?.flightNo ?? ''),
          kind,
          at: e.createdAt,
          before,
          after: kind === 'retimed' ? timesOf(data.after) : null,
          reason: e.reason,
        },
      ];
    }),
  };
}

/** The order of a number or an id as the after-sales calls read it (a change of date); null when there is none. */
export const afterSalesOrderFacts = refundOrderFacts;
