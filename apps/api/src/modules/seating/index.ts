/**
 * seating/: seat maps of dated flights (from the aircraft layouts the network owns) and seat
 * assignments, one live row per (dated flight, seat), unique in the database (issue 14).
 *
 * For booking (next round), inside its own transaction `tx`, as it calls inventory's holds:
 * - `app.seating.holdSeats(tx, orderId, picks)` when the order is made with chosen seats: all or
 *   nothing; a barred or unknown seat is a 400 naming `picks[i].seat` (seat.* message keys), a
 *   seat another order holds is `seatTaken` (code 640, `data.seats`); nothing of a refused call is
 *   kept (it runs in a savepoint). A passenger re-picking on the same segment swaps seats.
 * - `confirmSeats(tx, orderId)` when the order is paid; `releaseSeats(tx, orderId, reason)` when it
 *   expires or is cancelled (frees the seats exactly once); `reholdSeats(tx, orderId)` when a late
 *   payment revives it (false: a seat was taken meanwhile); `seatsOfOrder(orderId)` for detail,
 *   the itinerary and the console.
 * - a pick carries the passenger's birthday, type and whether an infant is on their lap: the
 *   server applies `seatBar` (packages/rules) on the flight's local departure date.
 * The traveller's map is `POST /api/travelsky/ibe/getSeatLeaveInfo`; staff read aircraft maps and
 * a flight's taken seats under `/api/admin/seating`.
 */
/** A change of date's step (issue 16, modules/changes): the moved leg's seats taken again on the new flight. */
export { type ReseatedPassenger, type ReseatForChange, reseatForChange } from './reseat-for-change';
export { buildSeatMap, type SeatTypePrices, suggestSeats } from './seat-map';
/** The module's Fastify plugin (app.ts registers it). */
export { seatingModule } from './seating.module';
export type { SeatAssignment } from './seating.repository';
export {
  createSeating,
  NO_SEAT_PRICES,
  type Seating,
  type SeatingDeps,
  type SeatPick,
  type SeatPrices,
} from './seating.service';
