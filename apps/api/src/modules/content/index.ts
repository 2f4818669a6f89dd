/**
 * Content: the public face of the module (docs/architecture.md). The server translations the
 * traveller app merges at start-up (booking-and-account.md §7 translation list); later the
 * promotions and notices staff edit.
 */

/** The module's Fastify plugin (app.ts registers it; docs/decisions.md, issue 11). */
export { contentModule } from './content.module';
export { contentRoutes } from './content.routes';
export { ContentService } from './content.service';
