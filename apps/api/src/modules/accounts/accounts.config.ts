import { z } from 'zod';
import { defineSettings, refuseInProduction, type SliceOf } from '../../platform/settings';

/** The accounts module's settings (config.accounts): login sessions and the captcha. */
export const accountsSettings = defineSettings({
  env: z.object({
    /** Days a login session lives, sliding with each use (issue 3: 30). */
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** Outside production only: every captcha shows this text, so browser journeys can solve it. */
    CAPTCHA_TEST_TEXT: z
      .string()
      .regex(/^[A-Za-z2-9]{4}$/, 'must be 4 letters or digits')
      .optional(),
  }),
  check(env, ctx, { production }) {
    if (production && env.CAPTCHA_TEST_TEXT) refuseInProduction(ctx, 'CAPTCHA_TEST_TEXT');
  },
  read: (env) => ({
    sessionTtlDays: env.SESSION_TTL_DAYS,
    captchaTestText: env.CAPTCHA_TEST_TEXT,
  }),
});

export type AccountsConfig = SliceOf<typeof accountsSettings>;
