import type {
  ChangeFlightOption,
  ChangeFlightsResponse,
  ChangeLeg,
  ChangeOrderView,
  CheckChangeResponse,
} from '@wings/contracts';
import { addDays, SEARCH_WINDOW_DAYS } from '@wings/rules';
import { DEP_DATE, RET_DATE, todayPP, usd } from './booking';
import { type FakeCall, ok } from './fake-api';
import { ORDER_NO } from './orders';

/** The change calls' base (after-sales §7 "Change date"). */
export const CB = '/api/ca/caweb/backend';
export const CHANGE_NO = 'C261124000042';
export const CHANGE_PHONE = '+855 23 999 888';

/** A leg of the order: 0 KTI→BKK on DEP_DATE 08:30, 1 BKK→KTI on RET_DATE 18:00 (both UTC+7). */
export function changeLeg(segmentSeq: number, patch: Partial<ChangeLeg> = {}): ChangeLeg {
  const out = segmentSeq === 0;
  const date = out ? DEP_DATE : RET_DATE;
  return {
    segmentSeq,
    flightId: out ? `WA101-${DEP_DATE}` : `WA102-${RET_DATE}`,
    flightNo: out ? 'WA101' : 'WA102',
    depCode: out ? 'KTI' : 'BKK',
    arrCode: out ? 'BKK' : 'KTI',
    depUtc: out ? `${date}T01:30:00.000Z` : `${date}T11:00:00.000Z`,
    arrUtc: out ? `${date}T02:40:00.000Z` : `${date}T12:10:00.000Z`,
    depDate: date,
    family: 'basic',
    cabin: 'Y',
    bookingClass: 'W',
    ...patch,
  };
}

/** A return order of two adults on Basic: changeable, USD 50.00 per passenger per flight. */
export function checkChangeOk(patch: Partial<CheckChangeResponse> = {}): CheckChangeResponse {
  return {
    orderNo: ORDER_NO,
    changeable: true,
    block: null,
    blocks: [],
    servicePhone: CHANGE_PHONE,
    currency: 'USD',
    legs: [0, 1].map((seq) => ({ ...changeLeg(seq), changeable: true, block: null })),
    passengers: [
      { seq: 0, name: 'SOK/DARA', passengerType: 1, ticketNo: '9991000000001' },
      { seq: 1, name: 'KEO/RITH', passengerType: 1, ticketNo: '9991000000002' },
    ],
    feePerPassengerSegment: usd(5000),
    outboundLatest: RET_DATE,
    returnEarliest: DEP_DATE,
    earliestDate: todayPP(),
    latestDate: addDays(todayPP(), SEARCH_WINDOW_DAYS),
    reasons: [
      { code: 'plans_changed', text: 'My plans changed' },
      { code: 'illness', text: 'Illness or injury' },
      { code: 'other', text: 'Another reason' },
    ],
    pending: null,
    ...patch,
  };
}

const within4h = {
  reason: 'within_4h' as const,
  message: `Online changes close 4 hours before departure. Please call customer service on ${CHANGE_PHONE}.`,
};

export function checkChangeBlocked(): CheckChangeResponse {
  return checkChangeOk({ changeable: false, block: within4h, blocks: [within4h] });
}

/** A flight of the outbound route on `date` leaving at `hhmm` UTC. */
export function changeFlight(
  date: string,
  flightNo: string,
  hhmm: string,
  patch: Partial<ChangeFlightOption> = {},
): ChangeFlightOption {
  return {
    flightId: `${flightNo}-${date}`,
    flightNo,
    depCode: 'KTI',
    arrCode: 'BKK',
    depUtc: `${date}T${hhmm}:00.000Z`,
    arrUtc: `${date}T${hhmm.replace(/^(\d\d)/, (h) => String(Number(h) + 1).padStart(2, '0'))}:10.000Z`,
    aircraft: 'A320',
    bookingClass: 'W',
    seatsLeft: 12,
    adultFare: usd(21000),
    estimate: usd(12000),
    current: false,
    ...patch,
  };
}

/** The outbound's flights on `date`: the current WA101 (on its own date), WA103 (12 seats), WA105 (4 seats). */
export function flightsReply(
  date: string,
  patch: Partial<ChangeFlightsResponse> = {},
): ChangeFlightsResponse {
  return {
    orderNo: ORDER_NO,
    segmentSeq: 0,
    date,
    currency: 'USD',
    flights: [
      changeFlight(date, 'WA101', '01:30', { current: date === DEP_DATE, estimate: usd(10000) }),
      changeFlight(date, 'WA103', '05:00'),
      changeFlight(date, 'WA105', '09:15', { seatsLeft: 4, estimate: usd(16000) }),
    ],
    dates: [],
    ...patch,
  };
}

const line = (passengerSeq: number, passengerName: string, oldFare: number, newFare: number) => {
  const fareDifference = Math.max(0, newFare - oldFare);
  return {
    passengerSeq,
    passengerName,
    segmentSeq: 0,
    fee: usd(5000),
    oldFare: usd(oldFare),
    newFare: usd(newFare),
    oldTaxes: usd(2500),
    newTaxes: usd(2500),
    fareDifference: usd(fareDifference),
    taxDifference: usd(0),
    total: usd(5000 + fareDifference),
  };
};

/**
 * A quote moving the outbound to WA103 a day later: SOK/DARA's fare rises $20.00, KEO/RITH's
 * falls $10.00 (not refunded); $50.00 fee each: $120.00 to pay.
 */
export function changeView(patch: Partial<ChangeOrderView> = {}): ChangeOrderView {
  const newDate = addDays(DEP_DATE, 1);
  return {
    changeNo: CHANGE_NO,
    orderNo: ORDER_NO,
    kind: 'voluntary',
    status: 'quoted',
    rescheduledStatus: 0,
    payStatus: 0,
    reasonCode: 'plans_changed',
    reasonText: 'My plans changed',
    remark: null,
    currency: 'USD',
    from: [changeLeg(0)],
    to: [
      changeLeg(0, {
        flightId: `WA103-${newDate}`,
        flightNo: 'WA103',
        depUtc: `${newDate}T05:00:00.000Z`,
        arrUtc: `${newDate}T06:10:00.000Z`,
        depDate: newDate,
      }),
    ],
    passengers: [
      { seq: 0, name: 'SOK/DARA', oldTicketNo: '9991000000001', newTicketNo: null },
      { seq: 1, name: 'KEO/RITH', oldTicketNo: '9991000000002', newTicketNo: null },
    ],
    lines: [line(0, 'SOK/DARA', 20000, 22000), line(1, 'KEO/RITH', 20000, 19000)],
    services: [],
    fee: usd(10000),
    originalCost: usd(45000),
    difference: usd(2000),
    amount: usd(12000),
    createdAt: new Date().toISOString(),
    expiresAt: new Date(Date.now() + 20 * 60_000).toISOString(),
    payDeadline: null,
    succeededAt: null,
    ...patch,
  };
}

/** Answers the change calls from `replies` by their path after the base (`changeTicket/checkChange`, ...). */
export function changeHandler(
  replies: Record<string, (call: FakeCall) => { status?: number; body: unknown }>,
) {
  return (call: FakeCall) => {
    if (!call.path.startsWith(`${CB}/`)) return undefined;
    const name = call.path.slice(CB.length + 1);
    const exact = replies[name];
    if (exact) return exact(call);
    // A path with its number: `changeTicketInfo/queryChangeOrderDetail/C…` answers as `…/queryChangeOrderDetail`.
    const base = name.replace(/\/C\d+$/, '');
    return replies[base]?.(call);
  };
}

/** A refusal in the main envelope: code and its message. */
export const refusal = (code: string, message: string) => ({ body: { code, message, data: null } });

export { ok };
