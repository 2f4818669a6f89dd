import { addDays, localDate } from '@wings/rules';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';

/**
 * Payments' figures for the staff dashboard (issue 13): revenue received, how often a payment
 * attempt is paid, and the refunds still owed. Each is one statement over this module's tables.
 */

/** An amount of one currency in minor units. */
export interface CurrencyAmount {
  currency: string;
  amount: number;
}

/** One day's revenue in a zone's calendar, per currency. */
export interface RevenueDay {
  date: string;
  amounts: CurrencyAmount[];
}

export interface PaidRevenue {
  today: CurrencyAmount[];
  month: CurrencyAmount[];
  /** `days` days ending today, oldest first; a day without payments has no amounts. */
  days: RevenueDay[];
}

const byCurrency = (a: CurrencyAmount, b: CurrencyAmount) => a.currency.localeCompare(b.currency);

/**
 * Money received by payments that succeeded, by the day they were paid in `zone`: today, since
 * the first of this month, and each of the last `days` days. A payment refunded as a whole
 * because it came twice or too late (refund_required, refunded) was never revenue; partial
 * refunds of a kept payment are refunds, not counted here.
 */
export async function paidRevenue(db: Executor, now: Date, zone: string, days: number): Promise<PaidRevenue> {
  const r = await db.execute<{
    date: string;
    currency: string;
    amount: string | number;
    in_month: boolean;
  }>(sql`
    with bounds as (
      select (${now}::timestamptz at time zone ${zone})::date as today,
             date_trunc('month', ${now}::timestamptz at time zone ${zone})::date as month_start
    ), window_start as (
      select today, month_start, least(month_start, today - (${days}::int - 1)) as first_day from bounds
    )
    select to_char((p.paid_at at time zone ${zone})::date, 'YYYY-MM-DD') as date, p.currency,
           sum(p.amount)::bigint as amount,
           bool_and((p.paid_at at time zone ${zone})::date >= w.month_start) as in_month
      from window_start w
      join payments p on p.status = 'succeeded'
                     and p.paid_at >= (w.first_day::timestamp at time zone ${zone})
                     and p.paid_at <= ${now}::timestamptz
     group by 1, 2
     order by 1, 2`);
  const today = localDate(now, zone);
  const firstDay = addDays(today, -(days - 1));
  const perDay = new Map<string, CurrencyAmount[]>();
  const month = new Map<string, number>();
  for (const row of r.rows) {
    const amount = Number(row.amount);
    if (row.in_month) month.set(row.currency, (month.get(row.currency) ?? 0) + amount);
    if (row.date < firstDay) continue;
    const list = perDay.get(row.date) ?? [];
    list.push({ currency: row.currency, amount });
    perDay.set(row.date, list);
  }
  const list: RevenueDay[] = [];
  for (let i = 0; i < days; i++) {
    const date = addDays(firstDay, i);
    list.push({ date, amounts: (perDay.get(date) ?? []).sort(byCurrency) });
  }
  return {
    today: perDay.get(today)?.slice().sort(byCurrency) ?? [],
    month: [...month].map(([currency, amount]) => ({ currency, amount })).sort(byCurrency),
    days: list,
  };
}

/** Payment attempts started in a window and how many were paid. */
export interface AttemptCount {
  attempts: number;
  succeeded: number;
}

/**
 * Payment attempts started in the last 7 and 30 days before `now` (rolling windows) and how many
 * of them the gateway paid (whatever followed: a payment kept, or one refunded as it came twice or
 * too late). An attempt still pending counts as not paid.
 */
export async function paymentAttempts(
  db: Executor,
  now: Date,
): Promise<{ last7Days: AttemptCount; last30Days: AttemptCount }> {
  const r = await db.execute<{ a7: number; s7: number; a30: number; s30: number }>(sql`
    select count(*) filter (where created_at > ${now}::timestamptz - interval '7 days')::int as a7,
           count(*) filter (where created_at > ${now}::timestamptz - interval '7 days'
                              and paid_at is not null)::int as s7,
           count(*)::int as a30,
           count(*) filter (where paid_at is not null)::int as s30
      from payments
     where created_at > ${now}::timestamptz - interval '30 days' and created_at <= ${now}::timestamptz`);
  const row = r.rows[0];
  return {
    last7Days: { attempts: Number(row?.a7 ?? 0), succeeded: Number(row?.s7 ?? 0) },
    last30Days: { attempts: Number(row?.a30 ?? 0), succeeded: Number(row?.s30 ?? 0) },
  };
}

/** Refunds of one status: how many, and when the oldest was asked for. */
export interface RefundQueue {
  count: number;
  oldestAt: Date | null;
}

/** Refunds not paid back yet: pending (the job sends them) and failed (waiting for staff). */
export async function refundsWaiting(db: Executor): Promise<{ pending: RefundQueue; failed: RefundQueue }> {
  const r = await db.execute<{ status: string; count: number; oldest: Date | string | null }>(sql`
    select status, count(*)::int as count, min(created_at) as oldest
      from payment_refunds
     where status in ('pending', 'failed')
     group by status`);
  const of = (status: string): RefundQueue => {
    const row = r.rows.find((x) => x.status === status);
    return row
      ? { count: Number(row.count), oldestAt: row.oldest === null ? null : new Date(row.oldest) }
      : { count: 0, oldestAt: null };
  };
  return { pending: of('pending'), failed: of('failed') };
}
