import type { AddonBar, AddonInfoListReply, AddonOrderView } from '@wings/contracts';
import { DEP_DATE, RET_DATE, usd } from './booking';
import { ORDER_NO } from './orders';

/** Add-ons after ticketing (issue 14): the calls as the web app makes them. */
export const SEC = '/api/ca/caweb/backend/secondaryIncrService';
export const SEC_ORDER_NO = 'S26120100000042';

type InfoPassenger = AddonInfoListReply['passengers'][number];
type InfoLeg = InfoPassenger['legs'][number];

/** A leg open for every add-on: a seat to pick, 5/10/20 kg steps, priority at $8.00. */
export function infoLeg(leg: 0 | 1, patch: Partial<InfoLeg> = {}): InfoLeg {
  return {
    leg,
    flightId: leg === 0 ? '9001' : '9002',
    flightNo: leg === 0 ? 'WA101' : 'WA102',
    depCode: leg === 0 ? 'KTI' : 'BKK',
    arrCode: leg === 0 ? 'BKK' : 'KTI',
    depTime: leg === 0 ? `${DEP_DATE}T08:30:00+07:00` : `${RET_DATE}T18:00:00+07:00`,
    cabin: 'Y',
    seat: null,
    extraBaggageKg: 0,
    priority: false,
    bar: null,
    offers: {
      seat: true,
      baggage: [
        { weightKg: 5, price: usd(1500) },
        { weightKg: 10, price: usd(2800) },
        { weightKg: 20, price: usd(5000) },
      ],
      priority: usd(800),
    },
    ...patch,
  };
}

/** A ticketed passenger of ORDER_NO (seq 0 the adult DARA SOK), uninsured, with both legs open. */
export function infoPassenger(seq: number, patch: Partial<InfoPassenger> = {}): InfoPassenger {
  return {
    seq,
    name: seq === 0 ? 'SOK/DARA' : 'SOK/MEALEA',
    passengerType: seq === 0 ? 1 : 2,
    ticketNo: `999100000000${seq + 1}`,
    bar: null,
    legs: [infoLeg(0), infoLeg(1)],
    insurance: { owned: null, bar: null, coverFrom: DEP_DATE, coverTo: RET_DATE },
    serviceBars: [],
    addonOrders: [],
    ...patch,
  };
}

export function makeAddonInfo(
  passengers: InfoPassenger[] = [infoPassenger(0), infoPassenger(1)],
): AddonInfoListReply {
  return { orderNo: ORDER_NO, currency: 'USD', passengers };
}

/** The bar of a leg departing within 24 hours, as the server words it in English. */
export const cutoffBar = (departure: string): AddonBar => ({
  reason: 'within_24h',
  message: `Add-ons can no longer be bought for this flight: it departs at ${departure}, less than 24 hours from now.`,
});

/** An add-on order: `status` unpaid by default (15 minutes to pay), extra baggage +10 kg on the outbound. */
export function addonOrder(patch: Partial<AddonOrderView> = {}): AddonOrderView {
  return {
    secOrderNo: SEC_ORDER_NO,
    orderNo: ORDER_NO,
    passengerSeq: 0,
    passengerName: 'SOK/DARA',
    serviceCode: 13,
    status: 'unpaid',
    totalAmt: usd(2800),
    payDeadline: new Date(Date.now() + 15 * 60_000).toISOString(),
    createdAt: new Date().toISOString(),
    paidAt: null,
    closedAt: null,
    lines: [
      {
        leg: 0,
        flightNo: 'WA101',
        seat: null,
        weightKg: 10,
        insuranceType: null,
        coverFrom: null,
        coverTo: null,
        emdNo: null,
        amount: usd(2800),
      },
    ],
    ...patch,
  };
}
