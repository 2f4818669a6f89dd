import { INSURED_DAYS_MAX, INSURED_DAYS_MIN, insuredDays } from '@wings/rules';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { insurancePlans, insurancePolicies } from '../../db/schema/insurance';
import type { Executor, Tx } from '../../platform/db';

/** One policy of an order as a change of date reads it. */
export interface OrderPolicy {
  id: string;
  passengerId: string;
  status: 'pending' | 'issued' | 'failed';
  /** The insurer's policy number, once issued. */
  policyNo: string | null;
  /** The local dates covered, both counted (YYYY-MM-DD). */
  coverFrom: string;
  coverTo: string;
  plan: { id: number; code: string };
}

/** The policies of an order, oldest first, in any executor (a change's preview or its transaction). */
export async function policiesOfOrder(executor: Executor, orderId: string): Promise<OrderPolicy[]> {
  const rows = await executor
    .select({
      id: insurancePolicies.id,
      passengerId: insurancePolicies.passengerId,
      status: insurancePolicies.status,
      policyNo: insurancePolicies.policyNo,
      coverFrom: insurancePolicies.coverFrom,
      coverTo: insurancePolicies.coverTo,
      planId: insurancePlans.id,
      planCode: insurancePlans.code,
    })
    .from(insurancePolicies)
    .innerJoin(insurancePlans, eq(insurancePlans.id, insurancePolicies.planId))
    .where(eq(insurancePolicies.orderId, orderId))
    .orderBy(asc(insurancePolicies.createdAt), asc(insurancePolicies.id));
  return rows.map((r) => ({
    id: r.id,
    passengerId: r.passengerId,
    status: r.status as OrderPolicy['status'],
    policyNo: r.policyNo,
    coverFrom: r.coverFrom,
    coverTo: r.coverTo,
    plan: { id: r.planId, code: r.planCode },
  }));
}

/**
 * A change of date moves the trip (issue 16, modules/changes), in the change's transaction:
 * every policy of the order still in force (pending or issued) is endorsed to the new local
 * dates, not bought again, so its premium and policy number stay; a failed policy covers
 * nothing and is left alone. How many moved, or `too_long` (nothing written) when the new trip
 * is longer than a policy may cover (1 to 90 days, spec §5), which the caller turns into its
 * refusal. Throws when the cover ends before it starts.
 */
export async function moveInsuranceCover(
  tx: Tx,
  orderId: string,
  cover: { from: string; to: string },
  now: Date,
): Promise<{ moved: number } | { refused: 'too_long' }> {
  const days = insuredDays(cover.from, cover.to);
  if (days < INSURED_DAYS_MIN)
    throw new Error(`insurance cover ${cover.from}..${cover.to} ends before it starts`);
  if (days > INSURED_DAYS_MAX) return { refused: 'too_long' };
  const moved = await tx
    .update(insurancePolicies)
    .set({ coverFrom: cover.from, coverTo: cover.to, updatedAt: now })
    .where(
      and(eq(insurancePolicies.orderId, orderId), inArray(insurancePolicies.status, ['pending', 'issued'])),
    )
    .returning({ id: insurancePolicies.id });
  return { moved: moved.length };
}
