import { bigint, bigserial, char, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/**
 * Exchange rates for charging in another currency (spec §9: USD is converted to CNY for WeChat
 * Pay). The rate in force is the latest with effective_at at or before now. rate_micros is the
 * quote-currency units per base-currency unit times 1,000,000 (7.2345 CNY per USD = 7234500).
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    base: char('base', { length: 3 }).notNull(),
    quote: char('quote', { length: 3 }).notNull(),
    rateMicros: bigint('rate_micros', { mode: 'number' }).notNull(),
    /** Who set it: seed | staff | feed. */
    source: text('source').notNull(),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('exchange_rates_pair_effective_key').on(t.base, t.quote, t.effectiveAt)],
);
