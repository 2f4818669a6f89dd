/**
 * Insurance: the public face of the module (issue 14): travel insurance plans, the insurer
 * adapter and quotes, and the policies of paid orders. Other modules, app.ts and db/seed import
 * only from here.
 *
 * For booking, through `app.insurance` (InsuranceService):
 * - `price({ insuranceType, offerId, insuredCount })` prices a chosen plan for the offer's trip
 *   (1–90 days, else the rule's message), in the offer's currency: the order's price line
 *   (service code 10) per insured passenger is its `unitPrice`.
 * - `activePlan(code, currency)` checks a chosen insuranceType; @wings/rules
 *   `checkInsuranceEntry` checks each insured passenger's regionParams and beneficiary.
 * - After payment, in the order's transaction: `createPending(tx, [{ orderId, passengerId,
 *   planId, premiumAmount, premiumCurrency, coverFrom, coverTo, insured }])` writes one pending
 *   policy per order, passenger and plan (a replay adds nothing) and `enqueuePurchase(tx, ids)`
 *   their purchase jobs (`wakePurchase()` after the commit); the job (insurance.jobs.ts) calls
 *   `issue(policyId)` until it is issued or failed: the insurer buys under the policy's
 *   reference, so a retry never buys twice. `planIdOf(code, currency)` names the plan.
 * - `policiesOfOrder(orderId)` and `policyPage(policy)` feed insurance-detail (internal) and
 *   insurance-detail-external (the insurer's page).
 */
export { demoInsurancePlans, seedDemoInsurancePlans } from './demo-plans';
export { INSURANCE_PURCHASE_QUEUE, registerInsuranceJobs } from './insurance.jobs';
/** The module's Fastify plugin (app.ts registers it after pricing). */
export { insuranceModule } from './insurance.module';
export type { PendingPolicy, PolicyRecord } from './insurance.repository';
export {
  coverOf,
  INSURANCE_PURCHASE_ATTEMPTS_MAX,
  INSURANCE_PURCHASE_JOB,
  INSURANCE_PURCHASE_SWEEP_JOB,
  type InsuranceService,
} from './insurance.service';
/** The insurer adapter every provider implements (the sandbox now; a real insurer later). */
export type {
  InsuranceProvider,
  PolicyPurchase,
  PolicyResult,
  ProviderPlan,
  ProviderQuote,
  QuoteInput,
} from './insurance-provider';
/** A change of date's step (issue 16, modules/changes): an order's policies, and their cover moved to the new dates. */
export { moveInsuranceCover, type OrderPolicy, policiesOfOrder } from './policy-cover';
/** The sandbox insurer (outside production only). */
export { SandboxInsurer, sandboxPolicyNo } from './sandbox-insurer';
