import { z } from 'zod';
import { defineSettings, type SliceOf } from '../../platform/settings';

/** The shopping module's settings (config.shopping). */
export const shoppingSettings = defineSettings({
  env: z.object({
    /** How long a search result may be served from memory, milliseconds; 0 turns the cache off. */
    SEARCH_CACHE_TTL_MS: z.coerce.number().int().min(0).default(5000),
  }),
  read: (env) => ({ searchCacheTtlMs: env.SEARCH_CACHE_TTL_MS }),
});

export type ShoppingConfig = SliceOf<typeof shoppingSettings>;
