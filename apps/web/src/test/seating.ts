import type { Money, SeatMap } from '@wings/contracts';
import { layoutSeats, type SeatLayout } from '@wings/rules';

/** A narrow-body layout like the network's A320: business 2-2, front economy and standard 3-3, exit rows 12 and 13. */
export const A320_LAYOUT: SeatLayout = {
  sections: [
    { cabin: 'C', fromRow: 1, toRow: 2, letters: ['A', 'C', '', 'D', 'F'], seatType: 'PFST' },
    { cabin: 'Y', fromRow: 3, toRow: 5, letters: ['A', 'B', 'C', '', 'D', 'E', 'F'], seatType: 'UPST' },
    { cabin: 'Y', fromRow: 6, toRow: 14, letters: ['A', 'B', 'C', '', 'D', 'E', 'F'], seatType: 'SEAT' },
  ],
  exitRows: [12, 13],
  skippedRows: [],
};

const usd = (amount: number): Money => ({ amount, currency: 'USD' });

export interface FakeSeatMapOptions {
  flightId?: string;
  taken?: string[];
  /** Bars by seat: the party refs barred and the message the server gives. */
  barred?: Record<string, { ref: string; key: string; message: string }[]>;
  prices?: Partial<Record<'PFST' | 'UPST' | 'SEAT', Money | null>>;
  suggestion?: SeatMap['suggestion'];
}

/** A seat map reply as ibe/getSeatLeaveInfo gives it, from a layout and the test's taken and barred seats. */
export function fakeSeatMap(options: FakeSeatMapOptions = {}, layout: SeatLayout = A320_LAYOUT): SeatMap {
  const prices = { PFST: usd(2000), UPST: usd(1000), SEAT: usd(0), ...options.prices };
  const taken = new Set(options.taken ?? []);
  const seats = layoutSeats(layout);
  return {
    flightId: options.flightId ?? '9001',
    flightNo: 'WA101',
    date: '2026-12-24',
    route: 'KTI-BKK',
    aircraftCode: '320',
    layout: {
      sections: layout.sections,
      exitRows: layout.exitRows,
      skippedRows: layout.skippedRows,
      capacity: {
        C: seats.filter((s) => s.cabin === 'C').length,
        Y: seats.filter((s) => s.cabin === 'Y').length,
      },
    },
    seatTypes: [
      { cabin: 'C', seatType: 'PFST', price: prices.PFST ?? null },
      { cabin: 'Y', seatType: 'UPST', price: prices.UPST ?? null },
      { cabin: 'Y', seatType: 'SEAT', price: prices.SEAT ?? null },
    ],
    seats: seats.map((s, i) => ({
      seat: s.seat,
      row: s.row,
      letter: s.letter,
      col: s.col,
      serial: i + 1,
      cabin: s.cabin,
      seatType: s.seatType,
      firstRow: s.firstRow,
      exitRow: s.exitRow,
      window: s.window,
      aisle: s.aisle,
      taken: taken.has(s.seat),
      isSelector: !taken.has(s.seat),
      price: prices[s.seatType] ?? null,
      barred: options.barred?.[s.seat] ?? [],
    })),
    taken: seats.filter((s) => taken.has(s.seat)).map((s) => s.seat),
    suggestion: options.suggestion ?? null,
  };
}
