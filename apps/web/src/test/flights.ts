import type { FareOffer, Flight } from '@wings/contracts';
import { fareConditions } from '@wings/rules';

const usd = (amount: number) => ({ amount, currency: 'USD' as const });

function fare(
  family: FareOffer['family'],
  cabin: 'Y' | 'C',
  cls: string,
  adult: number,
  seatsLeft: number,
): FareOffer {
  return {
    family,
    cabin,
    bookingClass: cls,
    adultPrice: usd(adult),
    childPrice: usd(Math.round(adult * 0.75)),
    infantPrice: usd(Math.round(adult * 0.1)),
    seatsLeft,
    conditions: fareConditions(family as never, 'USD'),
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
      fare('Value', 'Y', 'R', 8900, 9),
      fare('Basic', 'Y', 'T', 11900, 4),
      fare('Grand', 'Y', 'H', 15900, 9),
      fare('Premium', 'Y', 'B', 21900, 2),
      fare('WingsFlex', 'C', 'O', 45900, 0),
    ],
  };
}
