/** Scenario builders: each test builds the flights and orders it needs (CODE_STYLE.md §11). */
export {
  aPrivateFlight,
  aReturnFlight,
  type CabinSpec,
  type PrivateFlight,
  type PrivateFlightSpec,
  type WithDatabase,
} from './flights';
export {
  anOrder,
  aPaidOrderWithTickets,
  cancelOrder,
  type OrderSpec,
  type OrderStatus,
  payOrder,
  type ScenarioOrder,
  ticketOrder,
} from './orders';
