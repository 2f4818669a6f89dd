import { gte, isNull, or } from 'drizzle-orm';
import { fares } from '../../db/schema/fares';
import type { Executor } from '../../platform/db';

/**
 * The routes with at least one fare filed that is valid on `today` or later (a local date,
 * YYYY-MM-DD): a route without one cannot be sold. The staff console's network list shows it.
 */
export async function routesWithFares(executor: Executor, today: string): Promise<Set<string>> {
  const rows = await executor
    .selectDistinct({ routeCode: fares.routeCode })
    .from(fares)
    .where(or(isNull(fares.validTo), gte(fares.validTo, today)));
  return new Set(rows.map((r) => r.routeCode));
}
