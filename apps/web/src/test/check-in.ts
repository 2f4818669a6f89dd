import type {
  BoardingPass,
  BoardingPassBundle,
  CheckInLeg,
  CheckInPassenger,
  CheckInState,
} from '@wings/contracts';
import { ORDER_NO } from './orders';

/** Fake replies of online check-in (issue 15): a KTI → BKK flight, 08:30 local on 01 Dec 2026. */
export const CHECK_IN = '/api/travelsky/checkin';

export function checkInLeg(patch: Partial<CheckInLeg> = {}): CheckInLeg {
  return {
    legSeq: 0,
    flightNo: 'WA101',
    depCode: 'KTI',
    arrCode: 'BKK',
    depUtc: '2026-12-01T01:30:00.000Z',
    depLocal: '2026-12-01T08:30:00+07:00',
    state: 'not_checked_in',
    phase: 'open',
    opensAtLocal: '2026-12-01T06:30:00+07:00',
    closesAtLocal: '2026-12-01T07:30:00+07:00',
    gateClosesAtLocal: '2026-12-01T08:20:00+07:00',
    seat: null,
    seatGiven: false,
    bar: null,
    canCheckIn: true,
    canCancel: false,
    ...patch,
  };
}

export function checkInPassenger(seq: number, legs: CheckInLeg[], patch: Partial<CheckInPassenger> = {}) {
  return {
    seq,
    passengerType: seq === 0 ? 1 : 2,
    surname: 'SOK',
    givenName: seq === 0 ? 'DARA' : 'MEALEA',
    ticketNo: `999100000000${seq + 1}`,
    legs,
    ...patch,
  } satisfies CheckInPassenger;
}

export function checkInState(passengers: CheckInPassenger[]): CheckInState {
  return { orderNo: ORDER_NO, pnr: 'KXP4TN', passengers };
}

/** The BCBP of a pass (as the server builds it: packages/rules bcbp.ts). */
export function boardingPass(seq: number, patch: Partial<BoardingPass> = {}): BoardingPass {
  const seat = seq === 0 ? '12C' : '12D';
  return {
    seq,
    legSeq: 0,
    surname: 'SOK',
    givenName: seq === 0 ? 'DARA' : 'MEALEA',
    passengerType: seq === 0 ? 1 : 2,
    ticketNo: `999100000000${seq + 1}`,
    flightNo: 'WA101',
    depCode: 'KTI',
    arrCode: 'BKK',
    depUtc: '2026-12-01T01:30:00.000Z',
    depLocal: '2026-12-01T08:30:00+07:00',
    arrLocal: '2026-12-01T09:55:00+07:00',
    gateClosesAtLocal: '2026-12-01T08:20:00+07:00',
    cabin: 'Y',
    seat,
    checkInSeq: seq + 7,
    bcbp: `M1SOK/${seq === 0 ? 'DARA  ' : 'MEALEA'}          EKXP4TN KTIBKKWA 0101 335Y0${seat}000${seq + 7} 100`,
    ...patch,
  };
}

export function boardingPasses(
  passes: BoardingPass[] = [boardingPass(0), boardingPass(1)],
): BoardingPassBundle {
  return { orderNo: ORDER_NO, pnr: 'KXP4TN', issuedAt: '2026-12-01T00:05:00.000Z', passes };
}
