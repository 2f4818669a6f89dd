import { exchangeRates } from '../../db/schema/exchange-rates';
import type { Executor } from '../../platform/db';
import { RATE_SCALE } from './exchange-rates.service';

/**
 * Writes the demo rates in force until staff file newer ones, in the caller's transaction:
 * WeChat Pay charges CNY (spec §9) at `cnyPerUsd` (the rate the demo fares are filed at), and
 * riel amounts are shown. A rate already there is left as it is.
 */
export async function seedDemoRates(tx: Executor, input: { cnyPerUsd: number; from: string }): Promise<void> {
  const effectiveAt = new Date(`${input.from}T00:00:00Z`);
  await tx
    .insert(exchangeRates)
    .values([
      {
        base: 'USD',
        quote: 'CNY',
        rateMicros: Math.round(input.cnyPerUsd * RATE_SCALE),
        source: 'seed',
        effectiveAt,
      },
      { base: 'USD', quote: 'KHR', rateMicros: 4_100 * RATE_SCALE, source: 'seed', effectiveAt },
    ])
    .onConflictDoNothing({ target: [exchangeRates.base, exchangeRates.quote, exchangeRates.effectiveAt] });
}
