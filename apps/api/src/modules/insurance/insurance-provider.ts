import type { Currency, InsuranceCoverage, InsurancePriceBand, LocalizedText, Money } from '@wings/contracts';

/**
 * The insurer adapter (issue 14): what the API asks of whoever sells the policies. The sandbox
 * insurer (sandbox-insurer.ts) implements it outside production; a real insurer gets its own
 * implementation beside it, chosen by INSURANCE_PROVIDER (insurance.config.ts). Everything the
 * traveller is sold passes through it: the plans and their grades, the price of a trip, the
 * purchase of a policy (idempotent by our reference), its status and the insurer's own page.
 */
export interface InsuranceProvider {
  /** The name written on each policy row (`sandbox`, later a real insurer's). */
  readonly name: string;
  /** The plans sold in a currency, by grade (lowest first). */
  plans(currency: Currency): Promise<ProviderPlan[]>;
  /** The price per insured and for all of them of a plan for a trip of `days` days; null when the plan does not sell it. */
  quote(input: QuoteInput): Promise<ProviderQuote | null>;
  /**
   * Buys a policy under our `reference`: a second call with the same reference returns the
   * same policy and buys nothing (a retried job, a lost reply). Throws when the insurer cannot
   * be reached; a refusal is a `failed` result with its reason.
   */
  buy(purchase: PolicyPurchase): Promise<PolicyResult>;
  /** What the insurer knows of the policy bought under `reference`; null when nothing was bought. */
  status(reference: string): Promise<PolicyResult | null>;
  /** The insurer's page of a policy (insurance-detail-external), an absolute URL. */
  policyPageUrl(policyNo: string): string;
}

/** A plan as an insurer sells it (a real insurer's catalogue is mapped to this). */
export interface ProviderPlan {
  code: string;
  currency: Currency;
  grade: number;
  name: LocalizedText;
  coverage: InsuranceCoverage[];
  bands: InsurancePriceBand[];
}

export interface QuoteInput {
  planCode: string;
  currency: Currency;
  days: number;
  insuredCount: number;
}

export interface ProviderQuote {
  unitPrice: Money;
  totalPrice: Money;
}

/** One policy to buy: one insured person on one trip. */
export interface PolicyPurchase {
  /** Our idempotency reference (insurance_policies.reference). */
  reference: string;
  planCode: string;
  premium: Money;
  /** Local dates, both covered. */
  coverFrom: string;
  coverTo: string;
  /** The insured's name as on the ticket (SURNAME/GIVEN). */
  insuredName: string;
  /** The insured's entry and beneficiary (regionParams), passed on as the insurer needs them. */
  details: Record<string, unknown>;
}

export interface PolicyResult {
  status: 'issued' | 'pending' | 'failed';
  policyNo: string | null;
  /** Why it failed, in the insurer's words. */
  reason?: string;
}
