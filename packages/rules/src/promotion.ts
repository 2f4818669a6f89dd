import type { RuleIssue } from './issue';

/** What a promo code is, as staff file it (docs/architecture.md §7: percent or amount off, threshold, dates, routes, uses). */
export interface PromotionTerms {
  kind: 'percent' | 'amount';
  /** Percent 1-100, or minor units of `currency`. */
  value: number;
  /** Required with an amount off or a spend threshold: such a code serves journeys priced in it only. */
  currency: 'USD' | 'CNY' | null;
  /** Spend threshold in minor units of `currency`, or null. */
  minSpend: number | null;
  /** ISO instants; the code works from `validFrom` to `validTo` inclusive. */
  validFrom: string;
  validTo: string;
  /** Route codes like `KTI-BKK`, or null for every route. */
  routes: readonly string[] | null;
  /** How many orders may use it, or null for no limit. */
  usageLimit: number | null;
}

/** A route code as a promotion names it: origin and destination airports, `KTI-BKK`. */
export const PROMO_ROUTE = /^[A-Z]{3}-[A-Z]{3}$/;

/** A promo code as travellers type it: 3 to 20 capital letters and digits (typed codes are upper-cased). */
export const PROMO_CODE = /^[A-Z0-9]{3,20}$/;

/**
 * The rules a promotion's terms must keep, checked by the console's form and by the staff API
 * alike, before a code is created or changed. They are what the server's use of a code
 * (pricing `promoFor`) relies on: a percentage it can take off (1-100), an amount or threshold in
 * the one currency of the journeys it serves, a validity that is a window, route codes it can
 * compare with a journey's, and a usage limit the uses already counted do not exceed.
 * `usedCount`: the uses live orders hold now (0 for a new code).
 */
export function checkPromotion(terms: PromotionTerms, usedCount = 0): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (!Number.isInteger(terms.value) || terms.value <= 0) {
    issues.push({ field: 'value', key: 'promo.value_positive' });
  } else if (terms.kind === 'percent' && terms.value > 100) {
    issues.push({ field: 'value', key: 'promo.percent_range' });
  }
  if (terms.kind === 'amount' && terms.currency === null) {
    issues.push({ field: 'currency', key: 'promo.currency_required' });
  }
  if (terms.minSpend !== null) {
    if (!Number.isInteger(terms.minSpend) || terms.minSpend <= 0) {
      issues.push({ field: 'minSpend', key: 'promo.value_positive' });
    } else if (terms.currency === null) {
      issues.push({ field: 'currency', key: 'promo.currency_required' });
    }
  }
  const from = Date.parse(terms.validFrom);
  const to = Date.parse(terms.validTo);
  if (Number.isNaN(from)) issues.push({ field: 'validFrom', key: 'promo.date_invalid' });
  if (Number.isNaN(to)) issues.push({ field: 'validTo', key: 'promo.date_invalid' });
  else if (!Number.isNaN(from) && to <= from)
    issues.push({ field: 'validTo', key: 'promo.valid_to_before_from' });
  if (terms.routes !== null) {
    if (terms.routes.length === 0) issues.push({ field: 'routes', key: 'promo.routes_empty' });
    const bad = terms.routes.find((r) => !PROMO_ROUTE.test(r) || r.slice(0, 3) === r.slice(4));
    if (bad !== undefined)
      issues.push({ field: 'routes', key: 'promo.route_format', params: { route: bad } });
  }
  if (terms.usageLimit !== null) {
    if (!Number.isInteger(terms.usageLimit) || terms.usageLimit <= 0) {
      issues.push({ field: 'usageLimit', key: 'promo.value_positive' });
    } else if (terms.usageLimit < usedCount) {
      issues.push({
        field: 'usageLimit',
        key: 'promo.limit_below_used',
        params: { used: String(usedCount) },
      });
    }
  }
  return issues;
}
