import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { seatAssignments } from '../../db/schema/seating';
import type { Executor } from '../../platform/db';

/** A seat of a dated flight to write for an order's passenger on one segment. */
export interface SeatRow {
  flightId: string;
  seat: string;
  passengerRef: string;
  segmentRef: string;
}

/** A live (held or confirmed) seat assignment. */
export interface SeatAssignment extends SeatRow {
  orderRef: string;
  status: 'held' | 'confirmed';
  createdAt: Date;
  confirmedAt: Date | null;
}

const live = isNull(seatAssignments.releasedAt);

const assignmentOf = (r: typeof seatAssignments.$inferSelect): SeatAssignment => ({
  flightId: String(r.flightId),
  seat: r.seat,
  orderRef: r.orderRef,
  passengerRef: r.passengerRef,
  segmentRef: r.segmentRef,
  status: r.status as 'held' | 'confirmed',
  createdAt: r.createdAt,
  confirmedAt: r.confirmedAt,
});

/** Data access of the seating module: the only file of the module that knows its table. */
export function createSeatingRepository(db: Executor) {
  return {
    /**
     * Writes the seats as held by the order, each only when no live assignment has it: the
     * partial unique index decides a race (a concurrent insert waits for the other transaction,
     * then does nothing when that one committed). The seats written.
     */
    async insertHeld(
      orderRef: string,
      rows: SeatRow[],
      now: Date,
    ): Promise<Array<{ flightId: string; seat: string }>> {
      if (rows.length === 0) return [];
      const written = await db
        .insert(seatAssignments)
        .values(
          rows.map((r) => ({
            flightId: Number(r.flightId),
            seat: r.seat,
            orderRef,
            passengerRef: r.passengerRef,
            segmentRef: r.segmentRef,
            status: 'held',
            createdAt: now,
            updatedAt: now,
          })),
        )
        .onConflictDoNothing({
          target: [seatAssignments.flightId, seatAssignments.seat],
          where: sql`${seatAssignments.releasedAt} is null`,
        })
        .returning({ flightId: seatAssignments.flightId, seat: seatAssignments.seat });
      return written.map((w) => ({ flightId: String(w.flightId), seat: w.seat }));
    },

    /** Releases the live seats of these passengers on these segments of the order (a re-pick). */
    async releasePassengers(
      orderRef: string,
      rows: Array<{ passengerRef: string; segmentRef: string }>,
      reason: string,
      now: Date,
    ): Promise<number> {
      if (rows.length === 0) return 0;
      const pairs = sql.join(
        rows.map((r) => sql`(${r.passengerRef}, ${r.segmentRef})`),
        sql`, `,
      );
      const freed = await db
        .update(seatAssignments)
        .set({ status: 'released', releasedAt: now, releaseReason: reason, updatedAt: now })
        .where(
          and(
            eq(seatAssignments.orderRef, orderRef),
            live,
            sql`(${seatAssignments.passengerRef}, ${seatAssignments.segmentRef}) in (${pairs})`,
          ),
        )
        .returning({ id: seatAssignments.id });
      return freed.length;
    },

    /**
     * Releases the live seats of these passengers on these segments, whichever order holds them,
     * except `keepOrderRef`'s (a seat bought after ticketing replaces the one the passenger had).
     */
    async releasePassengerSeats(
      rows: Array<{ passengerRef: string; segmentRef: string }>,
      keepOrderRef: string,
      reason: string,
      now: Date,
    ): Promise<SeatAssignment[]> {
      if (rows.length === 0) return [];
      const pairs = sql.join(
        rows.map((r) => sql`(${r.passengerRef}, ${r.segmentRef})`),
        sql`, `,
      );
      const freed = await db
        .update(seatAssignments)
        .set({ status: 'released', releasedAt: now, releaseReason: reason, updatedAt: now })
        .where(
          and(
            live,
            sql`${seatAssignments.orderRef} <> ${keepOrderRef}`,
            sql`(${seatAssignments.passengerRef}, ${seatAssignments.segmentRef}) in (${pairs})`,
          ),
        )
        .returning();
      return freed.map(assignmentOf);
    },

    /** The live seats of these passengers, whichever order holds them. */
    async ofPassengers(passengerRefs: readonly string[]): Promise<SeatAssignment[]> {
      if (passengerRefs.length === 0) return [];
      const rows = await db
        .select()
        .from(seatAssignments)
        .where(and(inArray(seatAssignments.passengerRef, [...passengerRefs]), live));
      return rows.map(assignmentOf);
    },

    /** Confirms the order's held seats; how many. */
    async confirm(orderRef: string, now: Date): Promise<number> {
      const rows = await db
        .update(seatAssignments)
        .set({ status: 'confirmed', confirmedAt: now, updatedAt: now })
        .where(and(eq(seatAssignments.orderRef, orderRef), eq(seatAssignments.status, 'held'), live))
        .returning({ id: seatAssignments.id });
      return rows.length;
    },

    /** Frees every live seat of the order, exactly once; the seats freed. */
    async release(orderRef: string, reason: string, now: Date): Promise<SeatAssignment[]> {
      const rows = await db
        .update(seatAssignments)
        .set({ status: 'released', releasedAt: now, releaseReason: reason, updatedAt: now })
        .where(and(eq(seatAssignments.orderRef, orderRef), live))
        .returning();
      return rows.map(assignmentOf);
    },

    /**
     * The seats the order's last release (for one of `reasons`) freed, to take again (a late
     * payment of an expired order): none when the order holds a live seat or never released one.
     */
    async lastReleased(orderRef: string, reasons: readonly string[]): Promise<SeatRow[]> {
      const rows = await db
        .select()
        .from(seatAssignments)
        .where(
          and(
            eq(seatAssignments.orderRef, orderRef),
            inArray(seatAssignments.releaseReason, [...reasons]),
            sql`${seatAssignments.releasedAt} = (select max(released_at) from seat_assignments s
                 where s.order_ref = ${orderRef} and s.release_reason in (${sql.join(
                   reasons.map((r) => sql`${r}`),
                   sql`, `,
                 )}))`,
          ),
        );
      return rows.map((r) => ({
        flightId: String(r.flightId),
        seat: r.seat,
        passengerRef: r.passengerRef,
        segmentRef: r.segmentRef,
      }));
    },

    /** The order's live seats, by flight and seat. */
    async ofOrder(orderRef: string): Promise<SeatAssignment[]> {
      const rows = await db
        .select()
        .from(seatAssignments)
        .where(and(eq(seatAssignments.orderRef, orderRef), live))
        .orderBy(asc(seatAssignments.flightId), asc(seatAssignments.seat));
      return rows.map(assignmentOf);
    },

    /** The taken (live) seats of a dated flight. */
    async takenSeats(flightId: string): Promise<string[]> {
      const rows = await db
        .select({ seat: seatAssignments.seat })
        .from(seatAssignments)
        .where(and(eq(seatAssignments.flightId, Number(flightId)), live));
      return rows.map((r) => r.seat);
    },

    /** The live assignments of a dated flight, by seat (staff). */
    async ofFlight(flightId: string): Promise<SeatAssignment[]> {
      const rows = await db
        .select()
        .from(seatAssignments)
        .where(and(eq(seatAssignments.flightId, Number(flightId)), live))
        .orderBy(asc(seatAssignments.createdAt), asc(seatAssignments.seat));
      return rows.map(assignmentOf);
    },
  };
}

export type SeatingRepository = ReturnType<typeof createSeatingRepository>;
