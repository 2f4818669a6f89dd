import type { SeatMap, SeatMapSeat } from '@wings/contracts';

/*
 * The seat map as the traveller sees it: rows of seats and aisles, the state of every seat for
 * the passenger being seated, and how the arrow keys move between seats. No booking state: the
 * booking's choose-seat page and the after-ticketing seat page both draw from props.
 */

/** One cell of a drawn row: a seat, or the aisle (where the row number is shown). */
export type SeatCell = { kind: 'seat'; seat: SeatMapSeat } | { kind: 'aisle'; col: number };

/** One row of the map as drawn. */
export interface SeatRow {
  row: number;
  cabin: 'C' | 'Y';
  /** The first row drawn of its cabin: the cabin's name is shown above it. */
  cabinStart: boolean;
  exitRow: boolean;
  /** Seats and aisles left to right, as the section's letters give them. */
  cells: SeatCell[];
  /** The row's seats left to right (what the arrow keys walk). */
  seats: SeatMapSeat[];
  /** The section's letters ('' an aisle): the drawing's columns. */
  letters: string[];
}

/** The rows of a map in order, each with its seats and aisles. */
export function seatRows(map: SeatMap): SeatRow[] {
  const byRow = new Map<number, SeatMapSeat[]>();
  for (const seat of map.seats) byRow.set(seat.row, [...(byRow.get(seat.row) ?? []), seat]);
  const exits = new Set(map.layout.exitRows);
  const rows: SeatRow[] = [];
  let cabin: 'C' | 'Y' | null = null;
  for (const [row, seats] of [...byRow.entries()].sort((a, b) => a[0] - b[0])) {
    const section = map.layout.sections.find((s) => row >= s.fromRow && row <= s.toRow);
    const ordered = [...seats].sort((a, b) => a.col - b.col);
    const letters = section?.letters ?? ordered.map((s) => s.letter);
    const byCol = new Map(ordered.map((s) => [s.col, s]));
    const cells: SeatCell[] = letters.flatMap((letter, col): SeatCell[] => {
      const seat = byCol.get(col);
      if (seat) return [{ kind: 'seat', seat }];
      return letter === '' ? [{ kind: 'aisle', col }] : [];
    });
    const rowCabin = ordered[0]?.cabin ?? section?.cabin ?? 'Y';
    rows.push({
      row,
      cabin: rowCabin,
      cabinStart: rowCabin !== cabin,
      exitRow: exits.has(row),
      cells,
      seats: ordered,
      letters,
    });
    cabin = rowCabin;
  }
  return rows;
}

/** Someone of the party who already has a seat on this flight. */
export interface SeatOccupant {
  seat: string;
  /** The passenger's ref (as sent in the map's party). */
  ref: string;
  /** "Adult 1". */
  label: string;
  /** What the seat shows once chosen, e.g. "A1". */
  short: string;
}

/** The passenger being seated now. */
export interface SeatingPassenger {
  ref: string;
  label: string;
}

/**
 * What one seat is for the passenger being seated:
 * - `free`: may be picked;
 * - `selected`: this passenger's seat (picking it again gives it up);
 * - `party`: chosen for someone else of the party;
 * - `taken`: held or sold to another order;
 * - `barred`: the seat rules bar this passenger (first or exit row), `reason` says why;
 * - `cabin`: in a cabin other than the one booked;
 * - `not_sold`: its seat type is not sold online (no price filed).
 */
export type SeatStatus =
  | { kind: 'free' }
  | { kind: 'selected'; occupant: SeatOccupant }
  | { kind: 'party'; occupant: SeatOccupant }
  | { kind: 'taken' }
  | { kind: 'barred'; reason: string }
  | { kind: 'cabin' }
  | { kind: 'not_sold' };

export function seatStatus(
  seat: SeatMapSeat,
  passenger: SeatingPassenger | null,
  occupants: ReadonlyMap<string, SeatOccupant>,
  cabin: 'C' | 'Y' | null,
  taken: ReadonlySet<string>,
): SeatStatus {
  const occupant = occupants.get(seat.seat);
  // A seat someone of the party chose stays theirs on the map, even when it has since been taken:
  // the page tells them so and asks for another.
  if (occupant && !(seat.taken || taken.has(seat.seat))) {
    return occupant.ref === passenger?.ref ? { kind: 'selected', occupant } : { kind: 'party', occupant };
  }
  if (seat.taken || taken.has(seat.seat)) return { kind: 'taken' };
  if (cabin && seat.cabin !== cabin) return { kind: 'cabin' };
  if (seat.price === null) return { kind: 'not_sold' };
  const bar = passenger ? seat.barred.find((b) => b.ref === passenger.ref) : undefined;
  if (bar) return { kind: 'barred', reason: bar.message };
  return { kind: 'free' };
}

/** Whether tapping the seat does something: take it, or give it up. */
export function isPickable(status: SeatStatus): boolean {
  return status.kind === 'free' || status.kind === 'selected';
}

export type SeatMove = 'left' | 'right' | 'up' | 'down' | 'home' | 'end' | 'first' | 'last';

/**
 * The seat the arrow keys go to from `from`: left and right along the row (over the aisle),
 * up and down to the same letter in the row before or after (else the seat in the same place
 * of a narrower or wider row), Home and End to the row's ends, Ctrl+Home and Ctrl+End to the
 * map's first and last seat. The same seat when there is nowhere to go.
 */
export function moveFrom(rows: readonly SeatRow[], from: string, move: SeatMove): string {
  const r = rows.findIndex((row) => row.seats.some((s) => s.seat === from));
  const row = rows[r];
  if (!row) return from;
  const i = row.seats.findIndex((s) => s.seat === from);
  const at = (target: SeatRow | undefined, index: number) => target?.seats[index]?.seat ?? from;
  switch (move) {
    case 'left':
      return at(row, Math.max(0, i - 1));
    case 'right':
      return at(row, Math.min(row.seats.length - 1, i + 1));
    case 'home':
      return at(row, 0);
    case 'end':
      return at(row, row.seats.length - 1);
    case 'first':
      return at(rows[0], 0);
    case 'last': {
      const lastRow = rows[rows.length - 1];
      return at(lastRow, (lastRow?.seats.length ?? 1) - 1);
    }
    case 'up':
    case 'down': {
      const target = rows[move === 'up' ? r - 1 : r + 1];
      if (!target) return from;
      const letter = row.seats[i]?.letter;
      const same = target.seats.findIndex((s) => s.letter === letter);
      if (same >= 0) return at(target, same);
      // A narrower or wider row (business 2-2 under economy 3-3): the seat in the same place.
      const place = row.seats.length > 1 ? i / (row.seats.length - 1) : 0;
      return at(target, Math.round(place * (target.seats.length - 1)));
    }
  }
}
