import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/**
 * Texts the back office translates without a release (spec §4 start-up): each overrides the
 * app's own text of the same dotted key, per platform (1 = traveller app).
 */
export const translations = pgTable(
  'translations',
  {
    platform: integer('platform').notNull().default(1),
    code: text('code').notNull(),
    textZh: text('text_zh').notNull(),
    textEn: text('text_en').notNull(),
    textKm: text('text_km').notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.platform, t.code] }),
    index('translations_updated_at_idx').on(t.updatedAt),
  ],
);
