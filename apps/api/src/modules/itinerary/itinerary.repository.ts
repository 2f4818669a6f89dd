import { eq } from 'drizzle-orm';
import { orders } from '../../db/schema';
import type { Db } from '../../platform/db';

/** What the itinerary needs of an order beyond its detail: where and in which language to mail it. */
export interface OrderMailFacts {
  contactEmail: string;
  /** 0 zh, 1 en, 2 km (orders.language). */
  language: number;
  /** When every passenger had an e-ticket; null while ticketing is still owed. */
  ticketedAt: Date | null;
}

/**
 * Read-only: the order's contact e-mail, language and ticketing time. The orders module's
 * service does not expose them yet (its detail masks the contact), so they are read here.
 */
export class ItineraryRepository {
  constructor(private readonly db: Db) {}

  async mailFacts(orderNo: string): Promise<OrderMailFacts | null> {
    const rows = await this.db
      .select({
        contactEmail: orders.contactEmail,
        language: orders.language,
        ticketedAt: orders.ticketedAt,
      })
      .from(orders)
      .where(eq(orders.orderNo, orderNo))
      .limit(1);
    return rows[0] ?? null;
  }
}
