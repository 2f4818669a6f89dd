import type {
  ChangeLeg,
  ChangeOrderListItem,
  ChangeOrderView,
  Disruption,
  DisruptionResponse,
} from '@wings/contracts';
import { usd } from './booking';
import type { FakeCall } from './fake-api';
import { ok } from './fake-api';
import { ORDER_NO } from './orders';

/** The change calls' base (after-sales §7 "Change date"). */
export const CB = '/api/ca/caweb/backend';
export const CHANGE_NO = 'C2611240000042';

/** WA101 KTI→BKK at 08:30-09:55 (UTC+7) on `date`. */
export function changeLeg(date: string, patch: Partial<ChangeLeg> = {}): ChangeLeg {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const at = (h: number, min: number) => new Date(Date.UTC(y, m - 1, d, h - 7, min)).toISOString();
  return {
    segmentSeq: 0,
    flightId: `WA101-${date}`,
    flightNo: 'WA101',
    depCode: 'KTI',
    arrCode: 'BKK',
    depUtc: at(8, 30),
    arrUtc: at(9, 55),
    depDate: date,
    family: 'Basic',
    cabin: 'Y',
    bookingClass: 'T',
    ...patch,
  };
}

/**
 * A voluntary change of the outbound from 12 Dec to 14 Dec for two passengers, confirmed and
 * waiting for its payment: $50 fee each, one fare difference of $20: $120.00 in all.
 */
export function changeView(patch: Partial<ChangeOrderView> = {}): ChangeOrderView {
  const line = (passengerSeq: number, passengerName: string, fareDifference: number) => ({
    passengerSeq,
    passengerName,
    segmentSeq: 0,
    fee: usd(5000),
    oldFare: usd(30000),
    newFare: usd(30000 + fareDifference),
    oldTaxes: usd(4000),
    newTaxes: usd(4000),
    fareDifference: usd(fareDifference),
    taxDifference: usd(0),
    total: usd(5000 + fareDifference),
  });
  return {
    changeNo: CHANGE_NO,
    orderNo: ORDER_NO,
    kind: 'voluntary',
    status: 'unpaid',
    rescheduledStatus: 0,
    payStatus: 0,
    reasonCode: 'plans_changed',
    reasonText: 'My plans changed',
    remark: 'Meeting moved',
    currency: 'USD',
    from: [changeLeg('2026-12-12')],
    to: [changeLeg('2026-12-14')],
    passengers: [
      { seq: 0, name: 'SOK/DARA', oldTicketNo: '9991000000001', newTicketNo: null },
      { seq: 1, name: 'SOK/MEALEA', oldTicketNo: '9991000000002', newTicketNo: null },
    ],
    lines: [line(0, 'SOK/DARA', 2000), line(1, 'SOK/MEALEA', 0)],
    services: [
      {
        passengerSeq: 0,
        passengerName: 'SOK/DARA',
        segmentSeq: 0,
        code: '12',
        outcome: 'reseat',
        before: '12C',
        note: 'Seat 12C: choose a seat of the same kind again on the new flight.',
      },
    ],
    fee: usd(10000),
    originalCost: usd(68000),
    difference: usd(2000),
    amount: usd(12000),
    createdAt: '2026-11-24T03:00:00.000Z',
    expiresAt: null,
    payDeadline: new Date(Date.now() + 20 * 60_000).toISOString(),
    succeededAt: null,
    ...patch,
  };
}

/** The same change once paid and reissued. */
export function changedView(patch: Partial<ChangeOrderView> = {}): ChangeOrderView {
  const base = changeView();
  return changeView({
    status: 'succeeded',
    rescheduledStatus: 1,
    payStatus: 1,
    payDeadline: null,
    succeededAt: '2026-11-24T03:10:00.000Z',
    passengers: base.passengers.map((p, i) => ({ ...p, newTicketNo: `999100000001${i}` })),
    ...patch,
  });
}

export function changeListItem(view: ChangeOrderView): ChangeOrderListItem {
  const {
    changeNo,
    orderNo,
    kind,
    status,
    rescheduledStatus,
    payStatus,
    from,
    to,
    amount,
    createdAt,
    payDeadline,
  } = view;
  return {
    changeNo,
    orderNo,
    kind,
    status,
    rescheduledStatus,
    payStatus,
    from,
    to,
    amount,
    createdAt,
    payDeadline,
  };
}

/** WA101 on 12 Dec, retimed from 08:30 to 11:30 local, nothing chosen yet: all three ways open. */
export function retimed(patch: Partial<Disruption> = {}): Disruption {
  const leg = changeLeg('2026-12-12');
  const later = changeLeg('2026-12-12', {
    depUtc: '2026-12-12T04:30:00.000Z',
    arrUtc: '2026-12-12T05:55:00.000Z',
  });
  return {
    segmentSeq: 0,
    flightId: leg.flightId,
    flightNo: leg.flightNo,
    depCode: leg.depCode,
    arrCode: leg.arrCode,
    kind: 'retimed',
    before: { depUtc: leg.depUtc, arrUtc: leg.arrUtc },
    after: { depUtc: later.depUtc, arrUtc: later.arrUtc },
    reason: 'Aircraft maintenance',
    changedAt: '2026-11-20T02:00:00.000Z',
    choice: 'pending',
    chosenAt: null,
    mayAccept: true,
    mayMove: true,
    mayRefund: true,
    moveFrom: '2026-12-09',
    moveTo: '2026-12-15',
    changeNo: null,
    refundNo: null,
    ...patch,
  };
}

/** WA102 on the return, canceled by the airline: move or refund, nothing to accept. */
export function canceled(patch: Partial<Disruption> = {}): Disruption {
  const leg = changeLeg('2026-12-17', {
    segmentSeq: 1,
    flightId: 'WA102-2026-12-17',
    flightNo: 'WA102',
    depCode: 'BKK',
    arrCode: 'KTI',
  });
  return retimed({
    segmentSeq: 1,
    flightId: leg.flightId,
    flightNo: leg.flightNo,
    depCode: leg.depCode,
    arrCode: leg.arrCode,
    kind: 'canceled',
    before: { depUtc: leg.depUtc, arrUtc: leg.arrUtc },
    after: null,
    reason: 'Weather at Bangkok',
    mayAccept: false,
    moveFrom: '2026-12-14',
    moveTo: '2026-12-20',
    ...patch,
  });
}

export function disruptionsReply(...disruptions: Disruption[]): DisruptionResponse {
  return { orderNo: ORDER_NO, disruptions };
}

/** Answers the record and disruption calls from the given functions (asked on every call). */
export function rescheduledHandler(replies: {
  list?: (call: FakeCall) => { status?: number; body: unknown };
  detail?: (call: FakeCall) => { status?: number; body: unknown };
  disruptions?: (call: FakeCall) => { status?: number; body: unknown };
  choose?: (call: FakeCall) => { status?: number; body: unknown };
}) {
  return (call: FakeCall) => {
    if (call.path === `${CB}/changeTicketInfo/queryChangeOrderList`) return replies.list?.(call);
    if (call.path.startsWith(`${CB}/changeTicketInfo/queryChangeOrderDetail/`)) return replies.detail?.(call);
    if (call.path === `${CB}/changeTicket/queryDisruption`) return replies.disruptions?.(call);
    if (call.path === `${CB}/changeTicket/chooseDisruption`) return replies.choose?.(call);
    return undefined;
  };
}

export { ok };
