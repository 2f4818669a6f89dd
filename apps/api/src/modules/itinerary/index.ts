/**
 * Itinerary: the public face of the module (docs/architecture.md). Mails the e-ticket itinerary
 * of a paid, ticketed order as a PDF (after-sales-and-loyalty.md §7, §8). It owns no table: it
 * reads the order through booking (`ItineraryOrders`) and airports through network.
 */

export { ITINERARY_RESEND_ROLES, itineraryAdminRoutes } from './itinerary.admin-routes';
/**
 * The module's Fastify plugin (app.ts registers it; docs/decisions.md, issue 11). It decorates
 * `app.itinerary` (`ItineraryMailing`): a module registered after it (changes) mails an order's
 * itinerary again with `app.itinerary.resendItinerary(orderNo, 'rescheduled')` after its commit.
 */
export { type ItineraryMailing, itineraryModule } from './itinerary.module';
export { itineraryRoutes } from './itinerary.routes';
export { ITINERARY_SEND_LIMIT, type ItineraryOrders } from './itinerary.service';
