import type { RuleIssue } from './issue';
import { ageInYears } from './person';

/*
 * Seat choice (booking-and-account.md §5 "Seats", §9): who may sit where on a dated flight. The
 * same functions mark the seat map before a traveller taps (the app) and refuse a seat on the
 * server, so a seat the map offers is never refused afterwards and the server never trusts the map.
 */

/** A seat type of the spec: business PFST ("vip"), front economy UPST ("front"), standard SEAT. */
export type SeatKind = 'PFST' | 'UPST' | 'SEAT';

/** One block of rows sharing a cabin, seat letters and seat type (an aircraft type's layout). */
export interface SeatSection {
  cabin: 'C' | 'Y';
  fromRow: number;
  toRow: number;
  /** Seat letters of each row, left to right; '' marks an aisle. */
  letters: string[];
  seatType: SeatKind;
}

/** An aircraft type's seat layout. */
export interface SeatLayout {
  sections: SeatSection[];
  /** Rows at an emergency exit. */
  exitRows: number[];
  /** Row numbers left out of the numbering (no row 13 on some layouts). */
  skippedRows: number[];
}

/** One seat of a layout, with what the seat rules need to know about it. */
export interface LayoutSeat {
  /** Row and letter, e.g. "12C". */
  seat: string;
  row: number;
  letter: string;
  cabin: 'C' | 'Y';
  seatType: SeatKind;
  /** Position among the row's seats and aisles, left to right (0-based; aisles count). */
  col: number;
  /** The first row of its cabin (spec §5 bars it to some passengers). */
  firstRow: boolean;
  /** An emergency exit row. */
  exitRow: boolean;
  window: boolean;
  aisle: boolean;
}

/** Every seat of a layout, row by row, left to right. */
export function layoutSeats(layout: SeatLayout): LayoutSeat[] {
  const skipped = new Set(layout.skippedRows);
  const exits = new Set(layout.exitRows);
  const firstRowOf = new Map<'C' | 'Y', number>();
  for (const s of layout.sections) {
    for (let row = s.fromRow; row <= s.toRow; row++) {
      if (skipped.has(row)) continue;
      const first = firstRowOf.get(s.cabin);
      if (first === undefined || row < first) firstRowOf.set(s.cabin, row);
    }
  }
  const seats: LayoutSeat[] = [];
  const sections = [...layout.sections].sort((a, b) => a.fromRow - b.fromRow);
  for (const s of sections) {
    const last = s.letters.length - 1;
    for (let row = s.fromRow; row <= s.toRow; row++) {
      if (skipped.has(row)) continue;
      s.letters.forEach((letter, col) => {
        if (letter === '') return;
        seats.push({
          seat: `${row}${letter}`,
          row,
          letter,
          cabin: s.cabin,
          seatType: s.seatType,
          col,
          firstRow: firstRowOf.get(s.cabin) === row,
          exitRow: exits.has(row),
          window: col === 0 || col === last,
          aisle: s.letters[col - 1] === '' || s.letters[col + 1] === '',
        });
      });
    }
  }
  return seats;
}

/** Ages (whole years on the departure date) allowed in a first or an exit row (spec §5, §9). */
export const SEAT_AGE_LIMITS = {
  /** First row: not under 12, not over 60. */
  firstRow: { min: 12, max: 60 },
  /** Exit rows: not under 18, not over 60 (able to help in an evacuation). */
  exitRow: { min: 18, max: 60 },
} as const;

/** Who is taking a seat: their birth date and type, and whether an infant travels on their lap. */
export interface SeatTaker {
  birthday: string;
  /** 1 adult, 2 child, 3 infant. */
  passengerType: number;
  withInfant: boolean;
}

/**
 * Why a passenger may not take a seat on a flight departing (local date) `departureDate`, or
 * null when they may. "Over 60" is read as past the 60th year: a passenger of 60 may sit there,
 * one who has turned 61 by the departure date may not. Infants sit on a lap and take no seat.
 */
export function seatBar(
  taker: SeatTaker,
  seat: Pick<LayoutSeat, 'firstRow' | 'exitRow'>,
  departureDate: string,
  field = 'seat',
): RuleIssue | null {
  if (taker.passengerType === 3) return { field, key: 'seat.infant_no_seat' };
  if (!seat.firstRow && !seat.exitRow) return null;
  if (taker.withInfant) {
    return { field, key: seat.exitRow ? 'seat.exit_row_infant' : 'seat.first_row_infant' };
  }
  const age = ageInYears(taker.birthday, departureDate);
  if (seat.exitRow) {
    const { min, max } = SEAT_AGE_LIMITS.exitRow;
    if (age < min || age > max) return { field, key: 'seat.exit_row_age', params: { min, max } };
  }
  if (seat.firstRow) {
    const { min, max } = SEAT_AGE_LIMITS.firstRow;
    if (age < min || age > max) return { field, key: 'seat.first_row_age', params: { min, max } };
  }
  return null;
}

/**
 * The best block of `size` free seats side by side in one row of a cabin for a party: no aisle
 * between them, the earliest row, then the block leaving the fewest lone seats in the row. Seats
 * any member is barred from are skipped for the whole block (`allowed`). Null when no row has
 * such a block.
 */
export function adjacentBlock(
  seats: readonly LayoutSeat[],
  taken: ReadonlySet<string>,
  size: number,
  cabin: 'C' | 'Y',
  allowed: (seat: LayoutSeat) => boolean = () => true,
): LayoutSeat[] | null {
  if (size < 1) return null;
  const rows = new Map<number, LayoutSeat[]>();
  for (const s of seats) {
    if (s.cabin !== cabin) continue;
    const row = rows.get(s.row) ?? [];
    row.push(s);
    rows.set(s.row, row);
  }
  let best: { block: LayoutSeat[]; row: number; lone: number } | null = null;
  for (const [row, list] of [...rows].sort((a, b) => a[0] - b[0])) {
    const ordered = [...list].sort((a, b) => a.col - b.col);
    for (let i = 0; i + size <= ordered.length; i++) {
      const block = ordered.slice(i, i + size);
      // Side by side: consecutive columns, so no aisle falls inside the block.
      const together = block.every((s, k) => k === 0 || s.col === (block[k - 1]?.col ?? -2) + 1);
      if (!together || block.some((s) => taken.has(s.seat) || !allowed(s))) continue;
      const lone = loneSeatsLeft(ordered, taken, new Set(block.map((s) => s.seat)));
      if (!best || row < best.row || (row === best.row && lone < best.lone)) best = { block, row, lone };
    }
    if (best) return best.block;
  }
  return null;
}

/** Free seats left with no free neighbour across no aisle, once `chosen` is taken too. */
function loneSeatsLeft(row: readonly LayoutSeat[], taken: ReadonlySet<string>, chosen: ReadonlySet<string>) {
  const free = (s: LayoutSeat | undefined) => !!s && !taken.has(s.seat) && !chosen.has(s.seat);
  let lone = 0;
  row.forEach((s, i) => {
    if (!free(s)) return;
    const left = row[i - 1];
    const right = row[i + 1];
    const pairLeft = left && left.col === s.col - 1 && free(left);
    const pairRight = right && right.col === s.col + 1 && free(right);
    if (!pairLeft && !pairRight) lone += 1;
  });
  return lone;
}

/** Two seats side by side: the same row, next columns (an aisle between them counts as a column). */
export function besideSeat(a: Pick<LayoutSeat, 'row' | 'col'>, b: Pick<LayoutSeat, 'row' | 'col'>): boolean {
  return a.row === b.row && Math.abs(a.col - b.col) === 1;
}

/**
 * Family seating (issue 14, beyond the spec): a child's seat right beside a seat chosen for an
 * adult of the same booking on the same flight costs nothing, whatever its seat type; a child
 * is never charged for sitting next to its adult. The adult's own seat is priced as usual.
 */
export function isFamilySeat(
  child: Pick<LayoutSeat, 'row' | 'col'>,
  adultSeats: readonly Pick<LayoutSeat, 'row' | 'col'>[],
): boolean {
  return adultSeats.some((a) => besideSeat(child, a));
}
