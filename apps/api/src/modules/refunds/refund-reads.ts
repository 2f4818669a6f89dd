import { asc, eq, inArray } from 'drizzle-orm';
import { refundOrderLines, refundOrders } from '../../db/schema/refunds';
import type { Executor } from '../../platform/db';

/** One refund order of an order as other modules read it: its number, state, reason kind and passengers. */
export interface RefundOrderRef {
  refundNo: string;
  /** draft | auditing | rejected | refunding | refunded | expired */
  status: string;
  reasonCode: string;
  /** personal | flight */
  reasonKind: 'personal' | 'flight';
  passengerIds: string[];
  createdAt: Date;
  /** When it was submitted to audit (confirmRefund); null for a draft. */
  submittedAt: Date | null;
}

/**
 * The refund orders of an order, oldest first, whatever their state (issue 16, modules/changes:
 * a flight-reason refund is a traveller's answer to a flight the airline changed).
 */
export async function refundOrdersOf(db: Executor, orderId: string): Promise<RefundOrderRef[]> {
  const rows = await db
    .select()
    .from(refundOrders)
    .where(eq(refundOrders.orderId, orderId))
    .orderBy(asc(refundOrders.createdAt));
  if (rows.length === 0) return [];
  const lines = await db
    .select({ refundOrderId: refundOrderLines.refundOrderId, passengerId: refundOrderLines.passengerId })
    .from(refundOrderLines)
    .where(
      inArray(
        refundOrderLines.refundOrderId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r) => ({
    refundNo: r.refundNo,
    status: r.status,
    reasonCode: r.reasonCode,
    reasonKind: r.reasonKind === 'flight' ? 'flight' : 'personal',
    passengerIds: [...new Set(lines.filter((l) => l.refundOrderId === r.id).map((l) => l.passengerId))],
    createdAt: r.createdAt,
    submittedAt: r.submittedAt,
  }));
}
