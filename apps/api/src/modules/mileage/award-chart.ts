import { DEMO_AWARD_CHART } from '@wings/rules';
import { asc } from 'drizzle-orm';
import { awardChart } from '../../db/schema/mileage';
import type { Executor } from '../../platform/db';

/** One filed award figure: miles one way per person for a distance zone and cabin. */
export interface AwardChartRow {
  zone: number;
  cabin: 'Y' | 'C';
  miles: number;
}

/** The award chart staff filed, by zone then cabin, with when each figure was filed. */
export async function awardChartRows(db: Executor): Promise<(AwardChartRow & { updatedAt: Date })[]> {
  const rows = await db
    .select({
      zone: awardChart.zone,
      cabin: awardChart.cabin,
      miles: awardChart.miles,
      updatedAt: awardChart.updatedAt,
    })
    .from(awardChart)
    .orderBy(asc(awardChart.zone), asc(awardChart.cabin));
  return rows.map((r) => ({ ...r, cabin: r.cabin as 'Y' | 'C' }));
}

/** Files the demo airline's chart where no figure is filed yet (db/seed). */
export async function seedDemoAwardChart(tx: Executor): Promise<void> {
  await tx
    .insert(awardChart)
    .values(DEMO_AWARD_CHART.map((r) => ({ zone: r.zone, cabin: r.cabin, miles: r.miles })))
    .onConflictDoNothing();
}

/** Replaces the whole chart (the console's award chart); run it in the caller's transaction. */
export async function saveAwardChart(tx: Executor, rows: readonly AwardChartRow[], now: Date): Promise<void> {
  await tx.delete(awardChart);
  if (rows.length === 0) return;
  await tx
    .insert(awardChart)
    .values(rows.map((r) => ({ zone: r.zone, cabin: r.cabin, miles: r.miles, updatedAt: now })));
}
