import type { Currency, FareFamily } from '@wings/contracts';
import { originFeeTable } from '@wings/rules';
import { bookingClasses, fareFamilies, fares, taxes } from '../../db/schema/fares';
import type { Executor } from '../../platform/db';

/**
 * The demo fares of the airline (docs/architecture.md): fare families, booking classes, a fare
 * per route, class and currency from the route's distance, and taxes by code. Written once into
 * an empty database (SEED_DEMO) or by `npm run db:seed`; from then on they are the airline's.
 */

/** Fares and taxes are filed from this date, until further notice. */
export const FILED_FROM = '2024-01-01';

/** Fare families in display order, most flexible first. */
const FAMILIES: { code: FareFamily; cabin: 'C' | 'Y' }[] = [
  { code: 'WingsFlex', cabin: 'C' },
  { code: 'Premium', cabin: 'Y' },
  { code: 'Grand', cabin: 'Y' },
  { code: 'Basic', cabin: 'Y' },
  { code: 'Value', cabin: 'Y' },
];

/**
 * Fare families and booking classes (docs/architecture.md §7), highest class first. `limitPercent` is
 * the default authorised limit (percent of cabin capacity), `pricePercent` the class's fare
 * relative to the route's lowest (R) fare, `earn` the mileage earn rate in percent.
 */
export const BOOKING_CLASSES: {
  letter: string;
  family: 'WingsFlex' | 'Premium' | 'Grand' | 'Basic' | 'Value';
  cabin: 'C' | 'Y';
  limitPercent: number;
  pricePercent: number;
  earn: number;
}[] = [
  { letter: 'N', family: 'WingsFlex', cabin: 'C', limitPercent: 100, pricePercent: 620, earn: 200 },
  { letter: 'O', family: 'WingsFlex', cabin: 'C', limitPercent: 50, pricePercent: 500, earn: 175 },
  { letter: 'Y', family: 'Premium', cabin: 'Y', limitPercent: 100, pricePercent: 320, earn: 150 },
  { letter: 'B', family: 'Premium', cabin: 'Y', limitPercent: 95, pricePercent: 280, earn: 125 },
  { letter: 'M', family: 'Grand', cabin: 'Y', limitPercent: 90, pricePercent: 230, earn: 100 },
  { letter: 'U', family: 'Grand', cabin: 'Y', limitPercent: 85, pricePercent: 210, earn: 100 },
  { letter: 'H', family: 'Grand', cabin: 'Y', limitPercent: 80, pricePercent: 190, earn: 100 },
  { letter: 'W', family: 'Basic', cabin: 'Y', limitPercent: 70, pricePercent: 170, earn: 75 },
  { letter: 'Q', family: 'Basic', cabin: 'Y', limitPercent: 60, pricePercent: 155, earn: 75 },
  { letter: 'V', family: 'Basic', cabin: 'Y', limitPercent: 50, pricePercent: 145, earn: 50 },
  { letter: 'L', family: 'Basic', cabin: 'Y', limitPercent: 30, pricePercent: 135, earn: 50 },
  { letter: 'T', family: 'Basic', cabin: 'Y', limitPercent: 22, pricePercent: 125, earn: 50 },
  { letter: 'K', family: 'Value', cabin: 'Y', limitPercent: 16, pricePercent: 115, earn: 25 },
  { letter: 'I', family: 'Value', cabin: 'Y', limitPercent: 12, pricePercent: 107, earn: 25 },
  { letter: 'R', family: 'Value', cabin: 'Y', limitPercent: 8, pricePercent: 100, earn: 25 },
];

/** Yuan per US dollar used to file CNY fares and taxes. */
export const FILING_CNY_PER_USD = 7.1;

/** A tax or charge, filed in USD; a CNY filing at the filing rate is added for CNY journeys. */
export interface TaxSeed {
  code: string;
  scope: 'country' | 'airport';
  scopeCode: string;
  description: string;
  /** USD cents per passenger type; a missing type pays nothing. */
  amounts: Partial<Record<'adult' | 'child' | 'infant', number>>;
}

/**
 * Taxes collected at departure, by code. YQ, the carrier's fuel surcharge, has no infant
 * amount: it is waived for infants.
 */
export const TAXES: TaxSeed[] = [
  {
    code: 'KH',
    scope: 'country',
    scopeCode: 'KH',
    description: 'Cambodia passenger service charge',
    amounts: { adult: 2500, child: 1300 },
  },
  {
    code: 'E7',
    scope: 'country',
    scopeCode: 'KH',
    description: 'Cambodia aviation security charge',
    amounts: { adult: 600, child: 600, infant: 300 },
  },
  {
    code: 'TS',
    scope: 'airport',
    scopeCode: 'BKK',
    description: 'Suvarnabhumi passenger service charge',
    amounts: { adult: 2300, child: 2300 },
  },
  {
    code: 'E7',
    scope: 'country',
    scopeCode: 'TH',
    description: 'Thailand aviation safety fee',
    amounts: { adult: 30, child: 30, infant: 30 },
  },
  {
    code: 'G8',
    scope: 'country',
    scopeCode: 'TH',
    description: 'Thailand advance passenger processing fee',
    amounts: { adult: 100, child: 100, infant: 100 },
  },
  {
    code: 'CN',
    scope: 'country',
    scopeCode: 'CN',
    description: 'China airport construction fee',
    amounts: { adult: 1300, child: 1300 },
  },
  {
    code: 'HK',
    scope: 'airport',
    scopeCode: 'HKG',
    description: 'Hong Kong air passenger departure tax',
    amounts: { adult: 1500, child: 1500 },
  },
  {
    code: 'I5',
    scope: 'airport',
    scopeCode: 'HKG',
    description: 'Hong Kong passenger security charge',
    amounts: { adult: 700, child: 700 },
  },
  {
    code: 'MO',
    scope: 'airport',
    scopeCode: 'MFM',
    description: 'Macau passenger departure tax',
    amounts: { adult: 1400, child: 1400 },
  },
  {
    code: 'AX',
    scope: 'country',
    scopeCode: 'VN',
    description: 'Vietnam international passenger service charge',
    amounts: { adult: 2500, child: 1300 },
  },
  {
    code: 'SG',
    scope: 'airport',
    scopeCode: 'SIN',
    description: 'Singapore passenger service and security fee',
    amounts: { adult: 4600, child: 4600 },
  },
  {
    code: 'L7',
    scope: 'country',
    scopeCode: 'SG',
    description: 'Singapore aviation levy',
    amounts: { adult: 800, child: 800 },
  },
  {
    code: 'MY',
    scope: 'country',
    scopeCode: 'MY',
    description: 'Malaysia passenger service charge',
    amounts: { adult: 1600, child: 1600 },
  },
  ...['KH', 'TH', 'CN', 'HK', 'MO', 'VN', 'SG', 'MY'].map(
    (country): TaxSeed => ({
      code: 'YQ',
      scope: 'country',
      scopeCode: country,
      description: 'Carrier fuel surcharge (waived for infants)',
      amounts: { adult: 3000, child: 3000 },
    }),
  ),
];

/**
 * The route's lowest (R class) one-way adult fare in whole US dollars, from its distance:
 * a fixed part plus a tapering rate per kilometre.
 */
export function baseFareUsd(distanceKm: number): number {
  return Math.round(39 + distanceKm * 0.075);
}

function toCnyMinor(usdMinor: number): number {
  // Whole yuan, rounded to 10 yuan for fares above 100 yuan, as filed fares usually are.
  const yuan = (usdMinor / 100) * FILING_CNY_PER_USD;
  return (yuan >= 100 ? Math.round(yuan / 10) * 10 : Math.round(yuan)) * 100;
}

/** A route the demo fares are filed on (the network's demo routes). */
export interface FareRoute {
  code: string;
  origin: string;
  destination: string;
  distanceKm: number;
}

/**
 * Writes the demo fare families, booking classes, fares and taxes, in the caller's transaction.
 * `countries` gives each airport's country: a route touching mainland China also files CNY
 * fares. A row that is already there is left as it is (staff may have edited it).
 */
export async function seedDemoFares(
  tx: Executor,
  network: { routes: readonly FareRoute[]; countries: ReadonlyMap<string, string> },
): Promise<void> {
  await tx
    .insert(fareFamilies)
    .values(
      FAMILIES.map((f, i) => ({
        code: f.code,
        cabin: f.cabin,
        displayOrder: i + 1,
        conditions: { USD: originFeeTable(f.code, 'USD'), CNY: originFeeTable(f.code, 'CNY') },
      })),
    )
    .onConflictDoNothing({ target: fareFamilies.code });

  const nest = { C: 0, Y: 0 };
  await tx
    .insert(bookingClasses)
    .values(
      BOOKING_CLASSES.map((b) => ({
        letter: b.letter,
        familyCode: b.family,
        cabin: b.cabin,
        nestOrder: ++nest[b.cabin],
        limitPercent: b.limitPercent,
        earnRatePercent: b.earn,
      })),
    )
    .onConflictDoNothing({ target: bookingClasses.letter });

  const fareRows: (typeof fares.$inferInsert)[] = [];
  for (const r of network.routes) {
    const base = baseFareUsd(r.distanceKm);
    // A route touching mainland China also files CNY fares, for journeys that start in China.
    const touchesChina =
      network.countries.get(r.origin) === 'CN' || network.countries.get(r.destination) === 'CN';
    for (const b of BOOKING_CLASSES) {
      const usd = Math.round((base * b.pricePercent) / 100) * 100;
      fareRows.push({
        routeCode: r.code,
        bookingClass: b.letter,
        currency: 'USD',
        adultAmount: usd,
        validFrom: FILED_FROM,
      });
      if (touchesChina) {
        fareRows.push({
          routeCode: r.code,
          bookingClass: b.letter,
          currency: 'CNY',
          adultAmount: toCnyMinor(usd),
          validFrom: FILED_FROM,
        });
      }
    }
  }
  if (fareRows.length > 0) {
    await tx
      .insert(fares)
      .values(fareRows)
      .onConflictDoNothing({
        target: [fares.routeCode, fares.bookingClass, fares.currency, fares.validFrom],
      });
  }

  const taxRows: (typeof taxes.$inferInsert)[] = [];
  for (const tax of TAXES) {
    for (const [type, usd] of Object.entries(tax.amounts)) {
      for (const currency of ['USD', 'CNY'] as const satisfies readonly Currency[]) {
        taxRows.push({
          code: tax.code,
          scope: tax.scope,
          scopeCode: tax.scopeCode,
          passengerType: type,
          currency,
          amount: currency === 'USD' ? usd : Math.round((usd / 100) * FILING_CNY_PER_USD) * 100,
          descriptionEn: tax.description,
          validFrom: FILED_FROM,
        });
      }
    }
  }
  await tx
    .insert(taxes)
    .values(taxRows)
    .onConflictDoNothing({
      target: [
        taxes.code,
        taxes.scope,
        taxes.scopeCode,
        taxes.passengerType,
        taxes.currency,
        taxes.validFrom,
      ],
    });
}
