import type { AdminDashboard, DashboardLoad } from '@wings/contracts';
import { localDate } from '@wings/rules';
import type { Executor } from '../../platform/db';
import { orderCounts } from '../booking';
import { flightLoadByDay } from '../inventory';
import { paidRevenue, paymentAttempts, type RefundQueue, refundsWaiting } from '../payments';

/** What the dashboard is taken from: the database, the clock and the hub's zone. */
export interface DashboardDeps {
  db: Executor;
  now: () => Date;
  hubZone: string;
}

/** Days of revenue in the chart, and days of flights in the load factor. */
export const REVENUE_DAYS = 30;
export const LOAD_DAYS = 7;

const ratio = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);
const MINUTE_MS = 60_000;

/**
 * The staff dashboard (issue 13), composed from each module's own figures (each one statement
 * over its own tables): orders made (booking), revenue, payment success and refunds waiting
 * (payments), seats taken on the next days' flights (inventory over the network's flights).
 */
export function createDashboard(deps: DashboardDeps) {
  return {
    async figures(): Promise<AdminDashboard> {
      const now = deps.now();
      const zone = deps.hubZone;
      const today = localDate(now, zone);
      const [bookings, revenue, attempts, loadDays, refunds] = await Promise.all([
        orderCounts(deps.db, now, zone),
        paidRevenue(deps.db, now, zone, REVENUE_DAYS),
        paymentAttempts(deps.db, now),
        flightLoadByDay(deps.db, today, LOAD_DAYS),
        refundsWaiting(deps.db),
      ]);
      const load = (sold: number, capacity: number, flights: number): DashboardLoad => ({
        sold,
        capacity,
        flights,
        factor: ratio(sold, capacity),
      });
      const queue = (q: RefundQueue) => ({
        count: q.count,
        oldestAt: q.oldestAt?.toISOString() ?? null,
        oldestAgeMinutes:
          q.oldestAt === null
            ? null
            : Math.max(0, Math.floor((now.getTime() - q.oldestAt.getTime()) / MINUTE_MS)),
      });
      const rate = (a: { attempts: number; succeeded: number }) => ({
        ...a,
        rate: ratio(a.succeeded, a.attempts),
      });
      return {
        asOf: now.toISOString(),
        timeZone: zone,
        today,
        bookings,
        revenue,
        paymentSuccess: { last7Days: rate(attempts.last7Days), last30Days: rate(attempts.last30Days) },
        load: {
          overall: load(
            loadDays.reduce((s, d) => s + d.sold, 0),
            loadDays.reduce((s, d) => s + d.capacity, 0),
            loadDays.reduce((s, d) => s + d.flights, 0),
          ),
          days: loadDays.map((d) => ({ date: d.date, ...load(d.sold, d.capacity, d.flights) })),
        },
        refundsWaiting: { pending: queue(refunds.pending), failed: queue(refunds.failed) },
      };
    },
  };
}

export type Dashboard = ReturnType<typeof createDashboard>;
