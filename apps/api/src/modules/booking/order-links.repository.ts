import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { orderLinks, orderPassengers, orders } from '../../db/schema/booking';
import type { Db } from '../../platform/db';
import { orderHeadColumns } from './booking.repository';
import type { OrderRow } from './orders.repository';

/** A link as stored, with what the lists show of it. */
export interface LinkRow {
  id: string;
  orderId: string;
  kind: 'order' | 'ticket';
  ticketNo: string | null;
  passengerId: string | null;
  createdAt: Date;
}

/** A link as staff see it on the order page: who linked it, how, and when. */
export interface OrderLinkByAccount {
  userId: string;
  kind: 'order' | 'ticket';
  ticketNo: string | null;
  linkedAt: Date;
}

const orderColumns = { ...orderHeadColumns, createdAt: orders.createdAt };
const linkColumns = {
  id: orderLinks.id,
  orderId: orderLinks.orderId,
  kind: orderLinks.kind,
  ticketNo: orderLinks.ticketNo,
  passengerId: orderLinks.passengerId,
  createdAt: orderLinks.createdAt,
};

/** The `order_links` table (issue 15): a traveller's linked orders and tickets. */
export class OrderLinksRepository {
  constructor(private readonly db: Db) {}

  async orderById(orderId: string): Promise<OrderRow | null> {
    const rows = await this.db.select(orderColumns).from(orders).where(eq(orders.id, orderId)).limit(1);
    return rows[0] ?? null;
  }

  async ordersByIds(orderIds: string[]): Promise<OrderRow[]> {
    if (orderIds.length === 0) return [];
    return this.db.select(orderColumns).from(orders).where(inArray(orders.id, orderIds));
  }

  /** A link of the user's of this kind, created unless it exists; `created` false for one there already. */
  async link(
    userId: string,
    row: { orderId: string; kind: 'order' | 'ticket'; ticketNo: string | null; passengerId: string },
  ): Promise<{ link: LinkRow; created: boolean }> {
    const inserted = await this.db
      .insert(orderLinks)
      .values({ userId, ...row })
      .onConflictDoNothing()
      .returning(linkColumns);
    if (inserted[0]) return { link: inserted[0] as LinkRow, created: true };
    const existing =
      row.kind === 'order'
        ? await this.orderLink(userId, row.orderId)
        : await this.ticketLink(userId, row.ticketNo!);
    if (!existing) throw new Error('order link neither inserted nor found');
    return { link: existing, created: false };
  }

  /** The user's link of kind `order` to the order, if any. */
  async orderLink(userId: string, orderId: string): Promise<LinkRow | null> {
    const rows = await this.db
      .select(linkColumns)
      .from(orderLinks)
      .where(
        and(eq(orderLinks.userId, userId), eq(orderLinks.kind, 'order'), eq(orderLinks.orderId, orderId)),
      )
      .limit(1);
    return (rows[0] as LinkRow | undefined) ?? null;
  }

  /** The user's link to the ticket, if any. */
  async ticketLink(userId: string, ticketNo: string): Promise<LinkRow | null> {
    const rows = await this.db
      .select(linkColumns)
      .from(orderLinks)
      .where(
        and(eq(orderLinks.userId, userId), eq(orderLinks.kind, 'ticket'), eq(orderLinks.ticketNo, ticketNo)),
      )
      .limit(1);
    return (rows[0] as LinkRow | undefined) ?? null;
  }

  /** The user's links of one kind, newest first. */
  async linksOf(userId: string, kind: 'order' | 'ticket'): Promise<LinkRow[]> {
    const rows = await this.db
      .select(linkColumns)
      .from(orderLinks)
      .where(and(eq(orderLinks.userId, userId), eq(orderLinks.kind, kind)))
      .orderBy(desc(orderLinks.createdAt), asc(orderLinks.id));
    return rows as LinkRow[];
  }

  /** Every link of the user to one order (either kind). */
  async linksToOrder(userId: string, orderId: string): Promise<LinkRow[]> {
    const rows = await this.db
      .select(linkColumns)
      .from(orderLinks)
      .where(and(eq(orderLinks.userId, userId), eq(orderLinks.orderId, orderId)))
      .orderBy(asc(orderLinks.createdAt));
    return rows as LinkRow[];
  }

  /** How many links of one kind the user has. */
  async countOf(userId: string, kind: 'order' | 'ticket'): Promise<number> {
    const rows = await this.db
      .select({ n: count() })
      .from(orderLinks)
      .where(and(eq(orderLinks.userId, userId), eq(orderLinks.kind, kind)));
    return rows[0]?.n ?? 0;
  }

  /** Removes the user's link of kind `order` to the order number; how many went (0 or 1). */
  async unlinkOrder(userId: string, orderNo: string): Promise<number> {
    const order = await this.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.orderNo, orderNo))
      .limit(1);
    if (!order[0]) return 0;
    const gone = await this.db
      .delete(orderLinks)
      .where(
        and(eq(orderLinks.userId, userId), eq(orderLinks.kind, 'order'), eq(orderLinks.orderId, order[0].id)),
      )
      .returning({ id: orderLinks.id });
    return gone.length;
  }

  /** Removes the user's link to the ticket; how many went (0 or 1). */
  async unlinkTicket(userId: string, ticketNo: string): Promise<number> {
    const gone = await this.db
      .delete(orderLinks)
      .where(
        and(eq(orderLinks.userId, userId), eq(orderLinks.kind, 'ticket'), eq(orderLinks.ticketNo, ticketNo)),
      )
      .returning({ id: orderLinks.id });
    return gone.length;
  }

  /** The passenger of the order with this surname (compared without case), first by seq. */
  async passengerBySurname(
    orderId: string,
    surname: string,
  ): Promise<{ id: string; surname: string; givenName: string } | null> {
    const rows = await this.db
      .select({
        id: orderPassengers.id,
        surname: orderPassengers.surname,
        givenName: orderPassengers.givenName,
      })
      .from(orderPassengers)
      .where(eq(orderPassengers.orderId, orderId))
      .orderBy(asc(orderPassengers.seq));
    return rows.find((p) => p.surname.toLowerCase() === surname.trim().toLowerCase()) ?? null;
  }

  /** Names of passengers by id. */
  async passengerNames(
    ids: string[],
  ): Promise<Map<string, { surname: string; givenName: string; type: number }>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({
        id: orderPassengers.id,
        surname: orderPassengers.surname,
        givenName: orderPassengers.givenName,
        type: orderPassengers.passengerType,
      })
      .from(orderPassengers)
      .where(inArray(orderPassengers.id, ids));
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** The accounts that linked an order, oldest first (the staff order page). */
  async accountsLinking(orderId: string): Promise<OrderLinkByAccount[]> {
    const rows = await this.db
      .select({
        userId: orderLinks.userId,
        kind: orderLinks.kind,
        ticketNo: orderLinks.ticketNo,
        linkedAt: orderLinks.createdAt,
      })
      .from(orderLinks)
      .where(eq(orderLinks.orderId, orderId))
      .orderBy(asc(orderLinks.createdAt));
    return rows as OrderLinkByAccount[];
  }
}
