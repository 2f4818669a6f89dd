import { z } from 'zod';
import { ZDocumentType, ZGender, ZTitle } from './accounts';
import { ZLocalDate, ZLocalizedText, ZMoney } from './common';
import { ZFareConditions, ZFareFamilyName, ZPassengerCounts } from './search';

/**
 * Booking (booking-and-account.md §2-§8, issue 4): from chosen flights to an unpaid order
 * that holds its seats. Each call has one role:
 *   chooseFlight   re-checks the flights and classes and returns a priced offer (20 minutes);
 *   addPassenger   checks passengers and contact against the offer, per field;
 *   computePrice   prices offer + passengers + promo code: fare, each tax, discount, total;
 *   saveTicketOrder creates the order and holds its seats at once.
 */

export const PASSENGER_TYPES = { adult: 1, child: 2, infant: 3 } as const;
export const ZPassengerTypeCode = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type PassengerTypeCode = z.infer<typeof ZPassengerTypeCode>;

/** A local ISO 8601 time with its offset, as search shows it (`2025-03-01T08:30:00+07:00`). */
const ZSeenTime = z.string().datetime({ offset: true });

/** One leg chosen from search: the dated flight and the booking class shown for its family. */
export const ZChosenSegment = z.object({
  flightId: z.string().min(1).max(64),
  bookingClass: z.string().length(1),
  /**
   * The local departure time the traveller was shown: the flight's `depTime` in the
   * queryFlight/queryFlightReturn reply. When given and the flight now leaves at another
   * instant, chooseFlight answers 611 (the schedule changed since it was chosen). When left
   * out, a retimed flight is priced at its current time (the offer's segment shows it).
   */
  depTime: ZSeenTime.optional(),
});

/** POST ibe/chooseFlight: one segment (one-way) or two (outbound, return). */
export const ZChooseFlightRequest = z.object({
  passengers: ZPassengerCounts,
  segments: z.array(ZChosenSegment).min(1).max(2),
});

export const ZTaxAmount = z.object({ code: z.string(), amount: ZMoney });
export type TaxAmount = z.infer<typeof ZTaxAmount>;

/** What one passenger of a type pays for the whole journey: fare, each tax by code, total. */
export const ZTypePrice = z.object({
  passengerType: ZPassengerTypeCode,
  fare: ZMoney,
  taxes: z.array(ZTaxAmount),
  total: ZMoney,
});
export type TypePrice = z.infer<typeof ZTypePrice>;

export const ZOfferSegment = z.object({
  flightId: z.string(),
  flightNo: z.string(),
  depCode: z.string(),
  arrCode: z.string(),
  /** Local ISO times with offset. */
  depTime: z.string(),
  arrTime: z.string(),
  aircraft: z.string(),
  family: ZFareFamilyName,
  cabin: z.enum(['Y', 'C']),
  bookingClass: z.string(),
  conditions: ZFareConditions,
});
export type OfferSegment = z.infer<typeof ZOfferSegment>;

/** A priced offer: the price holds until `expiresAt` (seats are taken only by the order). */
export const ZOffer = z.object({
  offerId: z.string(),
  expiresAt: z.string(),
  currency: z.string(),
  passengers: ZPassengerCounts,
  segments: z.array(ZOfferSegment),
  /** Per passenger type present in the party. */
  prices: z.array(ZTypePrice),
  /** For the whole party, before any promotion. */
  total: ZMoney,
});
export type Offer = z.infer<typeof ZOffer>;

/**
 * POST ca/caweb/backend/checkFlightSchedule: has a chosen flight been retimed since search?
 * `seen` gives, per flight, the local departure time the traveller was shown (the flight's
 * `depTime` in the search reply); a flight listed there is compared with that time.
 */
export const ZCheckFlightScheduleRequest = z.object({
  flightIds: z.array(z.string().min(1).max(64)).min(1).max(4),
  seen: z
    .array(z.object({ flightId: z.string().min(1).max(64), depTime: ZSeenTime }))
    .max(4)
    .optional(),
});
export const ZCheckFlightScheduleResponse = z.object({
  /** Some flight `changed`, or is no longer scheduled. */
  changed: z.boolean(),
  flights: z.array(
    z.object({
      flightId: z.string(),
      /** Current local departure time (ISO with offset). */
      depTime: z.string(),
      /** First-published local departure time (ISO with offset). */
      originalDepTime: z.string(),
      /**
       * With a `seen` time for this flight: the departure instant differs from it. Without:
       * the departure differs from the original schedule (`originalDepTime`).
       */
      changed: z.boolean(),
      status: z.string(),
    }),
  ),
});

/** A passenger of a booking: every field of spec §3, plus the saved passenger it came from. */
export const ZBookingPassenger = z.object({
  passengerType: ZPassengerTypeCode,
  surname: z.string().trim().max(40),
  givenName: z.string().trim().max(40),
  middleName: z.string().trim().max(40).nullable().optional(),
  title: ZTitle,
  gender: ZGender,
  nationality: z.string().trim().toUpperCase().max(2),
  birthday: ZLocalDate,
  docType: ZDocumentType,
  docNumber: z.string().trim().toUpperCase().max(30),
  docExpiry: ZLocalDate,
  email: z.string().trim().toLowerCase().max(254).nullable().optional(),
  countryCode: z.string().trim().max(5).nullable().optional(),
  phone: z.string().trim().max(20).nullable().optional(),
  /** When picked from the logged-in user's saved passengers. */
  savedPassengerId: z.string().max(64).nullable().optional(),
});
export type BookingPassenger = z.infer<typeof ZBookingPassenger>;

export const ZContact = z.object({
  name: z.string().trim().max(60),
  countryCode: z.string().trim().max(5),
  phone: z.string().trim().max(20),
  email: z.string().trim().toLowerCase().max(254),
});
export type Contact = z.infer<typeof ZContact>;

/** POST ibe/addPassenger: checks passengers and contact for the offer; 400 lists each problem by field. */
export const ZAddPassengerRequest = z.object({
  offerId: z.string(),
  passengers: z.array(ZBookingPassenger).min(1).max(18),
  contact: ZContact.optional(),
});
export const ZAddPassengerResponse = z.object({ valid: z.literal(true) });

/** A promotion as a traveller sees it (spec §9: a percentage or an amount off, maybe above a spend). */
export const ZPromotion = z.object({
  code: z.string(),
  title: ZLocalizedText,
  kind: z.enum(['percent', 'amount']),
  /** Percent (1-100) or an amount in minor units of `currency`. */
  value: z.number().int(),
  currency: z.string().nullable(),
  minSpend: ZMoney.nullable(),
  validFrom: z.string(),
  validTo: z.string(),
});
export type Promotion = z.infer<typeof ZPromotion>;

/** POST ca/caweb/backend/usePromoCode/queryCodeList: promotions open to this journey. */
export const ZPromoListRequest = z.object({ offerId: z.string() });
export const ZPromoListResponse = z.object({ promotions: z.array(ZPromotion) });

/**
 * One passenger's add-on choices on one leg (issue 14): a seat ("12C"), an extra-baggage step
 * (kilograms on top of the free allowance, as the catalogue files them), priority boarding.
 */
export const ZLegServices = z.object({
  seat: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^\d{1,2}[A-K]$/, 'must be a seat, row and letter, e.g. 12C')
    .nullable()
    .optional(),
  baggageKg: z.number().int().min(0).max(100).nullable().optional(),
  priority: z.boolean().optional(),
});
export type LegServices = z.infer<typeof ZLegServices>;

/**
 * One passenger's travel insurance in the booking (spec §3 insurance entry: regionParams with
 * the plan, where the insured lives and the beneficiary; @wings/rules `checkInsuranceEntry`
 * checks it on both sides). The insured is the passenger; one policy covers the whole trip
 * (first departure to last arrival, 1–90 days), so it is chosen once per passenger, not per leg
 * (docs/decisions.md, "One policy per passenger and trip"). Priced by the insurer at
 * addIncreaseService; bought from it after payment.
 */
export const ZInsuranceEntry = z.object({
  /** The plan's code (getInsuranceGrade's insuranceType). */
  insuranceType: z.string().trim().min(1).max(20),
  /** The plan's headline limit as shown when chosen (informative; the plan's own is kept). */
  insuranceLimit: z.number().int().nullable().optional(),
  /** ISO 3166 alpha-2 of the insured's nationality/region. */
  nationality: z.string().trim().max(2),
  region: z.string().trim().max(60),
  city: z.string().trim().max(60),
  address: z.string().trim().max(200),
  postalCode: z.string().trim().max(12),
  /** The beneficiary: full name in English letters. */
  name: z.string().trim().max(60),
  /** parent | spouse | child | sibling | relative | friend. */
  relationship: z.string().trim().max(20),
  /** The beneficiary's certificate type (0 ID card, 1 passport, 2 other; spec: default 0). */
  credentialsType: z.number().int().min(0).max(2).default(0),
  credentialsId: z.string().trim().max(30),
  /** The beneficiary's e-mail (optional). */
  mailbox: z.string().trim().max(254).nullable().optional(),
  /** The beneficiary's phone: country code (digits) and number. */
  countryCode: z.string().trim().max(5),
  contactNumber: z.string().trim().max(20),
});
export type InsuranceEntry = z.infer<typeof ZInsuranceEntry>;

/**
 * One passenger's add-ons: `services[i]` belongs to `passengers[i]` (as the request lists them;
 * null or absent: none), `legs[j]` to leg j (0 outbound, 1 return). `refundUpgrade` is the
 * Enhanced Refundable Ticket upgrade for the whole journey. Infants take no seat: the k-th infant
 * listed travels on the lap of the k-th adult listed (that adult is barred from first and exit
 * rows). Amounts are never taken from the client: the server prices every choice.
 */
export const ZPassengerServices = z.object({
  legs: z.array(ZLegServices.nullable()).max(2).optional(),
  refundUpgrade: z.boolean().optional(),
  /** Travel insurance for the whole trip (null or absent: none). */
  insurance: ZInsuranceEntry.nullable().optional(),
});
export type PassengerServices = z.infer<typeof ZPassengerServices>;
export const ZBookingServices = z.array(ZPassengerServices.nullable()).max(18);
export type BookingServices = z.infer<typeof ZBookingServices>;

/** POST ibe/computePrice (with `services`: the add-ons priced in, `addons` their total). */
export const ZComputePriceRequest = z.object({
  offerId: z.string(),
  promoCode: z.string().trim().toUpperCase().max(32).nullable().optional(),
  /** Add-on choices, priced for the passengers' types; seat rules need `passengers` (addIncreaseService). */
  services: ZBookingServices.optional(),
  /** The booking's passengers (type and birthday are read) when `services` are given. */
  passengers: z
    .array(z.object({ passengerType: ZPassengerTypeCode, birthday: ZLocalDate }))
    .max(18)
    .optional(),
});
export const ZPriceBreakdown = z.object({
  currency: z.string(),
  /** Per passenger type: count, unit price, and the line total. */
  lines: z.array(ZTypePrice.extend({ count: z.number().int() })),
  /** Every tax code summed over the party. */
  taxesByCode: z.array(ZTaxAmount),
  fareTotal: ZMoney,
  taxTotal: ZMoney,
  discount: ZMoney,
  /** The add-ons chosen (issue 14), summed; absent when none were asked for. Included in `total`. */
  addons: ZMoney.optional(),
  total: ZMoney,
  promo: z
    .object({
      code: z.string(),
      applied: z.boolean(),
      /** Message key when not applied: promo.unknown, promo.disabled, promo.expired, promo.min_spend, promo.route, promo.used_up. */
      reason: z.string().nullable(),
    })
    .nullable(),
});
export type PriceBreakdown = z.infer<typeof ZPriceBreakdown>;

/** POST ibe/saveTicketOrder: creates the order and holds its seats. */
export const ZSaveTicketOrderRequest = z.object({
  offerId: z.string(),
  passengers: z.array(ZBookingPassenger).min(1).max(18),
  contact: ZContact,
  promoCode: z.string().trim().toUpperCase().max(32).nullable().optional(),
  /** Guests solve a captcha from /getCaptcha (spec §8: 602). */
  captchaId: z.string().max(64).optional(),
  captcha: z.string().max(12).optional(),
  /** The same key twice (a double tap, a retry) gives the same order. */
  idempotencyKey: z.string().min(8).max(64),
  /** The legal and service terms were ticked (spec §5). */
  acceptTerms: z.literal(true, { message: 'the terms must be accepted' }),
  /** Add-ons chosen in the booking (issue 14): priced by the server, held with the order. */
  services: ZBookingServices.optional(),
});

/** A passenger of the add-on step: what the seat rules read (the full booking passenger may be sent). */
export const ZAddonPassenger = z.object({ passengerType: ZPassengerTypeCode, birthday: ZLocalDate });

/** POST ibe/addIncreaseService and ibe/addIncreaseServiceNext: the add-on choices of a booking. */
export const ZAddIncreaseServiceRequest = z.object({
  offerId: z.string(),
  passengers: z.array(ZAddonPassenger).min(1).max(18),
  services: ZBookingServices,
  promoCode: z.string().trim().toUpperCase().max(32).nullable().optional(),
});
export type AddIncreaseServiceRequest = z.infer<typeof ZAddIncreaseServiceRequest>;

/**
 * One priced add-on: its code (10 insurance, 11 priority, 12 seat, 13 baggage, ERT the refundable
 * upgrade), passenger, leg.
 */
export const ZAddonLine = z.object({
  code: z.enum(['10', '11', '12', '13', 'ERT']),
  /** The passenger's index in `passengers`. */
  passenger: z.number().int(),
  /** 0 outbound, 1 return (the upgrade is priced per leg: one line per leg; insurance, for the whole trip, is on leg 0). */
  leg: z.number().int(),
  seat: z.string().optional(),
  weightKg: z.number().int().optional(),
  /** Insurance: the plan's code, and the cover's local dates (both counted). */
  insuranceType: z.string().optional(),
  coverFrom: z.string().optional(),
  coverTo: z.string().optional(),
  amount: ZMoney,
});
export type AddonLine = z.infer<typeof ZAddonLine>;

export const ZAddIncreaseServiceReply = z.object({
  offerId: z.string(),
  currency: z.string(),
  lines: z.array(ZAddonLine),
  /** The offer's price with the add-ons (`addons` their total, in `total`). */
  price: ZPriceBreakdown,
});
export type AddIncreaseServiceReply = z.infer<typeof ZAddIncreaseServiceReply>;
export const ZSavedOrder = z.object({
  orderNo: z.string(),
  pnr: z.string(),
  /** 0 unpaid, 1 paid, 2 canceled (spec §4). */
  status: z.number().int(),
  payDeadline: z.string(),
  amountDue: ZMoney,
  price: ZPriceBreakdown,
  /**
   * A grant to read and pay this order, sent back in the `orderToken` header of getOrderDetail
   * and the payment calls (as the guest look-up's): a guest pays the order, and reads it back from
   * the payment gateway without looking it up. Valid until two hours after the pay deadline.
   */
  orderToken: z.string().optional(),
  orderTokenExpiresAt: z.string().optional(),
});
export type SavedOrder = z.infer<typeof ZSavedOrder>;

/** Fare rules of a family on a route, in the three languages (userInfo/getTicketRuleInfo and family). */
export const ZFareRule = z.object({
  id: z.string(),
  family: ZFareFamilyName,
  depCode: z.string(),
  arrCode: z.string(),
  currency: z.string(),
  conditions: ZFareConditions,
  /** Readable rule text per topic: change, refund, noShow, nameCorrection, baggage. */
  text: z.object({
    change: ZLocalizedText,
    refund: ZLocalizedText,
    noShow: ZLocalizedText,
    nameCorrection: ZLocalizedText,
    baggage: ZLocalizedText,
  }),
});
export type FareRule = z.infer<typeof ZFareRule>;
export const ZFareRuleQuery = z.object({
  depCode: z.string().trim().toUpperCase().length(3),
  arrCode: z.string().trim().toUpperCase().length(3),
  family: ZFareFamilyName.optional(),
});
export const ZFareRuleList = z.object({ rules: z.array(ZFareRule) });
export const ZRuleIdQuery = z.object({ id: z.string().min(1).max(64) });

/**
 * GET booking/settings (not in the spec; docs/api.md): the booking settings the app needs before
 * it asks, read from the server's configuration so the app never keeps its own copy.
 * `guestNationalities`: ISO codes of the nationalities a guest may book (GUEST_NATIONALITIES).
 */
export const ZBookingSettingsResponse = z.object({
  guestNationalities: z.array(z.string().regex(/^[A-Z]{2}$/)),
  /** The airline's 3-digit ticketing code (TICKET_AIRLINE_CODE): ticket numbers start with it (issue 15, linking a ticket). */
  ticketAirlineCode: z.string().regex(/^\d{3}$/),
});
export type BookingSettings = z.infer<typeof ZBookingSettingsResponse>;
