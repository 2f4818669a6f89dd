import type {
  FlightTimeCheckResponse,
  RefundListItem,
  RefundOrderView,
  RefundPassengersResponse,
  RefundQuote,
  RefundReasonListResponse,
  RefundTimelineStep,
} from '@wings/contracts';
import { usd } from './booking';
import type { FakeCall } from './fake-api';
import { ok } from './fake-api';
import { ORDER_NO } from './orders';

/** The refund calls' base (after-sales §7). */
export const RF = '/api/travelsky/refund';
export const REFUND_NO = 'R261124000042';
export const PHONE = '+855 23 999 888';

const within4h = {
  reason: 'within_4h' as const,
  message: `Online refunds close 4 hours before departure. Please call customer service on ${PHONE}.`,
};

export function flightTimeOk(): FlightTimeCheckResponse {
  return { orderNo: ORDER_NO, refundable: true, block: null, blocks: [], servicePhone: PHONE };
}

export function flightTimeBlocked(): FlightTimeCheckResponse {
  return { orderNo: ORDER_NO, refundable: false, block: within4h, blocks: [within4h], servicePhone: PHONE };
}

/** An adult (0), a child of 7 (1), an adult already refunded (2), an adult of 40 (3). */
export function passengersReply(patch: Partial<RefundPassengersResponse> = {}): RefundPassengersResponse {
  return {
    orderNo: ORDER_NO,
    currency: 'USD',
    blocks: [],
    passengers: [
      {
        seq: 0,
        name: 'SOK/DARA',
        passengerType: 1,
        age: 36,
        ticketNo: '9991000000001',
        refundable: true,
        block: null,
      },
      {
        seq: 1,
        name: 'SOK/MEALEA',
        passengerType: 2,
        age: 7,
        ticketNo: '9991000000002',
        refundable: true,
        block: null,
      },
      {
        seq: 2,
        name: 'SOK/VANNA',
        passengerType: 1,
        age: 60,
        ticketNo: '9991000000003',
        refundable: false,
        block: { reason: 'refunded', message: 'This ticket has already been refunded.' },
      },
      {
        seq: 3,
        name: 'KEO/RITH',
        passengerType: 1,
        age: 40,
        ticketNo: '9991000000004',
        refundable: true,
        block: null,
      },
    ],
    companionAge: 18,
    ...patch,
  };
}

export function reasonsReply(): RefundReasonListResponse {
  return {
    reasons: [
      { code: 'plans_changed', kind: 'personal', text: 'My plans changed', coveredByUpgrade: false },
      { code: 'illness', kind: 'personal', text: 'Illness', coveredByUpgrade: true },
      {
        code: 'flight_canceled',
        kind: 'flight',
        text: 'The airline canceled my flight',
        coveredByUpgrade: true,
      },
    ],
  };
}

const line = (passengerSeq: number, passengerName: string, segmentSeq: number) => ({
  passengerSeq,
  passengerName,
  segmentSeq,
  flightNo: segmentSeq === 0 ? 'WA101' : 'WA102',
  depCode: segmentSeq === 0 ? 'KTI' : 'BKK',
  arrCode: segmentSeq === 0 ? 'BKK' : 'KTI',
  // 08:30 in Phnom Penh and 18:00 in Bangkok (both UTC+7).
  depUtc: segmentSeq === 0 ? '2026-12-24T01:30:00.000Z' : '2026-12-29T11:00:00.000Z',
  fare: usd(40000),
  taxes: usd(2500),
  fee: usd(5000),
  noShowFee: usd(0),
  refund: usd(37500),
  noShow: false,
});

/** Two passengers × two segments of Basic: $425.00 paid each, $50.00 kept each; a $25.00 seat refunded. */
export function quoteReply(patch: Partial<RefundQuote> = {}): RefundQuote {
  return {
    orderNo: ORDER_NO,
    currency: 'USD',
    reasonCode: 'plans_changed',
    reasonKind: 'personal',
    lines: [line(0, 'SOK/DARA', 0), line(0, 'SOK/DARA', 1), line(3, 'KEO/RITH', 0), line(3, 'KEO/RITH', 1)],
    addons: [{ passengerSeq: 0, code: '12', segmentSeq: 0, paid: usd(2500), refund: usd(2500) }],
    shouldRefund: usd(172500),
    handlingFee: usd(20000),
    actual: usd(152500),
    upgradeApplied: false,
    autoApproved: false,
    ...patch,
  };
}

const step = (s: RefundTimelineStep['step'], at: string | null, expectedBy: string | null = null) => ({
  step: s,
  at,
  expectedBy,
});

/** A refund under review: applied, audit promised by 25 Nov 2026 17:30 (UTC+7). */
export function refundView(patch: Partial<RefundOrderView> = {}): RefundOrderView {
  const q = quoteReply();
  return {
    refundNo: REFUND_NO,
    orderNo: ORDER_NO,
    status: 'auditing',
    refundStatus: null,
    moneyStatus: null,
    reasonCode: 'plans_changed',
    reasonKind: 'personal',
    reasonText: 'My plans changed',
    remark: null,
    currency: 'USD',
    shouldRefund: q.shouldRefund,
    handlingFee: q.handlingFee,
    actual: q.actual,
    upgradeApplied: false,
    passengers: [
      { seq: 0, name: 'SOK/DARA', ticketNo: '9991000000001' },
      { seq: 3, name: 'KEO/RITH', ticketNo: '9991000000004' },
    ],
    lines: q.lines,
    addons: q.addons,
    rejectReason: null,
    createdAt: '2026-11-24T03:00:00.000Z',
    expiresAt: null,
    timeline: [
      step('applied', '2026-11-24T03:00:00.000Z'),
      step('audited', null, '2026-11-25T10:30:00.000Z'),
      step('ticket_refunded', null),
      step('money_processing', null),
      step('money_refunded', null),
    ],
    next: step('audited', null, '2026-11-25T10:30:00.000Z'),
    ...patch,
  };
}

/** A refund paid back: every step done. */
export function refundedView(): RefundOrderView {
  return refundView({
    status: 'refunded',
    refundStatus: 12,
    moneyStatus: 12,
    timeline: [
      step('applied', '2026-11-24T03:00:00.000Z'),
      step('audited', '2026-11-24T05:00:00.000Z'),
      step('ticket_refunded', '2026-11-24T05:00:00.000Z'),
      step('money_processing', '2026-11-24T05:01:00.000Z'),
      step('money_refunded', '2026-11-27T05:00:00.000Z'),
    ],
    next: null,
  });
}

export function listItem(view: RefundOrderView): RefundListItem {
  const {
    refundNo,
    orderNo,
    status,
    refundStatus,
    moneyStatus,
    reasonKind,
    reasonText,
    actual,
    passengers,
    createdAt,
    next,
  } = view;
  return {
    refundNo,
    orderNo,
    status,
    refundStatus,
    moneyStatus,
    reasonKind,
    reasonText,
    actual,
    passengers,
    createdAt,
    next,
  };
}

/** Answers the refund calls from `replies` by name (`flightTimeCheck`, ...). */
export function refundHandler(
  replies: Record<string, (call: FakeCall) => { status?: number; body: unknown }>,
) {
  return (call: FakeCall) => {
    if (!call.path.startsWith(`${RF}/`)) return undefined;
    const name = call.path.slice(RF.length + 1);
    return replies[name]?.(call);
  };
}

/** A refusal in the main envelope: code and its message. */
export const refusal = (code: string, message: string) => ({ body: { code, message, data: null } });

export { ok };
