import type { Currency, FareConditions, FareFamily, MessageKey, Money, RefundBlock } from '@wings/contracts';

/** Child fare as a percentage of the adult fare, unless a fare says otherwise (docs/architecture.md §7). */
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

/** Where a flown route begins and ends: the ISO 3166 country of each airport. */
export interface RouteCountries {
  depCountry: string;
  arrCountry: string;
}

/**
 * Mainland China. Hong Kong (HK) and Macau (MO) are not "China routes" for the fare rules:
 * their fares are filed from Cambodia in USD and their taxes are their own (docs/decisions.md).
 */
export const CHINA_COUNTRY = 'CN';

/**
 * A China route (after-sales §5, §8, §9): a route to OR from mainland China. The spec's fee
 * table is headed "China origin" but says "all classes not refundable on China routes", and
 * §5/§8 refuse online refunds "for China routes" without a direction, so both directions are
 * covered: KTI → CAN as much as CAN → KTI (docs/decisions.md).
 */
export function isChinaRoute(route: RouteCountries): boolean {
  return route.depCountry === CHINA_COUNTRY || route.arrCountry === CHINA_COUNTRY;
}

/**
 * The spec's fee table of a fare family for a journey currency (after-sales-and-loyalty.md
 * §9): Cambodia-origin fares in USD, China-origin fares (filed in CNY) in CNY, where nothing
 * is refundable. It knows no route: a USD journey to China is not refundable either, which
 * only `fareConditions` (with the route) says. Use this only to file the table itself.
 */
export function originFeeTable(family: FareFamily, currency: Currency): FareConditions {
  if (currency === 'CNY') {
    return {
      change: family === 'Value' ? refused : family === 'Basic' ? { allowed: true, fee: cny(350) } : free,
      refund: { ...refused, reason: family === 'Value' ? 'fare' : 'china_route' },
      noShowFee: cny(210),
      nameCorrectionFee: cny(210),
      baggage: { ...BAGGAGE },
    };
  }
  const change =
    family === 'Value' ? refused : family === 'Basic' ? { allowed: true, fee: usd(50) } : { ...free };
  const refund: FareConditions['refund'] =
    family === 'Value'
      ? { ...refused, reason: 'fare' }
      : family === 'Basic'
        ? { allowed: true, fee: usd(50), reason: null }
        : family === 'Grand'
          ? { allowed: true, fee: usd(30), reason: null }
          : { ...free, reason: null };
  return { change, refund, noShowFee: usd(30), nameCorrectionFee: usd(30), baggage: { ...BAGGAGE } };
}

/**
 * The conditions of a fare family on one flown route, in the journey's currency: the fee
 * table of the journey's origin (change, no-show, name correction) and the refund rule of
 * `refundRule`. Search, the priced offer and the fare rules all read this one function, so
 * they cannot disagree on a China route.
 */
export function fareConditions(
  family: FareFamily,
  currency: Currency,
  route: RouteCountries,
): FareConditions {
  const table = originFeeTable(family, currency);
  const refund = refundRule(family, currency, route);
  return {
    ...table,
    refund: { allowed: refund.refundable, fee: refund.fee, reason: refund.reason },
  };
}

/** Whether a ticket of a fare family on a route may be refunded, and the penalty kept. */
export interface RefundRule {
  refundable: boolean;
  /** The refund penalty per passenger (and segment) in the journey currency; null when free or refused. */
  fee: Money | null;
  /** Why not, when refused: the China-route rule wins over the family's own condition. */
  reason: RefundBlock | null;
  /** Message key saying why not (packages/contracts messages), null when refundable. */
  messageKey: Extract<MessageKey, `refund.${string}`> | null;
}

/**
 * Refund eligibility and penalty of a fare (after-sales §5, §9), for search, the fare rules
 * and the refund flow: no refund at all on a route to or from mainland China; otherwise the
 * fee table of the journey's origin (Grand USD 30, Basic USD 50, WingsFlex and Premium free,
 * Value never). Other refusals of §5 (within 4 hours, used tickets, infants ...) depend on the
 * booking and the clock and are checked by the refund flow itself.
 */
export function refundRule(family: FareFamily, currency: Currency, route: RouteCountries): RefundRule {
  if (isChinaRoute(route)) {
    return { refundable: false, fee: null, reason: 'china_route', messageKey: 'refund.china_route' };
  }
  const { refund } = originFeeTable(family, currency);
  if (!refund.allowed) {
    const reason = refund.reason ?? 'fare';
    const messageKey = reason === 'china_route' ? 'refund.china_route' : 'refund.fare_not_refundable';
    return { refundable: false, fee: null, reason, messageKey };
  }
  return { refundable: true, fee: refund.fee, reason: null, messageKey: null };
}
