import { z } from 'zod';
import { defineSettings, type SliceOf } from '../../platform/settings';

/** The pricing module's settings (config.pricing). */
export const pricingSettings = defineSettings({
  env: z.object({
    /** Minutes a priced offer keeps its price (issue 4: 20). */
    OFFER_MINUTES: z.coerce.number().int().min(1).max(120).default(20),
  }),
  read: (env) => ({ offerMinutes: env.OFFER_MINUTES }),
});

export type PricingConfig = SliceOf<typeof pricingSettings>;
