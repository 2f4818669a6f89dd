/**
 * inventory/: seat counts of dated flights (cabins, nested booking-class buckets) and the seats
 * orders hold. Seats left are computed in one place (seats-left.ts), used by shopping, pricing and
 * this module's own conditional updates. Seat assignments will live here too.
 */

/** Seats taken and offered per local departure date (the staff dashboard's load factor). */
export { type DayLoad, flightLoadByDay } from './flight-load';
/** The module's Fastify plugin (app.ts registers it; docs/decisions.md, issue 11). */
export { inventoryModule } from './inventory.module';
export type {
  CabinOpening,
  ClassLoadRow,
  ClassOpening,
  LimitChange,
  LimitRefusal,
  SeatCounters,
  SeatHold,
} from './inventory.repository';
/** Inventory's part of a caller's single statement that makes an order: its seats taken and held. */
export { seatHoldPart } from './inventory.repository';
export { createInventory, type FlightOpening, type Inventory } from './inventory.service';
/** Refunded passengers' seats back to the flight, in the refund's transaction (issue 15, modules/refunds). */
export { releasePassengerSeats } from './passenger-release';
export {
  availabilityJoin,
  availabilityJoinText,
  CABIN_SEATS_LEFT,
  CLASS_SEATS_LEFT,
  hasSeatsFor,
  INFANT_SEATS_LEFT,
  SEATS_LEFT,
} from './seats-left';
