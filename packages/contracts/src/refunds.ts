import { z } from 'zod';
import { ZMoney } from './common';

/**
 * Online refunds (issue 15; after-sales-and-loyalty.md §2 refund screens, §3 refund order, §4
 * flow, §5 rules, §7 calls under `/travelsky/refund/`, §9 fees). The traveller's flow:
 *   flightTimeCheck      the order-level blocks, before the passenger page (request-no-tips);
 *   queryPassengerInfo   the order's passengers, each refundable or why not;
 *   pasngerTicketCheck   the chosen passengers (at least one; minors keep enough adults of 18+);
 *   getUserReasonList    the reasons, personal and flight;
 *   refundSchedule       the quote of the chosen passengers and reason (nothing stored);
 *   createRefund         a DRAFT refund order with that quote, priced again on the server
 *                        (idempotent by `idempotencyKey`), for request-refund-confirm;
 *   confirmRefund        submits the draft to audit: exactly the quote shown is applied;
 *   getRefundList        the caller's refund orders; getRefundDetail (our addition) one of them.
 * Passengers are named by `seq`, their 0-based position in the order (as order detail lists them).
 * docs/api.md "Refunds (issue 15)"; docs/decisions.md for the draft/confirm design.
 */

const ZOrderNo = z.string().trim().toUpperCase().min(1).max(32);
/** A refund order's number: `R` and digits. */
export const ZRefundNo = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^R\d{6,20}$/, 'must be a refund order number (R and digits)');
const ZSeqs = z.array(z.number().int().min(0).max(17)).max(18);

/** Why an order or a passenger cannot be refunded online (after-sales §5, §8). */
export const REFUND_BLOCKS = [
  'unpaid',
  'not_ticketed',
  'within_4h',
  'used',
  'infant',
  'china_route',
  'fare',
  'flight_expired',
  'refunding',
  'refunded',
] as const;
export const ZRefundBlockReason = z.enum(REFUND_BLOCKS);
export type RefundBlockReason = z.infer<typeof ZRefundBlockReason>;

/** A block with its message in the caller's language (the customer-service phone filled in). */
export const ZRefundBar = z.object({
  reason: ZRefundBlockReason,
  message: z.string(),
});
export type RefundBar = z.infer<typeof ZRefundBar>;

/** personal | flight (after-sales §3 refund order "reason"). */
export const ZRefundReasonKind = z.enum(['personal', 'flight']);
export type RefundReasonKind = z.infer<typeof ZRefundReasonKind>;

/** The reasons a traveller may give (getUserReasonList), by code. */
export const REFUND_REASON_CODES = [
  'plans_changed',
  'illness',
  'visa_refused',
  'bereavement',
  'other_personal',
  'flight_canceled',
  'flight_retimed',
] as const;
export const ZRefundReasonCode = z.enum(REFUND_REASON_CODES);
export type RefundReasonCode = z.infer<typeof ZRefundReasonCode>;

// ---- flightTimeCheck, queryPassengerInfo, pasngerTicketCheck

/** flightTimeCheck and queryPassengerInfo: the order. */
export const ZRefundOrderQuery = z.object({ orderNo: ZOrderNo });
export type RefundOrderQuery = z.infer<typeof ZRefundOrderQuery>;

/** flightTimeCheck: may the order be refunded online at all; the first block and every one. */
export const ZFlightTimeCheckResponse = z.object({
  orderNo: z.string(),
  refundable: z.boolean(),
  /** The block to show (request-no-tips); null when refundable. */
  block: ZRefundBar.nullable(),
  blocks: z.array(ZRefundBar),
  /** The customer-service phone (settings), null when none is filed. */
  servicePhone: z.string().nullable(),
});
export type FlightTimeCheckResponse = z.infer<typeof ZFlightTimeCheckResponse>;

/** A passenger of the order as the refund pages list them. */
export const ZRefundPassenger = z.object({
  seq: z.number().int(),
  name: z.string(),
  /** 1 adult, 2 child, 3 infant (enums PassengerType). */
  passengerType: z.number().int(),
  /** Age in whole years at the first segment's departure. */
  age: z.number().int(),
  ticketNo: z.string().nullable(),
  refundable: z.boolean(),
  /** Why not, when not refundable (their own block, or the order's). */
  block: ZRefundBar.nullable(),
});
export type RefundPassenger = z.infer<typeof ZRefundPassenger>;

/** queryPassengerInfo: the order's passengers with each one's refundability. */
export const ZRefundPassengersResponse = z.object({
  orderNo: z.string(),
  currency: z.string(),
  /** The order-level blocks (as flightTimeCheck); empty when the order may be refunded. */
  blocks: z.array(ZRefundBar),
  passengers: z.array(ZRefundPassenger),
  /** The refund companion age (18): minors left on the order need this many adults of it. */
  companionAge: z.number().int(),
});
export type RefundPassengersResponse = z.infer<typeof ZRefundPassengersResponse>;

/** pasngerTicketCheck: the chosen passengers. */
export const ZPassengerTicketCheckRequest = z.object({ orderNo: ZOrderNo, passengerSeqs: ZSeqs });
export type PassengerTicketCheckRequest = z.infer<typeof ZPassengerTicketCheckRequest>;
/** pasngerTicketCheck: the choice may go on; refusals are errors 670-689 (docs/api.md). */
export const ZPassengerTicketCheckResponse = z.object({
  ok: z.literal(true),
  /** Adults of 18+ staying on the order with its remaining minors (0 when no minor stays). */
  adultCount: z.number().int(),
});
export type PassengerTicketCheckResponse = z.infer<typeof ZPassengerTicketCheckResponse>;

// ---- getUserReasonList

export const ZRefundReasonListRequest = z.object({ orderNo: ZOrderNo.optional() }).default({});
export const ZRefundReasonItem = z.object({
  code: ZRefundReasonCode,
  kind: ZRefundReasonKind,
  /** In the caller's language. */
  text: z.string(),
  /** The Enhanced Refundable Ticket gives a full refund for this reason. */
  coveredByUpgrade: z.boolean(),
});
export type RefundReasonItem = z.infer<typeof ZRefundReasonItem>;
export const ZRefundReasonListResponse = z.object({ reasons: z.array(ZRefundReasonItem) });
export type RefundReasonListResponse = z.infer<typeof ZRefundReasonListResponse>;

// ---- refundSchedule (the quote), createRefund

/** refundSchedule: the passengers and reason to price. */
export const ZRefundQuoteRequest = z.object({
  orderNo: ZOrderNo,
  passengerSeqs: ZSeqs,
  reasonCode: ZRefundReasonCode,
});
export type RefundQuoteRequest = z.infer<typeof ZRefundQuoteRequest>;

/** One passenger's one segment in a quote: what was paid, the fee kept, what comes back. */
export const ZRefundQuoteLine = z.object({
  passengerSeq: z.number().int(),
  passengerName: z.string(),
  segmentSeq: z.number().int(),
  flightNo: z.string(),
  depCode: z.string(),
  arrCode: z.string(),
  /** UTC instant. */
  depUtc: z.string(),
  /** The fare paid for it (after its share of a discount). */
  fare: ZMoney,
  /** Its taxes, refunded. */
  taxes: ZMoney,
  /** The refund penalty of its fare family (0 for a flight reason or the upgrade's reasons). */
  fee: ZMoney,
  /** The no-show fee when its flight left without the passenger (0 otherwise). */
  noShowFee: ZMoney,
  /** fare + taxes - fee - noShowFee, never below 0. */
  refund: ZMoney,
  noShow: z.boolean(),
});
export type RefundQuoteLine = z.infer<typeof ZRefundQuoteLine>;

/** An add-on line chosen in the booking, refunded with its passenger when it was not used. */
export const ZRefundAddonLine = z.object({
  passengerSeq: z.number().int(),
  /** 11 priority boarding, 12 seat, 13 extra baggage, 10 insurance, ERT the refundable upgrade. */
  code: z.string(),
  segmentSeq: z.number().int().nullable(),
  paid: ZMoney,
  refund: ZMoney,
});
export type RefundAddonLine = z.infer<typeof ZRefundAddonLine>;

/** A quote: per passenger and segment, the add-ons, and the totals (after-sales §3 refund order). */
export const ZRefundQuote = z.object({
  orderNo: z.string(),
  currency: z.string(),
  reasonCode: ZRefundReasonCode,
  reasonKind: ZRefundReasonKind,
  lines: z.array(ZRefundQuoteLine),
  addons: z.array(ZRefundAddonLine),
  /** What was paid for the refunded parts (fares, taxes, add-ons refunded). */
  shouldRefund: ZMoney,
  /** Fees kept: refund penalties and no-show fees. */
  handlingFee: ZMoney,
  /** shouldRefund - handlingFee: what goes back. */
  actual: ZMoney,
  /** The Enhanced Refundable Ticket waived the fees. */
  upgradeApplied: z.boolean(),
  /** A flight-reason refund of a flight the airline canceled or retimed: approved without audit. */
  autoApproved: z.boolean(),
});
export type RefundQuote = z.infer<typeof ZRefundQuote>;

/** createRefund: as the quote, with the request's own idempotency key (or the Idempotency-Key header). */
export const ZCreateRefundRequest = ZRefundQuoteRequest.extend({
  /** 8-64 characters; the same key answers the same draft (a different request with it: 681). */
  idempotencyKey: z
    .string()
    .trim()
    .regex(/^[\w-]{8,64}$/)
    .optional(),
  /** The traveller's own words (optional). */
  remark: z.string().trim().max(500).optional(),
});
export type CreateRefundRequest = z.infer<typeof ZCreateRefundRequest>;

// ---- the refund order

/** draft (created, not confirmed), auditing, rejected, refunding (approved), refunded, expired (a draft not confirmed in time). */
export const REFUND_ORDER_STATUSES = [
  'draft',
  'auditing',
  'rejected',
  'refunding',
  'refunded',
  'expired',
] as const;
export const ZRefundOrderStatus = z.enum(REFUND_ORDER_STATUSES);
export type RefundOrderStatus = z.infer<typeof ZRefundOrderStatus>;

/** The steps of a refund's timeline (after-sales §4: application, audit, ticket refund accepted, money processing, success). */
export const REFUND_STEPS = [
  'applied',
  'audited',
  'ticket_refunded',
  'money_processing',
  'money_refunded',
] as const;
export const ZRefundStep = z.enum([...REFUND_STEPS, 'rejected']);
export type RefundStep = z.infer<typeof ZRefundStep>;

/** One step: done (`at`) or to come (`expectedBy`, the promise: audit within 1 working day, money by gateway). */
export const ZRefundTimelineStep = z.object({
  step: ZRefundStep,
  /** UTC instant it was done; null while to come. */
  at: z.string().nullable(),
  /** UTC instant it is promised by, while to come; null once done or when nothing is promised. */
  expectedBy: z.string().nullable(),
});
export type RefundTimelineStep = z.infer<typeof ZRefundTimelineStep>;

export const ZRefundOrderPassenger = z.object({
  seq: z.number().int(),
  name: z.string(),
  ticketNo: z.string().nullable(),
});

/** A refund order (after-sales §3): number, amounts, passengers, reason, status and timeline. */
export const ZRefundOrderView = z.object({
  refundNo: z.string(),
  orderNo: z.string(),
  status: ZRefundOrderStatus,
  /** RefundStatus: 10 refunding ticket, 11 refunding money, 12 success; null before approval. */
  refundStatus: z.number().int().nullable(),
  /** RefundMoneyStatus: 10 accepted, 11 processing, 12 success; null before approval. */
  moneyStatus: z.number().int().nullable(),
  reasonCode: ZRefundReasonCode,
  reasonKind: ZRefundReasonKind,
  reasonText: z.string(),
  remark: z.string().nullable(),
  currency: z.string(),
  shouldRefund: ZMoney,
  handlingFee: ZMoney,
  actual: ZMoney,
  upgradeApplied: z.boolean(),
  passengers: z.array(ZRefundOrderPassenger),
  lines: z.array(ZRefundQuoteLine),
  addons: z.array(ZRefundAddonLine),
  /** Staff's reason when rejected. */
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  /** A draft: until when it may be confirmed. */
  expiresAt: z.string().nullable(),
  timeline: z.array(ZRefundTimelineStep),
  /** The next step and its promise; null when finished (refunded, rejected, expired). */
  next: ZRefundTimelineStep.nullable(),
});
export type RefundOrderView = z.infer<typeof ZRefundOrderView>;

/** confirmRefund and getRefundDetail: one refund order. */
export const ZRefundNoRequest = z.object({ refundNo: ZRefundNo });
export type RefundNoRequest = z.infer<typeof ZRefundNoRequest>;

/** getRefundList: the caller's refund orders, optionally of one order (a guest: the order of their grant). */
export const ZRefundListRequest = z
  .object({
    orderNo: ZOrderNo.optional(),
    pageNum: z.number().int().min(1).max(1000).default(1),
    pageSize: z.number().int().min(1).max(50).default(20),
  })
  .default({ pageNum: 1, pageSize: 20 });
export type RefundListRequest = z.infer<typeof ZRefundListRequest>;

export const ZRefundListItem = ZRefundOrderView.pick({
  refundNo: true,
  orderNo: true,
  status: true,
  refundStatus: true,
  moneyStatus: true,
  reasonKind: true,
  reasonText: true,
  actual: true,
  passengers: true,
  createdAt: true,
  next: true,
});
export type RefundListItem = z.infer<typeof ZRefundListItem>;
export const ZRefundListResponse = z.object({ list: z.array(ZRefundListItem), total: z.number().int() });
export type RefundListResponse = z.infer<typeof ZRefundListResponse>;

// ---- staff (/api/admin/refunds)

/** The console's refund queue: filters. `overdue`: only those past their promise. */
export const ZAdminRefundOrderSearch = z.object({
  status: ZRefundOrderStatus.optional(),
  /** Only the refunds of one order (the console's order page links here). */
  orderNo: ZOrderNo.optional(),
  /** Only requests submitted at least this many hours ago. */
  minAgeHours: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 365)
    .optional(),
  overdue: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  pageNum: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminRefundOrderSearch = z.infer<typeof ZAdminRefundOrderSearch>;

/** A row of the queue: its age against the promise of its next step. */
export const ZAdminRefundOrderRow = z.object({
  refundNo: z.string(),
  orderNo: z.string(),
  status: ZRefundOrderStatus,
  refundStatus: z.number().int().nullable(),
  moneyStatus: z.number().int().nullable(),
  reasonCode: ZRefundReasonCode,
  reasonKind: ZRefundReasonKind,
  passengerCount: z.number().int(),
  actual: ZMoney,
  /** When the traveller submitted it (UTC). */
  submittedAt: z.string().nullable(),
  /** Minutes since submission. */
  ageMinutes: z.number().int(),
  /** The promise of its next step (UTC); null when finished. */
  dueBy: z.string().nullable(),
  /** Past its promise and not finished. */
  overdue: z.boolean(),
});
export type AdminRefundOrderRow = z.infer<typeof ZAdminRefundOrderRow>;
export const ZAdminRefundOrderPage = z.object({
  list: z.array(ZAdminRefundOrderRow),
  total: z.number().int(),
});
export type AdminRefundOrderPage = z.infer<typeof ZAdminRefundOrderPage>;

export const ZAdminRefundOrderParams = z.object({ refundNo: ZRefundNo });

/** One row of a refund's history as staff see it (who and why). */
export const ZAdminRefundOrderEvent = z.object({
  type: z.string(),
  actor: z.string(),
  reason: z.string().nullable(),
  at: z.string(),
});
/** The console's refund page: the traveller's view, the row's promise and the history. */
export const ZAdminRefundOrderDetail = ZRefundOrderView.extend({
  row: ZAdminRefundOrderRow,
  events: z.array(ZAdminRefundOrderEvent),
});
export type AdminRefundOrderDetail = z.infer<typeof ZAdminRefundOrderDetail>;

/** Approve: an optional note for the history. */
export const ZAdminApproveRefundRequest = z.object({ note: z.string().trim().max(500).optional() });
/** Reject: the reason the traveller is told (required). */
export const ZAdminRejectRefundRequest = z.object({ reason: z.string().trim().min(2).max(500) });
