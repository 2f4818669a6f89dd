import type {
  Currency,
  InsuranceCover,
  InsuranceGradeRequest,
  InsuranceGradeResponse,
  InsurancePriceRequest,
  InsurancePriceResponse,
} from '@wings/contracts';
import {
  addDays,
  checkInsuredDays,
  checkTripDates,
  DELAY_EXTENSION_DAYS_MAX,
  insuredDays,
  tripCover,
} from '@wings/rules';
import type { Executor, Tx } from '../../platform/db';
import { AppError, invalid } from '../../platform/errors';
import type { JobRunner } from '../../platform/jobs/jobs';
import type { InsuranceRepository, PendingPolicy, PolicyRecord } from './insurance.repository';
import type { InsuranceProvider, ProviderPlan } from './insurance-provider';

/** What insurance needs of an offer (pricing's, filled in insurance.module.ts): its legs, currency and party. */
export interface InsuranceOffers {
  /** The live offer; 301 offerExpired when unknown or past its time. */
  offerTrip(offerId: string): Promise<{
    legs: { depTime: string; arrTime: string }[];
    currency: Currency;
    partySize: number;
  }>;
}

export interface InsuranceServiceDeps {
  repo: InsuranceRepository;
  /** The insurer; null where insurance is not sold (INSURANCE_PROVIDER=off). */
  provider: InsuranceProvider | null;
  offers: InsuranceOffers;
  now: () => Date;
  /** The job runner: a paid order's policies are bought by the purchase job (insurance.jobs.ts). */
  jobs?: Pick<JobRunner, 'send' | 'wake'>;
}

/** The job that buys one pending policy from the insurer; retried while the insurer cannot be reached. */
export const INSURANCE_PURCHASE_JOB = 'insurance.purchase';
/** Every few minutes, policies left pending (a job lost to a crash) are bought again. */
export const INSURANCE_PURCHASE_SWEEP_JOB = 'insurance.purchase-sweep';
/**
 * Tries before a policy the insurer keeps failing to answer is given up as `failed` (staff then
 * refund its premium): with the queue's back-off that is over an hour of an unreachable insurer.
 */
export const INSURANCE_PURCHASE_ATTEMPTS_MAX = 20;

/** A trip resolved from a request: its cover, currency and the insured count allowed. */
interface Trip {
  cover: InsuranceCover;
  currency: Currency;
  insuredCount: number;
}

const INSURED_MAX = 9;

/** The cover of a trip running from `from` to `to` (local dates, both counted). */
export function coverOf(from: string, to: string): InsuranceCover {
  return {
    coverFrom: from,
    coverTo: to,
    days: insuredDays(from, to),
    extensionDaysMax: DELAY_EXTENSION_DAYS_MAX,
    latestCoverTo: addDays(to, DELAY_EXTENSION_DAYS_MAX),
  };
}

/**
 * Travel insurance for the traveller (issue 14): the plans with their price for a trip
 * (getInsuranceGrade), one plan's price (getInsurancePrice / getPrice), and, for booking's
 * paid-order step (next round), the pending policies of an order and their purchase.
 */
export function createInsuranceService(deps: InsuranceServiceDeps) {
  const { repo, provider, offers } = deps;

  /** The insurer, or 650 insurance abnormal where none sells. */
  function seller(): InsuranceProvider {
    if (!provider) throw new AppError('insuranceAbnormal');
    return provider;
  }

  /** Calls the insurer; a failure of its own (not ours) is 650 insurance abnormal. */
  async function ask<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError('insuranceAbnormal', { cause: err });
    }
  }

  /** The trip of a request: its offer, else its dates; null when it names none. Refuses 0 and 91+ days. */
  async function tripOf(q: {
    offerId?: string | undefined;
    startDate?: string | undefined;
    endDate?: string | undefined;
    currency?: Currency | undefined;
    insuredCount?: number | undefined;
  }): Promise<Trip | null> {
    let from: string;
    let to: string;
    let currency: Currency;
    let max = INSURED_MAX;
    if (q.offerId) {
      const offer = await offers.offerTrip(q.offerId);
      const cover = tripCover(offer.legs);
      if (!cover) throw invalid([{ field: 'offerId', key: 'insurance.trip_required' }]);
      ({ from, to } = cover);
      currency = offer.currency;
      max = Math.min(INSURED_MAX, offer.partySize);
      const issues = checkInsuredDays(insuredDays(from, to), 'offerId');
      if (issues.length) throw invalid(issues);
    } else if (q.startDate !== undefined || q.endDate !== undefined) {
      const issues = checkTripDates(q.startDate, q.endDate);
      if (issues.length) throw invalid(issues);
      from = q.startDate!;
      to = q.endDate!;
      currency = q.currency ?? 'USD';
    } else {
      return null;
    }
    const insuredCount = q.insuredCount ?? (q.offerId ? max : 1);
    if (insuredCount < 1 || insuredCount > max) {
      throw invalid([{ field: 'insuredCount', key: 'insurance.insured_count', params: { max } }]);
    }
    return { cover: coverOf(from, to), currency, insuredCount };
  }

  function headline(plan: ProviderPlan): number {
    return Math.max(0, ...plan.coverage.map((c) => c.limit.amount));
  }

  const service = {
    /** POST insurance/getInsuranceGrade: the plans sold in the trip's currency, priced for it when given. */
    async grades(body: InsuranceGradeRequest): Promise<InsuranceGradeResponse> {
      const q = body ?? {};
      const trip = await tripOf(q);
      const currency = trip?.currency ?? q.currency ?? 'USD';
      const insuredCount = trip?.insuredCount ?? q.insuredCount ?? 1;
      if (!provider)
        return { available: false, currency, insuredCount, cover: trip?.cover ?? null, grades: [] };
      const plans = await ask(() => provider.plans(currency));
      const grades = await Promise.all(
        plans.map(async (plan) => {
          const quote = trip
            ? await ask(() =>
                provider.quote({ planCode: plan.code, currency, days: trip.cover.days, insuredCount }),
              )
            : null;
          return {
            insuranceType: plan.code,
            grade: plan.grade,
            name: plan.name,
            insuranceLimit: headline(plan),
            currency,
            coverage: plan.coverage,
            bands: plan.bands,
            price: quote?.unitPrice ?? null,
            total: quote?.totalPrice ?? null,
          };
        }),
      );
      // A plan that does not sell this trip (no band covers its days) is not offered for it.
      const offered = trip ? grades.filter((g) => g.price !== null) : grades;
      return { available: true, currency, insuredCount, cover: trip?.cover ?? null, grades: offered };
    },

    /** POST insurance/getInsurancePrice (insurance/getPrice): one plan's price for a trip and insured count. */
    async price(body: InsurancePriceRequest): Promise<InsurancePriceResponse> {
      const trip = await tripOf(body);
      if (!trip) throw invalid([{ field: 'offerId', key: 'insurance.trip_required' }]);
      const insurer = seller();
      const planCode = body.insuranceType.trim().toUpperCase();
      const quote = await ask(() =>
        insurer.quote({
          planCode,
          currency: trip.currency,
          days: trip.cover.days,
          insuredCount: trip.insuredCount,
        }),
      );
      if (!quote) throw invalid([{ field: 'insuranceType', key: 'insurance.plan_unknown' }]);
      return {
        insuranceType: planCode,
        insuredCount: trip.insuredCount,
        cover: trip.cover,
        unitPrice: quote.unitPrice,
        totalPrice: quote.totalPrice,
      };
    },

    /** The active plan of a code in a currency (booking checks a chosen insuranceType with it). */
    async activePlan(code: string, currency: Currency) {
      const plan = await repo.planByCode(code.trim().toUpperCase(), currency);
      return plan && !plan.disabledAt ? plan : null;
    },

    /**
     * Writes the pending policies of a paid order in the caller's transaction (next round:
     * booking, after payment); a policy already there for an order, passenger and plan is left
     * alone, so a replayed payment adds nothing. The ids written.
     */
    createPending(tx: Executor, policies: Omit<PendingPolicy, 'provider'>[]): Promise<string[]> {
      // Never refuses a payment: without an insurer the purchase job marks the policy failed.
      const name = provider?.name ?? 'none';
      return repo.insertPending(
        tx,
        policies.map((p) => ({ ...p, provider: name })),
        deps.now(),
      );
    },

    /** The plan id of a plan code in a currency, disabled or not (a paid order's policy names it); null when unknown. */
    async planIdOf(code: string, currency: Currency): Promise<number | null> {
      const plan = await repo.planByCode(code.trim().toUpperCase(), currency);
      return plan?.id ?? null;
    },

    /**
     * In the payment's transaction: one purchase job per policy written (none in a process that
     * runs no jobs: the sweep buys them). Wake the workers after the commit (`wakePurchase`).
     */
    async enqueuePurchase(tx: Tx, policyIds: readonly string[]): Promise<void> {
      if (!deps.jobs) return;
      for (const policyId of policyIds) {
        await deps.jobs.send(INSURANCE_PURCHASE_JOB, { policyId }, { singletonKey: policyId, tx });
      }
    },

    /** After the commit of `enqueuePurchase`: this process's idle purchase workers fetch at once. */
    wakePurchase(): void {
      deps.jobs?.wake(INSURANCE_PURCHASE_JOB);
    },

    /**
     * The sweep: buys every policy pending for over `olderThanMs` (its job lost or still waiting),
     * one by one; an insurer still unreachable leaves it for the next sweep. How many were issued or failed.
     */
    async purchasePending(olderThanMs = 5 * 60_000): Promise<number> {
      const ids = await repo.pendingPolicyIds(new Date(deps.now().getTime() - olderThanMs));
      let settled = 0;
      for (const id of ids) {
        try {
          const p = await service.issue(id);
          if (p && p.status !== 'pending') settled++;
        } catch {
          // Counted on the policy; the next sweep tries again.
        }
      }
      return settled;
    },

    /**
     * Buys one pending policy from the insurer under its reference (the purchase job calls it,
     * next round): issued → `issued` with the policy number; refused → `failed`; an insurer
     * that cannot be reached throws, the row stays pending and the job retries. Buying an issued
     * policy again changes nothing: the insurer answers the same policy for the same reference.
     */
    async issue(policyId: string): Promise<PolicyRecord | null> {
      const policy = await repo.policy(repo.db, policyId);
      if (policy?.status !== 'pending') return policy;
      if (!provider) {
        // Insurance was switched off after the order was paid: nobody can issue it; staff refund it.
        await repo.markPolicy(
          repo.db,
          policyId,
          { status: 'failed', error: 'no insurer configured' },
          deps.now(),
        );
        return repo.policy(repo.db, policyId);
      }
      const plan = await repo.planById(repo.db, policy.planId);
      const insured = (policy.insured ?? {}) as Record<string, unknown>;
      let result: Awaited<ReturnType<InsuranceProvider['buy']>>;
      try {
        result = await provider.buy({
          reference: policy.reference,
          planCode: plan?.code ?? String(policy.planId),
          premium: { amount: policy.premiumAmount, currency: policy.premiumCurrency },
          coverFrom: policy.coverFrom,
          coverTo: policy.coverTo,
          insuredName: typeof insured.insuredName === 'string' ? insured.insuredName : '',
          details: insured,
        });
      } catch (err) {
        // The insurer could not be reached: counted, and retried by the job until the last try.
        const giveUp = policy.attempts + 1 >= INSURANCE_PURCHASE_ATTEMPTS_MAX;
        const error = err instanceof Error ? err.message.slice(0, 500) : 'insurer unreachable';
        await repo.markPolicy(
          repo.db,
          policyId,
          { status: giveUp ? 'failed' : 'pending', error },
          deps.now(),
        );
        if (giveUp) return repo.policy(repo.db, policyId);
        throw err;
      }
      if (result.status !== 'pending') {
        await repo.markPolicy(
          repo.db,
          policyId,
          result.status === 'issued'
            ? { status: 'issued', policyNo: result.policyNo }
            : { status: 'failed', error: result.reason ?? 'refused' },
          deps.now(),
        );
      }
      return repo.policy(repo.db, policyId);
    },

    /** The insurer's page of an issued policy (insurance-detail-external); null before it is issued. */
    policyPage(policy: Pick<PolicyRecord, 'policyNo'>): string | null {
      return policy.policyNo && provider ? provider.policyPageUrl(policy.policyNo) : null;
    },

    /**
     * An order's policies with their plan (code, name, cover) and the insurer's page of an issued
     * one: what insurance-detail shows (booking adds the passenger and masks the beneficiary).
     */
    async policyViews(orderId: string) {
      const policies = await repo.policiesOfOrder(orderId);
      return Promise.all(
        policies.map(async (policy) => {
          const plan = await repo.planById(repo.db, policy.planId);
          return {
            policy,
            plan: plan
              ? {
                  code: plan.code,
                  name: plan.name,
                  coverage: plan.coverage.map((c) => ({
                    item: c.item,
                    limit: { amount: c.limit, currency: plan.currency },
                  })),
                }
              : null,
            cover: coverOf(policy.coverFrom, policy.coverTo),
            externalUrl: policy.policyNo && provider ? provider.policyPageUrl(policy.policyNo) : null,
          };
        }),
      );
    },

    /** An order's policies (insurance-detail), oldest first. */
    policiesOfOrder(orderId: string): Promise<PolicyRecord[]> {
      return repo.policiesOfOrder(orderId);
    },
  };
  return service;
}

export type InsuranceService = ReturnType<typeof createInsuranceService>;
