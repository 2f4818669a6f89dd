/**
 * Changes: the public face of the module (issue 16): changes of date of ticketed orders
 * (after-sales §2-§9) and what travellers may do when the airline retimes or cancels their flight.
 * Its tables: db/schema/changes.ts.
 */
/** The module's Fastify plugins (app.ts registers the first before payments, the second after the itinerary). */

/** The console's read roles and the lapse sweep's job name. */
export { CHANGE_READ_ROLES } from './changes.admin-routes';
export { CHANGES_SWEEP_JOB, registerChangesJobs } from './changes.jobs';
export { type ChangesSettings, changesCallsModule, changesModule } from './changes.module';
/** A change order's record (the disruption answers read an order's change orders: `app.changes.changeOrdersOf`). */
export type { ChangeOrderRecord } from './changes.repository';
/** The change service (`app.changes`): a disruption's free move is its quote with kind `disruption`. */
export { type ChangeOrder, ChangesService } from './changes.service';
