import { adjacentBlock, type LayoutSeat, layoutSeats, type SeatTaker, seatBar } from '@wings/rules';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { seatAssignments } from '../../db/schema/seating';
import type { Executor } from '../../platform/db';
import { flightLayout } from '../network';

/** One passenger's seat moved by a change of date: the seat on the old flight, and the new one (null: none given). */
export interface ReseatedPassenger {
  passengerRef: string;
  before: string;
  after: string | null;
}

/** The passengers of a leg a change of date moves, each with what the seat rules need of them. */
export interface ReseatForChange {
  /** Booking's order id: the new seats are confirmed under it. */
  orderRef: string;
  /** The order's segment (leg) moved; it keeps its id, so the seat keeps its segment. */
  segmentRef: string;
  fromFlightId: string;
  toFlightId: string;
  passengers: ReadonlyArray<{ passengerRef: string; taker: SeatTaker }>;
  now: Date;
}

/**
 * A change of date moves a leg to another dated flight (issue 16, modules/changes), in the
 * change's transaction: each given passenger's live seat on the old flight (the booking's, or one
 * bought after ticketing under an add-on order) is released ('rescheduled'), and a seat of the
 * same type (PFST, UPST, SEAT) their seat bars allow is confirmed on the new flight under the
 * booking's order at once: the same seat when it is free, else the first free one of the type;
 * none of the type left, any free seat of the cabin; none at all, `after` null (check-in gives
 * one). Passengers who sat side by side stay side by side when a block of the type (or of the
 * cabin) is free (`adjacentBlock`, the party placement of the seat map's suggestions). The
 * traveller paid for the type, not the number, so nothing is charged or refunded here.
 * Passengers without a live seat on the leg are left alone and not answered.
 */
export async function reseatForChange(tx: Executor, p: ReseatForChange): Promise<ReseatedPassenger[]> {
  const refs = p.passengers.map((x) => x.passengerRef);
  if (refs.length === 0) return [];
  const held = await tx
    .select()
    .from(seatAssignments)
    .where(
      and(
        eq(seatAssignments.flightId, Number(p.fromFlightId)),
        eq(seatAssignments.segmentRef, p.segmentRef),
        inArray(seatAssignments.passengerRef, refs),
        isNull(seatAssignments.releasedAt),
      ),
    )
    .orderBy(asc(seatAssignments.createdAt));
  if (held.length === 0) return [];
  // The seat a passenger sits in: the latest when an add-on seat and the booking's are both live.
  const seatOf = new Map<string, string>();
  for (const row of held) seatOf.set(row.passengerRef, row.seat);
  await tx
    .update(seatAssignments)
    .set({ status: 'released', releasedAt: p.now, releaseReason: 'rescheduled', updatedAt: p.now })
    .where(
      inArray(
        seatAssignments.id,
        held.map((h) => h.id),
      ),
    );

  const [from, to] = await Promise.all([flightLayout(tx, p.fromFlightId), flightLayout(tx, p.toFlightId)]);
  if (!from || !to) throw new Error(`reseat: unknown flight ${from ? p.toFlightId : p.fromFlightId}`);
  const oldSeats = new Map(layoutSeats(from.seatMap).map((s) => [s.seat, s]));
  const newSeats = layoutSeats(to.seatMap);
  const bySeat = new Map(newSeats.map((s) => [s.seat, s]));
  const takenRows = await tx
    .select({ seat: seatAssignments.seat })
    .from(seatAssignments)
    .where(and(eq(seatAssignments.flightId, Number(p.toFlightId)), isNull(seatAssignments.releasedAt)));
  const taken = new Set(takenRows.map((r) => r.seat));

  interface Mover {
    ref: string;
    taker: SeatTaker;
    before: string;
    old: LayoutSeat | undefined;
  }
  const movers: Mover[] = p.passengers.flatMap((x) => {
    const before = seatOf.get(x.passengerRef);
    return before ? [{ ref: x.passengerRef, taker: x.taker, before, old: oldSeats.get(before) }] : [];
  });
  const date = to.depLocalDate;
  const mayTake = (who: readonly Mover[]) => (s: LayoutSeat) =>
    !taken.has(s.seat) && who.every((m) => !seatBar(m.taker, s, date));
  const cabinOf = (m: Mover) => m.old?.cabin ?? 'Y';
  const sameType = (m: Mover) => (s: LayoutSeat) =>
    s.cabin === cabinOf(m) && (m.old ? s.seatType === m.old.seatType : true);
  const sameCabin = (m: Mover) => (s: LayoutSeat) => s.cabin === cabinOf(m);

  const chosen = new Map<string, string | null>();
  const take = (m: Mover, seat: LayoutSeat | null) => {
    chosen.set(m.ref, seat?.seat ?? null);
    if (seat) taken.add(seat.seat);
  };

  // Parties: passengers who sat side by side in one row of one seat type, left to right.
  for (const party of sideBySide(movers)) {
    const first = party[0] as Mover;
    const same = party.map((m) => bySeat.get(m.before));
    if (same.every((s, i) => s && sameType(party[i] as Mover)(s) && mayTake([party[i] as Mover])(s))) {
      party.forEach((m, i) => {
        take(m, same[i] ?? null);
      });
      continue;
    }
    const block =
      adjacentBlock(
        newSeats,
        taken,
        party.length,
        cabinOf(first),
        (s) => sameType(first)(s) && mayTake(party)(s),
      ) ?? adjacentBlock(newSeats, taken, party.length, cabinOf(first), (s) => mayTake(party)(s));
    if (block) {
      party.forEach((m, i) => {
        take(m, block[i] ?? null);
      });
    }
  }
  // Everyone else, and a party no block was found for, one by one.
  for (const m of movers) {
    if (chosen.has(m.ref)) continue;
    const ok = mayTake([m]);
    const same = bySeat.get(m.before);
    const seat =
      (same && sameType(m)(same) && ok(same) ? same : undefined) ??
      newSeats.find((s) => sameType(m)(s) && ok(s)) ??
      newSeats.find((s) => sameCabin(m)(s) && ok(s)) ??
      null;
    take(m, seat);
  }

  const out: ReseatedPassenger[] = [];
  for (const m of movers) {
    let seat = chosen.get(m.ref) ?? null;
    // Seats are taken by conditional inserts (the live-seat key): a seat another transaction took
    // since it was read is skipped for the next one the rules allow.
    while (seat !== null) {
      if (await confirmSeat(tx, p, m.ref, seat)) break;
      taken.add(seat);
      const ok = mayTake([m]);
      seat =
        newSeats.find((s) => sameType(m)(s) && ok(s))?.seat ??
        newSeats.find((s) => sameCabin(m)(s) && ok(s))?.seat ??
        null;
    }
    out.push({ passengerRef: m.ref, before: m.before, after: seat });
  }
  return out;
}

/** Writes the seat confirmed under the booking's order; false when a live assignment holds it. */
async function confirmSeat(
  tx: Executor,
  p: ReseatForChange,
  passengerRef: string,
  seat: string,
): Promise<boolean> {
  const written = await tx
    .insert(seatAssignments)
    .values({
      flightId: Number(p.toFlightId),
      seat,
      orderRef: p.orderRef,
      passengerRef,
      segmentRef: p.segmentRef,
      status: 'confirmed',
      confirmedAt: p.now,
      createdAt: p.now,
      updatedAt: p.now,
    })
    .onConflictDoNothing({
      target: [seatAssignments.flightId, seatAssignments.seat],
      where: sql`${seatAssignments.releasedAt} is null`,
    })
    .returning({ id: seatAssignments.id });
  return written.length > 0;
}

/**
 * The groups of passengers who sat side by side on the old flight: the same row and seat type,
 * next columns with no aisle between them; each group left to right, only groups of two or more.
 */
function sideBySide<M extends { old: LayoutSeat | undefined }>(movers: readonly M[]): M[][] {
  const seated = movers
    .filter((m) => m.old)
    .sort((a, b) => (a.old!.row - b.old!.row) * 1000 + (a.old!.col - b.old!.col));
  const groups: M[][] = [];
  let run: M[] = [];
  for (const m of seated) {
    const last = run.at(-1);
    const next =
      last?.old &&
      m.old &&
      last.old.row === m.old.row &&
      last.old.seatType === m.old.seatType &&
      m.old.col === last.old.col + 1;
    if (next) run.push(m);
    else {
      if (run.length > 1) groups.push(run);
      run = [m];
    }
  }
  if (run.length > 1) groups.push(run);
  return groups;
}
