/**
 * Secondary services: the public face of the module (issue 14): add-ons bought after ticketing
 * (secondaryIncrService): a seat, extra baggage, priority boarding or travel insurance for an
 * issued ticket's passenger, as an add-on order of its own (`S` + digits) paid through payments
 * as a payable of kind `addon`, delivered with one EMD number per line. Its tables:
 * db/schema/secondary-services.ts.
 *
 * For other modules:
 * - order detail and the itinerary: `addonOrdersOfOrder(db, orderId)` lists the paid and refunded
 *   add-on orders of an order with their EMD numbers, service, leg, seat / kilograms / plan and
 *   amount;
 * - the ticket refund: `app.secondaryServices.refundTicketAddons({ orderId, passengerId }, actor)`
 *   refunds a ticket's paid add-on orders through payments and marks them refunded.
 */
export { addonOrdersOfOrder } from './addon-orders';
export { createAddonPayableOwner } from './addon-payable';
export { ADDON_EXPIRE_SWEEP_JOB, registerSecondaryServicesJobs } from './secondary-services.jobs';
/** The module's Fastify plugins (app.ts registers the first before payments, the second after it). */
export {
  type SecondaryServicesSettings,
  secondaryServicesCallsModule,
  secondaryServicesModule,
} from './secondary-services.module';
export {
  type AddonPayments,
  SecondaryServices,
  type SecondaryServicesDeps,
} from './secondary-services.service';
