import { z } from 'zod';
import { ZLocalDate, ZMoney } from './common';
import { ZOrderPrice, ZOrderStatus } from './orders';
import { ZAuditEntry } from './staff';

/**
 * The staff console's calls for orders and tickets (issue 13), served under `/api/admin`
 * (docs/api.md, "Staff console: orders and tickets"):
 *   GET  orders                                       search, newest first, a page at a time
 *   GET  orders/:orderNo                              the whole order, its money, tickets and history
 *   POST orders/:orderNo/itinerary                    mail the itinerary again
 *   POST orders/:orderNo/cancel                       cancel an unpaid order (seats go back)
 *   POST orders/:orderNo/refunds/:refundId/retry      send a failed refund to its gateway again
 *   POST orders/:orderNo/refunds/:refundId/settle     a failed refund paid back by other means
 */

const trimmed = (max: number) => z.string().trim().min(1).max(max);

/**
 * GET /api/admin/orders: every filter given must match (none: every order). Order number, PNR,
 * ticket and flight numbers are matched exactly (any case); a surname by its beginning and an
 * e-mail exactly, both without case. `flightDate` is the flight's local date of departure and
 * needs `flightNo`.
 */
export const ZAdminOrderSearch = z
  .object({
    orderNo: trimmed(32).toUpperCase().optional(),
    pnr: trimmed(6).toUpperCase().optional(),
    surname: trimmed(40).optional(),
    email: trimmed(254).optional(),
    ticketNo: z
      .string()
      .trim()
      .regex(/^\d{13}$/, 'must be the 13 digits of an e-ticket number')
      .optional(),
    flightNo: trimmed(8).toUpperCase().optional(),
    flightDate: ZLocalDate.optional(),
    /** 0 unpaid, 1 paid, 2 canceled; empty means any. */
    status: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().pipe(ZOrderStatus).optional()),
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine((q) => !q.flightDate || q.flightNo, {
    path: ['flightNo'],
    message: 'give the flight number with its date',
  });
export type AdminOrderSearch = z.infer<typeof ZAdminOrderSearch>;

/** One order found. */
export const ZAdminOrderRow = z.object({
  orderNo: z.string(),
  pnr: z.string(),
  status: ZOrderStatus,
  /** Whether every passenger of the paid order holds an e-ticket. */
  ticketed: z.boolean(),
  /** The airports of the journey in order: `['KTI', 'SIN', 'KTI']`. */
  route: z.array(z.string()),
  /** The first flight's number and departure, in its airport's zone (ISO with offset). */
  firstFlightNo: z.string().nullable(),
  firstDeparture: z.string().nullable(),
  passengerCount: z.number().int(),
  total: ZMoney,
  /** When the order was made (ISO instant). */
  createdAt: z.string(),
});
export type AdminOrderRow = z.infer<typeof ZAdminOrderRow>;

export const ZAdminOrderPage = z.object({
  list: z.array(ZAdminOrderRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminOrderPage = z.infer<typeof ZAdminOrderPage>;

export const ZAdminOrderParams = z.object({ orderNo: z.string().trim().toUpperCase().min(1).max(32) });
export const ZAdminRefundParams = ZAdminOrderParams.extend({ refundId: z.uuid() });

/**
 * A passenger as staff see them. The document number is whole for agents and admins (they check
 * it against the traveller's passport), masked but its last four characters for finance and
 * auditors, who do not need it (`docMasked` says which; docs/decisions.md).
 */
export const ZAdminPassenger = z.object({
  seq: z.number().int(),
  passengerType: z.number().int(),
  surname: z.string(),
  givenName: z.string(),
  middleName: z.string().nullable(),
  title: z.number().int(),
  gender: z.number().int(),
  nationality: z.string(),
  birthday: z.string(),
  docType: z.number().int(),
  docNumber: z.string(),
  docMasked: z.boolean(),
  docExpiry: z.string(),
  email: z.string().nullable(),
  countryCode: z.string().nullable(),
  phone: z.string().nullable(),
});

/** A leg with its times in each airport's own zone (ISO with offset) and the zones named. */
export const ZAdminSegment = z.object({
  seq: z.number().int(),
  flightNo: z.string(),
  depCode: z.string(),
  arrCode: z.string(),
  depTime: z.string(),
  arrTime: z.string(),
  depZone: z.string(),
  arrZone: z.string(),
  cabin: z.string(),
  bookingClass: z.string(),
  family: z.string(),
  aircraft: z.string(),
});

/** One stored price line: the order's total is the sum of them all. */
export const ZAdminPriceLine = z.object({
  /** fare | tax | discount | addon */
  kind: z.string(),
  code: z.string(),
  /** The passenger (their seq) and leg (its seq) the line is for, when it is for one. */
  passengerSeq: z.number().int().nullable(),
  legSeq: z.number().int().nullable(),
  amount: ZMoney,
});

/** A gateway's notification about a payment, as stored (its payload as the gateway verified it). */
export const ZAdminPaymentEvent = z.object({
  at: z.string(),
  gatewayEventId: z.string(),
  type: z.string(),
  payload: z.record(z.string(), z.unknown()),
});

export const ZAdminPayment = z.object({
  id: z.string(),
  gateway: z.string(),
  method: z.string(),
  amount: ZMoney,
  /** pending | succeeded | failed | canceled | refund_required | refunded */
  status: z.string(),
  gatewayReference: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** What its refunds that did not fail took back. */
  refundedTotal: ZMoney,
  events: z.array(ZAdminPaymentEvent),
});

/** A refund with every time its gateway refused it (from the order's history). */
export const ZAdminRefund = z.object({
  id: z.string(),
  paymentId: z.string(),
  amount: ZMoney,
  status: z.enum(['pending', 'succeeded', 'failed']),
  /** seats_gone | duplicate_payment | staff */
  reason: z.string(),
  /** The gateway's reference of the refund, or the one staff typed when they settled it by hand. */
  reference: z.string().nullable(),
  requestedAt: z.string(),
  refundedAt: z.string().nullable(),
  /** Settled by staff outside the gateway (a bank transfer, cash at the desk). */
  settledByHand: z.boolean(),
  failures: z.array(z.object({ at: z.string(), actor: z.string() })),
});
export type AdminRefund = z.infer<typeof ZAdminRefund>;

/** An e-ticket of the order (every one, replaced and void ones too) with its coupons. */
export const ZAdminTicket = z.object({
  ticketNo: z.string(),
  passengerSeq: z.number().int().nullable(),
  journey: z.number().int(),
  /** TicketStatus (spec §3). */
  status: z.number().int(),
  reissuedFrom: z.string().nullable(),
  coupons: z.array(
    z.object({
      couponNo: z.number().int(),
      legSeq: z.number().int().nullable(),
      /** CheckInStatus: 10 unused, 11 used. */
      usage: z.number().int(),
      status: z.number().int(),
    }),
  ),
});

/** One row of the order's append-only history (`order_events`). */
export const ZAdminOrderEvent = z.object({
  id: z.string(),
  at: z.string(),
  /** created | paid | ticketed | expired | canceled | refunded | refund_failed | ... */
  type: z.string(),
  /** user:<id> | guest | system | staff:<id> | gateway:<name> */
  actor: z.string(),
  reason: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
});

/**
 * A travel-insurance policy of the order as staff see it (issue 14): its purchase state with
 * the insurer (pending with its tries and last error, issued with the policy number, failed:
 * refund its premium), the plan, the premium and the cover.
 */
export const ZAdminPolicy = z.object({
  passengerSeq: z.number().int(),
  insuranceType: z.string(),
  planName: z.object({ zh: z.string(), en: z.string(), km: z.string() }),
  status: z.enum(['pending', 'issued', 'failed']),
  policyNo: z.string().nullable(),
  provider: z.string(),
  premium: ZMoney,
  coverFrom: z.string(),
  coverTo: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  issuedAt: z.string().nullable(),
  /** The insurer's page of an issued policy. */
  externalUrl: z.string().nullable(),
});
export type AdminPolicy = z.infer<typeof ZAdminPolicy>;

/** GET /api/admin/orders/:orderNo. */
export const ZAdminOrderDetail = z.object({
  orderNo: z.string(),
  pnr: z.string(),
  status: ZOrderStatus,
  createdAt: z.string(),
  payDeadline: z.string(),
  ticketedAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
  /** 0 zh, 1 en, 2 km: the language of the order's mail and documents. */
  language: z.number().int(),
  /** Booked by a signed-in member (their id) or a guest (null). */
  userId: z.string().nullable(),
  contact: z.object({ name: z.string(), email: z.string(), countryCode: z.string(), phone: z.string() }),
  passengers: z.array(ZAdminPassenger),
  segments: z.array(ZAdminSegment),
  priceLines: z.array(ZAdminPriceLine),
  /** With `addonLines` (issue 14): each add-on, its seat while held, its baggage step, its plan. */
  price: ZOrderPrice,
  /** The order's insurance policies (issue 14), oldest first; empty before payment. */
  insurance: z.array(ZAdminPolicy),
  payments: z.array(ZAdminPayment),
  refunds: z.array(ZAdminRefund),
  tickets: z.array(ZAdminTicket),
  events: z.array(ZAdminOrderEvent),
  /** The audit log's rows about this order, newest first. */
  audit: z.array(ZAuditEntry),
  /**
   * Travellers' accounts that linked the order (issue 15, read-only), oldest first: by PNR +
   * surname (`order`) or by one of its tickets (`ticket`, with its number).
   */
  linkedBy: z.array(
    z.object({
      userId: z.string(),
      kind: z.enum(['order', 'ticket']),
      ticketNo: z.string().nullable(),
      linkedAt: z.string(),
    }),
  ),
});
export type AdminOrderDetail = z.infer<typeof ZAdminOrderDetail>;

/** Why staff do something that changes money or seats (kept in the history and the audit log). */
export const ZStaffReason = z.string().trim().min(3, 'say why, in a few words').max(500);

/** POST orders/:orderNo/itinerary: to the order's contact e-mail, or to `email`; a note of why, if given, goes to the audit log. */
export const ZAdminResendItineraryRequest = z.object({
  email: z.email().max(120).optional(),
  reason: z.string().trim().max(500).optional(),
});
export const ZAdminResendItineraryResponse = z.object({ sentTo: z.string() });

/** POST orders/:orderNo/cancel: an unpaid order, its seats and promo code use given back. */
export const ZAdminCancelOrderRequest = z.object({ reason: ZStaffReason });
export const ZAdminCancelOrderResponse = z.object({
  status: ZOrderStatus,
  /** Seats given back, per flight and booking class. */
  released: z.array(z.object({ flightId: z.string(), bookingClass: z.string(), seats: z.number().int() })),
});

/** POST orders/:orderNo/refunds/:refundId/retry: the failed refund goes to its gateway again. */
export const ZAdminRetryRefundRequest = z.object({ reason: ZStaffReason });
/**
 * POST orders/:orderNo/refunds/:refundId/settle: staff paid the failed refund back by other means;
 * `reference` names where (a bank transfer's number, a receipt).
 */
export const ZAdminSettleRefundRequest = z.object({ reason: ZStaffReason, reference: trimmed(120) });
/** What the refund is now: `pending` (its job sends it to the gateway) after a retry, `succeeded` after settling. */
export const ZAdminRefundActionResponse = z.object({
  refundId: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
});
