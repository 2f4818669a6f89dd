import { defineModule, type ModuleOptions } from '../../platform/module';
import { ExchangeRatesRepository } from './exchange-rates.repository';
import { ExchangeRates } from './exchange-rates.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The rates in force: any module charging or showing another currency converts here. */
    exchangeRates: ExchangeRates;
  }
}

/** The exchange-rates module: the rates in force at the clock's time. It serves no call of its own. */
export const exchangeRatesModule = defineModule<ModuleOptions>(
  'exchange-rates',
  [],
  async (app, { platform }) => {
    app.decorate('exchangeRates', new ExchangeRates(new ExchangeRatesRepository(platform.db), platform.now));
  },
);
