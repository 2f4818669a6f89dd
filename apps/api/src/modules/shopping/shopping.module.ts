import { defineModule, type ModuleOptions } from '../../platform/module';
import type { ShoppingConfig } from './shopping.config';
import { shoppingRoutes } from './shopping.routes';

/** The shopping module: flight search, price calendars and route facts, over the network and its inventory. */
export const shoppingModule = defineModule<ModuleOptions<ShoppingConfig>>(
  'shopping',
  ['network'],
  async (app, { platform, config }) => {
    app.layers.add(
      'main',
      shoppingRoutes({
        db: platform.db,
        now: platform.now,
        network: app.network,
        cacheTtlMs: config.searchCacheTtlMs,
        keepSerialised: config.keepSerialised,
      }),
    );
  },
);
