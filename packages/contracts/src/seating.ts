import { z } from 'zod';
import { ZMoney } from './common';

/**
 * Seat maps of dated flights and seat choice (issue 14; booking-and-account.md §3 seat entry, §5
 * seat rules, §7 ibe/getSeatLeaveInfo). The traveller's map is served at
 * `/api/travelsky/ibe/getSeatLeaveInfo`; the staff console's under `/api/admin/seating`
 * (docs/api.md, "Add-ons (issue 14): seat maps").
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date, YYYY-MM-DD');
/** A dated flight's id, as search and offers give it. */
export const ZSeatFlightId = z.string().regex(/^\d{1,15}$/, 'must be a flight id (digits)');
const ZCabin = z.enum(['C', 'Y']);

/** Seat types of the spec: business PFST ("vip"), front economy UPST ("front"), standard SEAT. */
export const SEAT_TYPE_VALUES = ['PFST', 'UPST', 'SEAT'] as const;
export const ZSeatType = z.enum(SEAT_TYPE_VALUES);
export type SeatTypeCode = z.infer<typeof ZSeatType>;

/** One traveller of the party the map is read for: the seat rules mark the seats they may not take. */
export const ZSeatPartyMember = z.object({
  /** The client's own id for the passenger (webId), echoed in `barred` and the suggestions. */
  ref: z.string().trim().min(1).max(64),
  /** 1 adult, 2 child, 3 infant (an infant takes no seat). */
  passengerType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  birthday: isoDate,
  /** An infant travels on this passenger's lap. */
  withInfant: z.boolean().default(false),
  /** For a child: the ref of the adult it travels with (the first adult of the party when absent). */
  adultRef: z.string().trim().min(1).max(64).optional(),
  /** A seat this passenger has already picked on this leg, e.g. "12C" (a child is offered the seat next to it). */
  seat: z
    .string()
    .regex(/^\d{1,2}[A-K]$/, 'must be a seat, row and letter, e.g. 12C')
    .optional(),
});
export type SeatPartyMember = z.infer<typeof ZSeatPartyMember>;

/** POST ibe/getSeatLeaveInfo: the seat map of one leg (a dated flight), optionally for a party. */
export const ZSeatMapRequest = z.object({
  flightId: ZSeatFlightId,
  /** The cabin booked (the suggestions are made in it); economy when absent. */
  cabin: ZCabin.optional(),
  /** The passengers of the booking on this leg, at most 9 with seats plus their infants. */
  party: z.array(ZSeatPartyMember).max(18).optional(),
});
export type SeatMapRequest = z.infer<typeof ZSeatMapRequest>;

/** Why one passenger of the party may not take a seat (a message key of the seat rules). */
export const ZSeatBar = z.object({ ref: z.string(), key: z.string(), message: z.string() });

/** One seat of the map: the spec's seat entry (seat, row, col, serial, isSelector) and what the rules need. */
export const ZSeatMapSeat = z.object({
  /** Row and letter, e.g. "12C". */
  seat: z.string(),
  row: z.number().int(),
  letter: z.string(),
  /** Position among the row's seats and aisles, left to right, 0-based (aisles count). */
  col: z.number().int(),
  /** A running number over the whole map, 1-based, row by row, left to right. */
  serial: z.number().int(),
  cabin: ZCabin,
  seatType: ZSeatType,
  firstRow: z.boolean(),
  exitRow: z.boolean(),
  window: z.boolean(),
  aisle: z.boolean(),
  /** Held or confirmed by an order. */
  taken: z.boolean(),
  /** Whether the seat can be picked: free, and (with a party) open to at least one of its passengers. */
  isSelector: z.boolean(),
  /** The price of this seat type on the route and cabin; null when none is filed (not sold online). */
  price: ZMoney.nullable(),
  /** The party's passengers the seat rules bar from it (empty without a party). */
  barred: z.array(ZSeatBar),
});
export type SeatMapSeat = z.infer<typeof ZSeatMapSeat>;

/** A block of rows of one cabin sharing letters and seat type (to draw the map). */
export const ZSeatMapSection = z.object({
  cabin: ZCabin,
  fromRow: z.number().int(),
  toRow: z.number().int(),
  /** Seat letters left to right; '' is an aisle. */
  letters: z.array(z.string()),
  seatType: ZSeatType,
});

/** A drawn seat layout: sections, exit rows, rows left out, and every seat. */
export const ZSeatLayoutView = z.object({
  sections: z.array(ZSeatMapSection),
  exitRows: z.array(z.number().int()),
  skippedRows: z.array(z.number().int()),
  /** Seats per cabin. */
  capacity: z.object({ C: z.number().int(), Y: z.number().int() }),
});

/** A child's seat next to its adult: the adult's seat and the free one beside it (or a free pair). */
export const ZChildSeatSuggestion = z.object({
  ref: z.string(),
  adultRef: z.string(),
  /** The adult's seat (theirs already, or the pair's other seat). */
  adultSeat: z.string(),
  seat: z.string(),
});

/** ibe/getSeatLeaveInfo's reply. */
export const ZSeatMap = z.object({
  flightId: z.string(),
  flightNo: z.string(),
  /** Local departure date at the origin (the seat rules take ages on it). */
  date: z.string(),
  route: z.string(),
  aircraftCode: z.string(),
  layout: ZSeatLayoutView,
  /** Each seat type on the flight with its price (null: not filed). */
  seatTypes: z.array(z.object({ cabin: ZCabin, seatType: ZSeatType, price: ZMoney.nullable() })),
  seats: z.array(ZSeatMapSeat),
  /** The taken seats, e.g. ["1A", "12C"]. */
  taken: z.array(z.string()),
  /** With a party: the best side-by-side block for its passengers with seats, and each child's seat by its adult. */
  suggestion: z
    .object({
      block: z.array(z.string()).nullable(),
      children: z.array(ZChildSeatSuggestion),
    })
    .nullable(),
});
export type SeatMap = z.infer<typeof ZSeatMap>;

// --- the staff console (GET /api/admin/seating/...) ---

/** An aircraft type with its layout drawn (GET /api/admin/seating/aircraft). */
export const ZAdminAircraftSeatMap = z.object({
  code: z.string(),
  name: z.string(),
  layout: ZSeatLayoutView,
  seats: z.array(
    ZSeatMapSeat.pick({
      seat: true,
      row: true,
      letter: true,
      col: true,
      serial: true,
      cabin: true,
      seatType: true,
      firstRow: true,
      exitRow: true,
      window: true,
      aisle: true,
    }),
  ),
});
export type AdminAircraftSeatMap = z.infer<typeof ZAdminAircraftSeatMap>;
export const ZAdminAircraftSeatMapList = z.object({ list: z.array(ZAdminAircraftSeatMap) });

export const ZAdminSeatingFlightParams = z.object({ flightId: ZSeatFlightId });

/** A live seat assignment of a dated flight, as staff see it. */
export const ZAdminSeatAssignment = z.object({
  seat: z.string(),
  status: z.enum(['held', 'confirmed']),
  orderRef: z.string(),
  passengerRef: z.string(),
  segmentRef: z.string(),
  createdAt: z.string(),
});
export type AdminSeatAssignment = z.infer<typeof ZAdminSeatAssignment>;

/** GET /api/admin/seating/flights/:flightId: the flight, its aircraft's layout and its taken seats. */
export const ZAdminFlightSeats = z.object({
  flightId: z.string(),
  flightNo: z.string(),
  date: z.string(),
  route: z.string(),
  aircraftCode: z.string(),
  status: z.string(),
  assignments: z.array(ZAdminSeatAssignment),
});
export type AdminFlightSeats = z.infer<typeof ZAdminFlightSeats>;
