import { sql } from 'drizzle-orm';
import type { Db } from '../../db';

/** What the sandbox gateway knows of one of its transactions. */
export interface SandboxTransaction {
  reference: string;
  orderNo: string;
  amount: number;
  currency: string;
  /** pending | succeeded | failed | refunded */
  status: string;
  refundedAmount: number;
  /** Where the merchant asked the browser to go back after paying, and after cancelling. */
  returnUrl: string | null;
  cancelUrl: string | null;
}

export type SandboxRefundOutcome = 'refunded' | 'replayed' | 'not_paid' | 'exceeds' | 'unknown';

/** The ledger entry of a refund: its own row, keyed by the refund id the caller gives. */
export function sandboxRefundReference(refundId: string): string {
  return `sbx_rf_${refundId}`;
}

/**
 * The sandbox gateway's own ledger (`sandbox_transactions`), the only SQL of the sandbox: what a
 * real gateway keeps on its side, so the sandbox answers query and refund from its own records
 * and not from our payments table. A payment is one row (reference sbx_<payment id>); a refund
 * is another row (reference sbx_rf_<refund id>, status `refund`) whose primary key makes a
 * retried refund a replay.
 */
export class SandboxLedger {
  constructor(private readonly db: Db) {}

  /** Records a new transaction (a second create of the same reference changes nothing). */
  async open(t: {
    reference: string;
    orderNo: string;
    amount: number;
    currency: string;
    returnUrl?: string | null;
    cancelUrl?: string | null;
    now: Date;
  }) {
    await this.db.execute(sql`
      insert into sandbox_transactions (reference, order_no, amount, currency, status, refunded_amount,
                                        return_url, cancel_url, created_at, updated_at)
      values (${t.reference}, ${t.orderNo}, ${t.amount}, ${t.currency}, 'pending', 0,
              ${t.returnUrl ?? null}, ${t.cancelUrl ?? null}, ${t.now}, ${t.now})
      on conflict (reference) do nothing`);
  }

  async get(reference: string): Promise<SandboxTransaction | null> {
    const r = await this.db.execute<{
      reference: string;
      order_no: string;
      amount: number;
      currency: string;
      status: string;
      refunded_amount: number;
      return_url: string | null;
      cancel_url: string | null;
    }>(sql`
      select reference, order_no, amount, currency, status, refunded_amount, return_url, cancel_url
        from sandbox_transactions where reference = ${reference}`);
    const row = r.rows[0];
    if (!row) return null;
    return {
      reference: row.reference,
      orderNo: row.order_no,
      amount: Number(row.amount),
      currency: row.currency,
      status: row.status,
      refundedAmount: Number(row.refunded_amount),
      returnUrl: row.return_url,
      cancelUrl: row.cancel_url,
    };
  }

  /** pending → succeeded (approve) or failed (decline); false when it was not pending. */
  async settle(reference: string, to: 'succeeded' | 'failed', now: Date): Promise<boolean> {
    const r = await this.db.execute(sql`
      update sandbox_transactions set status = ${to}, updated_at = ${now}
       where reference = ${reference} and status = 'pending' returning reference`);
    return (r.rowCount ?? 0) === 1;
  }

  /**
   * Refunds `amount` of a paid transaction once per refund id: the refund's own row and the
   * transaction's refunded amount commit together, and never beyond what was paid.
   */
  async refund(t: {
    reference: string;
    refundId: string;
    amount: number;
    now: Date;
  }): Promise<SandboxRefundOutcome> {
    try {
      return await this.db.transaction(async (tx) => {
        const paid = await tx.execute<{
          order_no: string;
          currency: string;
          status: string;
          left: number;
        }>(sql`
          select order_no, currency, status, amount - refunded_amount as left
            from sandbox_transactions where reference = ${t.reference} for update`);
        const row = paid.rows[0];
        if (!row) return 'unknown';
        const entry = await tx.execute(sql`
          insert into sandbox_transactions (reference, order_no, amount, currency, status, refunded_amount, created_at, updated_at)
          values (${sandboxRefundReference(t.refundId)}, ${row.order_no}, ${t.amount}, ${row.currency}, 'refund', 0, ${t.now}, ${t.now})
          on conflict (reference) do nothing returning reference`);
        if ((entry.rowCount ?? 0) === 0) return 'replayed';
        // Refused: the refund's row goes with the rollback, so a later valid refund can use the id.
        if (row.status !== 'succeeded' && row.status !== 'refunded') throw new Refused('not_paid');
        if (t.amount > Number(row.left)) throw new Refused('exceeds');
        await tx.execute(sql`
          update sandbox_transactions
             set refunded_amount = refunded_amount + ${t.amount},
                 status = case when refunded_amount + ${t.amount} >= amount then 'refunded' else status end,
                 updated_at = ${t.now}
           where reference = ${t.reference}`);
        return 'refunded';
      });
    } catch (err) {
      if (err instanceof Refused) return err.outcome;
      throw err;
    }
  }
}

class Refused extends Error {
  constructor(readonly outcome: SandboxRefundOutcome) {
    super(outcome);
  }
}
