import { z } from 'zod';

/**
 * The staff console's calls for the network and dated flights (issue 13), served under
 * `/api/admin` (docs/api.md, "Staff console: network and flights"). Admin, agent, finance and
 * auditor read; only admin changes a class's authorised limit or retimes, cancels or marks a
 * flight departed, always with a reason (kept in the audit log and the orders' history), and
 * grows the network: airports, routes and weekly schedule lines.
 */

const localized = z.object({ zh: z.string(), en: z.string(), km: z.string() });
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date, YYYY-MM-DD');
/** A wall-clock time at an airport, `YYYY-MM-DDTHH:MM` (the airport's own zone, no offset). */
const localDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'must be a local date and time, YYYY-MM-DDTHH:MM');
/** Why a change was made: kept in the audit log and the orders' history. */
const reason = z.string().trim().min(3, 'must say why, in at least 3 characters').max(500);

/** An airport of the network (GET /api/admin/network/airports). */
export const ZAdminAirport = z.object({
  code: z.string(),
  name: localized,
  city: localized,
  /** ISO 3166-1 alpha-2 code, e.g. KH. */
  country: z.string(),
  countryName: localized,
  /** IANA zone: the airport's flight times are shown in it. */
  timeZone: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  isHub: z.boolean(),
});
export type AdminAirport = z.infer<typeof ZAdminAirport>;
export const ZAdminAirportList = z.object({ list: z.array(ZAdminAirport) });

/** A directed route (GET /api/admin/network/routes). */
export const ZAdminRoute = z.object({
  code: z.string(),
  origin: z.string(),
  destination: z.string(),
  distanceKm: z.number().int(),
  currency: z.string(),
  blockMinutes: z.number().int(),
  /** Whether pricing has a fare filed on it (valid today or later): without one it cannot be sold. */
  hasFares: z.boolean(),
});
export type AdminRoute = z.infer<typeof ZAdminRoute>;
export const ZAdminRouteList = z.object({ list: z.array(ZAdminRoute) });

/** A weekly schedule line (GET /api/admin/network/schedules): dated flights are made from it. */
export const ZAdminSchedule = z.object({
  id: z.number().int(),
  flightNo: z.string(),
  routeCode: z.string(),
  /** ISO weekdays flown, 1 Monday … 7 Sunday. */
  daysOfWeek: z.array(z.number().int()),
  /** Departure wall-clock time at the origin, HH:MM. */
  depLocalTime: z.string(),
  blockMinutes: z.number().int(),
  aircraftCode: z.string(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
});
export type AdminSchedule = z.infer<typeof ZAdminSchedule>;
export const ZAdminScheduleList = z.object({ list: z.array(ZAdminSchedule) });

export const FLIGHT_STATUS_VALUES = ['scheduled', 'cancelled', 'departed', 'arrived'] as const;
export const ZFlightStatus = z.enum(FLIGHT_STATUS_VALUES);
export type FlightStatus = z.infer<typeof ZFlightStatus>;

/** GET /api/admin/flights: dated flights by local departure dates, route and flight number. */
export const ZAdminFlightQuery = z
  .object({
    /** Local departure dates at the origin, inclusive; at most 62 days apart. */
    from: isoDate,
    to: isoDate,
    /** `ORIGIN-DESTINATION`, e.g. KTI-BKK. */
    route: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}-[A-Z]{3}$/, 'must be a route, e.g. KTI-BKK')
      .optional(),
    flightNo: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{2}\d{1,4}$/, 'must be a flight number, e.g. WA101')
      .optional(),
    status: ZFlightStatus.optional(),
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  })
  .refine((q) => q.to >= q.from, { path: ['to'], message: 'must not be before from' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 62 * 86_400_000, {
    path: ['to'],
    message: 'must be at most 62 days after from',
  });
export type AdminFlightQuery = z.infer<typeof ZAdminFlightQuery>;

/** Seats of a cabin or a booking class: what is sold, held and what may still be sold. */
const seatCounts = {
  /** Seats paid for (or ticketed) here, plus seats sold through other channels. */
  sold: z.number().int(),
  /** Seats held by unpaid orders (released when they expire or are canceled). */
  held: z.number().int(),
  /** Of `sold`, the seats sold through other channels (agents, GDS, groups). */
  externalSold: z.number().int(),
};

/** A dated flight as the list shows it. */
export const ZAdminFlightRow = z.object({
  id: z.string(),
  flightNo: z.string(),
  routeCode: z.string(),
  origin: z.string(),
  destination: z.string(),
  /** Local departure date at the origin (the date travellers search by). */
  depLocalDate: z.string(),
  /** UTC instants; the console shows them in `originZone` and `destinationZone`. */
  depUtc: z.string(),
  arrUtc: z.string(),
  originZone: z.string(),
  destinationZone: z.string(),
  status: ZFlightStatus,
  aircraftCode: z.string(),
  /** True when the times differ from the ones first published. */
  retimed: z.boolean(),
  /** Both cabins together. */
  capacity: z.number().int(),
  ...seatCounts,
});
export type AdminFlightRow = z.infer<typeof ZAdminFlightRow>;
export const ZAdminFlightPage = z.object({
  list: z.array(ZAdminFlightRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminFlightPage = z.infer<typeof ZAdminFlightPage>;

/** One booking class of a cabin of a dated flight. */
export const ZAdminClassLoad = z.object({
  bookingClass: z.string(),
  /** The most seats this class may sell (nested inside the cabin's capacity). */
  authorisedLimit: z.number().int(),
  ...seatCounts,
  /** What it can still sell now: the lesser of its own remainder and its cabin's. */
  seatsLeft: z.number().int(),
});
export type AdminClassLoad = z.infer<typeof ZAdminClassLoad>;

/** One cabin of a dated flight with its booking classes. */
export const ZAdminCabinLoad = z.object({
  cabin: z.enum(['C', 'Y']),
  capacity: z.number().int(),
  ...seatCounts,
  infantCapacity: z.number().int(),
  infantSold: z.number().int(),
  classes: z.array(ZAdminClassLoad),
});
export type AdminCabinLoad = z.infer<typeof ZAdminCabinLoad>;

/** GET /api/admin/flights/:id: the flight, its first published times, its load, its orders. */
export const ZAdminFlightDetail = ZAdminFlightRow.extend({
  originalDepUtc: z.string(),
  originalArrUtc: z.string(),
  cabins: z.array(ZAdminCabinLoad),
  /** Orders with a segment on the flight, by status. */
  orders: z.object({ unpaid: z.number().int(), paid: z.number().int(), canceled: z.number().int() }),
  /** When staff marked the flight departed (UTC); null before, and on flights marked before it was kept. */
  departedAt: z.string().nullable(),
});
export type AdminFlightDetail = z.infer<typeof ZAdminFlightDetail>;

export const ZAdminFlightParams = z.object({ id: z.string().regex(/^\d{1,18}$/, 'must be a flight id') });
export const ZAdminFlightClassParams = ZAdminFlightParams.extend({
  bookingClass: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]$/, 'must be one booking class letter'),
});

/**
 * PUT /api/admin/flights/:id/classes/:bookingClass/limit [admin]: never below what the class has
 * sold and held, never above its cabin's capacity; live for new searches at once.
 */
export const ZAdminClassLimitRequest = z.object({
  authorisedLimit: z.number().int().min(0).max(999),
  reason,
});

/** POST /api/admin/flights/:id/retime [admin]: new times, each in its airport's own zone. */
export const ZAdminRetimeRequest = z.object({
  /** Departure at the origin airport, its local wall-clock time. */
  depLocal: localDateTime,
  /** Arrival at the destination airport, its local wall-clock time. */
  arrLocal: localDateTime,
  reason,
});

/** POST /api/admin/flights/:id/cancel [admin]. */
export const ZAdminFlightCancelRequest = z.object({ reason });

/**
 * POST /api/admin/flights/:id/depart [admin]: the flight left, at `departedAt` (now when absent),
 * kept on the flight. Once only: a flight marked departed already is refused with 4736.
 */
export const ZAdminFlightDepartRequest = z.object({
  departedAt: z.string().datetime({ offset: true }).optional(),
  reason: reason.optional(),
});

/** What a retime or a cancellation did beside changing the flight. */
export const ZAdminFlightChangeResult = z.object({
  flight: ZAdminFlightDetail,
  /** Orders on the flight that got an event in their history. */
  ordersTold: z.number().int(),
  /** E-mails sent to travellers of paid orders. */
  emailsSent: z.number().int(),
  /** Unpaid orders canceled (their seats released): a cancellation only. */
  ordersCanceled: z.number().int(),
});
export type AdminFlightChangeResult = z.infer<typeof ZAdminFlightChangeResult>;

// --- Network changes (admin only): airports, routes and weekly schedule lines ---

/** A name in the three product languages, each required. */
const names = (max: number) =>
  z.object({
    zh: z.string().trim().min(1, 'is required').max(max),
    en: z.string().trim().min(1, 'is required').max(max),
    km: z.string().trim().min(1, 'is required').max(max),
  });
const iataCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'must be a three-letter IATA airport code, e.g. KTI');
const routeCodeParam = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}-[A-Z]{3}$/, 'must be a route written ORIGIN-DESTINATION, e.g. KTI-BKK');
/** Why a network change was made (optional): kept in the audit row. */
const noteReason = z.string().trim().max(500).optional();
const latitude = z.number().min(-90, 'must be between -90 and 90').max(90, 'must be between -90 and 90');
const longitude = z
  .number()
  .min(-180, 'must be between -180 and 180')
  .max(180, 'must be between -180 and 180');
const minutes = z
  .number()
  .int('must be whole minutes')
  .min(10, 'must be at least 10 minutes')
  .max(1440, 'must be at most 24 hours');

/** What may change on an airport (PUT /api/admin/network/airports/:code [admin]); the code and hub flag never do. */
export const ZAdminAirportUpdate = z.object({
  name: names(120),
  city: names(80),
  countryName: names(80),
  /**
   * IANA zone (e.g. Asia/Phnom_Penh), checked to be a real one; it changes only while no dated
   * flight leaves or arrives there (their local dates and times were fixed in the old zone).
   */
  timeZone: z.string().trim().min(1, 'is required').max(64),
  latitude,
  longitude,
  reason: noteReason,
});
export type AdminAirportUpdate = z.input<typeof ZAdminAirportUpdate>;

/** POST /api/admin/network/airports [admin]: a new airport (not a hub). */
export const ZAdminAirportCreate = ZAdminAirportUpdate.extend({
  code: iataCode,
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter ISO country code, e.g. KH'),
});
export type AdminAirportCreate = z.input<typeof ZAdminAirportCreate>;
export const ZAdminAirportParams = z.object({ code: iataCode });

/** What may change on a route (PUT /api/admin/network/routes/:code [admin]). */
export const ZAdminRouteUpdate = z.object({
  distanceKm: z.number().int('must be whole kilometres').min(1, 'must be at least 1 km').max(20_000),
  blockMinutes: minutes,
  reason: noteReason,
});
export type AdminRouteUpdate = z.input<typeof ZAdminRouteUpdate>;

/**
 * POST /api/admin/network/routes [admin]: a directed route `ORIGIN-DESTINATION` between two
 * airports of the network. The distance is the great circle between their coordinates unless
 * given; the currency follows the origin (CNY from mainland China, else USD). With `addReverse`
 * the way back is added too (a return trip needs it), with the same distance and block time.
 */
export const ZAdminRouteCreate = z.object({
  origin: iataCode,
  destination: iataCode,
  distanceKm: ZAdminRouteUpdate.shape.distanceKm.optional(),
  blockMinutes: minutes,
  addReverse: z.boolean().default(false),
  reason: noteReason,
});
export type AdminRouteCreate = z.input<typeof ZAdminRouteCreate>;
export const ZAdminRouteParams = z.object({ code: routeCodeParam });
/** What POST /network/routes made: the route, and its reverse when asked for. */
export const ZAdminRouteCreateResult = z.object({ list: z.array(ZAdminRoute) });

/** An aircraft type a schedule line may fly (GET /api/admin/network/aircraft). */
export const ZAdminAircraft = z.object({
  code: z.string(),
  name: z.string(),
  capacityC: z.number().int(),
  capacityY: z.number().int(),
});
export type AdminAircraft = z.infer<typeof ZAdminAircraft>;
export const ZAdminAircraftList = z.object({ list: z.array(ZAdminAircraft) });

/**
 * POST /api/admin/network/schedules [admin]: a weekly schedule line. Its dated flights are made
 * at once (the rolling horizon) and new searches see them. Refused when the same flight number
 * flies an overlapping day in an overlapping validity period.
 */
export const ZAdminScheduleCreate = z.object({
  /** The airline's format: its two-character designator and 1 to 4 digits, e.g. WC101. */
  flightNo: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2}\d{1,4}$/, 'must be a flight number, e.g. WC101'),
  routeCode: routeCodeParam,
  /** ISO weekdays, 1 Monday … 7 Sunday. */
  daysOfWeek: z
    .array(
      z.number().int().min(1, 'must be 1 (Monday) to 7 (Sunday)').max(7, 'must be 1 (Monday) to 7 (Sunday)'),
    )
    .min(1, 'must name at least one day')
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  /** Departure wall-clock time at the origin. */
  depLocalTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time, HH:MM'),
  /** The route's block time when absent. */
  blockMinutes: minutes.optional(),
  aircraftCode: z.string().trim().min(1, 'is required'),
  validFrom: isoDate,
  validTo: isoDate.nullable().default(null),
  reason: noteReason,
});
export type AdminScheduleCreate = z.input<typeof ZAdminScheduleCreate>;
export const ZAdminScheduleParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * POST /api/admin/network/schedules/:id/end [admin]: the line's last departure date (set, or
 * brought forward). Its flights after it with nothing sold or held are cancelled quietly in the
 * same transaction; those with travellers are left and listed.
 */
export const ZAdminScheduleEnd = z.object({ validTo: isoDate, reason: noteReason });
export type AdminScheduleEnd = z.input<typeof ZAdminScheduleEnd>;

/** A dated flight after a schedule's new end that has travellers: staff cancel or retime it. */
export const ZAdminFlightLeft = z.object({
  id: z.string(),
  flightNo: z.string(),
  depLocalDate: z.string(),
  sold: z.number().int(),
  held: z.number().int(),
});
export type AdminFlightLeft = z.infer<typeof ZAdminFlightLeft>;

/** What a new schedule line or its end did to the dated flights. */
export const ZAdminScheduleResult = z.object({
  schedule: ZAdminSchedule,
  /** Dated flights made for a new line. */
  flightsCreated: z.number().int(),
  /** Flights after the new end, nothing sold or held, cancelled quietly. */
  flightsCancelled: z.number().int(),
  /** Flights after the new end that have travellers, left as they are. */
  flightsWithTravellers: z.array(ZAdminFlightLeft),
});
export type AdminScheduleResult = z.infer<typeof ZAdminScheduleResult>;
