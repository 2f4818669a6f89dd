import type { Currency } from '@wings/contracts';
import { CHINA_COUNTRY } from '@wings/rules';
import { addonPrices } from '../../db/schema/addons';
import type { Executor } from '../../platform/db';

/**
 * The demo add-on catalogue (issue 14): prices for every route of the demo network, in USD, and
 * in CNY too on a route to or from mainland China (as fares are filed). Written once into an
 * empty database (SEED_DEMO) or by `npm run db:seed`; a row already there is left alone.
 */

/** Add-on prices are filed from this date (the demo fares' date), until further notice. */
export const ADDONS_FILED_FROM = '2024-01-01';

/** Yuan per US dollar the demo CNY prices are filed at (pricing's filing rate). */
const CNY_PER_USD = 7.1;

/** A route the demo prices are filed on. */
export interface AddonRoute {
  code: string;
  origin: string;
  destination: string;
  distanceKm: number;
}

/** Routes from this distance are "long": their baggage, seats and priority cost more. */
const LONG_KM = 1200;

/**
 * One route's demo prices in USD cents, per cabin. Business (C) sells a PFST seat and the
 * upgrade (priority boarding comes with the cabin, so none is filed); economy (Y) sells baggage
 * steps, priority boarding, UPST and SEAT seats (a standard seat is free on a short route).
 */
export function demoAddonPrices(distanceKm: number) {
  const long = distanceKm >= LONG_KM;
  return {
    baggage: long
      ? [
          { weightKg: 5, usd: 1800 },
          { weightKg: 10, usd: 3300 },
          { weightKg: 15, usd: 4800 },
          { weightKg: 20, usd: 6000 },
        ]
      : [
          { weightKg: 5, usd: 1200 },
          { weightKg: 10, usd: 2200 },
          { weightKg: 15, usd: 3200 },
          { weightKg: 20, usd: 4000 },
        ],
    priorityY: long ? 1200 : 800,
    seatsY: { UPST: long ? 1500 : 1000, SEAT: long ? 500 : 0 },
    seatC: { PFST: long ? 3000 : 2000 },
    refundPercent: { C: 8, Y: 12 },
  };
}

function inCurrency(usdCents: number, currency: Currency): number {
  return currency === 'USD' ? usdCents : Math.round((usdCents / 100) * CNY_PER_USD) * 100;
}

/** Writes the demo catalogue in the caller's transaction; rows already filed are left as they are. */
export async function seedDemoAddons(
  tx: Executor,
  network: { routes: readonly AddonRoute[]; countries: ReadonlyMap<string, string> },
): Promise<void> {
  const rows: (typeof addonPrices.$inferInsert)[] = [];
  for (const r of network.routes) {
    const china =
      network.countries.get(r.origin) === CHINA_COUNTRY ||
      network.countries.get(r.destination) === CHINA_COUNTRY;
    const p = demoAddonPrices(r.distanceKm);
    for (const currency of china ? (['USD', 'CNY'] as const) : (['USD'] as const)) {
      const base = { routeCode: r.code, currency, validFrom: ADDONS_FILED_FROM };
      for (const b of p.baggage) {
        rows.push({
          ...base,
          cabin: 'Y',
          kind: 'baggage',
          weightKg: b.weightKg,
          amount: inCurrency(b.usd, currency),
        });
        rows.push({
          ...base,
          cabin: 'C',
          kind: 'baggage',
          weightKg: b.weightKg,
          amount: inCurrency(b.usd, currency),
        });
      }
      rows.push({ ...base, cabin: 'Y', kind: 'priority', amount: inCurrency(p.priorityY, currency) });
      for (const [seatType, usd] of Object.entries(p.seatsY)) {
        rows.push({ ...base, cabin: 'Y', kind: 'seat', seatType, amount: inCurrency(usd, currency) });
      }
      rows.push({
        ...base,
        cabin: 'C',
        kind: 'seat',
        seatType: 'PFST',
        amount: inCurrency(p.seatC.PFST, currency),
      });
      rows.push({ ...base, cabin: 'Y', kind: 'refund_upgrade', percent: p.refundPercent.Y });
      rows.push({ ...base, cabin: 'C', kind: 'refund_upgrade', percent: p.refundPercent.C });
    }
  }
  // The live unique key is a partial expression index: ON CONFLICT DO NOTHING without a target
  // leaves every row already there (staff may have edited it) as it is.
  if (rows.length > 0) await tx.insert(addonPrices).values(rows).onConflictDoNothing();
}
