import type { Money, SeatMap as SeatMapReply, SeatMapSeat } from '@wings/contracts';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { money } from '../../lib/format';
import {
  isPickable,
  moveFrom,
  type SeatingPassenger,
  type SeatMove,
  type SeatOccupant,
  type SeatRow,
  type SeatStatus,
  seatRows,
  seatStatus,
} from './seat-map-model';
import './seat-map.css';

export type { SeatingPassenger, SeatOccupant } from './seat-map-model';

export interface SeatMapProps {
  /** The server's map (ibe/getSeatLeaveInfo), read for the party when there is one. */
  map: SeatMapReply;
  /** The cabin booked: seats of another cabin are drawn but cannot be picked. */
  cabin: 'C' | 'Y' | null;
  /** The passenger being seated; the seats the rules bar to them are greyed with the reason. */
  passenger: SeatingPassenger | null;
  /** Seats already chosen by the party (the passenger's own among them). */
  occupants: readonly SeatOccupant[];
  /** Seats suggested to sit the party together, outlined on the map. */
  suggested?: readonly string[];
  /** A seat tapped that may be taken (or given up, when it is the passenger's own). */
  onPick: (seat: SeatMapSeat) => void;
  /**
   * What a seat costs the passenger being seated, when it is not its type's price (a child's seat
   * beside its adult is free: family seating); the map's price otherwise.
   */
  priceFor?: (seat: SeatMapSeat) => Money | null;
}

const KEY_MOVES: Record<string, SeatMove> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
  Home: 'home',
  End: 'end',
};

/** The text of a price on the map: the amount, "Free" for nothing to pay, or "not sold online". */
function usePriceText() {
  const { t } = useTranslation();
  return (price: Money | null) =>
    price === null ? t('seat.map.not_sold') : price.amount === 0 ? t('seat.map.price_free') : money(price);
}

/** What the seat is and where, e.g. "Standard, window, exit row". */
function seatFacts(
  seat: SeatMapSeat,
  t: (key: string, params?: Record<string, unknown>) => string,
): string[] {
  const facts = [t(`seat.map.type_${seat.seatType}`)];
  facts.push(seat.window ? t('seat.map.window') : seat.aisle ? t('seat.map.aisle') : t('seat.map.middle'));
  if (seat.exitRow) facts.push(t('seat.map.exit_row'));
  if (seat.firstRow) facts.push(t('seat.map.first_row'));
  return facts;
}

function stateText(
  status: SeatStatus,
  passenger: SeatingPassenger | null,
  t: (key: string, params?: Record<string, unknown>) => string,
) {
  switch (status.kind) {
    case 'free':
      return t('seat.map.state_free');
    case 'selected':
    case 'party':
      return t('seat.map.state_chosen', { name: status.occupant.label });
    case 'taken':
      return t('seat.map.state_taken');
    case 'barred':
      return t('seat.map.state_barred', { name: passenger?.label ?? '', reason: status.reason });
    case 'cabin':
      return t('seat.map.state_cabin');
    case 'not_sold':
      return t('seat.map.not_sold');
  }
}

/**
 * The seat map of one flight (issue 14): cabins, row numbers in the aisle, letters on the seats,
 * exit rows marked on both sides, seat types with their prices in a legend, taken seats, the
 * seats barred to the passenger being seated (greyed, the reason on focus or tap) and a
 * suggested block. Sized from the width it is given, so a six-across cabin fits a 320 px phone.
 * Each seat is a button named with everything a screen reader user needs; the arrow keys move
 * between seats (one tab stop for the whole map).
 */
export function SeatMap({
  map,
  cabin,
  passenger,
  occupants,
  suggested = [],
  onPick,
  priceFor = (seat) => seat.price,
}: SeatMapProps) {
  const { t } = useTranslation();
  const priceText = usePriceText();
  const id = useId();
  const rows = useMemo(() => seatRows(map), [map]);
  const taken = useMemo(() => new Set(map.taken), [map.taken]);
  const byOccupant = useMemo(() => new Map(occupants.map((o) => [o.seat, o])), [occupants]);
  const suggestedSet = useMemo(() => new Set(suggested), [suggested]);
  const statusOf = (seat: SeatMapSeat) => seatStatus(seat, passenger, byOccupant, cabin, taken);

  // One tab stop: the passenger's seat, else the first seat they may take, else the first seat.
  const own = occupants.find((o) => o.ref === passenger?.ref)?.seat;
  const firstOpen = map.seats.find((s) => isPickable(statusOf(s)))?.seat;
  const [focused, setFocused] = useState<string | null>(null);
  const current =
    focused && map.seats.some((s) => s.seat === focused)
      ? focused
      : (own ?? firstOpen ?? map.seats[0]?.seat ?? null);
  const [detail, setDetail] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const moving = useRef(false);

  useEffect(() => {
    if (!moving.current || !current) return;
    moving.current = false;
    buttons.current.get(current)?.focus();
  }, [current]);

  // A new passenger: what was said about the last one's seats no longer applies.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the passenger changes
  useEffect(() => setAnnouncement(''), [passenger?.ref]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, seat: string) => {
    const base = KEY_MOVES[event.key];
    if (!base) return;
    const move: SeatMove =
      event.ctrlKey && base === 'home' ? 'first' : event.ctrlKey && base === 'end' ? 'last' : base;
    event.preventDefault();
    const next = moveFrom(rows, seat, move);
    moving.current = true;
    setFocused(next);
    setDetail(next);
    if (next === seat) buttons.current.get(seat)?.focus();
  };

  const nameOf = (seat: SeatMapSeat, status: SeatStatus) => {
    const sep = t('seat.map.list_sep');
    const parts = [t('seat.map.seat', { seat: seat.seat }), ...seatFacts(seat, t)];
    if (status.kind !== 'cabin' && status.kind !== 'not_sold') parts.push(priceText(priceFor(seat)));
    parts.push(stateText(status, passenger, t));
    if (suggestedSet.has(seat.seat) && status.kind === 'free') parts.push(t('seat.map.suggested'));
    return parts.join(sep);
  };

  const tap = (seat: SeatMapSeat) => {
    const status = statusOf(seat);
    setFocused(seat.seat);
    setDetail(seat.seat);
    if (isPickable(status)) {
      setAnnouncement('');
      onPick(seat);
    } else {
      // Not pickable: say why, in words, for everyone (and to a screen reader, politely).
      setAnnouncement(
        `${t('seat.map.seat', { seat: seat.seat })}${t('seat.map.list_sep')}${stateText(status, passenger, t)}`,
      );
    }
  };

  const detailSeat = map.seats.find((s) => s.seat === detail);
  const detailStatus = detailSeat ? statusOf(detailSeat) : null;

  return (
    <div className="seat-map" data-testid="seat-map">
      <SeatLegend map={map} cabin={cabin} priceText={priceText} suggested={suggested.length > 0} />
      <p className="seat-map-hint muted small" id={`${id}-hint`}>
        {passenger ? t('seat.map.hint', { name: passenger.label }) : t('seat.map.hint_view')}{' '}
        <span className="seat-map-keys">{t('seat.map.keys')}</span>
      </p>
      {/* What the focused seat is, for sighted users; a screen reader hears it in the seat's name. */}
      <div className="seat-map-detail" data-testid="seat-detail" aria-hidden="true">
        {detailSeat && detailStatus ? (
          <>
            <strong>{t('seat.map.seat', { seat: detailSeat.seat })}</strong>
            <span>
              {seatFacts(detailSeat, t).join(t('seat.map.list_sep'))}
              {detailStatus.kind !== 'cabin' && detailStatus.kind !== 'not_sold'
                ? `${t('seat.map.list_sep')}${priceText(priceFor(detailSeat))}`
                : ''}
            </span>
            <span
              className={`seat-map-detail-state seat-map-detail-${detailStatus.kind}`}
              data-testid="seat-detail-state"
            >
              {stateText(detailStatus, passenger, t)}
            </span>
          </>
        ) : (
          <span className="muted">{t('seat.map.detail_empty')}</span>
        )}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="seat-announcement">
        {announcement}
      </p>
      <fieldset
        className="seat-map-cabin"
        aria-label={t('seat.map.label', { flight: map.flightNo })}
        aria-describedby={`${id}-hint`}
      >
        <div className="seat-map-nose" aria-hidden="true">
          {t('seat.map.front')}
        </div>
        {rows.map((row) => (
          <SeatRowView
            key={row.row}
            row={row}
            render={(seat) => {
              const status = statusOf(seat);
              const tabStop = seat.seat === current;
              return (
                <button
                  key={seat.seat}
                  ref={(el) => {
                    if (el) buttons.current.set(seat.seat, el);
                    else buttons.current.delete(seat.seat);
                  }}
                  type="button"
                  className={`seat seat-${seat.seatType} seat-${status.kind}${
                    suggestedSet.has(seat.seat) ? ' seat-suggested' : ''
                  }`}
                  data-testid={`seat-${seat.seat}`}
                  data-status={status.kind}
                  aria-label={nameOf(seat, status)}
                  aria-disabled={isPickable(status) ? undefined : true}
                  aria-pressed={status.kind === 'selected'}
                  tabIndex={tabStop ? 0 : -1}
                  onKeyDown={(e) => onKeyDown(e, seat.seat)}
                  onFocus={() => {
                    setFocused(seat.seat);
                    setDetail(seat.seat);
                  }}
                  onClick={() => tap(seat)}
                >
                  <span aria-hidden="true">
                    {status.kind === 'selected' || status.kind === 'party'
                      ? status.occupant.short
                      : seat.letter}
                  </span>
                </button>
              );
            }}
          />
        ))}
      </fieldset>
    </div>
  );
}

/** One row: the cabin's name above its first row, the EXIT marks on both sides of an exit row. */
function SeatRowView({ row, render }: { row: SeatRow; render: (seat: SeatMapSeat) => React.ReactNode }) {
  const { t } = useTranslation();
  // Seats share the width; the aisle keeps a narrow fixed column, which carries the row number.
  const columns = row.letters.map((l) => (l === '' ? 'var(--seat-aisle)' : 'minmax(0, 1fr)')).join(' ');
  const hasAisle = row.cells.some((c) => c.kind === 'aisle');
  return (
    <>
      {row.cabinStart ? (
        <div className="seat-map-cabin-name" data-testid={`cabin-${row.cabin}`}>
          {t(`seat.map.cabin_${row.cabin}`)}
        </div>
      ) : null}
      {row.exitRow ? (
        <div className="seat-map-exit" data-testid={`exit-${row.row}`} aria-hidden="true">
          <span className="seat-map-exit-mark">{t('seat.map.exit')}</span>
          <span className="seat-map-exit-mark">{t('seat.map.exit')}</span>
        </div>
      ) : null}
      <fieldset
        className={`seat-row${row.exitRow ? ' seat-row-exit' : ''} seat-row-${row.cabin}`}
        aria-label={
          row.exitRow ? t('seat.map.row_exit', { row: row.row }) : t('seat.map.row', { row: row.row })
        }
        data-testid={`row-${row.row}`}
        style={{ gridTemplateColumns: hasAisle ? columns : `var(--seat-aisle) ${columns}` }}
      >
        {hasAisle ? null : (
          <span className="seat-row-number" aria-hidden="true">
            {row.row}
          </span>
        )}
        {row.cells.map((cell) =>
          cell.kind === 'seat' ? (
            render(cell.seat)
          ) : (
            <span
              key={`aisle-${cell.col}`}
              className="seat-row-number"
              data-testid={`aisle-${row.row}`}
              aria-hidden="true"
            >
              {row.row}
            </span>
          ),
        )}
      </fieldset>
    </>
  );
}

/** The legend, as text with a sample of each look: seat types with their prices, then the states. */
function SeatLegend({
  map,
  cabin,
  priceText,
  suggested,
}: {
  map: SeatMapReply;
  cabin: 'C' | 'Y' | null;
  priceText: (price: Money | null) => string;
  suggested: boolean;
}) {
  const { t } = useTranslation();
  // Every type the aircraft has; another cabin's (business seats to an economy traveller) are
  // drawn greyed on the map, so the legend says why rather than offering their price.
  const types = map.seatTypes;
  const states = [
    { key: 'selected', text: t('seat.map.legend_selected') },
    { key: 'party', text: t('seat.map.legend_party') },
    { key: 'taken', text: t('seat.map.state_taken') },
    { key: 'barred', text: t('seat.map.legend_barred') },
    ...(suggested ? [{ key: 'suggested', text: t('seat.map.legend_suggested') }] : []),
  ];
  return (
    <section className="seat-legend" aria-label={t('seat.map.legend')} data-testid="seat-legend">
      <ul className="seat-legend-list">
        {types.map((type) => (
          <li key={`${type.cabin}-${type.seatType}`} data-testid={`legend-${type.seatType}`}>
            <span className={`seat-swatch seat-${type.seatType} seat-free`} aria-hidden="true" />
            <span>
              {t(`seat.map.type_${type.seatType}`)} <span className="muted">({type.seatType})</span>
            </span>
            {cabin && type.cabin !== cabin ? (
              <span className="seat-legend-price seat-legend-other">{t('seat.map.state_cabin')}</span>
            ) : (
              <span className="seat-legend-price">{priceText(type.price)}</span>
            )}
          </li>
        ))}
      </ul>
      <ul className="seat-legend-list seat-legend-states">
        {states.map((state) => (
          <li key={state.key} data-testid={`legend-${state.key}`}>
            <span
              className={`seat-swatch seat-SEAT seat-${state.key === 'suggested' ? 'free seat-suggested' : state.key}`}
              aria-hidden="true"
            />
            <span>{state.text}</span>
          </li>
        ))}
        <li data-testid="legend-exit">
          <span className="seat-swatch seat-swatch-exit" aria-hidden="true" />
          <span>{t('seat.map.legend_exit')}</span>
        </li>
      </ul>
    </section>
  );
}
