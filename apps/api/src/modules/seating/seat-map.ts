import {
  formatMessage,
  type LanguageTag,
  type Money,
  type SeatMap as SeatMapReply,
  type SeatMapSeat,
  type SeatPartyMember,
} from '@wings/contracts';
import {
  adjacentBlock,
  type LayoutSeat,
  layoutSeats,
  type SeatKind,
  type SeatLayout,
  seatBar,
} from '@wings/rules';

type Cabin = 'C' | 'Y';

/** Prices of seat types for one cabin of a route: a type absent is not sold (no price filed). */
export type SeatTypePrices = ReadonlyMap<SeatKind, Money>;

/** An aircraft layout drawn: its sections and rows, and seats per cabin. */
export function layoutView(layout: SeatLayout) {
  const seats = layoutSeats(layout);
  return {
    seats,
    view: {
      sections: layout.sections.map((s) => ({ ...s, letters: [...s.letters] })),
      exitRows: [...layout.exitRows],
      skippedRows: [...layout.skippedRows],
      capacity: {
        C: seats.filter((s) => s.cabin === 'C').length,
        Y: seats.filter((s) => s.cabin === 'Y').length,
      },
    },
  };
}

/** The seat entry fields of the spec, with a running serial (1-based). */
export function seatEntries(seats: readonly LayoutSeat[]) {
  return seats.map((s, i) => ({
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
}

export interface SeatMapFacts {
  flight: {
    flightId: string;
    flightNo: string;
    depLocalDate: string;
    routeCode: string;
    aircraftCode: string;
  };
  layout: SeatLayout;
  taken: ReadonlySet<string>;
  prices: Readonly<Record<Cabin, SeatTypePrices>>;
  party: readonly SeatPartyMember[] | undefined;
  cabin: Cabin;
  lang: LanguageTag;
}

/**
 * A dated flight's seat map as the traveller app draws it (ibe/getSeatLeaveInfo): every seat
 * with its spec entry, type, price and whether it is taken; with a party, the seats the rules
 * bar each passenger from (the same `seatBar` the server enforces at hold), the best block side
 * by side for the party and, for each child, a free seat next to its adult.
 */
export function buildSeatMap(facts: SeatMapFacts): SeatMapReply {
  const { flight, taken, prices, lang } = facts;
  const { seats, view } = layoutView(facts.layout);
  const date = flight.depLocalDate;
  const party = facts.party ?? [];
  const seated = party.filter((p) => p.passengerType !== 3);
  const barsOf = (s: LayoutSeat) =>
    party.flatMap((p) => {
      const issue = seatBar(p, s, date);
      return issue
        ? [{ ref: p.ref, key: issue.key, message: formatMessage(issue.key, lang, issue.params) }]
        : [];
    });
  const priceOf = (s: LayoutSeat) => prices[s.cabin].get(s.seatType) ?? null;

  const entries: SeatMapSeat[] = seatEntries(seats).map((entry, i) => {
    const s = seats[i] as LayoutSeat;
    const barred = barsOf(s);
    // Infants are barred from every seat; the seat is open when a passenger with a seat may take it.
    const open = party.length === 0 || seated.some((p) => !barred.some((b) => b.ref === p.ref));
    const isTaken = taken.has(s.seat);
    return { ...entry, taken: isTaken, isSelector: !isTaken && open, price: priceOf(s), barred };
  });

  const types = new Map<string, { cabin: Cabin; seatType: SeatKind; price: Money | null }>();
  for (const s of seats) {
    const key = `${s.cabin}${s.seatType}`;
    if (!types.has(key)) types.set(key, { cabin: s.cabin, seatType: s.seatType, price: priceOf(s) });
  }

  return {
    flightId: flight.flightId,
    flightNo: flight.flightNo,
    date,
    route: flight.routeCode,
    aircraftCode: flight.aircraftCode,
    layout: view,
    seatTypes: [...types.values()],
    seats: entries,
    taken: seats.filter((s) => taken.has(s.seat)).map((s) => s.seat),
    suggestion: party.length === 0 ? null : suggestSeats(seats, taken, seated, facts.cabin, date),
  };
}

/**
 * The party's suggestions: the best block of side-by-side seats for everyone with a seat (none
 * barred to any of them), and for each child, a free seat next to its adult's chosen seat, or,
 * when the adult has none yet, the best free pair both may take.
 */
export function suggestSeats(
  seats: readonly LayoutSeat[],
  taken: ReadonlySet<string>,
  seated: readonly SeatPartyMember[],
  cabin: Cabin,
  date: string,
) {
  const mayTake = (who: readonly SeatPartyMember[]) => (s: LayoutSeat) =>
    who.every((p) => !seatBar(p, s, date));
  const picked = new Set(seated.flatMap((p) => (p.seat ? [p.seat] : [])));
  const unavailable = new Set([...taken, ...picked]);
  const block = seated.length > 0 ? adjacentBlock(seats, taken, seated.length, cabin, mayTake(seated)) : null;

  const bySeat = new Map(seats.map((s) => [s.seat, s]));
  const firstAdult = seated.find((p) => p.passengerType === 1);
  const children: Array<{ ref: string; adultRef: string; adultSeat: string; seat: string }> = [];
  for (const child of seated.filter((p) => p.passengerType === 2)) {
    const adult = seated.find((p) => p.ref === child.adultRef) ?? (child.adultRef ? undefined : firstAdult);
    if (adult?.passengerType !== 1) continue;
    const ok = mayTake([child]);
    const adultSeat = adult.seat ? bySeat.get(adult.seat) : undefined;
    if (adultSeat) {
      if (child.seat) continue;
      // The free seat directly beside the adult's, across no aisle: the window side first, then the other.
      const beside = seats.find(
        (s) =>
          s.row === adultSeat.row &&
          Math.abs(s.col - adultSeat.col) === 1 &&
          !unavailable.has(s.seat) &&
          ok(s),
      );
      if (beside) {
        children.push({ ref: child.ref, adultRef: adult.ref, adultSeat: adultSeat.seat, seat: beside.seat });
        unavailable.add(beside.seat);
      }
      continue;
    }
    const pair = adjacentBlock(seats, unavailable, 2, cabin, mayTake([child, adult]));
    if (pair) {
      const [a, b] = pair as [LayoutSeat, LayoutSeat];
      children.push({ ref: child.ref, adultRef: adult.ref, adultSeat: a.seat, seat: b.seat });
      unavailable.add(a.seat);
      unavailable.add(b.seat);
    }
  }
  return { block: block ? block.map((s) => s.seat) : null, children };
}
