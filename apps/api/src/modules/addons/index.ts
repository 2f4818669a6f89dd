/**
 * Add-ons (issue 14): the public face of the module. The catalogue of add-on prices the airline
 * files per route and cabin, in a currency, for departure dates (table `addon_prices`,
 * db/schema/addons.ts): extra-baggage steps (service code 13), priority boarding (11), seat
 * prices by seat type PFST / UPST / SEAT (12) and the Enhanced Refundable Ticket upgrade (a
 * share of the fare). Other modules, app.ts and db/seed import only from here.
 *
 * For the booking integration (next round), `app.addons` (`AddonsService`) answers:
 * - `legPrices(legs, tx?)`: what is sold on each leg (route, cabin, the journey's currency,
 *   the local departure date) and at what price per passenger, read in booking's transaction:
 *   price a traveller's choice from it (`baggage` by weightKg, `priority`, `seats.get(type)`,
 *   `refundUpgradePercent` with @wings/rules `refundUpgradePrice(fare, percent)`); a choice
 *   absent there is not sold (refuse it naming the field). Service codes: @wings/rules
 *   `serviceCodeOf(kind)`; the free allowance `FREE_BAGGAGE`.
 * - `seatPrices(route, cabin, at)`: seating's `SeatPrices` port (seat types' prices in the
 *   route's own currency for a departure at `at`): `createSeating({ prices: app.addons })`.
 * - `baggage`, `priority`, `seatTypes`, `menu` (offerId): the traveller calls' replies.
 */

/** Who reads and who changes the catalogue in the console (the staff-roles test reads them). */
export { ADDONS_CHANGE_ROLES, ADDONS_READ_ROLES } from './addons.admin-routes';
/** The module's Fastify plugin (app.ts registers it after pricing; it decorates `app.addons`). */
export { addonsModule } from './addons.module';
/** One leg's question (route, cabin, currency, local date) for `legPrices`. */
export type { LegPriceQuery } from './addons.repository';
export type { AddonsService, LegAddonPrices } from './addons.service';
/** The demo catalogue (SEED_DEMO, `npm run db:seed`), written by db/seed with the rest of the demo data. */
export { ADDONS_FILED_FROM, demoAddonPrices, seedDemoAddons } from './demo-addons';
