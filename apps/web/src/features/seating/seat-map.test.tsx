import { fireEvent, render, screen, within } from '@testing-library/react';
import type { SeatMapSeat } from '@wings/contracts';
import { describe, expect, test, vi } from 'vitest';
import { fakeSeatMap } from '../../test/seating';
import { SeatMap, type SeatOccupant } from './seat-map';

const EXIT_BAR = {
  ref: 'child-0',
  key: 'seat.exit_row_age',
  message: 'Exit-row seats are for passengers aged 18 to 60.',
};

function drawMap(
  props: Partial<{
    passenger: { ref: string; label: string } | null;
    occupants: SeatOccupant[];
    suggested: string[];
    taken: string[];
  }> = {},
) {
  const onPick = vi.fn<(seat: SeatMapSeat) => void>();
  const map = fakeSeatMap({ taken: props.taken ?? ['7A'], barred: { '12A': [EXIT_BAR], '12B': [EXIT_BAR] } });
  const view = render(
    <SeatMap
      map={map}
      cabin="Y"
      passenger={props.passenger === undefined ? { ref: 'child-0', label: 'Child 1' } : props.passenger}
      occupants={props.occupants ?? []}
      suggested={props.suggested ?? []}
      onPick={onPick}
    />,
  );
  return { ...view, onPick };
}

describe('seat map', () => {
  test('draws cabins, row numbers in the aisle, letters on seats, exit rows on both sides and a legend with prices', () => {
    drawMap();
    // Business 2-2: four seats with an aisle holding the row number.
    const row1 = screen.getByTestId('row-1');
    expect(
      within(row1)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['A', 'C', 'D', 'F']);
    expect(screen.getByTestId('aisle-1').textContent).toBe('1');
    // Economy 3-3.
    const row6 = screen.getByTestId('row-6');
    expect(
      within(row6)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    expect(row6.style.gridTemplateColumns).toBe(
      'minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1fr) var(--seat-aisle) minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1fr)',
    );
    // Exit rows 12 and 13 only, EXIT at both walls.
    expect(screen.getByTestId('exit-12').textContent).toBe('EXITEXIT');
    expect(screen.getByTestId('exit-13')).toBeTruthy();
    expect(screen.queryByTestId('exit-11')).toBeNull();
    expect(screen.getByTestId('row-12').getAttribute('aria-label')).toBe('Row 12, exit row');
    expect(screen.getByTestId('cabin-C').textContent).toBe('Business cabin');
    expect(screen.getByTestId('cabin-Y').textContent).toBe('Economy cabin');
    // The legend as text: the booked cabin's types with their prices, and the states.
    expect(screen.getByTestId('legend-UPST').textContent).toContain('Front economy');
    expect(screen.getByTestId('legend-UPST').textContent).toContain('$10.00');
    expect(screen.getByTestId('legend-SEAT').textContent).toContain('Free');
    expect(screen.getByTestId('legend-PFST').textContent).toBe('Business (PFST)not in the cabin booked');
    expect(screen.getByTestId('legend-taken').textContent).toBe('taken');
    expect(screen.getByTestId('legend-barred').textContent).toBe('Not for this passenger');
    // A seat's name says everything about it.
    expect(screen.getByTestId('seat-13F').getAttribute('aria-label')).toBe(
      'Seat 13F, Standard, window, exit row, Free, available',
    );
    expect(screen.getByTestId('seat-4C').getAttribute('aria-label')).toBe(
      'Seat 4C, Front economy, aisle, $10.00, available',
    );
    // Business seats are drawn but not in the cabin booked.
    expect(screen.getByTestId('seat-1A').getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByTestId('seat-1A').getAttribute('aria-label')).toContain('not in the cabin booked');
  });

  test('a taken seat cannot be picked and says it is taken', () => {
    const { onPick } = drawMap();
    const seat = screen.getByTestId('seat-7A');
    expect(seat.getAttribute('data-status')).toBe('taken');
    expect(seat.getAttribute('aria-disabled')).toBe('true');
    expect(seat.getAttribute('aria-label')).toBe('Seat 7A, Standard, window, Free, taken');
    fireEvent.click(seat);
    expect(onPick).not.toHaveBeenCalled();
    expect(screen.getByTestId('seat-announcement').textContent).toBe('Seat 7A, taken');
    fireEvent.click(screen.getByTestId('seat-7B'));
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ seat: '7B' }));
  });

  test('a seat barred to the passenger being seated says why before the tap, and is not picked', () => {
    const { onPick, unmount } = drawMap();
    const seat = screen.getByTestId('seat-12A');
    expect(seat.getAttribute('data-status')).toBe('barred');
    expect(seat.getAttribute('aria-label')).toBe(
      'Seat 12A, Standard, window, exit row, Free, not for Child 1: Exit-row seats are for passengers aged 18 to 60.',
    );
    fireEvent.focus(seat);
    expect(screen.getByTestId('seat-detail-state').textContent).toBe(
      'not for Child 1: Exit-row seats are for passengers aged 18 to 60.',
    );
    fireEvent.click(seat);
    expect(onPick).not.toHaveBeenCalled();
    expect(screen.getByTestId('seat-announcement').textContent).toContain('not for Child 1');
    unmount();
    // The same seat is open to an adult of the party.
    const adult = drawMap({ passenger: { ref: 'adult-0', label: 'Adult 1' } });
    expect(screen.getByTestId('seat-12A').getAttribute('data-status')).toBe('free');
    fireEvent.click(screen.getByTestId('seat-12A'));
    expect(adult.onPick).toHaveBeenCalledWith(expect.objectContaining({ seat: '12A' }));
  });

  test('seats of the party show their marks; the passenger’s own seat can be given up, another’s not', () => {
    const occupants = [
      { seat: '8C', ref: 'adult-0', label: 'Adult 1', short: '1' },
      { seat: '8D', ref: 'adult-1', label: 'Adult 2', short: '2' },
    ];
    const { onPick } = drawMap({
      passenger: { ref: 'adult-0', label: 'Adult 1' },
      occupants,
      suggested: ['9A', '9B'],
    });
    const own = screen.getByTestId('seat-8C');
    expect(own.textContent).toBe('1');
    expect(own.getAttribute('aria-pressed')).toBe('true');
    expect(own.getAttribute('tabindex')).toBe('0');
    const other = screen.getByTestId('seat-8D');
    expect(other.getAttribute('aria-label')).toContain('chosen for Adult 2');
    fireEvent.click(other);
    expect(onPick).not.toHaveBeenCalled();
    fireEvent.click(own);
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ seat: '8C' }));
    expect(screen.getByTestId('seat-9A').className).toContain('seat-suggested');
    expect(screen.getByTestId('seat-9A').getAttribute('aria-label')).toContain('suggested to sit together');
  });

  test('arrow keys move focus between seats, over the aisle and between rows of other widths; one tab stop', () => {
    drawMap({ passenger: { ref: 'adult-0', label: 'Adult 1' }, taken: [] });
    const tabStops = screen.getAllByRole('button').filter((b) => b.getAttribute('tabindex') === '0');
    // The first seat the passenger may take: 3A (business is another cabin).
    expect(tabStops.map((b) => b.dataset.testid)).toEqual(['seat-3A']);
    const key = (k: string, init: Partial<KeyboardEventInit> = {}) =>
      fireEvent.keyDown(document.activeElement as Element, { key: k, ...init });
    screen.getByTestId('seat-6C').focus();
    key('ArrowRight');
    expect(document.activeElement).toBe(screen.getByTestId('seat-6D'));
    key('ArrowDown');
    expect(document.activeElement).toBe(screen.getByTestId('seat-7D'));
    key('ArrowLeft');
    key('ArrowLeft');
    expect(document.activeElement).toBe(screen.getByTestId('seat-7B'));
    key('Home');
    expect(document.activeElement).toBe(screen.getByTestId('seat-7A'));
    key('End');
    expect(document.activeElement).toBe(screen.getByTestId('seat-7F'));
    key('ArrowRight');
    expect(document.activeElement).toBe(screen.getByTestId('seat-7F'));
    // From economy 3A up into business (2-2): B is not there, so the seat in the same place.
    screen.getByTestId('seat-3B').focus();
    key('ArrowUp');
    expect(document.activeElement).toBe(screen.getByTestId('seat-2C'));
    key('ArrowUp');
    expect(document.activeElement).toBe(screen.getByTestId('seat-1C'));
    key('ArrowUp');
    expect(document.activeElement).toBe(screen.getByTestId('seat-1C'));
    key('End', { ctrlKey: true });
    expect(document.activeElement).toBe(screen.getByTestId('seat-14F'));
    expect(screen.getByTestId('seat-14F').getAttribute('tabindex')).toBe('0');
    expect(screen.getAllByRole('button').filter((b) => b.getAttribute('tabindex') === '0')).toHaveLength(1);
    // Enter on a focused seat is the button's own click.
    expect(screen.getByTestId('seat-detail').textContent).toContain('Seat 14F');
  });
});
