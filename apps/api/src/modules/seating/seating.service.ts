import type {
  AdminAircraftSeatMap,
  AdminFlightSeats,
  LanguageTag,
  SeatMap,
  SeatPartyMember,
} from '@wings/contracts';
import { type LayoutSeat, layoutSeats, type RuleIssue, type SeatTaker, seatBar } from '@wings/rules';
import type { Db, Executor } from '../../platform/db';
import { AppError, invalid } from '../../platform/errors';
import { aircraftLayouts, type FlightLayout, flightLayout } from '../network';
import { buildSeatMap, layoutView, type SeatTypePrices, seatEntries } from './seat-map';
import { createSeatingRepository, type SeatAssignment } from './seating.repository';

type Cabin = 'C' | 'Y';

/**
 * The seat prices port: the add-on catalogue's prices of each seat type for a route and cabin,
 * for a departure at `at` (the flight's UTC departure; the catalogue takes its local date at the
 * origin), in the route's currency (modules/addons files them: its service's `seatPrices` fits).
 * A type absent from the map has no price filed and is not sold.
 */
export interface SeatPrices {
  seatPrices(route: string, cabin: Cabin, at: Date): Promise<SeatTypePrices>;
}

/** One passenger's seat for an order on one leg, as booking asks for it. */
export interface SeatPick {
  flightId: string;
  /** Row and letter, e.g. "12C". */
  seat: string;
  /** The cabin the passenger is booked in: the seat must be in it. */
  cabin: Cabin;
  /** Booking's passenger and segment ids (text). */
  passengerRef: string;
  segmentRef: string;
  /** Birthday, passenger type (1 adult, 2 child, 3 infant), and whether an infant sits on their lap. */
  taker: SeatTaker;
}

/** What seating answers for one held or confirmed seat. */
export type { SeatAssignment };

/**
 * Seat maps and seat assignments (issue 14). The assignment calls work in the caller's executor
 * (booking's transaction), like inventory's holds: `holdSeats` is all or nothing; `releaseSeats`
 * frees an expired or cancelled order's seats exactly once.
 */
export interface Seating {
  /** A dated flight's seat map for the traveller app; with a party, its bars and suggestions. */
  seatMap(
    flightId: string,
    options: { cabin?: Cabin | undefined; party?: readonly SeatPartyMember[] | undefined; lang: LanguageTag },
  ): Promise<SeatMap>;
  /**
   * Holds the picked seats for the order, all or none, in a savepoint of the caller's executor:
   * a barred or unknown seat is a 400 naming `picks[i].seat`; a seat another order holds is
   * `seatTaken` naming it (nothing of this call is kept). A passenger who already holds a seat
   * of this order on the same segment gets the new one instead (the old one is released).
   */
  holdSeats(tx: Executor, orderRef: string, picks: readonly SeatPick[]): Promise<SeatAssignment[]>;
  /** The order is paid: its held seats become confirmed. How many. */
  confirmSeats(tx: Executor, orderRef: string): Promise<number>;
  /** The order expired or was cancelled: frees its live seats, exactly once. The seats freed. */
  releaseSeats(tx: Executor, orderRef: string, reason?: string): Promise<SeatAssignment[]>;
  /**
   * A late payment revives an expired or cancelled order (booking's `late_rehold`): takes the
   * seats its release freed again, as held, in the caller's executor. False when any of them was
   * taken meanwhile (then part of them may be written: the caller rolls its savepoint back, as
   * it does when inventory cannot re-hold). True when the order released no seat.
   */
  reholdSeats(tx: Executor, orderRef: string): Promise<boolean>;
  /**
   * A seat bought after ticketing is paid (issue 14, secondary-services): frees the seats these
   * passengers held on these segments under any other order (the booking's, an earlier add-on),
   * in the caller's executor. The seats freed.
   */
  releasePassengerSeats(
    tx: Executor,
    rows: ReadonlyArray<{ passengerRef: string; segmentRef: string }>,
    keepOrderRef: string,
  ): Promise<SeatAssignment[]>;
  /** The live seats of these passengers (booking's passenger ids), under any order. */
  seatsOfPassengers(passengerRefs: readonly string[], executor?: Executor): Promise<SeatAssignment[]>;
  /** The order's live seats (held or confirmed). */
  seatsOfOrder(orderRef: string, executor?: Executor): Promise<SeatAssignment[]>;
  /** Staff: every aircraft type's layout drawn. */
  aircraftMaps(): Promise<AdminAircraftSeatMap[]>;
  /** Staff: a dated flight and its live seat assignments; null when unknown. */
  flightSeats(flightId: string): Promise<AdminFlightSeats | null>;
}

export interface SeatingDeps {
  db: Db;
  now: () => Date;
  prices: SeatPrices;
}

/** Release reasons a late payment may take back (booking releases with these); a re-pick's 'changed' is not. */
export const REHOLDABLE = ['expired', 'canceled'] as const;

/** The seating module's service. */
export function createSeating(deps: SeatingDeps): Seating {
  const { db, now, prices } = deps;

  const pricesOf = async (flight: FlightLayout) => {
    const [C, Y] = await Promise.all([
      prices.seatPrices(flight.routeCode, 'C', flight.depUtc),
      prices.seatPrices(flight.routeCode, 'Y', flight.depUtc),
    ]);
    return { C, Y };
  };

  const openFlight = async (executor: Executor, flightId: string): Promise<FlightLayout> => {
    const flight = await flightLayout(executor, flightId);
    if (flight?.status !== 'scheduled') throw new AppError('flightNotFound');
    return flight;
  };

  return {
    async seatMap(flightId, { cabin, party, lang }) {
      const [flight, taken] = await Promise.all([
        openFlight(db, flightId),
        createSeatingRepository(db).takenSeats(flightId),
      ]);
      return buildSeatMap({
        flight,
        layout: flight.seatMap,
        taken: new Set(taken),
        prices: await pricesOf(flight),
        party,
        cabin: cabin ?? 'Y',
        lang,
      });
    },

    async holdSeats(tx, orderRef, picks) {
      if (picks.length === 0) return [];
      // Every leg's layout, read once.
      const flights = new Map<string, { flight: FlightLayout; seats: Map<string, LayoutSeat> }>();
      for (const flightId of new Set(picks.map((p) => p.flightId))) {
        const flight = await openFlight(tx, flightId);
        flights.set(flightId, {
          flight,
          seats: new Map(layoutSeats(flight.seatMap).map((s) => [s.seat, s])),
        });
      }
      const issues: RuleIssue[] = [];
      const seen = new Set<string>();
      const seenPassengers = new Set<string>();
      picks.forEach((pick, i) => {
        const field = `picks[${i}].seat`;
        const leg = flights.get(pick.flightId);
        const seat = leg?.seats.get(pick.seat);
        if (!leg || !seat) {
          issues.push({ field, key: 'seat.not_on_map', params: { seat: pick.seat } });
          return;
        }
        if (seat.cabin !== pick.cabin) {
          issues.push({ field, key: 'seat.wrong_cabin', params: { seat: pick.seat } });
          return;
        }
        const bar = seatBar(pick.taker, seat, leg.flight.depLocalDate, field);
        if (bar) {
          issues.push(bar);
          return;
        }
        const key = `${pick.flightId}/${pick.seat}`;
        if (seen.has(key)) issues.push({ field, key: 'seat.picked_twice', params: { seat: pick.seat } });
        seen.add(key);
        const passenger = `${pick.passengerRef}\u0000${pick.segmentRef}`;
        if (seenPassengers.has(passenger)) issues.push({ field, key: 'seat.passenger_twice' });
        seenPassengers.add(passenger);
      });
      if (issues.length > 0) throw invalid(issues);

      const at = now();
      // A savepoint (or a transaction of its own on the pool): a refused hold keeps nothing,
      // even when the caller goes on with its transaction.
      await tx.transaction(async (sp) => {
        const repo = createSeatingRepository(sp);
        await repo.releasePassengers(orderRef, [...picks], 'changed', at);
        const written = await repo.insertHeld(orderRef, [...picks], at);
        if (written.length < picks.length) {
          const got = new Set(written.map((w) => `${w.flightId}/${w.seat}`));
          const lost = picks.filter((p) => !got.has(`${p.flightId}/${p.seat}`));
          const first = lost[0] as SeatPick;
          throw new AppError('seatTaken', {
            params: { seat: first.seat, flight: flights.get(first.flightId)?.flight.flightNo ?? '' },
            data: { seats: lost.map((p) => ({ flightId: p.flightId, seat: p.seat })) },
          });
        }
      });
      return createSeatingRepository(tx).ofOrder(orderRef);
    },

    confirmSeats: (tx, orderRef) => createSeatingRepository(tx).confirm(orderRef, now()),

    releaseSeats: (tx, orderRef, reason = 'released') =>
      createSeatingRepository(tx).release(orderRef, reason, now()),

    async reholdSeats(tx, orderRef) {
      const repo = createSeatingRepository(tx);
      if ((await repo.ofOrder(orderRef)).length > 0) return true;
      const rows = await repo.lastReleased(orderRef, REHOLDABLE);
      if (rows.length === 0) return true;
      const written = await repo.insertHeld(orderRef, rows, now());
      return written.length === rows.length;
    },

    seatsOfOrder: (orderRef, executor = db) => createSeatingRepository(executor).ofOrder(orderRef),

    releasePassengerSeats: (tx, rows, keepOrderRef) =>
      createSeatingRepository(tx).releasePassengerSeats([...rows], keepOrderRef, 'changed', now()),

    seatsOfPassengers: (passengerRefs, executor = db) =>
      createSeatingRepository(executor).ofPassengers(passengerRefs),

    async aircraftMaps() {
      const types = await aircraftLayouts(db);
      return types.map((a) => {
        const { seats, view } = layoutView(a.seatMap);
        return { code: a.code, name: a.name, layout: view, seats: seatEntries(seats) };
      });
    },

    async flightSeats(flightId) {
      const flight = await flightLayout(db, flightId);
      if (!flight) return null;
      const assignments = await createSeatingRepository(db).ofFlight(flightId);
      return {
        flightId: flight.flightId,
        flightNo: flight.flightNo,
        date: flight.depLocalDate,
        route: flight.routeCode,
        aircraftCode: flight.aircraftCode,
        status: flight.status,
        assignments: assignments.map((a) => ({
          seat: a.seat,
          status: a.status,
          orderRef: a.orderRef,
          passengerRef: a.passengerRef,
          segmentRef: a.segmentRef,
          createdAt: a.createdAt.toISOString(),
        })),
      };
    },
  };
}

/**
 * No seat prices filed: every seat type reads as not sold (price null). For tests and the
 * benchmark's race, which need no catalogue; the module is wired to modules/addons.
 */
export const NO_SEAT_PRICES: SeatPrices = {
  seatPrices: async () => new Map(),
};
