import { HUB_TIME_ZONE } from '@wings/rules';
import { z } from 'zod';
import { defineSettings } from '../../platform/settings';

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The network's settings, as environment variables (config.ts composes every module's). */
export const ZNetworkEnv = z.object({
  /**
   * The hub's IANA zone: the airline's "today" (the flight horizon starts there, order numbers
   * carry its date) and the zone of an airport the network does not know.
   */
  HUB_TIME_ZONE: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone, e.g. Asia/Phnom_Penh')
    .default(HUB_TIME_ZONE),
  /**
   * Whether an empty database gets the demo network, fares and promo codes at start-up; on by
   * default outside production, off in production. A database with data is never re-seeded.
   */
  SEED_DEMO: z.enum(['true', 'false']).optional(),
});

export interface NetworkConfig {
  /** IANA zone of the hub (HUB_TIME_ZONE). */
  hubTimeZone: string;
  /** SEED_DEMO: write the demo data into an empty database (and fill demo sales on new flights). */
  seedDemo: boolean;
}

export function networkConfig(env: z.infer<typeof ZNetworkEnv>, nodeEnv: string): NetworkConfig {
  return {
    hubTimeZone: env.HUB_TIME_ZONE,
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === 'true' : nodeEnv !== 'production',
  };
}

/** The network's slice of the configuration (config.network), composed by config.ts. */
export const networkSettings = defineSettings({
  env: ZNetworkEnv,
  read: (env, base) => networkConfig(env, base.env),
});
