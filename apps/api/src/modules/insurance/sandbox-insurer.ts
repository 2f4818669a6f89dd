import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Currency } from '@wings/contracts';
import { bandPrice } from '@wings/rules';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import type {
  InsuranceProvider,
  PolicyPurchase,
  PolicyResult,
  ProviderPlan,
  ProviderQuote,
  QuoteInput,
} from './insurance-provider';

/** Where the sandbox insurer's plans come from: our plan table (a real insurer has its own catalogue). */
export interface SandboxPlanSource {
  activePlans(currency: Currency): Promise<ProviderPlan[]>;
}

/** One policy in the sandbox insurer's own book. */
export interface SandboxPolicy {
  reference: string;
  policyNo: string;
  planCode: string;
  premiumAmount: number;
  premiumCurrency: string;
  coverFrom: string;
  coverTo: string;
  insuredName: string;
  status: string;
}

/** The sandbox's policy page path, below /api (served by sandbox.routes.ts, never in production). */
export const SANDBOX_POLICY_PATH = '/insurance/sandbox/policies';

/**
 * The sandbox insurer (outside production only; insurance.config.ts refuses it in production):
 * prices from our plan table, deterministically (the plan's band for the days × insured);
 * policy numbers derived from our reference, so a purchase retried with the same reference is
 * the same policy; its own book (`sandbox_insurance_policies`) answers status and its page,
 * which our API serves under /api/insurance/sandbox/policies/{policyNo}?sig=… (signed, as it
 * names the insured).
 */
export class SandboxInsurer implements InsuranceProvider {
  readonly name = 'sandbox';

  constructor(
    private readonly deps: {
      db: Db;
      plans: SandboxPlanSource;
      now: () => Date;
      /** Where travellers reach the API (PUBLIC_URL or the local address), no trailing slash. */
      baseUrl: string;
      /** The key the page links are signed with. */
      key: Buffer;
    },
  ) {}

  plans(currency: Currency): Promise<ProviderPlan[]> {
    return this.deps.plans.activePlans(currency);
  }

  async quote(input: QuoteInput): Promise<ProviderQuote | null> {
    const plan = (await this.plans(input.currency)).find((p) => p.code === input.planCode);
    if (!plan) return null;
    const unit = bandPrice(plan.bands, input.days);
    if (unit === null) return null;
    return {
      unitPrice: { amount: unit, currency: input.currency },
      totalPrice: { amount: unit * input.insuredCount, currency: input.currency },
    };
  }

  async buy(p: PolicyPurchase): Promise<PolicyResult> {
    const now = this.deps.now();
    await this.deps.db.execute(sql`
      insert into sandbox_insurance_policies
        (reference, policy_no, plan_code, premium_amount, premium_currency, cover_from, cover_to, insured_name, status, created_at, updated_at)
      values (${p.reference}, ${sandboxPolicyNo(p.reference)}, ${p.planCode}, ${p.premium.amount}, ${p.premium.currency},
              ${p.coverFrom}, ${p.coverTo}, ${p.insuredName}, 'issued', ${now}, ${now})
      on conflict (reference) do nothing`);
    return (await this.status(p.reference))!;
  }

  async status(reference: string): Promise<PolicyResult | null> {
    const found = await this.byReference(reference);
    return found ? { status: 'issued', policyNo: found.policyNo } : null;
  }

  policyPageUrl(policyNo: string): string {
    return `${this.deps.baseUrl}/api${SANDBOX_POLICY_PATH}/${encodeURIComponent(policyNo)}?sig=${this.sign(policyNo)}`;
  }

  /** Whether `sig` is the page signature of `policyNo`. */
  verifyPage(policyNo: string, sig: string): boolean {
    const want = Buffer.from(this.sign(policyNo));
    const got = Buffer.from(sig);
    return want.length === got.length && timingSafeEqual(want, got);
  }

  async byReference(reference: string): Promise<SandboxPolicy | null> {
    return this.one(sql`reference = ${reference}`);
  }

  async byPolicyNo(policyNo: string): Promise<SandboxPolicy | null> {
    return this.one(sql`policy_no = ${policyNo}`);
  }

  private sign(policyNo: string): string {
    return createHmac('sha256', this.deps.key)
      .update(`sandbox-insurance-page:${policyNo}`)
      .digest('base64url');
  }

  private async one(where: ReturnType<typeof sql>): Promise<SandboxPolicy | null> {
    const r = await this.deps.db.execute<{
      reference: string;
      policy_no: string;
      plan_code: string;
      premium_amount: number;
      premium_currency: string;
      cover_from: string;
      cover_to: string;
      insured_name: string;
      status: string;
    }>(sql`
      select reference, policy_no, plan_code, premium_amount, premium_currency,
             to_char(cover_from, 'YYYY-MM-DD') as cover_from, to_char(cover_to, 'YYYY-MM-DD') as cover_to,
             insured_name, status
        from sandbox_insurance_policies where ${where}`);
    const row = r.rows[0];
    if (!row) return null;
    return {
      reference: row.reference,
      policyNo: row.policy_no,
      planCode: row.plan_code,
      premiumAmount: Number(row.premium_amount),
      premiumCurrency: row.premium_currency,
      coverFrom: row.cover_from,
      coverTo: row.cover_to,
      insuredName: row.insured_name,
      status: row.status,
    };
  }
}

/** The sandbox's policy number of a reference: `SBX` and 12 digits, the same for the same reference. */
export function sandboxPolicyNo(reference: string): string {
  const digest = createHash('sha256').update(reference).digest();
  return `SBX${(digest.readBigUInt64BE(0) % 10n ** 12n).toString().padStart(12, '0')}`;
}
