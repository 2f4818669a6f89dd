import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  type AdminAircraftSeatMap,
  type AdminFlightSeats,
  ZAdminAircraftSeatMapList,
  ZAdminFlightSeats,
} from '@wings/contracts';
import { layoutSeats, type SeatLayout } from '@wings/rules';
import { describe, expect, test } from 'vitest';
import { aMember, fakeAdminApi, type ReplySchema, renderConsole } from '../../test/render';

const SCHEMAS: ReplySchema[] = [
  [/^GET \/seating\/aircraft$/, ZAdminAircraftSeatMapList],
  [/^GET \/seating\/flights\/\d+$/, ZAdminFlightSeats],
];

/** A small layout: business rows 1-2, economy 3-6 with an exit row 5, the A321 a variant. */
function aircraft(code: string, name: string, layout: SeatLayout): AdminAircraftSeatMap {
  const seats = layoutSeats(layout).map((s, i) => ({
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
  }));
  return {
    code,
    name,
    layout: {
      ...layout,
      capacity: {
        C: seats.filter((s) => s.cabin === 'C').length,
        Y: seats.filter((s) => s.cabin === 'Y').length,
      },
    },
    seats,
  };
}

const A320 = aircraft('320', 'Airbus A320', {
  sections: [
    { cabin: 'C', fromRow: 1, toRow: 2, letters: ['A', 'C', '', 'D', 'F'], seatType: 'PFST' },
    { cabin: 'Y', fromRow: 3, toRow: 3, letters: ['A', 'B', 'C', '', 'D', 'E', 'F'], seatType: 'UPST' },
    { cabin: 'Y', fromRow: 4, toRow: 6, letters: ['A', 'B', 'C', '', 'D', 'E', 'F'], seatType: 'SEAT' },
  ],
  exitRows: [5],
  skippedRows: [],
});
const A321 = aircraft('321', 'Airbus A321', {
  sections: [
    { cabin: 'C', fromRow: 1, toRow: 1, letters: ['A', 'C', '', 'D', 'F'], seatType: 'PFST' },
    { cabin: 'Y', fromRow: 2, toRow: 9, letters: ['A', 'B', 'C', '', 'D', 'E', 'F'], seatType: 'SEAT' },
  ],
  exitRows: [7],
  skippedRows: [],
});

const FLIGHT: AdminFlightSeats = {
  flightId: '42',
  flightNo: 'KT101',
  date: '2026-12-20',
  route: 'KTI-BKK',
  aircraftCode: '321',
  status: 'scheduled',
  assignments: [
    {
      seat: '8C',
      status: 'confirmed',
      orderRef: 'ord-1',
      passengerRef: 'pax-1',
      segmentRef: 'seg-1',
      createdAt: '2026-11-24T03:00:00.000Z',
    },
    {
      seat: '3A',
      status: 'held',
      orderRef: 'ord-2',
      passengerRef: 'pax-2',
      segmentRef: 'seg-2',
      createdAt: '2026-11-24T04:00:00.000Z',
    },
  ],
};

describe('seat maps', () => {
  test('an auditor picks an aircraft type and sees its map drawn: cabins, rows, aisles, exit rows, legend', async () => {
    fakeAdminApi(
      {
        'GET /auth/me': { data: aMember(['auditor']) },
        'GET /seating/aircraft': { data: { list: [A320, A321] } },
      },
      SCHEMAS,
    );
    renderConsole('/seat-maps');
    const row5 = await screen.findByTestId('row-5');
    expect(screen.getByRole('menuitem', { name: /Seat maps/ })).toBeTruthy();
    // Economy row 5: six seats across an aisle, marked as an exit row.
    expect(
      within(row5)
        .getAllByRole('img')
        .map((s) => s.textContent),
    ).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    expect(within(row5).getByText('Exit')).toBeTruthy();
    expect(within(screen.getByTestId('row-1')).getAllByRole('img')).toHaveLength(4);
    expect(screen.getByText('Business')).toBeTruthy();
    expect(screen.getByText('Economy')).toBeTruthy();
    expect(screen.getByText('Business 8 seats · Economy 24 seats')).toBeTruthy();
    const legend = screen.getByTestId('legend');
    for (const text of [
      'Business seat (PFST)',
      'Front seat (UPST)',
      'Standard seat (SEAT)',
      'Exit row',
      'Taken',
    ]) {
      expect(within(legend).getByText(text)).toBeTruthy();
    }

    // The other type: its own rows.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Aircraft type' }));
    fireEvent.click(await screen.findByText('321 · Airbus A321'));
    await waitFor(() => expect(screen.getByTestId('row-9')).toBeTruthy());
    expect(within(screen.getByTestId('row-7')).getByText('Exit')).toBeTruthy();
    expect(screen.queryByTestId('row-10')).toBeNull();
  });

  test("a flight's id shows its aircraft with the taken seats and the orders holding them", async () => {
    const calls = fakeAdminApi(
      {
        'GET /auth/me': { data: aMember(['agent']) },
        'GET /seating/aircraft': { data: { list: [A320, A321] } },
        'GET /seating/flights/42': { data: FLIGHT },
      },
      SCHEMAS,
    );
    renderConsole('/seat-maps');
    await screen.findByTestId('row-6');
    fireEvent.change(screen.getByLabelText('Flight ID'), { target: { value: '42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await screen.findByText(/Flight KT101 · 2026-12-20 · KTI-BKK · aircraft 321/);
    expect(calls.some((c) => c.method === 'GET' && c.path.startsWith('/seating/flights/42'))).toBe(true);
    expect(screen.getByTestId('flight-line').textContent).toContain('2 seats taken');
    // The A321's map, with 8C and 3A taken.
    expect(screen.getByTestId('row-9')).toBeTruthy();
    expect(screen.getByTestId('seat-8C').getAttribute('data-taken')).toBe('true');
    expect(screen.getByTestId('seat-3A').getAttribute('data-taken')).toBe('true');
    expect(screen.getByTestId('seat-3B').getAttribute('data-taken')).toBe('false');
    expect(screen.getByText('ord-1')).toBeTruthy();
    expect(screen.getByText('Confirmed')).toBeTruthy();
    expect(screen.getByText('Held')).toBeTruthy();
  });

  test('a finance member is not offered the page', async () => {
    fakeAdminApi({ 'GET /auth/me': { data: aMember(['finance']) } }, SCHEMAS);
    renderConsole('/seat-maps');
    await screen.findByText(/your role does not allow/i);
    expect(screen.queryByRole('menuitem', { name: /Seat maps/ })).toBeNull();
  });
});
