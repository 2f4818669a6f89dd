import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { orderLinks, orderPassengers, orderPriceLines, orderSegments, orders } from '../../db/schema/booking';
import type { Db } from '../../platform/db';
import { type NewPassenger, type NewSegment, orderHeadColumns, type StoredOrder } from './booking.repository';

/** An order row as the orders module reads it. */
export interface OrderRow extends Omit<StoredOrder, 'offerId' | 'requestHash'> {
  createdAt: Date;
}

/** The order's contact, as stored. */
export interface ContactRow {
  name: string;
  email: string;
  countryCode: string;
  phone: string;
}

/** A leg of an order as stored: the fields booking wrote (but the flight id), with the row's ids. */
export interface SegmentRow extends Omit<NewSegment, 'flightId'> {
  id: string;
  orderId: string;
}

/** A passenger of an order as stored: the fields booking wrote, with the row's id. */
export interface PassengerRow extends NewPassenger {
  id: string;
}

export interface PriceLineRow {
  orderId: string;
  passengerId: string | null;
  /** The segment of a line per leg (fares, taxes, add-ons); null for a line of the whole journey. */
  segmentId?: string | null;
  kind: string;
  code: string;
  amount: number;
  /** An add-on line's detail (issue 14): weightKg, insuranceType, coverFrom, coverTo, the insured's entry. */
  detail?: Record<string, unknown> | null;
}

const orderColumns = { ...orderHeadColumns, createdAt: orders.createdAt };

/** Read-only access to orders, their legs, passengers and price lines. */
export class OrdersRepository {
  constructor(private readonly db: Db) {}

  async byOrderNo(orderNo: string): Promise<OrderRow | null> {
    const rows = await this.db.select(orderColumns).from(orders).where(eq(orders.orderNo, orderNo)).limit(1);
    return rows[0] ?? null;
  }

  async byPnr(pnr: string): Promise<OrderRow | null> {
    const rows = await this.db.select(orderColumns).from(orders).where(eq(orders.pnr, pnr)).limit(1);
    return rows[0] ?? null;
  }

  /** Whether a passenger of the order carries this document number (compared without case). */
  async hasDocument(orderId: string, docNumber: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: orderPassengers.id })
      .from(orderPassengers)
      .where(
        and(
          eq(orderPassengers.orderId, orderId),
          sql`upper(${orderPassengers.docNumber}) = upper(${docNumber})`,
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  /** Whether a passenger of the order has this surname (compared without case). */
  async hasSurname(orderId: string, surname: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: orderPassengers.id })
      .from(orderPassengers)
      .where(
        and(eq(orderPassengers.orderId, orderId), sql`lower(${orderPassengers.surname}) = lower(${surname})`),
      )
      .limit(1);
    return rows.length > 0;
  }

  /** One page of a user's orders (their own and those they linked), newest first, and how many there are in all. */
  async pageOfUser(
    userId: string,
    status: number | undefined,
    limit: number,
    offset: number,
  ): Promise<{ rows: OrderRow[]; total: number }> {
    // Their own orders and those they linked (issue 15: by PNR, or by one of its tickets).
    const mine = or(
      eq(orders.userId, userId),
      inArray(
        orders.id,
        this.db.select({ id: orderLinks.orderId }).from(orderLinks).where(eq(orderLinks.userId, userId)),
      ),
    );
    const where = status === undefined ? mine : and(mine, eq(orders.status, status));
    const [rows, totals] = await Promise.all([
      this.db
        .select(orderColumns)
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.orderNo))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(orders).where(where),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  }

  async segments(orderIds: string[]): Promise<SegmentRow[]> {
    if (orderIds.length === 0) return [];
    return this.db
      .select({
        id: orderSegments.id,
        orderId: orderSegments.orderId,
        seq: orderSegments.seq,
        flightNo: orderSegments.flightNo,
        depCode: orderSegments.depCode,
        arrCode: orderSegments.arrCode,
        depUtc: orderSegments.depUtc,
        arrUtc: orderSegments.arrUtc,
        aircraft: orderSegments.aircraft,
        family: orderSegments.family,
        cabin: orderSegments.cabin,
        bookingClass: orderSegments.bookingClass,
      })
      .from(orderSegments)
      .where(inArray(orderSegments.orderId, orderIds))
      .orderBy(asc(orderSegments.orderId), asc(orderSegments.seq));
  }

  async passengerCounts(orderIds: string[]): Promise<Map<string, number>> {
    if (orderIds.length === 0) return new Map();
    const rows = await this.db
      .select({ orderId: orderPassengers.orderId, n: count() })
      .from(orderPassengers)
      .where(inArray(orderPassengers.orderId, orderIds))
      .groupBy(orderPassengers.orderId);
    return new Map(rows.map((r) => [r.orderId, r.n]));
  }

  async passengers(orderId: string): Promise<PassengerRow[]> {
    return this.db
      .select({
        id: orderPassengers.id,
        seq: orderPassengers.seq,
        passengerType: orderPassengers.passengerType,
        surname: orderPassengers.surname,
        givenName: orderPassengers.givenName,
        middleName: orderPassengers.middleName,
        title: orderPassengers.title,
        gender: orderPassengers.gender,
        nationality: orderPassengers.nationality,
        birthday: orderPassengers.birthday,
        docType: orderPassengers.docType,
        docNumber: orderPassengers.docNumber,
        docExpiry: orderPassengers.docExpiry,
        email: orderPassengers.email,
        countryCode: orderPassengers.countryCode,
        phone: orderPassengers.phone,
        memberCardNo: orderPassengers.memberCardNo,
      })
      .from(orderPassengers)
      .where(eq(orderPassengers.orderId, orderId))
      .orderBy(asc(orderPassengers.seq));
  }

  /** The contact of an order. */
  async contact(orderId: string): Promise<ContactRow | null> {
    const rows = await this.db
      .select({
        name: orders.contactName,
        email: orders.contactEmail,
        countryCode: orders.contactCountryCode,
        phone: orders.contactPhone,
      })
      .from(orders)
      .where(eq(orders.id, orderId))
      .limit(1);
    return rows[0] ?? null;
  }

  /** Where and in which language the order's documents are mailed, and when it was ticketed. */
  async mailFacts(
    orderNo: string,
  ): Promise<{ contactEmail: string; language: number; ticketedAt: Date | null } | null> {
    const rows = await this.db
      .select({ contactEmail: orders.contactEmail, language: orders.language, ticketedAt: orders.ticketedAt })
      .from(orders)
      .where(eq(orders.orderNo, orderNo))
      .limit(1);
    return rows[0] ?? null;
  }

  async priceLines(orderIds: string[]): Promise<PriceLineRow[]> {
    if (orderIds.length === 0) return [];
    return this.db
      .select({
        orderId: orderPriceLines.orderId,
        passengerId: orderPriceLines.passengerId,
        segmentId: orderPriceLines.segmentId,
        kind: orderPriceLines.kind,
        code: orderPriceLines.code,
        amount: orderPriceLines.amount,
        detail: orderPriceLines.detail,
      })
      .from(orderPriceLines)
      .where(inArray(orderPriceLines.orderId, orderIds));
  }
}
