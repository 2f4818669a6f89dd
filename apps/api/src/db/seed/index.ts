import { seedDemoAddons } from '../../modules/addons';
import { seedDemoRates } from '../../modules/exchange-rates';
import { seedDemoInsurancePlans } from '../../modules/insurance';
import { seedDemoAwardChart } from '../../modules/mileage';
import {
  demoAirportCountries,
  demoNetworkRoutes,
  networkIsEmpty,
  seedDemoNetwork,
} from '../../modules/network';
import {
  FARES_FILED_FROM,
  FILING_CNY_PER_USD,
  seedDemoFares,
  seedDemoPromotions,
} from '../../modules/pricing';
import type { Db } from '../../platform/db';

/**
 * The demo data, each part written by the module that owns it, in one transaction: the network
 * (airports, aircraft, routes, schedules), its fares, taxes and promo codes (pricing), the
 * exchange rates in force, the insurance plans and the award chart. A row already there is left alone, so this
 * adds only what is missing and never overwrites what staff edited. Dated flights are the network's horizon
 * (`ensureFlightHorizon`), not part of it.
 */
export async function seedDemo(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await seedDemoNetwork(tx);
    await seedDemoFares(tx, { routes: demoNetworkRoutes(), countries: demoAirportCountries() });
    await seedDemoPromotions(tx);
    // The add-on catalogue's prices for every route (issue 14).
    await seedDemoAddons(tx, { routes: demoNetworkRoutes(), countries: demoAirportCountries() });
    await seedDemoRates(tx, { cnyPerUsd: FILING_CNY_PER_USD, from: FARES_FILED_FROM });
    await seedDemoInsurancePlans(tx);
    // The award chart of the mileage programme (issue 18).
    await seedDemoAwardChart(tx);
  });
}

/**
 * Writes the demo data into an empty database (no airport yet: nobody has filled it), and does
 * nothing to one that has data. Whether it wrote anything.
 */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  if (!(await networkIsEmpty(db))) return false;
  await seedDemo(db);
  return true;
}
