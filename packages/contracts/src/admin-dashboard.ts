import { z } from 'zod';

/**
 * The staff console's dashboard (issue 13), served under `/api/admin` (docs/api.md, "Staff
 * console: dashboard"): `GET /api/admin/dashboard`, for admin, agent, finance and auditor. Days
 * and months are the hub's (HUB_TIME_ZONE); money is integer minor units with its currency.
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date, YYYY-MM-DD');
/** An ISO currency code as stored with the money (USD, CNY). */
const currency = z.string().length(3);

/** An amount of one currency, in minor units. */
export const ZDashboardAmount = z.object({ currency, amount: z.number().int() });
export type DashboardAmount = z.infer<typeof ZDashboardAmount>;

/** Orders made (any status since), counted by when they were made. */
export const ZDashboardBookings = z.object({
  /** Orders made today (the hub's day). */
  today: z.number().int(),
  /** Orders made since the first of this month (the hub's month). */
  month: z.number().int(),
});

/** One hub day's paid revenue, one amount per currency paid that day (none on a day without payments). */
export const ZDashboardRevenueDay = z.object({ date: isoDate, amounts: z.array(ZDashboardAmount) });
export type DashboardRevenueDay = z.infer<typeof ZDashboardRevenueDay>;

/**
 * Money received by payments that succeeded (by when they were paid), per currency, before any
 * refund; a payment that paid twice or too late (refunded as a whole) is not revenue.
 */
export const ZDashboardRevenue = z.object({
  today: z.array(ZDashboardAmount),
  month: z.array(ZDashboardAmount),
  /** The last 30 hub days, oldest first, today last (always 30 entries). */
  days: z.array(ZDashboardRevenueDay),
});

/** Payment attempts started in a window and how many of them were paid. */
export const ZDashboardSuccessRate = z.object({
  attempts: z.number().int(),
  succeeded: z.number().int(),
  /** succeeded / attempts, 0 … 1; null without attempts. */
  rate: z.number().nullable(),
});
export type DashboardSuccessRate = z.infer<typeof ZDashboardSuccessRate>;

/** Seats taken over seats offered on flights not cancelled. */
export const ZDashboardLoad = z.object({
  /** Seats taken: this system's live holds and tickets, and seats sold through other channels. */
  sold: z.number().int(),
  capacity: z.number().int(),
  flights: z.number().int(),
  /** sold / capacity, 0 … 1; null without flights. */
  factor: z.number().nullable(),
});
export type DashboardLoad = z.infer<typeof ZDashboardLoad>;
export const ZDashboardLoadDay = ZDashboardLoad.extend({ date: isoDate });
export type DashboardLoadDay = z.infer<typeof ZDashboardLoadDay>;

/** Refunds of one status still waiting: how many, and since when the oldest waits. */
export const ZDashboardRefundQueue = z.object({
  count: z.number().int(),
  /** When the oldest was asked for (UTC instant); null when there is none. */
  oldestAt: z.string().nullable(),
  /** Its age in whole minutes at the time of the answer; null when there is none. */
  oldestAgeMinutes: z.number().int().nullable(),
});
export type DashboardRefundQueue = z.infer<typeof ZDashboardRefundQueue>;

/** GET /api/admin/dashboard. */
export const ZAdminDashboard = z.object({
  /** When the figures were taken (UTC instant). */
  asOf: z.string(),
  /** The hub's zone the days and months are counted in. */
  timeZone: z.string(),
  /** The hub's today. */
  today: isoDate,
  bookings: ZDashboardBookings,
  revenue: ZDashboardRevenue,
  paymentSuccess: z.object({ last7Days: ZDashboardSuccessRate, last30Days: ZDashboardSuccessRate }),
  /** Flights departing (local date at their origin) today and the 6 days after it. */
  load: z.object({ overall: ZDashboardLoad, days: z.array(ZDashboardLoadDay) }),
  /** Refunds not yet paid back: pending (sent or to send to the gateway) and failed (staff act on them). */
  refundsWaiting: z.object({ pending: ZDashboardRefundQueue, failed: ZDashboardRefundQueue }),
});
export type AdminDashboard = z.infer<typeof ZAdminDashboard>;
