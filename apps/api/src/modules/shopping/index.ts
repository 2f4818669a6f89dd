/**
 * Shopping: the public face of the module (docs/architecture.md). Flight search, the price
 * calendars and route facts, read over the network (airports, routes) and the inventory's seats
 * left; it owns no table.
 */

/** The module's Fastify plugin (app.ts registers it; docs/decisions.md, issue 11). */
export { shoppingModule } from './shopping.module';
export { shoppingRoutes } from './shopping.routes';
