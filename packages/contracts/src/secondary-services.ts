import { z } from 'zod';
import { ZInsuranceEntry } from './booking';
import { ZMoney } from './common';
import { ZPayMethod } from './payments';

/**
 * Add-ons bought after ticketing (issue 14; booking-and-account.md §3 "secondary (add-on)
 * service order", §4 service purchase, §7 secondaryIncrService, §9): from ticket detail, a seat,
 * extra baggage, priority boarding or travel insurance for an issued ticket's passenger, as an
 * add-on order of its own, paid through the same gateways. Calls under
 * `/api/ca/caweb/backend/secondaryIncrService/` (docs/api.md, "Add-ons (issue 14): after ticketing").
 * Passengers are named by `seq` and legs by `leg`, both 0-based positions in the order (as
 * order detail lists them).
 */

/** 10 insurance, 11 priority boarding, 12 seat, 13 extra baggage (enums `AddedService`). */
export const ZAddonServiceCode = z.union([z.literal(10), z.literal(11), z.literal(12), z.literal(13)]);

/** The statuses of an add-on order. */
export const ADDON_ORDER_STATUSES = ['unpaid', 'paid', 'refunded', 'canceled', 'expired'] as const;
export const ZAddonOrderStatus = z.enum(ADDON_ORDER_STATUSES);
export type AddonOrderStatus = z.infer<typeof ZAddonOrderStatus>;

const ZParentOrderNo = z.string().trim().toUpperCase().min(1).max(32);
/** An add-on order's number: `S` and digits. */
export const ZSecOrderNo = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^S\d{6,20}$/, 'must be an add-on order number (S and digits)');
const ZSeq = z.number().int().min(0).max(17);
const ZLeg = z.number().int().min(0).max(7);

/** Why something cannot be bought now: a code and its message in the caller's language. */
export const ZAddonBar = z.object({
  /** flown | within_24h | not_ticketed | blocked | pending | infant | insured | not_sold */
  reason: z.enum([
    'flown',
    'within_24h',
    'not_ticketed',
    'blocked',
    'pending',
    'infant',
    'insured',
    'not_sold',
  ]),
  message: z.string(),
  /** blocked: when the purchase opens again (UTC instant). */
  opensAt: z.string().nullable().optional(),
  /** pending: the add-on order waiting for payment. */
  secOrderNo: z.string().nullable().optional(),
});
export type AddonBar = z.infer<typeof ZAddonBar>;

/** One line of an add-on order: a leg's seat, baggage step or priority boarding, or the insurance over the trip. */
export const ZAddonOrderLine = z.object({
  /** The leg (0-based); null for insurance, which covers the rest of the trip. */
  leg: z.number().int().nullable(),
  flightNo: z.string().nullable(),
  seat: z.string().nullable(),
  weightKg: z.number().int().nullable(),
  insuranceType: z.string().nullable(),
  coverFrom: z.string().nullable(),
  coverTo: z.string().nullable(),
  /** The EMD number (13 digits) once paid; null before. */
  emdNo: z.string().nullable(),
  amount: ZMoney,
});
export type AddonOrderLine = z.infer<typeof ZAddonOrderLine>;

/** An add-on order as the traveller, order detail and the console see it. */
export const ZAddonOrderView = z.object({
  secOrderNo: z.string(),
  /** The parent (ticketed) order. */
  orderNo: z.string(),
  passengerSeq: z.number().int(),
  passengerName: z.string(),
  serviceCode: ZAddonServiceCode,
  status: ZAddonOrderStatus,
  totalAmt: ZMoney,
  payDeadline: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** Canceled, expired or refunded: when. */
  closedAt: z.string().nullable(),
  lines: z.array(ZAddonOrderLine),
});
export type AddonOrderView = z.infer<typeof ZAddonOrderView>;

/** POST secondaryIncrService/infoList: what each passenger (or the one of `seq`) can buy now. */
export const ZAddonInfoListRequest = z.object({ orderNo: ZParentOrderNo, seq: ZSeq.optional() });
export type AddonInfoListRequest = z.infer<typeof ZAddonInfoListRequest>;

export const ZAddonInfoLeg = z.object({
  leg: z.number().int(),
  flightId: z.string(),
  flightNo: z.string(),
  depCode: z.string(),
  arrCode: z.string(),
  /** Local departure time at the origin, ISO with offset. */
  depTime: z.string(),
  cabin: z.enum(['C', 'Y']),
  /** What the passenger has on this leg now: the seat, extra kilograms bought, priority boarding. */
  seat: z.string().nullable(),
  extraBaggageKg: z.number().int(),
  priority: z.boolean(),
  /** Why nothing can be bought on this leg now; null when it can. */
  bar: ZAddonBar.nullable(),
  /** What can be bought on it, with the prices (empty when barred); seats: see seatDetailsInfo. */
  offers: z.object({
    seat: z.boolean(),
    baggage: z.array(z.object({ weightKg: z.number().int(), price: ZMoney })),
    priority: ZMoney.nullable(),
  }),
});

export const ZAddonInfoPassenger = z.object({
  seq: z.number().int(),
  name: z.string(),
  passengerType: z.number().int(),
  ticketNo: z.string().nullable(),
  /** Not ticketed: nothing can be bought for them. */
  bar: ZAddonBar.nullable(),
  legs: z.array(ZAddonInfoLeg),
  insurance: z.object({
    /** The passenger's policy (bought in the booking or as an add-on); null when uninsured. */
    owned: z
      .object({ insuranceType: z.string(), status: z.string(), policyNo: z.string().nullable() })
      .nullable(),
    /** Why insurance cannot be bought now; null when it can (price it with getInsurancePrice). */
    bar: ZAddonBar.nullable(),
    /** The cover of the rest of the trip, local dates. */
    coverFrom: z.string().nullable(),
    coverTo: z.string().nullable(),
  }),
  /** A service the passenger cannot buy for now (an order waiting for payment, the 15-minute block), by code. */
  serviceBars: z.array(z.object({ serviceCode: ZAddonServiceCode, bar: ZAddonBar })),
  /** The passenger's add-on orders: paid ones with their EMD numbers, and any waiting for payment. */
  addonOrders: z.array(ZAddonOrderView),
});

export const ZAddonInfoListReply = z.object({
  orderNo: z.string(),
  currency: z.enum(['USD', 'CNY']),
  passengers: z.array(ZAddonInfoPassenger),
});
export type AddonInfoListReply = z.infer<typeof ZAddonInfoListReply>;

/** POST secondaryIncrService/seatDetailsInfo: a leg's seat map for one passenger (their bars shown). */
export const ZAddonSeatDetailsRequest = z.object({ orderNo: ZParentOrderNo, seq: ZSeq, leg: ZLeg });
export type AddonSeatDetailsRequest = z.infer<typeof ZAddonSeatDetailsRequest>;

/** POST secondaryIncrService/createOrder: an add-on order for one passenger and service. */
export const ZAddonCreateOrderRequest = z.object({
  orderNo: ZParentOrderNo,
  seq: ZSeq,
  serviceCode: ZAddonServiceCode,
  /** The legs (0-based) the service is bought on; insurance covers the rest of the trip and takes none. */
  legs: z.array(ZLeg).max(8).default([]),
  /** 12: the seat, e.g. "12C" (one leg). */
  seat: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^\d{1,2}[A-K]$/, 'must be a seat, e.g. 12C')
    .optional(),
  /** 13: the extra kilograms, one of the leg's steps (each chosen leg). */
  baggageKg: z.number().int().positive().max(100).optional(),
  /** 10: the plan and the insured's details (as in the booking). */
  insurance: ZInsuranceEntry.optional(),
  /** The client's key of this purchase: sent again, it answers the same add-on order. */
  idempotencyKey: z.string().trim().min(8).max(64),
});
export type AddonCreateOrderRequest = z.infer<typeof ZAddonCreateOrderRequest>;

export const ZAddonCreateOrderReply = z.object({
  /** The add-on order's number (secOrderNo), as the spec names it in this reply. */
  orderNo: z.string(),
  secOrderNo: z.string(),
  totalAmt: ZMoney,
  serviceCode: ZAddonServiceCode,
  /** Until when it may be paid (UTC instant). */
  payDeadline: z.string(),
  lines: z.array(ZAddonOrderLine),
});
export type AddonCreateOrderReply = z.infer<typeof ZAddonCreateOrderReply>;

/** POST secondaryIncrService/payUrl: start paying an add-on order (as payment/getPayUrl). */
export const ZAddonPayUrlRequest = z.object({ secOrderNo: ZSecOrderNo, method: ZPayMethod });

/** POST secondaryIncrService/getInsurancePrice: a plan's price for the rest of the passenger's trip. */
export const ZAddonInsurancePriceRequest = z.object({
  orderNo: ZParentOrderNo,
  seq: ZSeq,
  insuranceType: z.string().trim().min(1).max(20),
});

/**
 * POST secondaryIncrService/updateOrderStatus: `abandoned` — the traveller gave the payment up
 * (the order is canceled, its seat freed, the 15-minute block starts); `check` — the pay state,
 * after asking the gateway about a pending payment.
 */
export const ZAddonUpdateStatusRequest = z.object({
  secOrderNo: ZSecOrderNo,
  status: z.enum(['abandoned', 'check']),
});

export const ZAddonOrderState = z.object({
  secOrderNo: z.string(),
  serviceCode: ZAddonServiceCode,
  status: ZAddonOrderStatus,
  /** The pay status (spec §3 order pay status): 0 unpaid, 1 paid, 2 canceled. */
  payStatus: z.number().int(),
  /** Its latest payment's status, or null before any. */
  paymentStatus: z.string().nullable(),
  emdNumbers: z.array(z.string()),
  /** After an abandon: when the same purchase opens again (UTC instant); else null. */
  opensAt: z.string().nullable(),
});
export type AddonOrderState = z.infer<typeof ZAddonOrderState>;

/** POST secondaryIncrService/updateOrderStatus/weChat: the mini-program payment of an add-on order. */
export const ZAddonWechatRequest = z.object({
  secOrderNo: ZSecOrderNo,
  /** The payer inside WeChat (getOpenid); without it an H5 checkout URL is answered. */
  openid: z.string().trim().min(1).max(128).optional(),
});

/** GET /api/admin/secondary-services/orders?orderNo=: an order's add-on orders (the console's order page). */
export const ZAdminAddonOrdersQuery = z.object({ orderNo: ZParentOrderNo });
export const ZAdminAddonOrdersReply = z.object({ orders: z.array(ZAddonOrderView) });
