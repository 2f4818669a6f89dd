import { sql } from 'drizzle-orm';
import { flightCabins, flightClassInventory, orderHolds } from '../../db/schema/inventory';
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
 * Storage of seat counters and holds: the only SQL of the inventory module. Seat counters
 * change only through the conditional UPDATEs below, never read-then-write.
 */
export class InventoryRepository {
  constructor(private readonly db: Executor) {}

  /**
   * Takes `seats` of a booking class and its cabin (and `infants` of the cabin's infant limit)
   * of a scheduled flight not yet departed, or nothing. Each UPDATE re-checks its limit on the
   * row it locks, so concurrent buyers queue on the row lock and the second sees the first's
   * count: the counters can never pass their limits. False when either limit would be passed;
   * the caller then rolls the transaction back (the class update, if done, with it).
   */
  async takeSeats(hold: SeatHold, now: Date): Promise<boolean> {
    const klass = await this.db.execute<{ cabin: string }>(sql`
      update flight_class_inventory ci
         set sold = ci.sold + ${hold.seats}, updated_at = ${now}
       where ci.flight_id = ${hold.flightId}::bigint
         and ci.booking_class = ${hold.bookingClass}
         and ${sql.raw(CLASS_SEATS_LEFT)} >= ${hold.seats}
         and exists (select 1 from flights f
                      where f.id = ci.flight_id and f.status = 'scheduled' and f.dep_utc > ${now})
      returning ci.cabin`);
    const cabin = klass.rows[0]?.cabin;
    if (!cabin) return false;
    const cabins = await this.db.execute(sql`
      update flight_cabins fc
         set sold = fc.sold + ${hold.seats}, infant_sold = fc.infant_sold + ${hold.infants}, updated_at = ${now}
       where fc.flight_id = ${hold.flightId}::bigint
         and fc.cabin = ${cabin}
         and ${sql.raw(CABIN_SEATS_LEFT)} >= ${hold.seats}
         and ${sql.raw(INFANT_SEATS_LEFT)} >= ${hold.infants}
      returning fc.flight_id`);
    return (cabins.rowCount ?? 0) === 1;
  }

  /** Gives seats back to a class and its cabin (a release: the hold row already says so). */
  async giveBack(hold: SeatHold, now: Date): Promise<void> {
    await this.db.execute(sql`
      update flight_class_inventory set sold = sold - ${hold.seats}, updated_at = ${now}
       where flight_id = ${hold.flightId}::bigint and booking_class = ${hold.bookingClass}`);
    await this.db.execute(sql`
      update flight_cabins
         set sold = sold - ${hold.seats}, infant_sold = infant_sold - ${hold.infants}, updated_at = ${now}
       where flight_id = ${hold.flightId}::bigint and cabin = ${hold.cabin}`);
  }

  async insertHolds(orderId: string, holds: SeatHold[], now: Date): Promise<void> {
    if (holds.length === 0) return;
    await this.db.insert(orderHolds).values(
      holds.map((h) => ({
        orderId,
        flightId: h.flightId,
        cabin: h.cabin,
        bookingClass: h.bookingClass,
        seats: h.seats,
        infants: h.infants,
        createdAt: now,
        updatedAt: now,
      })),
    );
  }

  /** Marks the order's live holds released; only the rows this call flipped. */
  async markReleased(orderId: string, now: Date): Promise<StoredHold[]> {
    const released = await this.db.execute<HoldRow>(sql`
      update order_holds set released_at = ${now}, updated_at = ${now}
       where order_id = ${orderId} and released_at is null
      returning ${HOLD_COLUMNS}`);
    return released.rows.map(toHold);
  }

  /** The released holds of an order (to take again after a late payment). */
  async releasedHolds(orderId: string): Promise<StoredHold[]> {
    const r = await this.db.execute<HoldRow>(sql`
      select ${HOLD_COLUMNS} from order_holds
       where order_id = ${orderId} and released_at is not null`);
    return r.rows.map(toHold);
  }

  /** Released → live again; false when it was not released. */
  async unrelease(holdId: string, now: Date): Promise<boolean> {
    const r = await this.db.execute(
      sql`update order_holds set released_at = null, updated_at = ${now} where id = ${holdId} and released_at is not null`,
    );
    return (r.rowCount ?? 0) === 1;
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
