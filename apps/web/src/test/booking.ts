import {
  type Offer,
  type OfferSegment,
  OrderPayStatus,
  type PriceBreakdown,
  type SavedOrder,
} from '@wings/contracts';
import { addDays, fareConditions, HUB_TIME_ZONE, localDate } from '@wings/rules';
import {
  type ContactDraft,
  DEFAULT_SEARCH,
  type PassengerDraft,
  type SlotId,
  useBookingStore,
} from '../features/booking/booking-store';
import { EMPTY_DRAFT } from '../features/booking/passengers';
import { countriesOf } from './flights';

export const usd = (amount: number) => ({ amount, currency: 'USD' as const });
export const todayPP = () => localDate(new Date(), HUB_TIME_ZONE);
/** The test journey: out in 30 days, back in 35. */
export const DEP_DATE = addDays(todayPP(), 30);
export const RET_DATE = addDays(todayPP(), 35);

function segment(
  flightNo: string,
  dep: string,
  arr: string,
  date: string,
  depHm: string,
  arrHm: string,
): OfferSegment {
  return {
    flightId: `${flightNo}-${date}`,
    flightNo,
    depCode: dep,
    arrCode: arr,
    depTime: `${date}T${depHm}:00+07:00`,
    arrTime: `${date}T${arrHm}:00+07:00`,
    aircraft: 'A320',
    family: 'Basic',
    cabin: 'Y',
    bookingClass: 'T',
    conditions: fareConditions('Basic', 'USD', countriesOf(dep, arr)),
  };
}

/** A priced return offer KTI⇄BKK for a party. */
export function makeOffer(passengers: [number, number, number] = [2, 1, 1], oneWay = false): Offer {
  const segments = [segment('WA101', 'KTI', 'BKK', DEP_DATE, '08:30', '09:55')];
  if (!oneWay) segments.push(segment('WA102', 'BKK', 'KTI', RET_DATE, '18:00', '19:25'));
  return {
    offerId: 'offer-1',
    expiresAt: new Date(Date.now() + 20 * 60_000).toISOString(),
    currency: 'USD',
    passengers,
    segments,
    prices: [],
    total: usd(0),
  };
}

export function makePrice(patch: Partial<PriceBreakdown> = {}): PriceBreakdown {
  return {
    currency: 'USD',
    lines: [
      { passengerType: 1, count: 2, fare: usd(20800), taxes: [], total: usd(24800) },
      { passengerType: 2, count: 1, fare: usd(15600), taxes: [], total: usd(19600) },
      { passengerType: 3, count: 1, fare: usd(2080), taxes: [], total: usd(2080) },
    ],
    taxesByCode: [
      { code: 'KH', amount: usd(6000) },
      { code: 'TS', amount: usd(4000) },
      { code: 'YQ', amount: usd(2000) },
    ],
    fareTotal: usd(59280),
    taxTotal: usd(12000),
    discount: usd(0),
    total: usd(71280),
    promo: null,
    ...patch,
  };
}

export function makeOrder(patch: Partial<SavedOrder> = {}): SavedOrder {
  return {
    orderNo: 'W202612010001',
    pnr: 'KXP4TN',
    status: OrderPayStatus.un_paid,
    payDeadline: new Date(Date.now() + 20 * 60_000).toISOString(),
    amountDue: usd(71280),
    price: makePrice(),
    ...patch,
  };
}

/** A passenger who fits `kind` at the first departure, with a document valid long after the trip. */
export function draftFor(
  kind: 'adult' | 'child' | 'infant',
  patch: Partial<PassengerDraft> = {},
): PassengerDraft {
  const years = kind === 'adult' ? 30 : kind === 'child' ? 6 : 1;
  const names = { adult: ['SOK', 'DARA'], child: ['SOK', 'MEALEA'], infant: ['SOK', 'BOPHA'] }[kind];
  return {
    ...EMPTY_DRAFT,
    surname: names[0]!,
    givenName: names[1]!,
    title: kind === 'adult' ? 0 : 1,
    gender: kind === 'adult' ? 0 : 1, // Mr male; Miss female
    nationality: 'KH',
    birthday: addDays(DEP_DATE, -years * 366),
    docType: 1,
    docNumber: `N${kind.length}234567`,
    docExpiry: addDays(RET_DATE, 400),
    ...patch,
  };
}

export const GOOD_CONTACT: ContactDraft = {
  name: 'DARA SOK',
  countryCode: '+855',
  phone: '12345678',
  email: 'dara@example.com',
};

/** Starts a test with an offer in the booking store (and, optionally, passengers and contact). */
export function startBooking(
  passengers: [number, number, number] = [2, 1, 1],
  drafts: Partial<Record<SlotId, PassengerDraft>> = {},
  contact?: ContactDraft,
) {
  useBookingStore.getState().reset();
  useBookingStore.setState({
    search: {
      ...DEFAULT_SEARCH,
      arrCode: 'BKK',
      depDate: DEP_DATE,
      retDate: RET_DATE,
      tripType: 1,
      passengers,
    },
    offer: makeOffer(passengers),
    passengers: drafts,
    ...(contact ? { contact } : {}),
  });
}

/** Every slot of [2, 1, 1] filled with distinct, valid passengers. */
export function fullParty(): Partial<Record<SlotId, PassengerDraft>> {
  return {
    'adult-0': draftFor('adult'),
    'adult-1': draftFor('adult', { givenName: 'CHANDA', title: 2, gender: 1, docNumber: 'N7654321' }),
    'child-0': draftFor('child'),
    'infant-0': draftFor('infant'),
  };
}
