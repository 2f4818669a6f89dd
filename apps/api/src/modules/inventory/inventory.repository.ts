import { type SQL, sql } from 'drizzle-orm';
import { flightCabins, flightClassInventory } from '../../db/schema/inventory';
import type { Executor } from '../../platform/db';
import { CABIN_SEATS_LEFT, CLASS_SEATS_LEFT, INFANT_SEATS_LEFT } from './seats-left';

/** Seats one order holds on one flight and booking class. */
export interface SeatHold {
  flightId: string;
  cabin: string;
  bookingClass: string;
  /** Seated passengers (adults and children). */
  seats: number;
  /** Lap infants: no seat, but the cabin's infant limit. */
  infants: number;
}

/** A held (released or live) row of order_holds. */
export interface StoredHold extends SeatHold {
  id: string;
  orderId: string;
}

/** One cabin of a dated flight being opened for sale. */
export interface CabinOpening {
  cabin: 'C' | 'Y';
  capacity: number;
  infantCapacity: number;
  /** Seats sold through other channels (agents, GDS, groups). */
  externalSold?: number;
}

/** One booking-class bucket of a dated flight being opened for sale. */
export interface ClassOpening {
  bookingClass: string;
  cabin: 'C' | 'Y';
  authorisedLimit: number;
  externalSold?: number;
}

/** The counters of one booking class of a flight and of its cabin. */
export interface SeatCounters {
  classSold: number;
  classExternalSold: number;
  classLimit: number;
  cabinSold: number;
  cabinExternalSold: number;
  capacity: number;
  infantSold: number;
}

/** One booking class of a dated flight with its cabin's counters (the staff console's load). */
export interface ClassLoadRow {
  flightId: string;
  cabin: 'C' | 'Y';
  bookingClass: string;
  authorisedLimit: number;
  /** Seats of live holds and tickets of this system (paid and unpaid). */
  classSold: number;
  classExternalSold: number;
  capacity: number;
  cabinSold: number;
  cabinExternalSold: number;
  infantCapacity: number;
  infantSold: number;
}

/** A class's authorised limit as it was and as it became. */
export interface LimitChange {
  cabin: 'C' | 'Y';
  before: number;
  after: number;
}

/** Why an authorised limit was refused, with the numbers the message names. */
export type LimitRefusal =
  | { refused: 'no_class' }
  | { refused: 'below_taken'; taken: number }
  | { refused: 'above_capacity'; cabin: 'C' | 'Y'; capacity: number };

/** The lock order of every seat update (flight, then class row before cabin row): no deadlocks. */
export function byLockOrder<T extends SeatHold>(holds: T[]): T[] {
  return [...holds].sort(
    (a, b) => Number(a.flightId) - Number(b.flightId) || a.bookingClass.localeCompare(b.bookingClass),
  );
}

/** A row of order_holds as the queries below return it (a type: execute wants an indexable row). */
type HoldRow = {
  id: string;
  order_id: string;
  flight_id: string;
  cabin: string;
  booking_class: string;
  seats: number;
  infants: number;
};

/** The columns of a HoldRow. */
const HOLD_COLUMNS = sql.raw('id, order_id, flight_id, cabin, booking_class, seats, infants');

function toHold(r: HoldRow): StoredHold {
  return {
    id: r.id,
    orderId: r.order_id,
    flightId: r.flight_id,
    cabin: r.cabin,
    bookingClass: r.booking_class,
    seats: Number(r.seats),
    infants: Number(r.infants),
  };
}

/**
 * The CTEs that take seats (`inventory_wanted`, `inventory_classes`, `inventory_cabins`): for each
 * row of `wanted` (flight_id, booking_class, cabin, seats, infants), a conditional UPDATE of its
 * class bucket of a scheduled flight not yet departed, then of that class's cabin (and its
 * infant limit). Each UPDATE re-checks its limit on the row it locks, so concurrent buyers queue
 * on the row lock and the second sees the first's count: the counters can never pass their
 * limits. Every class row is taken before its cabin row, rows in the order of `wanted` (flight,
 * then class), as in every statement that changes them. They run once the caller's one-row CTE
 * `anchor` has its row (nothing is taken when it has none).
 */
function takeSeatsCtes(anchor: SQL, wanted: SQL, now: Date): SQL {
  return sql`inventory_wanted as (${wanted}),
    inventory_classes as (
      update flight_class_inventory ci
         set sold = ci.sold + w.seats, updated_at = ${now}
        from inventory_wanted w, ${anchor} a
       where ci.flight_id = w.flight_id and ci.booking_class = w.booking_class
         and ${sql.raw(CLASS_SEATS_LEFT)} >= w.seats
         -- A scalar subquery, looked up by key for each class row: as an EXISTS the planner may
         -- join all scheduled flights by hash, and visit the class rows out of the lock order.
         and (select f.status = 'scheduled' and f.dep_utc > ${now} from flights f where f.id = ci.flight_id)
      returning ci.flight_id, ci.cabin, w.seats, w.infants
    ),
    inventory_cabins as (
      update flight_cabins fc
         set sold = fc.sold + c.seats, infant_sold = fc.infant_sold + c.infants, updated_at = ${now}
        from inventory_classes c
       where fc.flight_id = c.flight_id and fc.cabin = c.cabin
         and ${sql.raw(CABIN_SEATS_LEFT)} >= c.seats
         and ${sql.raw(INFANT_SEATS_LEFT)} >= c.infants
      returning fc.flight_id
    )`;
}

/**
 * Inventory's part of one statement of a caller that makes an order (booking: the whole order
 * in one round trip, docs/decisions.md, issue 12): CTEs (named `inventory_*`) that take the seats
 * of `holds`, in the one lock order, for the order of the caller's one-row CTE `anchor` (column
 * `id`), and record them in order_holds; `taken` is true when every hold got its seats. When it
 * is false the caller must roll its transaction back. The text does not depend on the holds (they
 * are one JSON parameter), so the statement can be a named prepared one.
 */
export function seatHoldPart(anchor: SQL, holds: SeatHold[], now: Date): { ctes: SQL; taken: SQL } {
  const rows = byLockOrder(holds).map((h) => ({
    flight_id: Number(h.flightId),
    booking_class: h.bookingClass,
    cabin: h.cabin,
    seats: h.seats,
    infants: h.infants,
  }));
  const wanted = sql`select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
    as w(flight_id bigint, booking_class text, cabin text, seats integer, infants integer)`;
  return {
    ctes: sql`${takeSeatsCtes(anchor, wanted, now)},
    inventory_holds as (
      insert into order_holds (order_id, flight_id, cabin, booking_class, seats, infants, created_at, updated_at)
      select a.id, w.flight_id::text, w.cabin, w.booking_class, w.seats, w.infants, ${now}, ${now}
        from inventory_wanted w, ${anchor} a
      returning id
    )`,
    taken: sql`((select count(*) from inventory_cabins) = ${rows.length}::int)`,
  };
}

/**
 * Storage of seat counters and holds: the only SQL of the inventory module. Seat counters
 * change only through the conditional UPDATEs below, never read-then-write.
 */
export class InventoryRepository {
  constructor(private readonly db: Executor) {}

  /**
   * Takes the seats of `holds` and records them for the order (one statement): true when every
   * hold got its seats; false when any class or cabin had not enough left, and the caller must
   * roll its transaction back (the other holds of the statement took theirs).
   */
  async hold(orderId: string, holds: SeatHold[], now: Date): Promise<boolean> {
    const part = seatHoldPart(sql.raw('inventory_order'), holds, now);
    const r = await this.db.execute<{ taken: boolean }>(sql`
      with inventory_order as (select ${orderId}::uuid as id), ${part.ctes}
      select ${part.taken} as taken`);
    return r.rows[0]?.taken === true;
  }

  /**
   * Marks the order's live holds released and gives their seats back to their classes and
   * cabins, in one statement; only the rows this call flipped are given back. Those holds.
   */
  async release(orderId: string, now: Date): Promise<StoredHold[]> {
    const released = await this.db.execute<HoldRow>(sql`
      with released as (
        update order_holds set released_at = ${now}, updated_at = ${now}
         where order_id = ${orderId} and released_at is null
        returning ${HOLD_COLUMNS}
      ), classes as (
        update flight_class_inventory ci set sold = ci.sold - r.seats, updated_at = ${now}
          from released r
         where ci.flight_id = r.flight_id::bigint and ci.booking_class = r.booking_class
        returning ci.flight_id, r.cabin, r.seats, r.infants
      ), cabins as (
        update flight_cabins fc
           set sold = fc.sold - c.seats, infant_sold = fc.infant_sold - c.infants, updated_at = ${now}
          from classes c
         where fc.flight_id = c.flight_id and fc.cabin = c.cabin
        returning fc.flight_id
      )
      select ${HOLD_COLUMNS} from released`);
    return released.rows.map(toHold);
  }

  /**
   * Takes the seats of the order's released holds again and makes them live, in one statement:
   * true when every one of them got its seats (none released: true); false when any is no
   * longer there, and the caller must roll back (its savepoint) what the others took.
   */
  async retake(orderId: string, now: Date): Promise<boolean> {
    const wanted = sql`
      select h.flight_id::bigint as flight_id, h.booking_class, h.cabin, h.seats, h.infants
        from order_holds h, inventory_order a
       where h.order_id = a.id and h.released_at is not null
       order by h.flight_id::bigint, h.booking_class`;
    const taking = takeSeatsCtes(sql.raw('inventory_order'), wanted, now);
    const r = await this.db.execute<{ taken: boolean }>(sql`
      with inventory_order as (select ${orderId}::uuid as id), ${taking},
      inventory_live as (
        update order_holds set released_at = null, updated_at = ${now}
         where order_id = ${orderId} and released_at is not null
        returning id
      )
      select (select count(*) from inventory_cabins) = (select count(*) from inventory_wanted) as taken`);
    return r.rows[0]?.taken === true;
  }

  /** The live (unreleased) holds of some orders. */
  async liveHolds(orderIds: string[]): Promise<StoredHold[]> {
    if (orderIds.length === 0) return [];
    const r = await this.db.execute<HoldRow>(sql`
      select ${HOLD_COLUMNS} from order_holds
       where order_id in (${sql.join(
         orderIds.map((id) => sql`${id}`),
         sql`, `,
       )}) and released_at is null`);
    return r.rows.map(toHold);
  }

  /** Inserts the cabins and booking-class buckets of a dated flight. */
  async openFlight(
    flightId: string,
    cabins: CabinOpening[],
    classes: ClassOpening[],
    now: Date,
  ): Promise<void> {
    const id = Number(flightId);
    if (cabins.length > 0) {
      await this.db.insert(flightCabins).values(
        cabins.map((c) => ({
          flightId: id,
          cabin: c.cabin,
          capacity: c.capacity,
          infantCapacity: c.infantCapacity,
          externalSold: c.externalSold ?? 0,
          createdAt: now,
          updatedAt: now,
        })),
      );
    }
    if (classes.length > 0) {
      await this.db.insert(flightClassInventory).values(
        classes.map((c) => ({
          flightId: id,
          bookingClass: c.bookingClass,
          cabin: c.cabin,
          authorisedLimit: c.authorisedLimit,
          externalSold: c.externalSold ?? 0,
          createdAt: now,
          updatedAt: now,
        })),
      );
    }
  }

  /** Every booking class of the flights with its cabin's counters, by flight, cabin, class. */
  async loads(flightIds: string[]): Promise<ClassLoadRow[]> {
    if (flightIds.length === 0) return [];
    const ids = flightIds.map(Number);
    const r = await this.db.execute<{
      flight_id: string;
      cabin: 'C' | 'Y';
      booking_class: string;
      authorised_limit: number;
      class_sold: number;
      class_ext: number;
      capacity: number;
      cabin_sold: number;
      cabin_ext: number;
      infant_capacity: number;
      infant_sold: number;
    }>(sql`
      select ci.flight_id::text as flight_id, ci.cabin, ci.booking_class, ci.authorised_limit,
             ci.sold as class_sold, ci.external_sold as class_ext,
             fc.capacity, fc.sold as cabin_sold, fc.external_sold as cabin_ext,
             fc.infant_capacity, fc.infant_sold
        from flight_class_inventory ci
        join flight_cabins fc on fc.flight_id = ci.flight_id and fc.cabin = ci.cabin
       where ci.flight_id = any(${`{${ids.join(',')}}`}::bigint[])
       order by ci.flight_id, ci.cabin, ci.booking_class`);
    return r.rows.map((row) => ({
      flightId: row.flight_id,
      cabin: row.cabin,
      bookingClass: row.booking_class,
      authorisedLimit: Number(row.authorised_limit),
      classSold: Number(row.class_sold),
      classExternalSold: Number(row.class_ext),
      capacity: Number(row.capacity),
      cabinSold: Number(row.cabin_sold),
      cabinExternalSold: Number(row.cabin_ext),
      infantCapacity: Number(row.infant_capacity),
      infantSold: Number(row.infant_sold),
    }));
  }

  /** The live holds on some flights, with their orders (the staff console's seats held). */
  async liveHoldsOnFlights(flightIds: string[]): Promise<StoredHold[]> {
    if (flightIds.length === 0) return [];
    const r = await this.db.execute<HoldRow>(sql`
      select ${HOLD_COLUMNS} from order_holds
       where flight_id = any(${`{${flightIds.map(Number).join(',')}}`}::text[]) and released_at is null`);
    return r.rows.map(toHold);
  }

  /**
   * Sets a class's authorised limit in one conditional UPDATE of its row (the lock every seat
   * update takes first): refused when it would be below what the class has taken (its live holds
   * and tickets, and what other channels sold) or above its cabin's seats. The limit before and
   * after, or why it was refused.
   */
  async setLimit(
    flightId: string,
    bookingClass: string,
    limit: number,
    now: Date,
  ): Promise<LimitChange | LimitRefusal> {
    const r = await this.db.execute<{
      cabin: 'C' | 'Y';
      before: number;
      taken: number;
      capacity: number;
      changed: boolean;
    }>(sql`
      with old as (
        select ci.cabin, ci.authorised_limit as before, ci.sold + ci.external_sold as taken, fc.capacity
          from flight_class_inventory ci
          join flight_cabins fc on fc.flight_id = ci.flight_id and fc.cabin = ci.cabin
         where ci.flight_id = ${flightId}::bigint and ci.booking_class = ${bookingClass}
           for update of ci
      ), changed as (
        update flight_class_inventory ci set authorised_limit = ${limit}, updated_at = ${now}
          from old
         where ci.flight_id = ${flightId}::bigint and ci.booking_class = ${bookingClass}
           and ci.sold + ci.external_sold <= ${limit} and old.capacity >= ${limit}
        returning ci.booking_class
      )
      select old.cabin, old.before, old.taken, old.capacity, exists (select 1 from changed) as changed from old`);
    const row = r.rows[0];
    if (!row) return { refused: 'no_class' };
    if (row.changed) return { cabin: row.cabin, before: Number(row.before), after: limit };
    if (limit > Number(row.capacity)) {
      return { refused: 'above_capacity', cabin: row.cabin, capacity: Number(row.capacity) };
    }
    return { refused: 'below_taken', taken: Number(row.taken) };
  }

  /** The counters of a class of a flight and its cabin; null when the flight does not sell it. */
  async counters(flightId: string, bookingClass: string): Promise<SeatCounters | null> {
    const r = await this.db.execute<{
      class_sold: number;
      class_ext: number;
      class_limit: number;
      cabin_sold: number;
      cabin_ext: number;
      capacity: number;
      infant_sold: number;
    }>(sql`
      select ci.sold as class_sold, ci.external_sold as class_ext, ci.authorised_limit as class_limit,
             fc.sold as cabin_sold, fc.external_sold as cabin_ext, fc.capacity, fc.infant_sold
        from flight_class_inventory ci join flight_cabins fc on fc.flight_id = ci.flight_id and fc.cabin = ci.cabin
       where ci.flight_id = ${flightId}::bigint and ci.booking_class = ${bookingClass}`);
    const row = r.rows[0];
    if (!row) return null;
    return {
      classSold: Number(row.class_sold),
      classExternalSold: Number(row.class_ext),
      classLimit: Number(row.class_limit),
      cabinSold: Number(row.cabin_sold),
      cabinExternalSold: Number(row.cabin_ext),
      capacity: Number(row.capacity),
      infantSold: Number(row.infant_sold),
    };
  }
}
