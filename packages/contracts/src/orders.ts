import { z } from 'zod';
import { ZCouponCheckIn } from './check-in';
import { ZLocalizedText, ZMoney } from './common';

/**
 * Orders and tickets as a traveller reads them (after-sales-and-loyalty.md §3, §7, issue 5):
 *   ibe/queryOrderByOrderNo  a guest finds an order by order number + document number, or PNR + surname;
 *   ibe/getOrderDetail       the order for its owner, or for a guest holding a grant (full or limited view);
 *   ibe/upgradeOrderAccess   a limited grant plus a passenger's document number gives a full grant;
 *   user/getMemberOrder      the logged-in user's orders, newest first, paged.
 */

/** Order pay status (spec §3): 0 unpaid, 1 paid, 2 canceled. */
export const ZOrderStatus = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type OrderStatus = z.infer<typeof ZOrderStatus>;

/** POST ibe/queryOrderByOrderNo: either order number + document number, or PNR + surname. */
export const ZOrderLookupRequest = z.union([
  z.object({
    orderNo: z.string().trim().toUpperCase().min(1).max(32),
    docNumber: z.string().trim().toUpperCase().min(1).max(30),
  }),
  z.object({
    pnr: z.string().trim().toUpperCase().min(1).max(6),
    surname: z.string().trim().min(1).max(40),
  }),
]);
export type OrderLookupRequest = z.infer<typeof ZOrderLookupRequest>;

/**
 * What a grant lets its holder read (issue 9.16): `full` after proving a passenger's document
 * number (or booking the order); `limited` after PNR + surname, which are printed on boarding
 * passes and bag tags: no birth dates, nationality, documents, e-mail or phone.
 */
export const ZOrderAccessScope = z.enum(['full', 'limited']);
export type OrderAccessScope = z.infer<typeof ZOrderAccessScope>;

/** POST ibe/upgradeOrderAccess: the order's number and one passenger's document number (header `orderToken`: the limited grant). */
export const ZOrderAccessUpgradeRequest = z.object({
  orderNo: z.string().trim().toUpperCase().min(1).max(32),
  docNumber: z.string().trim().toUpperCase().min(1).max(30),
});
export type OrderAccessUpgradeRequest = z.infer<typeof ZOrderAccessUpgradeRequest>;

/** One leg of an order, with local times (ISO with the airport's offset). */
export const ZOrderLeg = z.object({
  seq: z.number().int(),
  flightNo: z.string(),
  depCode: z.string(),
  arrCode: z.string(),
  depTime: z.string(),
  arrTime: z.string(),
  cabin: z.string(),
  bookingClass: z.string(),
  family: z.string(),
  aircraft: z.string(),
});
export type OrderLeg = z.infer<typeof ZOrderLeg>;

/** A list entry of an order. */
export const ZOrderSummary = z.object({
  orderNo: z.string(),
  pnr: z.string(),
  status: ZOrderStatus,
  bookingTime: z.string(),
  payDeadline: z.string(),
  currency: z.string(),
  /** Local departure date of the first leg, `YYYY-MM-DD`. */
  departureDate: z.string().nullable(),
  legs: z.array(ZOrderLeg),
  passengerCount: z.number().int(),
  total: ZMoney,
});
export type OrderSummary = z.infer<typeof ZOrderSummary>;

/** The lookup's answer: the order and a 2-hour grant to read its detail (header `orderToken`), with its scope. */
export const ZOrderLookupResponse = ZOrderSummary.extend({
  accessToken: z.string(),
  accessTokenExpiresAt: z.string(),
  accessScope: ZOrderAccessScope,
});
export type OrderLookupResponse = z.infer<typeof ZOrderLookupResponse>;

/** Check-in status of a coupon (spec §3): 10 unused, 11 used. */
export const ZCouponUsage = z.number().int();

/** One coupon of an e-ticket: the leg it flies (`legSeq` = the leg's `seq`) and its usage. */
export const ZTicketCoupon = z.object({
  legSeq: z.number().int(),
  couponNo: z.number().int(),
  usage: ZCouponUsage,
  /**
   * Online check-in (issue 15): checked in, flown (usage 11) or a no-show once the flight closed.
   * Order detail always sends it; a reader without it takes not_checked_in.
   */
  checkIn: ZCouponCheckIn.optional(),
});
export type TicketCoupon = z.infer<typeof ZTicketCoupon>;

/** Ticket status (spec §3): issued 0, refunded 1, re_issued 2, canceled 3, refunding 4, issue error 5, change_in 6. */
export const ZOrderTicket = z.object({
  ticketNo: z.string(),
  status: z.number().int(),
  /** One coupon per leg, in leg order. */
  coupons: z.array(ZTicketCoupon),
});
export type OrderTicket = z.infer<typeof ZOrderTicket>;

/**
 * A passenger of an order. The personal fields (gender to phone) are absent in the limited view
 * (a grant from PNR + surname); the full view has them all.
 */
export const ZOrderPassenger = z.object({
  seq: z.number().int(),
  passengerType: z.number().int(),
  surname: z.string(),
  givenName: z.string(),
  middleName: z.string().nullable(),
  title: z.number().int(),
  gender: z.number().int().optional(),
  nationality: z.string().optional(),
  /** `YYYY-MM-DD`. */
  birthday: z.string().optional(),
  docType: z.number().int().optional(),
  /** Every character but the last four masked. */
  docNumber: z.string().optional(),
  /** `YYYY-MM-DD`. */
  docExpiry: z.string().optional(),
  /** Masked: the first character of the name and the domain (d***@example.com). */
  email: z.string().nullable().optional(),
  countryCode: z.string().nullable().optional(),
  /** Masked: four digits in the middle (spec §5 "display masks the middle four"). */
  phone: z.string().nullable().optional(),
  /** The member card the passenger flies on (the booking account's approved member, issue 17). */
  memberCardNo: z.string().nullable().optional(),
  /** The e-ticket, once issued. */
  ticket: ZOrderTicket.nullable(),
});
export type OrderPassenger = z.infer<typeof ZOrderPassenger>;

/** The order's contact, masked like a passenger's e-mail and phone; no phone in the limited view. */
export const ZOrderContact = z.object({
  name: z.string(),
  email: z.string(),
  countryCode: z.string().optional(),
  phone: z.string().optional(),
});
export type OrderContact = z.infer<typeof ZOrderContact>;

/** The money of an order, summed from its price lines: the total is the sum of every line. */
export const ZOrderPrice = z.object({
  currency: z.string(),
  fareTotal: ZMoney,
  taxes: z.array(z.object({ code: z.string(), amount: ZMoney })),
  taxTotal: ZMoney,
  /** The fare by passenger type (1 adult, 2 child, 3 infant): how many, and their fares summed. */
  fares: z.array(z.object({ passengerType: z.number().int(), count: z.number().int(), amount: ZMoney })),
  /** A positive amount off (stored as negative lines). */
  discount: ZMoney,
  /** Added services by code (10 insurance, 11 priority boarding, 12 seat, 13 baggage). */
  addons: z.array(z.object({ code: z.string(), amount: ZMoney })),
  addonTotal: ZMoney,
  /**
   * Each add-on of the order (issue 14): its code (10 insurance, 11 priority boarding, 12 seat,
   * 13 baggage, ERT the refundable upgrade), the passenger (`seq`) and leg (0 outbound, 1 return)
   * it is for, the seat number of a seat while the order holds it, a baggage step's kilograms, an
   * insurance plan's code, and its amount.
   */
  addonLines: z
    .array(
      z.object({
        code: z.string(),
        passengerSeq: z.number().int().nullable(),
        leg: z.number().int().nullable(),
        seat: z.string().optional(),
        weightKg: z.number().int().optional(),
        insuranceType: z.string().optional(),
        amount: ZMoney,
      }),
    )
    .optional(),
  total: ZMoney,
  promoCode: z.string().nullable(),
});
export type OrderPrice = z.infer<typeof ZOrderPrice>;

/** GET ibe/getOrderDetail/{orderNo}. */
/**
 * Money going back to the traveller: a payment that arrived after the seats were gone, or a
 * second payment of an order already paid. status: pending (on its way) | succeeded | failed
 * (staff follow up); reason: seats_gone | duplicate_payment | staff.
 */
export const ZOrderRefund = z.object({
  amount: ZMoney,
  status: z.enum(['pending', 'succeeded', 'failed']),
  reason: z.string(),
  /** When the refund was asked for, and when the gateway confirmed it (ISO instants). */
  requestedAt: z.string(),
  refundedAt: z.string().nullable(),
});
export type OrderRefund = z.infer<typeof ZOrderRefund>;

/**
 * One travel-insurance policy of a paid order (issue 14; after-sales §5 insurance information),
 * for insurance-detail: the insured passenger, the plan, the cover (local dates, both counted,
 * and the latest end after a delay), where the insured lives and the beneficiary (masked like a
 * passenger's contact). status: pending (being bought from the insurer after payment), issued
 * (policyNo set; `externalUrl` the insurer's own page, insurance-detail-external), failed (the
 * insurer refused: staff refund it).
 */
export const ZOrderInsurance = z.object({
  passengerSeq: z.number().int(),
  passengerName: z.string(),
  insuranceType: z.string(),
  planName: ZLocalizedText,
  coverage: z.array(z.object({ item: z.string(), limit: ZMoney })),
  status: z.enum(['pending', 'issued', 'failed']),
  policyNo: z.string().nullable(),
  externalUrl: z.string().nullable(),
  premium: ZMoney,
  coverFrom: z.string(),
  coverTo: z.string(),
  days: z.number().int(),
  latestCoverTo: z.string(),
  insured: z.object({
    nationality: z.string(),
    region: z.string(),
    city: z.string(),
    address: z.string(),
    postalCode: z.string(),
  }),
  beneficiary: z.object({
    name: z.string(),
    relationship: z.string(),
    credentialsType: z.number().int(),
    /** Masked: the last four characters. */
    credentialsId: z.string(),
    countryCode: z.string(),
    /** Masked: four digits in the middle. */
    contactNumber: z.string(),
    mailbox: z.string().nullable(),
  }),
});
export type OrderInsurance = z.infer<typeof ZOrderInsurance>;

export const ZOrderDetail = ZOrderSummary.extend({
  /** `full` for the owner or a full grant; `limited` for a grant from PNR + surname (personal fields absent). */
  view: ZOrderAccessScope,
  /**
   * Whether the reader may refund or change the order (after-sales §6, issue 15): its owner, a
   * member who linked it (who reads the limited view), a guest who proved it with a document
   * number, staff. The pages offer a refund or a change only then; the server checks again.
   */
  mayManage: z.boolean(),
  contact: ZOrderContact,
  passengers: z.array(ZOrderPassenger),
  price: ZOrderPrice,
  refunds: z.array(ZOrderRefund),
  /** The order's travel insurance (issue 14): absent in the limited view and before any is bought. */
  insurance: z.array(ZOrderInsurance).optional(),
  /**
   * True on an unpaid order while the server runs with DEV_PAY_ONE_CENT (spec §9: in development
   * the price is fixed at 0.01): the gateway is asked for 0.01, not the total. Absent otherwise.
   */
  devPrice: z.literal(true).optional(),
});
export type OrderDetail = z.infer<typeof ZOrderDetail>;

export const ZOrderNoParams = z.object({ orderNo: z.string().trim().toUpperCase().min(1).max(32) });

/** POST user/getMemberOrder. */
export const ZMemberOrderListRequest = z.object({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(50).default(10),
  status: ZOrderStatus.optional(),
});
export type MemberOrderListRequest = z.infer<typeof ZMemberOrderListRequest>;

/**
 * An order of the member's list: their own, or one they linked (issue 15, linked orders and
 * tickets: `linked` true, by its PNR + a surname or by one of its tickets).
 */
export const ZMemberOrderSummary = ZOrderSummary.extend({ linked: z.boolean().optional() });
export type MemberOrderSummary = z.infer<typeof ZMemberOrderSummary>;

export const ZMemberOrderList = z.object({
  orders: z.array(ZMemberOrderSummary),
  total: z.number().int(),
  page: z.number().int(),
});
export type MemberOrderList = z.infer<typeof ZMemberOrderList>;
