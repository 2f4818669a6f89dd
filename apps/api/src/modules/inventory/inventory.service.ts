import type { Executor, Tx } from '../../platform/db';
import {
  byLockOrder,
  type CabinOpening,
  type ClassLoadRow,
  type ClassOpening,
  InventoryRepository,
  type LimitChange,
  type LimitRefusal,
  type SeatCounters,
  type SeatHold,
} from './inventory.repository';

/** A dated flight's inventory as it is opened for sale. */
export interface FlightOpening {
  flightId: string;
  cabins: CabinOpening[];
  classes: ClassOpening[];
}

/**
 * Seat counts and the seats orders hold (docs/architecture.md §2: inventory). Every method works in the
 * caller's executor, so a hold commits or rolls back with the order that takes it. A hold is
 * the first step of the money flow (CODE_STYLE.md §10): it records what it took (order_holds) and its
 * compensation, `release`, gives exactly those seats back once.
 */
export interface Inventory {
  /**
   * Takes the seats of every hold, in the one lock order, and records them for the order, in one
   * statement (`seatHoldPart` gives the same as a part of a caller's own statement). False when
   * any class or cabin has not enough left: the caller must then roll its transaction back (some
   * seats may have been taken by then).
   */
  hold(tx: Tx, orderId: string, holds: SeatHold[], now: Date): Promise<boolean>;
  /**
   * Gives the order's live holds back, exactly once: only the holds this call flipped from live
   * to released are given back (a concurrent or repeated release gives nothing), in one
   * statement. Those holds.
   */
  release(tx: Tx, orderId: string, now: Date): Promise<SeatHold[]>;
  /**
   * A late payment: takes the order's released holds again, all or none (in a savepoint of the
   * caller's transaction). False, with nothing changed, when any of them is no longer there.
   */
  rehold(tx: Tx, orderId: string, now: Date): Promise<boolean>;
  /** The live holds of some orders (the hold limits). */
  liveHolds(tx: Executor, orderIds: string[]): Promise<Array<SeatHold & { orderId: string }>>;
  /** Opens a dated flight's cabins and booking-class buckets for sale. */
  openFlight(tx: Executor, opening: FlightOpening, now: Date): Promise<void>;
  /** The counters of a class of a flight and of its cabin (tests, benchmarks, staff). */
  counters(tx: Executor, flightId: string, bookingClass: string): Promise<SeatCounters | null>;
  /** Every booking class of the flights with its cabin's counters (the staff console's load). */
  loads(tx: Executor, flightIds: string[]): Promise<ClassLoadRow[]>;
  /** The live (unreleased) holds on some flights, with their orders. */
  liveHoldsOnFlights(tx: Executor, flightIds: string[]): Promise<Array<SeatHold & { orderId: string }>>;
  /**
   * Sets a class's authorised limit (staff), in the caller's transaction: refused, with the
   * numbers, when below what the class has taken (live holds, tickets, other channels) or above
   * its cabin's seats.
   */
  setLimit(
    tx: Executor,
    flightId: string,
    bookingClass: string,
    limit: number,
    now: Date,
  ): Promise<LimitChange | LimitRefusal>;
}

class SeatsGone extends Error {}

const seatHold = (h: SeatHold): SeatHold => ({
  flightId: h.flightId,
  cabin: h.cabin,
  bookingClass: h.bookingClass,
  seats: h.seats,
  infants: h.infants,
});

/** The inventory module's service (stateless). */
export function createInventory(): Inventory {
  return {
    hold(tx, orderId, holds, now) {
      return new InventoryRepository(tx).hold(orderId, holds, now);
    },
    async release(tx, orderId, now) {
      return byLockOrder((await new InventoryRepository(tx).release(orderId, now)).map(seatHold));
    },
    async rehold(tx, orderId, now) {
      return tx
        .transaction(async (sp) => {
          if (!(await new InventoryRepository(sp).retake(orderId, now))) throw new SeatsGone();
          return true;
        })
        .catch((err: unknown) => {
          if (err instanceof SeatsGone) return false;
          throw err;
        });
    },
    async liveHolds(tx, orderIds) {
      const rows = await new InventoryRepository(tx).liveHolds(orderIds);
      return rows.map((h) => ({ ...seatHold(h), orderId: h.orderId }));
    },

    async openFlight(tx, opening, now) {
      await new InventoryRepository(tx).openFlight(opening.flightId, opening.cabins, opening.classes, now);
    },

    counters(tx, flightId, bookingClass) {
      return new InventoryRepository(tx).counters(flightId, bookingClass);
    },

    loads(tx, flightIds) {
      return new InventoryRepository(tx).loads(flightIds);
    },

    async liveHoldsOnFlights(tx, flightIds) {
      const rows = await new InventoryRepository(tx).liveHoldsOnFlights(flightIds);
      return rows.map((h) => ({ ...seatHold(h), orderId: h.orderId }));
    },

    setLimit(tx, flightId, bookingClass, limit, now) {
      return new InventoryRepository(tx).setLimit(flightId, bookingClass, limit, now);
    },
  };
}
