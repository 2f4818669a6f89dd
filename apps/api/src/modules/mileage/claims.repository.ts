import type { ClaimStatus } from '@wings/contracts';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { mileageClaims } from '../../db/schema/mileage';
import type { Db, Tx } from '../../platform/db';

/** A claim as stored. */
export type StoredClaim = typeof mileageClaims.$inferSelect;

/** What filing a claim writes. */
export interface NewClaim {
  memberId: string;
  ticketNo: string;
  flightNo: string;
  flightDate: string;
  couponId: string;
  depCode: string | null;
  arrCode: string | null;
  submittedAt: Date;
}

/** A verdict written on a claim waiting for audit. */
export type ClaimDecision =
  | { status: 'approved'; miles: number; decidedAt: Date; decidedBy: string }
  | { status: 'rejected'; rejectReason: string; decidedAt: Date; decidedBy: string };

/** Retroactive claims (table `mileage_claims`) and the one ledger read a claim needs. */
export class ClaimsRepository {
  constructor(private readonly db: Db) {}

  /** Writes a claim under audit; a live claim of the same coupon breaks `mileage_claims_live_coupon_key`. */
  async insert(claim: NewClaim): Promise<StoredClaim> {
    const [row] = await this.db
      .insert(mileageClaims)
      .values({ ...claim, status: 'auditing' })
      .returning();
    return row!;
  }

  /** A member's claims, newest first. */
  async ofMember(memberId: string): Promise<StoredClaim[]> {
    return this.db
      .select()
      .from(mileageClaims)
      .where(eq(mileageClaims.memberId, memberId))
      .orderBy(desc(mileageClaims.submittedAt), desc(mileageClaims.id));
  }

  /** A page of claims, those waiting for audit first, then the oldest filed first. */
  async page(
    status: ClaimStatus | undefined,
    offset: number,
    limit: number,
  ): Promise<{ list: StoredClaim[]; total: number }> {
    const where: SQL | undefined = status ? eq(mileageClaims.status, status) : undefined;
    const [list, totals] = await Promise.all([
      this.db
        .select()
        .from(mileageClaims)
        .where(where)
        .orderBy(
          sql`case when ${mileageClaims.status} = 'auditing' then 0 else 1 end`,
          asc(mileageClaims.submittedAt),
          asc(mileageClaims.id),
        )
        .offset(offset)
        .limit(limit),
      this.db.select({ n: count() }).from(mileageClaims).where(where),
    ]);
    return { list, total: totals[0]?.n ?? 0 };
  }

  /** A claim, locked for its verdict. */
  async forUpdate(tx: Tx, claimId: string): Promise<StoredClaim | null> {
    const [row] = await tx.select().from(mileageClaims).where(eq(mileageClaims.id, claimId)).for('update');
    return row ?? null;
  }

  /** Writes a verdict on a claim still under audit; the claim as it became. */
  async decide(tx: Tx, claimId: string, decision: ClaimDecision): Promise<StoredClaim> {
    const [row] = await tx
      .update(mileageClaims)
      .set({
        status: decision.status,
        miles: decision.status === 'approved' ? decision.miles : null,
        rejectReason: decision.status === 'rejected' ? decision.rejectReason : null,
        decidedAt: decision.decidedAt,
        decidedBy: decision.decidedBy,
      })
      .where(and(eq(mileageClaims.id, claimId), eq(mileageClaims.status, 'auditing')))
      .returning();
    return row!;
  }
}
