/**
 * The IATA Bar Coded Boarding Pass (BCBP, Resolution 792), format "M": the mandatory items of a
 * boarding pass as one fixed-width string, as airport readers scan it from the QR code. One leg
 * per pass (a passenger's legs each get their own pass). Field widths follow the implementation
 * guide: a field too long is cut, a short one is padded (letters with spaces on the right,
 * numbers with zeros on the left). The conditional items are not written: their size is "00".
 */

/** One leg of a boarding pass, as the BCBP's mandatory items carry it. */
export interface BoardingPassLeg {
  /** "SURNAME/GIVEN NAMES" is built from these (Latin letters; others are dropped). */
  surname: string;
  givenName: string;
  /** The booking's record locator (PNR), up to 7 characters. */
  pnr: string;
  /** IATA airport codes. */
  from: string;
  to: string;
  /** The marketing flight number, e.g. "KR123" or "K6 815A": the carrier's 2-character code (letters, or a letter and a digit), 1-4 digits, an optional letter. */
  flightNo: string;
  /** The flight's local departure date at `from`, YYYY-MM-DD (its day of the year is printed). */
  date: string;
  /** Compartment: C business, Y economy. */
  compartment: string;
  /** Row and letter, e.g. "12C"; null: no seat (an infant on a lap: "INF"). */
  seat: string | null;
  /** The passenger's check-in sequence number on the flight (1-9999). */
  checkInSeq: number;
}

/** Format code "M" and one leg; an e-ticket ("E"); passenger status 1 (checked in). */
const FORMAT = 'M';
const PASSENGER_CHECKED_IN = '1';

const left = (value: string, width: number) => value.slice(0, width).padEnd(width, ' ');
const zeros = (value: number, width: number) => String(value).padStart(width, '0').slice(-width);

/** The passenger name item (20): "SURNAME/GIVEN", upper-case Latin letters and spaces, cut at 20. */
export function bcbpName(surname: string, givenName: string): string {
  const clean = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toUpperCase()
      .replace(/[^A-Z ]/g, '')
      .replace(/\s+/g, ' ')
      .trim();
  return left(`${clean(surname)}/${clean(givenName)}`, 20);
}

/** The carrier (3, left-justified) and flight number (5: 4 digits with leading zeros, then the suffix or a space). */
export function bcbpFlight(flightNo: string): { carrier: string; number: string } {
  const m = /^([A-Z]{2}|[A-Z]\d|\d[A-Z])\s*(\d{1,4})([A-Z]?)$/.exec(flightNo.trim().toUpperCase());
  if (!m) throw new Error(`not a flight number: ${flightNo}`);
  return { carrier: left(m[1] as string, 3), number: `${zeros(Number(m[2]), 4)}${m[3] || ' '}` };
}

/** The day of the year of a YYYY-MM-DD date (1 January = 1), three digits. */
export function julianDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = (Date.UTC(y, m - 1, d) - Date.UTC(y, 0, 1)) / 86_400_000 + 1;
  return zeros(day, 3);
}

/** The seat item (4): row with leading zeros and the letter ("012C"); "INF " for a lap infant. */
export function bcbpSeat(seat: string | null): string {
  if (seat === null) return 'INF ';
  const m = /^(\d{1,3})([A-Z])$/.exec(seat.toUpperCase());
  if (!m) throw new Error(`not a seat: ${seat}`);
  return `${zeros(Number(m[1]), 3)}${m[2]}`;
}

/** The boarding pass's BCBP string (format M, one leg, mandatory items only: 60 characters). */
export function bcbpString(leg: BoardingPassLeg): string {
  const { carrier, number } = bcbpFlight(leg.flightNo);
  return [
    FORMAT,
    '1',
    bcbpName(leg.surname, leg.givenName),
    'E',
    left(leg.pnr.toUpperCase(), 7),
    left(leg.from.toUpperCase(), 3),
    left(leg.to.toUpperCase(), 3),
    carrier,
    number,
    julianDay(leg.date),
    left(leg.compartment.toUpperCase(), 1),
    bcbpSeat(leg.seat),
    `${zeros(leg.checkInSeq, 4)} `,
    PASSENGER_CHECKED_IN,
    '00',
  ].join('');
}
