import type { FareOffer, Flight } from '@wings/contracts';
import { fareConditions, type RouteCountries } from '@wings/rules';

const usd = (amount: number) => ({ amount, currency: 'USD' as const });

/** The country of each airport of the demo network (its fare conditions depend on it). */
const COUNTRY: Record<string, string> = {
  KTI: 'KH',
  SAI: 'KH',
  KOS: 'KH',
  BKK: 'TH',
  CAN: 'CN',
  PVG: 'CN',
  FOC: 'CN',
  HKG: 'HK',
  MFM: 'MO',
  SGN: 'VN',
  HAN: 'VN',
  SIN: 'SG',
  KUL: 'MY',
};
export const countriesOf = (dep: string, arr: string): RouteCountries => ({
  depCountry: COUNTRY[dep] ?? '',
  arrCountry: COUNTRY[arr] ?? '',
});

function fare(
  family: FareOffer['family'],
  cabin: 'Y' | 'C',
  cls: string,
  adult: number,
  seatsLeft: number,
  route: RouteCountries,
): FareOffer {
  return {
    family,
    cabin,
    bookingClass: cls,
    adultPrice: usd(adult),
    childPrice: usd(Math.round(adult * 0.75)),
    infantPrice: usd(Math.round(adult * 0.1)),
    seatsLeft,
    conditions: fareConditions(family as never, 'USD', route),
  };
}

/** A dated flight with the five families, prices in cents. */
export function makeFlight(
  flightNo: string,
  depCode: string,
  arrCode: string,
  date: string,
  depHm: string,
  arrHm: string,
): Flight {
  return {
    flightId: `${flightNo}-${date}`,
    flightNo,
    depCode,
    arrCode,
    depTime: `${date}T${depHm}:00+07:00`,
    arrTime: `${date}T${arrHm}:00+07:00`,
    durationMinutes: 85,
    aircraft: 'A320',
    fares: [
      fare('Value', 'Y', 'R', 8900, 9, countriesOf(depCode, arrCode)),
      fare('Basic', 'Y', 'T', 11900, 4, countriesOf(depCode, arrCode)),
      fare('Grand', 'Y', 'H', 15900, 9, countriesOf(depCode, arrCode)),
      fare('Premium', 'Y', 'B', 21900, 2, countriesOf(depCode, arrCode)),
      fare('WingsFlex', 'C', 'O', 45900, 0, countriesOf(depCode, arrCode)),
    ],
  };
}
