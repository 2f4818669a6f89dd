import { z } from 'zod';
import { defineSettings, type SliceOf } from '../../platform/settings';

/** The loyalty module's settings (config.loyalty): member sessions. */
export const loyaltySettings = defineSettings({
  env: z.object({
    /** Days a member session lives, sliding with each use. */
    MEMBER_SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  }),
  read: (env) => ({ sessionTtlDays: env.MEMBER_SESSION_TTL_DAYS }),
});

export type LoyaltyConfig = SliceOf<typeof loyaltySettings>;
