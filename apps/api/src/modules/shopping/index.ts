/**
 * Shopping: the public face of the module (docs/architecture.md). Flight search, the price
 * calendars and route facts, read over the network (airports, routes) and the inventory's seats
 * left; it owns no table.
 */

/** Back-office changes every process's search cache drops (announced in the change's transaction). */
export { type SearchChange, SearchChanges } from './search-changes';
/** The module's Fastify plugin (app.ts registers it; docs/decisions.md, issue 11). */
export { shoppingModule } from './shopping.module';
export { shoppingRoutes } from './shopping.routes';
