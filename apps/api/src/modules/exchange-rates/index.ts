import type { Db } from '../../platform/db';
import { ExchangeRatesRepository } from './exchange-rates.repository';
import { ExchangeRates } from './exchange-rates.service';

/**
 * Exchange rates: the public face of the module. Any module that charges or shows money in
 * another currency (WeChat Pay in CNY today; add-ons and awards later) converts through it, never
 * through the exchange_rates table.
 */
export { convertMinor, type ExchangeRates, RATE_SCALE, type Rate } from './exchange-rates.service';

/** The rates in force, read from the database at the clock's time. */
export function createExchangeRates(db: Db, now: () => Date): ExchangeRates {
  return new ExchangeRates(new ExchangeRatesRepository(db), now);
}

/** The demo rates (SEED_DEMO, `npm run db:seed`), written by db/seed with the rest of the demo data. */
export { seedDemoRates } from './demo-rates';

/** The module's Fastify plugin (app.ts registers it; docs/decisions.md, issue 11). */
export { exchangeRatesModule } from './exchange-rates.module';
