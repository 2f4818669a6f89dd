import { z } from 'zod';
import { defineSettings } from '../../platform/settings';

/** The insurers the API can sell through; a real one is added here with its adapter and keys. */
export const INSURANCE_PROVIDERS = ['sandbox', 'off'] as const;
export type InsuranceProviderName = (typeof INSURANCE_PROVIDERS)[number];

/** The insurance module's settings (config.insurance). */
export interface InsuranceConfig {
  /**
   * Who sells the policies: `sandbox` (the local insurer, outside production only) or `off`
   * (insurance is not sold: grades answer `available: false`, prices 650 insurance abnormal).
   */
  provider: InsuranceProviderName;
}

/**
 * INSURANCE_PROVIDER, mirroring PAYMENT_GATEWAY: the sandbox by default outside production and
 * never in production, where no real insurer is integrated yet, so production defaults to `off`
 * and refuses `sandbox` (docs/decisions.md, "Insurance provider per environment").
 */
export const insuranceSettings = defineSettings({
  env: z.object({
    INSURANCE_PROVIDER: z.enum(INSURANCE_PROVIDERS).optional(),
  }),
  check(c, ctx, { production }) {
    if (production && c.INSURANCE_PROVIDER === 'sandbox') {
      ctx.addIssue({
        code: 'custom',
        path: ['INSURANCE_PROVIDER'],
        message: 'must name a real insurer in production, or be off (the sandbox insurer never sells there)',
      });
    }
  },
  read: (c, { production }): InsuranceConfig => ({
    provider: c.INSURANCE_PROVIDER ?? (production ? 'off' : 'sandbox'),
  }),
});
