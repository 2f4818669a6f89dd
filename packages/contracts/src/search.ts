import { z } from 'zod';
import { ZAirportCode, ZLocalDate, ZLocalizedText, ZMoney, ZMonth } from './common';
import { FARE_FAMILY_NAMES } from './enums';

/** [adults, children, infants]; default [1, 0, 0] (spec §3). */
export const ZPassengerCounts = z.tuple([
  z.number().int().min(0).max(9),
  z.number().int().min(0).max(9),
  z.number().int().min(0).max(9),
]);
export type PassengerCounts = z.infer<typeof ZPassengerCounts>;

export const ZAirport = z.object({
  code: z.string(),
  name: ZLocalizedText,
  city: ZLocalizedText,
  country: z.string(),
  countryName: ZLocalizedText,
  timeZone: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  isHub: z.boolean(),
});
export type Airport = z.infer<typeof ZAirport>;

/** GET ibe/getAirport */
export const ZGetAirportResponse = z.object({ airports: z.array(ZAirport) });

/** GET ibe/getFlightByDepartCity/{code}: where one can fly from an airport. */
export const ZDestination = ZAirport.extend({
  /** Whether the reverse route is flown, so a return trip can be booked. */
  roundTrip: z.boolean(),
});
export const ZGetFlightByDepartCityResponse = z.object({
  depCode: z.string(),
  destinations: z.array(ZDestination),
});

/** The change, refund and other conditions of a fare family on a route (after-sales-and-loyalty.md §9). */
export const ZFeeRule = z.object({
  allowed: z.boolean(),
  /** null when allowed and free, or when not allowed. */
  fee: ZMoney.nullable(),
});
/**
 * Why a fare cannot be refunded: `china_route` a route to or from mainland China (after-sales
 * §5, §9: no refund on China routes, whatever the family), `fare` the family itself (Value).
 * null when refundable.
 */
export const ZRefundBlock = z.enum(['china_route', 'fare']);
export type RefundBlock = z.infer<typeof ZRefundBlock>;
export const ZRefundRule = ZFeeRule.extend({ reason: ZRefundBlock.nullable() });
export const ZFareConditions = z.object({
  change: ZFeeRule,
  refund: ZRefundRule,
  noShowFee: ZMoney,
  nameCorrectionFee: ZMoney,
  baggage: z.object({ carryOnKg: z.number().int(), checkedKg: z.number().int() }),
});
export type FareConditions = z.infer<typeof ZFareConditions>;

export const ZFareFamilyName = z.enum(FARE_FAMILY_NAMES as [string, ...string[]]);

export const ZFareOffer = z.object({
  family: ZFareFamilyName,
  cabin: z.enum(['Y', 'C']),
  /** The lowest booking class of the family still open for the party. */
  bookingClass: z.string().length(1),
  adultPrice: ZMoney,
  childPrice: ZMoney,
  infantPrice: ZMoney,
  /** Seats left in this class, capped at 9 (shown as "9+"). */
  seatsLeft: z.number().int().min(0).max(9),
  conditions: ZFareConditions,
});
export type FareOffer = z.infer<typeof ZFareOffer>;

export const ZFlight = z.object({
  /** Internal id of the dated flight, used by later booking calls. */
  flightId: z.string(),
  flightNo: z.string(),
  depCode: z.string(),
  arrCode: z.string(),
  /** Local time at the departure airport, ISO 8601 with offset. */
  depTime: z.string(),
  /** Local time at the arrival airport, ISO 8601 with offset. */
  arrTime: z.string(),
  durationMinutes: z.number().int(),
  aircraft: z.string(),
  fares: z.array(ZFareOffer),
});
export type Flight = z.infer<typeof ZFlight>;

const searchFields = {
  depCode: ZAirportCode,
  arrCode: ZAirportCode,
  depDate: ZLocalDate,
  passengers: ZPassengerCounts.default([1, 0, 0]),
};

/** POST ibe/queryFlight: the outbound (or only) leg. */
export const ZQueryFlightRequest = z.object({
  ...searchFields,
  /**
   * Trip type (spec §3): 0 one-way, 2 round trip. 1 (return) is also taken as a round trip: this
   * API used it for one before following the spec's numbering (docs/decisions.md).
   */
  tripType: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
  /** Return date, required for a round trip (tripType 2 or 1). */
  retDate: ZLocalDate.optional(),
});
export type QueryFlightRequest = z.infer<typeof ZQueryFlightRequest>;

export const ZQueryFlightResponse = z.object({
  depCode: z.string(),
  arrCode: z.string(),
  depDate: z.string(),
  currency: z.string(),
  flights: z.array(ZFlight),
});
export type QueryFlightResponse = z.infer<typeof ZQueryFlightResponse>;

/**
 * POST ibe/queryFlightReturn: the return leg of a round trip. depCode/arrCode/depDate
 * are the outbound search's; the reply lists flights arrCode → depCode on retDate.
 */
export const ZQueryFlightReturnRequest = z.object({
  ...searchFields,
  retDate: ZLocalDate,
  /** Arrival of the chosen outbound flight (ISO); return flights leaving before it are left out. */
  outboundArrTime: z.string().datetime({ offset: true }).optional(),
});
export type QueryFlightReturnRequest = z.infer<typeof ZQueryFlightReturnRequest>;

/** POST price/getPriceCalendar: lowest adult price per day of a month. */
export const ZPriceCalendarRequest = z.object({
  depCode: ZAirportCode,
  arrCode: ZAirportCode,
  month: ZMonth,
  passengers: ZPassengerCounts.default([1, 0, 0]),
});
export const ZCalendarDay = z.object({
  date: z.string(),
  /** null when there is no flight that day, or it is outside the search window, or sold out. */
  lowestPrice: ZMoney.nullable(),
});
export type CalendarDay = z.infer<typeof ZCalendarDay>;
export const ZPriceCalendarResponse = z.object({
  depCode: z.string(),
  arrCode: z.string(),
  days: z.array(ZCalendarDay),
});
export type PriceCalendarResponse = z.infer<typeof ZPriceCalendarResponse>;

/** POST price/getAroundPriceCalendar: the chosen day and three days either side. */
export const ZAroundPriceCalendarRequest = z.object({
  depCode: ZAirportCode,
  arrCode: ZAirportCode,
  depDate: ZLocalDate,
  passengers: ZPassengerCounts.default([1, 0, 0]),
});

/** POST price/checkCalendarIsYear: the bookable window of a route. */
export const ZCheckCalendarRequest = z.object({ depCode: ZAirportCode, arrCode: ZAirportCode });
export const ZCheckCalendarResponse = z.object({
  /** True when the route is flown throughout the search window (a full calendar can be shown). */
  isYear: z.boolean(),
  /** First and last dates with a flight inside the search window, or null when none. */
  firstDate: z.string().nullable(),
  lastDate: z.string().nullable(),
  /** Days ahead a search may reach (spec §9: 180). */
  windowDays: z.number().int(),
});

/** GET flightinfo/selectByFlight/{origin-destination}: route facts; timediff is in hours. */
export const ZRouteInfoResponse = z.object({
  route: z.string(),
  depCode: z.string(),
  arrCode: z.string(),
  /** Arrival zone's UTC offset minus departure zone's, in hours, today (e.g. KTI→PVG = 1). */
  timediff: z.number(),
  distanceKm: z.number().int(),
  distanceMiles: z.number().int(),
  /** Scheduled block time of the route's flights, in minutes. */
  durationMinutes: z.number().int(),
});

/** Path of GET ibe/getFlightByDepartCity/{code}. */
export const ZDepartCityParams = z.object({ code: ZAirportCode });

/** Path of GET flightinfo/selectByFlight/{route}: `ORIGIN-DESTINATION`, e.g. `KTI-BKK`. */
export const ZRouteParams = z.object({
  route: z
    .string()
    .transform((s) => s.trim().toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{3}-[A-Z]{3}$/, 'must be ORIGIN-DESTINATION, e.g. KTI-BKK')),
});
