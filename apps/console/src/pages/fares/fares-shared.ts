import type { ApiError } from '@wings/api-client';
import type { AdminPricingOptions, StaffMe } from '@wings/contracts';
import type { FormInstance } from 'antd';
import { useAdminQuery } from '../../api/admin-client';
import { useMe } from '../../app/session';
import { ruleMessage } from '../../lib/rule-message';

/** Both currencies fares are filed in have two minor digits (cents, fen). */
const MINOR_PER_MAJOR = 100;

/** An amount typed in dollars or yuan as minor units (integer): 12.34 → 1234. */
export function toMinor(major: number): number {
  return Math.round(major * MINOR_PER_MAJOR);
}

/** Minor units as the amount a form shows: 1234 → 12.34. */
export function toMajor(minor: number): number {
  return minor / MINOR_PER_MAJOR;
}

/** Whether the signed-in member may change fares, taxes and promo codes (admins only). */
export function useCanChangePricing(): boolean {
  const me = useMe().data as StaffMe | undefined;
  return me?.roles.includes('admin') ?? false;
}

/** The routes, classes and families the screens choose from (they change rarely). */
export function usePricingOptions() {
  return useAdminQuery<AdminPricingOptions>('/pricing/options', undefined, { staleTime: 60_000 });
}

/**
 * Shows a refused change's messages next to their fields (the server's `data.fields`, in the
 * member's language); a field the form does not have, or a failure without fields, goes to
 * `fallback`'s field. `rename` maps the API's field names to the form's.
 */
export function showServerErrors<T>(
  form: FormInstance<T>,
  error: ApiError,
  fields: readonly string[],
  fallback: string,
  rename: Record<string, string> = {},
): void {
  const byField = new Map<string, string[]>();
  for (const issue of error.fields) {
    const name = rename[issue.field] ?? issue.field;
    const target = fields.includes(name) ? name : fallback;
    const text = issue.message || ruleMessage(issue);
    byField.set(target, [...(byField.get(target) ?? []), text]);
  }
  if (byField.size === 0) byField.set(fallback, [error.message]);
  form.setFields([...byField].map(([name, errors]) => ({ name: name.split('.') as never, errors })));
}
