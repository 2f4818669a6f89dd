import { and, eq } from 'drizzle-orm';
import { orderLinks } from '../../db/schema/booking';
import type { Executor } from '../../platform/db';

/**
 * Whether a traveller linked an order to their account (by the order, or by one of its tickets):
 * they may then refund or change it as its owner may (after-sales §1, issue 15).
 */
export async function isOrderLinked(db: Executor, userId: string, orderId: string): Promise<boolean> {
  const rows = await db
    .select({ id: orderLinks.id })
    .from(orderLinks)
    .where(and(eq(orderLinks.userId, userId), eq(orderLinks.orderId, orderId)))
    .limit(1);
  return rows.length > 0;
}
