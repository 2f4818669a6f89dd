/**
 * network/: airports, routes, aircraft, schedules and dated flights. Other modules read the
 * network through this file only: the airport time-zone port and the hub's zone (`AirportZones`),
 * airports and routes (`Network`), a dated flight for scenario builders (`createDatedFlight`), the
 * rolling flight horizon (`ensureFlightHorizon`, also a daily job) and the demo network db/seed
 * writes into an empty database.
 */
/** Dated flights the airline canceled or retimed (issue 16, the console's disrupted flights). */
export { type ChangedFlight, changedFlight, changedFlights } from './changed-flights';
/** Dated flights as online check-in reads and closes them (issue 15, modules/check-in). */
export {
  type CheckInFlight,
  checkInFlights,
  flightsDueForClose,
  markDepartureClosed,
  nextCheckInSeq,
} from './check-in-flights';
export { createDatedFlight, type DatedFlight, type DatedFlightInput } from './dated-flight';
export {
  AIRPORTS as DEMO_AIRPORTS,
  demoAirportCountries,
  networkRoutes as demoNetworkRoutes,
  SCHEDULES as DEMO_SCHEDULES,
  seedDemoNetwork,
} from './demo-network';
export { ensureFlightHorizon, FLIGHT_HORIZON_DAYS, type HorizonOptions } from './flight-horizon';
/** The staff console's network and flight calls (issue 13), registered after booking. */
export { networkAdminModule } from './network.admin-module';
export { type NetworkConfig, networkConfig, ZNetworkEnv } from './network.config';
export { FLIGHT_HORIZON_JOB, type NetworkJobDeps, networkJobs } from './network.jobs';
/** The module's Fastify plugin (app.ts registers it; docs/decisions.md, issue 11). */
export { networkModule } from './network.module';
export type { AircraftLayout, FlightLayout, NetworkAirport, NetworkRoute } from './network.repository';
/** Seat layouts for the seating module: a dated flight's (`flightLayout`) and every aircraft type's. */
export {
  type AirportZones,
  aircraftLayouts,
  createNetwork,
  flightLayout,
  type Network,
  networkIsEmpty,
} from './network.service';
