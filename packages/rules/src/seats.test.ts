import { describe, expect, it } from 'vitest';
import {
  adjacentBlock,
  besideSeat,
  isFamilySeat,
  type LayoutSeat,
  layoutSeats,
  type SeatLayout,
  seatBar,
} from './seats';

/** An A320 as the demo network files it: business rows 1-2, front economy 3-5, exits 10-11, no row 13. */
const a320: SeatLayout = {
  sections: [
    { cabin: 'C', fromRow: 1, toRow: 2, letters: ['A', 'C', '', 'D', 'F'], seatType: 'PFST' },
    { cabin: 'Y', fromRow: 3, toRow: 5, letters: ['A', 'B', 'C', '', 'D', 'E', 'F'], seatType: 'UPST' },
    { cabin: 'Y', fromRow: 6, toRow: 30, letters: ['A', 'B', 'C', '', 'D', 'E', 'F'], seatType: 'SEAT' },
  ],
  exitRows: [10, 11],
  skippedRows: [13],
};
const seats = layoutSeats(a320);
const at = (seat: string): LayoutSeat => {
  const found = seats.find((s) => s.seat === seat);
  if (!found) throw new Error(`no seat ${seat}`);
  return found;
};

describe('an aircraft layout as seats', () => {
  it('lists every seat once, skipping the aisle and the missing row', () => {
    expect(seats).toHaveLength(2 * 4 + 3 * 6 + 24 * 6);
    expect(seats.some((s) => s.row === 13)).toBe(false);
    expect(seats.slice(0, 4).map((s) => s.seat)).toEqual(['1A', '1C', '1D', '1F']);
  });

  it('marks the first row of each cabin, exit rows, windows and aisles', () => {
    expect(at('1A')).toMatchObject({
      firstRow: true,
      exitRow: false,
      window: true,
      aisle: false,
      seatType: 'PFST',
    });
    expect(at('3C')).toMatchObject({ firstRow: true, cabin: 'Y', seatType: 'UPST', aisle: true, col: 2 });
    expect(at('3D')).toMatchObject({ aisle: true, col: 4 });
    expect(at('6B')).toMatchObject({ firstRow: false, window: false, aisle: false, seatType: 'SEAT' });
    expect(at('10F')).toMatchObject({ exitRow: true, window: true });
  });
});

describe('who may take a seat (spec §5), ages on the departure date', () => {
  const departure = '2026-12-01';
  const born = (years: number, dayOffset = 0) => {
    const d = new Date(Date.UTC(2026 - years, 11, 1 + dayOffset));
    return d.toISOString().slice(0, 10);
  };
  const adult = (birthday: string, withInfant = false) => ({ birthday, passengerType: 1, withInfant });
  const child = (birthday: string) => ({ birthday, passengerType: 2, withInfant: false });
  const bar = (taker: ReturnType<typeof adult>, seat: string) =>
    seatBar(taker, at(seat), departure)?.key ?? null;

  it.each([
    // [age in years on the day, +days to the next birthday, first row, exit row]
    ['11, the day before turning 12', child(born(12, 1)), 'seat.first_row_age', 'seat.exit_row_age'],
    ['12 on the day', adult(born(12)), null, 'seat.exit_row_age'],
    ['17, the day before turning 18', adult(born(18, 1)), null, 'seat.exit_row_age'],
    ['18 on the day', adult(born(18)), null, null],
    ['60, the day before turning 61', adult(born(61, 1)), null, null],
    ['61 on the day', adult(born(61)), 'seat.first_row_age', 'seat.exit_row_age'],
  ])('%s', (_name, taker, firstRow, exitRow) => {
    expect(bar(taker, '3A')).toBe(firstRow);
    expect(bar(taker, '10A')).toBe(exitRow);
    expect(bar(taker, '20A')).toBeNull();
  });

  it('a passenger with an infant on the lap takes neither a first nor an exit row, whatever the age', () => {
    const parent = adult(born(35), true);
    expect(bar(parent, '1A')).toBe('seat.first_row_infant');
    expect(bar(parent, '3A')).toBe('seat.first_row_infant');
    expect(bar(parent, '11F')).toBe('seat.exit_row_infant');
    expect(bar(parent, '20A')).toBeNull();
  });

  it('an infant gets no seat at all', () => {
    expect(bar({ birthday: born(1), passengerType: 3, withInfant: false }, '20A')).toBe(
      'seat.infant_no_seat',
    );
  });

  it('names the ages in its message parameters', () => {
    expect(seatBar(adult(born(70)), at('10A'), departure)).toEqual({
      field: 'seat',
      key: 'seat.exit_row_age',
      params: { min: 18, max: 60 },
    });
  });
});

describe('the best block of seats side by side for a party', () => {
  it('takes the earliest row with room, never across the aisle', () => {
    const taken = new Set(['3A', '3B', '3E', '4A', '4B', '4C']);
    const block = adjacentBlock(seats, taken, 3, 'Y');
    // Row 3 has C alone on its side and D, F split by E: no three together. Row 4: D E F.
    expect(block?.map((s) => s.seat)).toEqual(['4D', '4E', '4F']);
  });

  it('prefers the block that leaves no lone seat in the row', () => {
    const taken = new Set(['3A']);
    // B C together leaves nothing alone on the left; D E would leave F alone.
    expect(adjacentBlock(seats, taken, 2, 'Y')?.map((s) => s.seat)).toEqual(['3B', '3C']);
  });

  it('skips seats a member is barred from, and says so when nothing fits', () => {
    const noFirstRow = (s: LayoutSeat) => !s.firstRow;
    expect(adjacentBlock(seats, new Set(), 2, 'Y', noFirstRow)?.[0]?.row).toBe(4);
    expect(adjacentBlock(seats, new Set(), 4, 'Y')).toBeNull();
    expect(adjacentBlock(seats, new Set(), 2, 'C')?.map((s) => s.seat)).toEqual(['1A', '1C']);
  });
});

describe('family seating: a child beside its adult sits free', () => {
  it.each([
    ['4B', ['4A'], true],
    ['4B', ['4C'], true],
    ['4A', ['4C'], false],
    // Across the aisle is not beside.
    ['4D', ['4C'], false],
    ['5B', ['4B'], false],
    ['4E', ['9A', '4F'], true],
    ['4E', [], false],
  ])('a child in %s beside adults in %j: %s', (child, adults, free) => {
    expect(isFamilySeat(at(child), adults.map(at))).toBe(free);
  });

  it('beside is symmetric and never the same seat', () => {
    expect(besideSeat(at('20C'), at('20B'))).toBe(true);
    expect(besideSeat(at('20B'), at('20C'))).toBe(true);
    expect(besideSeat(at('20B'), at('20B'))).toBe(false);
  });
});
