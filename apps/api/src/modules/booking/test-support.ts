/**
 * The booking tests' support lives with the shared test support (apps/api/test/support); flights
 * and orders come from the scenario builders (apps/api/test/scenarios).
 */
export * from '../../../test/support/booking';
