/**
 * check-in/: online check-in (issue 15; after-sales §3 coupon usage, §9 check-in times). Per
 * passenger and leg of a ticketed order, from 2 hours before departure until 60 minutes before:
 * a free seat given when none was bought, the boarding passes with their IATA BCBP barcode, and
 * the departure close (a sweep every minute: checked-in coupons used, the others no-shows). It
 * owns no table: coupons are the tickets module's, flights the network's, seats seating's,
 * orders and their history booking's, each written through its index.
 */
export { DEPARTURE_CLOSE_SWEEP_JOB, registerCheckInJobs } from './check-in.jobs';
/** The module's Fastify plugin (app.ts registers it). */
export { checkInModule } from './check-in.module';
export { type CheckInDeps, CheckInService } from './check-in.service';
