export { AIRLINE_DESIGNATOR, HUB_TIME_ZONE } from './network-data';
export { ensureFlightHorizon, FLIGHT_HORIZON_DAYS, networkRoutes, seedNetwork } from './seed-network';
