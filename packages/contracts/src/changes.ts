import { z } from 'zod';
import { ZLocalDate, ZMoney } from './common';

/**
 * Change of date (issue 16; after-sales-and-loyalty.md §2 change-date screens, §3 reschedule
 * order and record, §4 reschedule states, §5 reschedule rules, §7 change calls, §8 messages, §9
 * change fees). The traveller's flow, under `/api/ca/caweb/backend/`:
 *   changeTicket/checkChange          may the order be changed; its legs, passengers, fee and
 *                                     the date limits of §5 (change-date-form);
 *   changeTicket/queryChangeFlights   (ours) the flights of a leg on a new date, with today's
 *                                     fare of the ticket's family (change-date-flight);
 *   checkFlightSchedule               (pricing's, as in booking) whether the chosen flights'
 *                                     times changed since they were shown, before the quote;
 *   changeTicket/checkChangeOrder     the chosen flights and reason: a QUOTED change order that
 *                                     holds its seats and price for a stated time, like an offer
 *                                     (change-date-added-services, change-date-cost);
 *   changeTicket/saveChangeOrder      confirms the quote (change-date-confirm): nothing to pay
 *                                     completes it at once, otherwise it waits for its payment;
 *   changeTicket/getPayUrl/{changeNo} starts paying it at a gateway (as payment/getPayUrl);
 *   changeTicketInfo/queryChangeOrderList, queryChangeOrderDetail/{changeNo}: the records
 *                                     (rescheduled-record, rescheduled-detail).
 * When the airline retimes or cancels a flight (staff, in the console), the travellers choose on
 * ticket detail: changeTicket/queryDisruption and changeTicket/chooseDisruption (ours).
 * Legs are named by `segmentSeq` (the order's leg position, 0 outbound, 1 return), passengers
 * by `seq`, as order detail lists them. docs/api.md "Changes of date (issue 16)".
 */

const ZOrderNo = z.string().trim().toUpperCase().min(1).max(32);
/** A change order's number: `C` and digits. */
export const ZChangeNo = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^C\d{6,20}$/, 'must be a change order number (C and digits)');
const ZSegmentSeq = z.number().int().min(0).max(3);

/** Why an order or a leg cannot be changed online (after-sales §5, §8). */
export const CHANGE_BLOCKS = [
  'unpaid',
  'not_ticketed',
  'within_4h',
  'used',
  'infant',
  'china_route',
  'fare',
  'flight_expired',
  'upgrade',
  'rescheduled',
  'in_change',
  'refunding',
] as const;
export const ZChangeBlockReason = z.enum(CHANGE_BLOCKS);
export type ChangeBlockReason = z.infer<typeof ZChangeBlockReason>;

/** A block with its message in the caller's language (the customer-service phone filled in). */
export const ZChangeBar = z.object({ reason: ZChangeBlockReason, message: z.string() });
export type ChangeBar = z.infer<typeof ZChangeBar>;

/** The reasons a traveller gives for a change (§5 "a reason is required"). */
export const CHANGE_REASON_CODES = [
  'plans_changed',
  'illness',
  'work',
  'missed_connection',
  'other',
  'flight_disrupted',
] as const;
export const ZChangeReasonCode = z.enum(CHANGE_REASON_CODES);
export type ChangeReasonCode = z.infer<typeof ZChangeReasonCode>;

/** voluntary: the traveller's own change (fee and difference); disruption: the airline changed the flight (free). */
export const ZChangeKind = z.enum(['voluntary', 'disruption']);
export type ChangeKind = z.infer<typeof ZChangeKind>;

/** A leg as the change pages show it. */
export const ZChangeLeg = z.object({
  segmentSeq: z.number().int(),
  flightId: z.string(),
  flightNo: z.string(),
  depCode: z.string(),
  arrCode: z.string(),
  /** UTC instants. */
  depUtc: z.string(),
  arrUtc: z.string(),
  /** The departure airport's local date (YYYY-MM-DD). */
  depDate: z.string(),
  family: z.string(),
  cabin: z.string(),
  bookingClass: z.string(),
});
export type ChangeLeg = z.infer<typeof ZChangeLeg>;

// ---- checkChange

export const ZChangeOrderQuery = z.object({ orderNo: ZOrderNo });
export type ChangeOrderQuery = z.infer<typeof ZChangeOrderQuery>;

export const ZChangeReasonItem = z.object({ code: ZChangeReasonCode, text: z.string() });
export type ChangeReasonItem = z.infer<typeof ZChangeReasonItem>;

/** checkChange: the order's changeability, its legs, passengers, fee and date limits. */
export const ZCheckChangeResponse = z.object({
  orderNo: z.string(),
  changeable: z.boolean(),
  /** The block to show (the first); null when changeable. */
  block: ZChangeBar.nullable(),
  blocks: z.array(ZChangeBar),
  servicePhone: z.string().nullable(),
  currency: z.string(),
  legs: z.array(
    ZChangeLeg.extend({
      changeable: z.boolean(),
      block: ZChangeBar.nullable(),
    }),
  ),
  passengers: z.array(
    z.object({
      seq: z.number().int(),
      name: z.string(),
      passengerType: z.number().int(),
      ticketNo: z.string().nullable(),
    }),
  ),
  /** The change fee per person per segment of the ticket's family (§9); 0 for free families. */
  feePerPassengerSegment: ZMoney,
  /**
   * §5's date limits: the new outbound date not later than the original return departure's
   * date (null: one-way), the new return date on or after the original departure's date.
   */
  outboundLatest: z.string().nullable(),
  returnEarliest: z.string().nullable(),
  /** The first and last date a search may ask (today in the departure airport; 180 days ahead). */
  earliestDate: z.string(),
  latestDate: z.string(),
  reasons: z.array(ZChangeReasonItem),
  /** A confirmed change waiting for its payment (continue paying it), or null. */
  pending: z.object({ changeNo: z.string(), amount: ZMoney, payDeadline: z.string() }).nullable(),
});
export type CheckChangeResponse = z.infer<typeof ZCheckChangeResponse>;

// ---- queryChangeFlights

export const ZChangeFlightsRequest = z.object({
  orderNo: ZOrderNo,
  segmentSeq: ZSegmentSeq,
  /** The new date in the departure airport's zone. */
  date: ZLocalDate,
  /** disruption: a free move of a flight the airline changed (±3 days, no fee or difference). */
  kind: ZChangeKind.default('voluntary'),
});
export type ChangeFlightsRequest = z.input<typeof ZChangeFlightsRequest>;

/** A flight the leg may move to, with what the move costs per passenger (before the quote). */
export const ZChangeFlightOption = z.object({
  flightId: z.string(),
  flightNo: z.string(),
  depCode: z.string(),
  arrCode: z.string(),
  depUtc: z.string(),
  arrUtc: z.string(),
  aircraft: z.string(),
  /** The booking class the change would take (the lowest open class of the ticket's family; a disruption: any open class of the cabin). */
  bookingClass: z.string(),
  seatsLeft: z.number().int(),
  /** Today's adult fare of the family on this flight. */
  adultFare: ZMoney,
  /** Fee + fare and tax difference for every passenger together (before the quote holds it). */
  estimate: ZMoney,
  /** The flight the leg is on now (shown, not choosable). */
  current: z.boolean(),
});
export type ChangeFlightOption = z.infer<typeof ZChangeFlightOption>;

export const ZChangeFlightsResponse = z.object({
  orderNo: z.string(),
  segmentSeq: z.number().int(),
  date: z.string(),
  currency: z.string(),
  flights: z.array(ZChangeFlightOption),
  /** disruption: the dates that may be chosen (the original date ±3 days, not in the past). */
  dates: z.array(z.string()),
});
export type ChangeFlightsResponse = z.infer<typeof ZChangeFlightsResponse>;

// ---- checkChangeOrder (the quote)

export const ZChangeLegChoice = z.object({
  segmentSeq: ZSegmentSeq,
  flightId: z.string().min(1).max(40),
  /** The departure the traveller was shown (UTC): a flight retimed since is refused (choose another). */
  depUtc: z.string().datetime(),
});
export type ChangeLegChoice = z.infer<typeof ZChangeLegChoice>;

export const ZCheckChangeOrderRequest = z.object({
  orderNo: ZOrderNo,
  kind: ZChangeKind.default('voluntary'),
  reasonCode: ZChangeReasonCode,
  remark: z.string().trim().max(500).optional(),
  legs: z.array(ZChangeLegChoice).min(1).max(2),
  /** 8-64 characters; the same key answers the same quote. */
  idempotencyKey: z
    .string()
    .trim()
    .regex(/^[\w-]{8,64}$/),
});
export type CheckChangeOrderRequest = z.input<typeof ZCheckChangeOrderRequest>;

/** One passenger's one leg in a quote. */
export const ZChangeCostLine = z.object({
  passengerSeq: z.number().int(),
  passengerName: z.string(),
  segmentSeq: z.number().int(),
  /** The change fee (§9). */
  fee: ZMoney,
  /** The fare paid before and the fare of the same family on the new flight today. */
  oldFare: ZMoney,
  newFare: ZMoney,
  oldTaxes: ZMoney,
  newTaxes: ZMoney,
  /** max(0, newFare - oldFare): a lower new fare is not refunded (docs/decisions.md). */
  fareDifference: ZMoney,
  /** max(0, newTaxes - oldTaxes). */
  taxDifference: ZMoney,
  /** fee + fareDifference + taxDifference. */
  total: ZMoney,
});
export type ChangeCostLine = z.infer<typeof ZChangeCostLine>;

/** What happens to an add-on on a changed leg (change-date-added-services). */
export const ZChangeServiceCarry = z.object({
  passengerSeq: z.number().int(),
  passengerName: z.string(),
  segmentSeq: z.number().int().nullable(),
  /** 10 insurance, 11 priority boarding, 12 seat, 13 extra baggage. */
  code: z.string(),
  /** carried: kept on the new flight; reseat: a seat of the same kind is chosen again on the new flight; lapsed: no longer applies. */
  outcome: z.enum(['carried', 'reseat', 'lapsed']),
  /** The seat before (a seat), e.g. "12C". */
  before: z.string().nullable(),
  /** What the traveller is told, in their language. */
  note: z.string(),
});
export type ChangeServiceCarry = z.infer<typeof ZChangeServiceCarry>;

export const CHANGE_ORDER_STATUSES = ['quoted', 'unpaid', 'succeeded', 'expired', 'canceled'] as const;
/**
 * quoted: checkChangeOrder holds the seats and price until `expiresAt`; unpaid: confirmed, waiting
 * for its payment until `payDeadline`; succeeded: the tickets were reissued; expired: a quote or
 * payment not made in time (its seats went back); canceled: withdrawn by the traveller.
 */
export const ZChangeOrderStatus = z.enum(CHANGE_ORDER_STATUSES);
export type ChangeOrderStatus = z.infer<typeof ZChangeOrderStatus>;

/** A change order (after-sales §3 reschedule order: number, fee, original cost, amount to pay). */
export const ZChangeOrderView = z.object({
  changeNo: z.string(),
  /** The original order: its detail page is the change order's (booking §4 order type 1). */
  orderNo: z.string(),
  kind: ZChangeKind,
  status: ZChangeOrderStatus,
  /** RescheduledStatus: processing 0, success 1. */
  rescheduledStatus: z.number().int(),
  /** OrderPayStatus of the change order: 0 unpaid, 1 paid (or nothing to pay), 2 canceled. */
  payStatus: z.number().int(),
  reasonCode: ZChangeReasonCode,
  reasonText: z.string(),
  remark: z.string().nullable(),
  currency: z.string(),
  from: z.array(ZChangeLeg),
  to: z.array(ZChangeLeg),
  passengers: z.array(
    z.object({
      seq: z.number().int(),
      name: z.string(),
      /** The ticket before the change (re_issued once it succeeded). */
      oldTicketNo: z.string().nullable(),
      /** The reissued ticket; null until the change succeeded. */
      newTicketNo: z.string().nullable(),
    }),
  ),
  lines: z.array(ZChangeCostLine),
  services: z.array(ZChangeServiceCarry),
  /** Change fees in all. */
  fee: ZMoney,
  /** What the changed legs cost when bought (fares and taxes). */
  originalCost: ZMoney,
  /** Fare and tax differences in all. */
  difference: ZMoney,
  /** fee + difference: what the traveller pays. */
  amount: ZMoney,
  createdAt: z.string(),
  /** A quote: until when it holds its seats and price. */
  expiresAt: z.string().nullable(),
  /** An unpaid change: until when it may be paid. */
  payDeadline: z.string().nullable(),
  succeededAt: z.string().nullable(),
});
export type ChangeOrderView = z.infer<typeof ZChangeOrderView>;

// ---- saveChangeOrder, getPayUrl

export const ZSaveChangeOrderRequest = z.object({
  changeNo: ZChangeNo,
  /** The insurance agreement read and accepted when an insured passenger's policy moves (change-date-added-services). */
  insuranceAccepted: z.boolean().default(false),
});
export type SaveChangeOrderRequest = z.input<typeof ZSaveChangeOrderRequest>;

/** The change order after confirmation: succeeded at once (nothing to pay) or unpaid. */
export const ZSaveChangeOrderResponse = ZChangeOrderView;
export type SaveChangeOrderResponse = z.infer<typeof ZSaveChangeOrderResponse>;

export const ZChangeNoParams = z.object({ changeNo: ZChangeNo });

// ---- records

export const ZChangeOrderListRequest = z
  .object({
    orderNo: ZOrderNo.optional(),
    pageNum: z.number().int().min(1).max(1000).default(1),
    pageSize: z.number().int().min(1).max(50).default(20),
  })
  .default({ pageNum: 1, pageSize: 20 });
export type ChangeOrderListRequest = z.input<typeof ZChangeOrderListRequest>;

export const ZChangeOrderListItem = ZChangeOrderView.pick({
  changeNo: true,
  orderNo: true,
  kind: true,
  status: true,
  rescheduledStatus: true,
  payStatus: true,
  from: true,
  to: true,
  amount: true,
  createdAt: true,
  payDeadline: true,
});
export type ChangeOrderListItem = z.infer<typeof ZChangeOrderListItem>;
export const ZChangeOrderListResponse = z.object({
  list: z.array(ZChangeOrderListItem),
  total: z.number().int(),
});
export type ChangeOrderListResponse = z.infer<typeof ZChangeOrderListResponse>;

// ---- when the airline changed a flight

/** What a traveller chose about a flight the airline changed; pending keeps the retimed flight. */
export const DISRUPTION_CHOICES = ['pending', 'accepted', 'moved', 'refunded'] as const;
export const ZDisruptionChoice = z.enum(DISRUPTION_CHOICES);
export type DisruptionChoice = z.infer<typeof ZDisruptionChoice>;

/** One flight of the order the airline retimed or canceled, and what the traveller may do. */
export const ZDisruption = z.object({
  segmentSeq: z.number().int(),
  flightId: z.string(),
  flightNo: z.string(),
  depCode: z.string(),
  arrCode: z.string(),
  kind: z.enum(['retimed', 'canceled']),
  /** UTC instants before the change and (a retime) after it. */
  before: z.object({ depUtc: z.string(), arrUtc: z.string() }),
  after: z.object({ depUtc: z.string(), arrUtc: z.string() }).nullable(),
  /** Staff's reason, as the e-mail told it. */
  reason: z.string().nullable(),
  changedAt: z.string(),
  choice: ZDisruptionChoice,
  chosenAt: z.string().nullable(),
  /** What may still be done: accept (a retime only), move free within ±3 days, a full refund without fee. */
  mayAccept: z.boolean(),
  mayMove: z.boolean(),
  mayRefund: z.boolean(),
  /** The first and last date a free move may go to (departure airport's dates). */
  moveFrom: z.string(),
  moveTo: z.string(),
  /** The change order of a move, the refund order of a refund. */
  changeNo: z.string().nullable(),
  refundNo: z.string().nullable(),
});
export type Disruption = z.infer<typeof ZDisruption>;

export const ZDisruptionResponse = z.object({
  orderNo: z.string(),
  disruptions: z.array(ZDisruption),
});
export type DisruptionResponse = z.infer<typeof ZDisruptionResponse>;

/** chooseDisruption: accept the retimed flight (a move goes through checkChangeOrder with kind disruption). */
export const ZChooseDisruptionRequest = z.object({
  orderNo: ZOrderNo,
  flightId: z.string().min(1).max(40),
  choice: z.literal('accepted'),
});
export type ChooseDisruptionRequest = z.infer<typeof ZChooseDisruptionRequest>;

// ---- staff (/api/admin/changes)

/** The console's change orders: filters. */
export const ZAdminChangeOrderSearch = z.object({
  orderNo: ZOrderNo.optional(),
  status: ZChangeOrderStatus.optional(),
  kind: ZChangeKind.optional(),
  pageNum: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminChangeOrderSearch = z.infer<typeof ZAdminChangeOrderSearch>;

export const ZAdminChangeOrderRow = ZChangeOrderListItem.extend({
  passengerCount: z.number().int(),
});
export type AdminChangeOrderRow = z.infer<typeof ZAdminChangeOrderRow>;
export const ZAdminChangeOrderPage = z.object({
  list: z.array(ZAdminChangeOrderRow),
  total: z.number().int(),
});
export type AdminChangeOrderPage = z.infer<typeof ZAdminChangeOrderPage>;

export const ZAdminChangeOrderEvent = z.object({
  type: z.string(),
  actor: z.string(),
  reason: z.string().nullable(),
  at: z.string(),
});
export const ZAdminChangeOrderDetail = ZChangeOrderView.extend({
  events: z.array(ZAdminChangeOrderEvent),
});
export type AdminChangeOrderDetail = z.infer<typeof ZAdminChangeOrderDetail>;

/** The console's disrupted flights: retimed or canceled dated flights with travellers, newest change first. */
export const ZAdminDisruptionSearch = z.object({
  /** Departures from this local date (YYYY-MM-DD) on; default: today in the hub. */
  from: ZLocalDate.optional(),
  pageNum: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminDisruptionSearch = z.infer<typeof ZAdminDisruptionSearch>;

export const ZAdminDisruptedFlight = z.object({
  flightId: z.string(),
  flightNo: z.string(),
  depCode: z.string(),
  arrCode: z.string(),
  kind: z.enum(['retimed', 'canceled']),
  before: z.object({ depUtc: z.string(), arrUtc: z.string() }),
  after: z.object({ depUtc: z.string(), arrUtc: z.string() }).nullable(),
  changedAt: z.string(),
  /** Passengers of paid orders on it when it changed, and how many chose each way. */
  passengers: z.number().int(),
  choices: z.object({
    pending: z.number().int(),
    accepted: z.number().int(),
    moved: z.number().int(),
    refunded: z.number().int(),
  }),
});
export type AdminDisruptedFlight = z.infer<typeof ZAdminDisruptedFlight>;
export const ZAdminDisruptedFlightPage = z.object({
  list: z.array(ZAdminDisruptedFlight),
  total: z.number().int(),
});
export type AdminDisruptedFlightPage = z.infer<typeof ZAdminDisruptedFlightPage>;

/** One disrupted flight's passengers and what each chose. */
export const ZAdminDisruptedFlightDetail = ZAdminDisruptedFlight.extend({
  reason: z.string().nullable(),
  travellers: z.array(
    z.object({
      orderNo: z.string(),
      passengerSeq: z.number().int(),
      name: z.string(),
      ticketNo: z.string().nullable(),
      choice: ZDisruptionChoice,
      chosenAt: z.string().nullable(),
      /** The flight moved to (a move). */
      movedTo: z.object({ flightNo: z.string(), depUtc: z.string() }).nullable(),
      changeNo: z.string().nullable(),
      refundNo: z.string().nullable(),
    }),
  ),
});
export type AdminDisruptedFlightDetail = z.infer<typeof ZAdminDisruptedFlightDetail>;
export const ZAdminDisruptedFlightParams = z.object({ flightId: z.string().min(1).max(40) });
