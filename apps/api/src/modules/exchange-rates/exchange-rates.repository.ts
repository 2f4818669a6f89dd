import { and, desc, eq, lte } from 'drizzle-orm';
import { exchangeRates } from '../../db/schema/exchange-rates';
import type { Db } from '../../platform/db';

/** A stored rate: quote units per base unit times 1,000,000. */
export interface StoredRate {
  rateMicros: number;
  effectiveAt: Date;
}

/** Reads exchange_rates: the only SQL of exchange rates. */
export class ExchangeRatesRepository {
  constructor(private readonly db: Db) {}

  /** The rate of the pair in force at `at`: the latest effective at or before it. */
  async latest(base: string, quote: string, at: Date): Promise<StoredRate | null> {
    const [row] = await this.db
      .select({ rateMicros: exchangeRates.rateMicros, effectiveAt: exchangeRates.effectiveAt })
      .from(exchangeRates)
      .where(
        and(eq(exchangeRates.base, base), eq(exchangeRates.quote, quote), lte(exchangeRates.effectiveAt, at)),
      )
      .orderBy(desc(exchangeRates.effectiveAt))
      .limit(1);
    return row ?? null;
  }
}
