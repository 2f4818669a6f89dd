import type { Currency, FareConditions, FareFamily, Money } from '@wings/contracts';

/** Child fare as a percentage of the adult fare, unless a fare says otherwise (DESIGN.md §6). */
export const CHILD_FARE_PERCENT = 75;
/** Infant (no seat) fare as a percentage of the adult fare. */
export const INFANT_FARE_PERCENT = 10;

export type PassengerKind = 'adult' | 'child' | 'infant';

/** A passenger type's fare from the adult fare, in integer minor units, rounded half up. */
export function passengerFare(adultAmount: number, type: PassengerKind): number {
  if (type === 'adult') return adultAmount;
  const percent = type === 'child' ? CHILD_FARE_PERCENT : INFANT_FARE_PERCENT;
  return Math.round((adultAmount * percent) / 100);
}

/** Seats left as shown to travellers: more than 9 reads "9+" (after-sales §9). */
export const SEATS_LEFT_CAP = 9;
export function seatsLeftLabel(seatsLeft: number): string {
  return seatsLeft >= SEATS_LEFT_CAP ? `${SEATS_LEFT_CAP}+` : String(Math.max(0, seatsLeft));
}

/** Free baggage on every fare (after-sales §9). */
export const BAGGAGE = { carryOnKg: 7, checkedKg: 20 } as const;

const usd = (dollars: number): Money => ({ amount: dollars * 100, currency: 'USD' });
const cny = (yuan: number): Money => ({ amount: yuan * 100, currency: 'CNY' });
const free = { allowed: true, fee: null } as const;
const refused = { allowed: false, fee: null } as const;

/**
 * Change, refund, no-show and name-correction conditions of a fare family, exactly the
 * spec's fee tables (after-sales-and-loyalty.md §9): Cambodia-origin fares in USD,
 * China-origin fares (filed in CNY) in CNY. China routes are not refundable at all.
 */
export function fareConditions(family: FareFamily, currency: Currency): FareConditions {
  if (currency === 'CNY') {
    return {
      change: family === 'Value' ? refused : family === 'Basic' ? { allowed: true, fee: cny(350) } : free,
      refund: refused,
      noShowFee: cny(210),
      nameCorrectionFee: cny(210),
      baggage: { ...BAGGAGE },
    };
  }
  const change =
    family === 'Value' ? refused : family === 'Basic' ? { allowed: true, fee: usd(50) } : { ...free };
  const refund =
    family === 'Value'
      ? refused
      : family === 'Basic'
        ? { allowed: true, fee: usd(50) }
        : family === 'Grand'
          ? { allowed: true, fee: usd(30) }
          : { ...free };
  return { change, refund, noShowFee: usd(30), nameCorrectionFee: usd(30), baggage: { ...BAGGAGE } };
}
