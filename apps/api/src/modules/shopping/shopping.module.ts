import { defineModule, type ModuleOptions } from '../../platform/module';
import { SearchChanges } from './search-changes';
import type { ShoppingConfig } from './shopping.config';
import { shoppingRoutes } from './shopping.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Back-office changes cached searches must drop, in every process (search-changes.ts): the
     * pricing module announces a fare change in its transaction.
     */
    searchChanges: SearchChanges;
  }
}

/** The shopping module: flight search, price calendars and route facts, over the network and its inventory. */
export const shoppingModule = defineModule<ModuleOptions<ShoppingConfig>>(
  'shopping',
  ['network'],
  async (app, { platform, config }) => {
    const changes = new SearchChanges(platform.notifications);
    app.decorate('searchChanges', changes);
    // Without a cache there is nothing to drop.
    if (config.searchCacheTtlMs > 0) changes.listen();
    app.layers.add(
      'main',
      shoppingRoutes({
        db: platform.db,
        now: platform.now,
        network: app.network,
        cacheTtlMs: config.searchCacheTtlMs,
        keepSerialised: config.keepSerialised,
        changes,
      }),
    );
  },
);
