import type { MileageClaim, MileageSummary, MileageTransaction } from '@wings/contracts';

/** Builders of the mileage calls' replies for the screens' tests (packages/contracts mileage.ts). */

export function makeMileageSummary(patch: Partial<MileageSummary> = {}): MileageSummary {
  return {
    balance: 12_400,
    expiring: 1_200,
    expiringAt: '2029-11-30T17:00:00.000Z',
    eliteMileage: 6_600,
    eliteSegments: 8,
    level: 0,
    next: { level: 1, eliteMiles: 3_400, eliteSegments: 12 },
    frozen: false,
    ...patch,
  };
}

export function makeTransaction(patch: Partial<MileageTransaction> = {}): MileageTransaction {
  return {
    id: 'tx-1',
    tradingType: 0,
    status: 0,
    kind: 'flight',
    miles: 1_250,
    bonusMiles: 0,
    eliteMiles: 1_250,
    eliteSegments: 1,
    flight: { flightNo: 'WC101', depCode: 'KTI', arrCode: 'SAI', date: '2026-10-03' },
    ticketNo: '8811234567890',
    bookingClass: 'Y',
    note: null,
    occurredAt: '2026-10-03T01:00:00.000Z',
    expiresAt: '2029-10-31T17:00:00.000Z',
    ...patch,
  };
}

export function makeClaim(patch: Partial<MileageClaim> = {}): MileageClaim {
  return {
    id: 'claim-1',
    ticketNo: '8811234567890',
    flightNo: 'WC101',
    flightDate: '2026-10-03',
    depCode: 'KTI',
    arrCode: 'SAI',
    status: 'auditing',
    rejectReason: null,
    miles: null,
    submittedAt: '2026-11-20T02:00:00.000Z',
    decidedAt: null,
    ...patch,
  };
}
