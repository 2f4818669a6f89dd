import { z } from 'zod';

/**
 * Online check-in and boarding passes (issue 15; after-sales-and-loyalty.md §3 coupon usage, §9
 * check-in times): per passenger and leg of a ticketed order, from 2 hours before departure until
 * 60 minutes before. The spec names no check-in calls: ours are on the main layer under
 * `/api/travelsky/checkin/` (docs/api.md, "Online check-in (issue 15)"). Passengers are named by
 * `seq` and legs by `legSeq`, both 0-based positions in the order (as order detail lists them).
 * Times are UTC instants (`...Utc`) and the origin airport's wall clock with its offset (`...Local`).
 */

const ZOrderNo = z.string().trim().toUpperCase().min(1).max(32);
const ZSeq = z.number().int().min(0).max(17);
const ZLegSeq = z.number().int().min(0).max(7);

/** A coupon's check-in state: checked in, flown (used, 11) or a no-show once the flight closed. */
export const COUPON_CHECK_IN_STATES = ['not_checked_in', 'checked_in', 'flown', 'no_show'] as const;
export const ZCouponCheckIn = z.enum(COUPON_CHECK_IN_STATES);
export type CouponCheckIn = z.infer<typeof ZCouponCheckIn>;

/** Where a leg stands in its check-in window now (packages/rules `checkInPhase`). */
export const ZCheckInPhase = z.enum(['not_open', 'open', 'closed']);

/** Why a passenger cannot check in online for a leg (besides the window). */
export const ZCheckInBar = z.enum([
  /** No issued ticket for the leg (not paid yet, refunded, being refunded or changed, void). */
  'not_ticketed',
  /** The flight was cancelled, or it departed and was closed. */
  'flight_closed',
]);

/** One passenger on one leg: the check-in state, the window's times, the seat. */
export const ZCheckInLeg = z.object({
  legSeq: z.number().int(),
  flightNo: z.string(),
  depCode: z.string(),
  arrCode: z.string(),
  depUtc: z.string(),
  depLocal: z.string(),
  state: ZCouponCheckIn,
  phase: ZCheckInPhase,
  /** Check-in opens (2 h before departure) and closes (60 min before); the gate closes 10 min before. */
  opensAtLocal: z.string(),
  closesAtLocal: z.string(),
  gateClosesAtLocal: z.string(),
  /** The passenger's seat on the leg (bought, or given at check-in); null when none yet (or an infant). */
  seat: z.string().nullable(),
  /** The seat was given at check-in (cancelling the check-in frees it), not bought. */
  seatGiven: z.boolean(),
  bar: ZCheckInBar.nullable(),
  /** The passenger may check in now / may cancel the check-in now. */
  canCheckIn: z.boolean(),
  canCancel: z.boolean(),
});
export type CheckInLeg = z.infer<typeof ZCheckInLeg>;

export const ZCheckInPassenger = z.object({
  seq: z.number().int(),
  /** 1 adult, 2 child, 3 infant. */
  passengerType: z.number().int(),
  surname: z.string(),
  givenName: z.string(),
  ticketNo: z.string().nullable(),
  legs: z.array(ZCheckInLeg),
});
export type CheckInPassenger = z.infer<typeof ZCheckInPassenger>;

/** POST travelsky/checkin/queryCheckIn: the order's passengers and legs and where each stands. */
export const ZCheckInQueryRequest = z.object({ orderNo: ZOrderNo });
export type CheckInQueryRequest = z.infer<typeof ZCheckInQueryRequest>;

export const ZCheckInState = z.object({
  orderNo: z.string(),
  pnr: z.string(),
  passengers: z.array(ZCheckInPassenger),
});
export type CheckInState = z.infer<typeof ZCheckInState>;

/** The passengers and legs a check-in or its cancellation is for (at least one, each once). */
const ZCheckInItems = z
  .array(z.object({ seq: ZSeq, legSeq: ZLegSeq }))
  .min(1)
  .max(18 * 8)
  .refine(
    (items) => new Set(items.map((i) => `${i.seq}/${i.legSeq}`)).size === items.length,
    'each passenger and leg once',
  );

/** POST travelsky/checkin/checkIn: check these passengers in for these legs (idempotent). */
export const ZCheckInRequest = z.object({ orderNo: ZOrderNo, items: ZCheckInItems });
export type CheckInRequest = z.infer<typeof ZCheckInRequest>;

/** POST travelsky/checkin/cancelCheckIn: undo these check-ins before check-in closes. */
export const ZCancelCheckInRequest = z.object({ orderNo: ZOrderNo, items: ZCheckInItems });
export type CancelCheckInRequest = z.infer<typeof ZCancelCheckInRequest>;

/** One boarding pass: one passenger on one leg, with its IATA BCBP barcode text (shown as a QR code). */
export const ZBoardingPass = z.object({
  seq: z.number().int(),
  legSeq: z.number().int(),
  surname: z.string(),
  givenName: z.string(),
  passengerType: z.number().int(),
  ticketNo: z.string(),
  flightNo: z.string(),
  depCode: z.string(),
  arrCode: z.string(),
  depUtc: z.string(),
  depLocal: z.string(),
  arrLocal: z.string(),
  /** The gate closes 10 minutes before departure. */
  gateClosesAtLocal: z.string(),
  /** C business, Y economy. */
  cabin: z.string(),
  /** Row and letter; null for an infant on a lap. */
  seat: z.string().nullable(),
  /** The passenger's check-in sequence number on the flight. */
  checkInSeq: z.number().int(),
  /** The IATA Resolution 792 string (format M) the QR code carries. */
  bcbp: z.string(),
});
export type BoardingPass = z.infer<typeof ZBoardingPass>;

/** POST travelsky/checkin/getBoardingPasses: every checked-in passenger of the order, every leg, in one bundle. */
export const ZBoardingPassesRequest = z.object({ orderNo: ZOrderNo });
export const ZBoardingPassBundle = z.object({
  orderNo: z.string(),
  pnr: z.string(),
  /** When the bundle was made (the app keeps it on the device and shows this offline). */
  issuedAt: z.string(),
  passes: z.array(ZBoardingPass),
});
export type BoardingPassBundle = z.infer<typeof ZBoardingPassBundle>;

/** GET / POST /api/dev/clock (development only): the offset the server's clock runs ahead by. */
export const ZDevClockRequest = z.object({
  /** Move the clock on by this many milliseconds (negative: back); `offsetMs` sets it outright. */
  advanceMs: z.number().int().optional(),
  offsetMs: z.number().int().optional(),
});
export const ZDevClock = z.object({ offsetMs: z.number().int(), now: z.string() });
export type DevClock = z.infer<typeof ZDevClock>;
