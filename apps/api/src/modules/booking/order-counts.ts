import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';

/** Orders made today and since the first of this month, in a zone's calendar (the dashboard). */
export interface OrderCounts {
  today: number;
  month: number;
}

/**
 * How many orders were made (whatever became of them since) on `now`'s day and in its month in
 * `zone` (the hub's), in one statement over this month's orders.
 */
export async function orderCounts(db: Executor, now: Date, zone: string): Promise<OrderCounts> {
  const r = await db.execute<{ today: number; month: number }>(sql`
    with bounds as (
      select date_trunc('day', ${now}::timestamptz at time zone ${zone}) at time zone ${zone} as day_start,
             date_trunc('month', ${now}::timestamptz at time zone ${zone}) at time zone ${zone} as month_start
    )
    select count(*) filter (where o.created_at >= b.day_start)::int as today,
           count(*)::int as month
      from bounds b
      join orders o on o.created_at >= b.month_start and o.created_at <= ${now}::timestamptz`);
  const row = r.rows[0];
  return { today: Number(row?.today ?? 0), month: Number(row?.month ?? 0) };
}
