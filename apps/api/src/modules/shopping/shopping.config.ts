import { z } from 'zod';
import { defineSettings, type SliceOf } from '../../platform/settings';

/** The shopping module's settings (config.shopping). */
export const shoppingSettings = defineSettings({
  env: z.object({
    /** How long a search result may be served from memory, milliseconds; 0 turns the cache off. */
    SEARCH_CACHE_TTL_MS: z.coerce.number().int().min(0).default(5000),
    /**
     * Whether a cached search result also keeps its reply serialised (search-replies.ts); `false`
     * works out and serialises every reply again, as before issue 12: `npm run bench` measures
     * both in one run.
     */
    SEARCH_KEEP_SERIALISED: z.enum(['true', 'false']).default('true'),
  }),
  read: (env) => ({
    searchCacheTtlMs: env.SEARCH_CACHE_TTL_MS,
    keepSerialised: env.SEARCH_KEEP_SERIALISED === 'true',
  }),
});

export type ShoppingConfig = SliceOf<typeof shoppingSettings>;
