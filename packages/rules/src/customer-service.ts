import { type CustomerService, SERVICE_DAYS, type ServiceHours } from '@wings/contracts';
import { checkEmail } from './account';
import type { RuleIssue } from './issue';

/*
 * The customer-service contact the admin files in the console's Settings (issue 13): the same
 * check in the form and on the server (PUT /api/admin/settings).
 */

/** `HH:MM`, 00:00 to 23:59. */
export const SERVICE_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** International format: `+`, the country code and number, 8 to 15 digits, spaces allowed. */
export const SERVICE_PHONE = /^\+\d(?: ?\d){7,14}$/;
/**
 * Longest customer-service address: it is printed on one line of the itinerary PDF's footer and
 * of every e-mail's, in each language.
 */
export const SERVICE_EMAIL_MAX = 80;

/** A contact as stored: trimmed, blank phone or e-mail as null, the phone's spaces single. */
export function normalizeCustomerService(input: CustomerService): CustomerService {
  const blankToNull = (s: string | null) => {
    const v = s?.trim().replace(/\s+/g, ' ') ?? '';
    return v === '' ? null : v;
  };
  const hours = (h: ServiceHours | null) => (h ? { open: h.open.trim(), close: h.close.trim() } : null);
  return {
    phone: blankToNull(input.phone),
    email: blankToNull(input.email)?.toLowerCase() ?? null,
    weekdays: hours(input.weekdays),
    saturday: hours(input.saturday),
    sunday: hours(input.sunday),
  };
}

/**
 * The problems of a (normalised) contact, each on its field (`customerService.phone`,
 * `customerService.weekdays.close`); none when it may be saved. The e-mail follows the rule of
 * every address the product takes (`checkEmail`).
 */
export function customerServiceIssues(cs: CustomerService): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const at = (f: string) => `customerService.${f}`;
  if (cs.phone !== null && !SERVICE_PHONE.test(cs.phone))
    issues.push({ field: at('phone'), key: 'settings.phone_format' });
  if (cs.email !== null && cs.email.length > SERVICE_EMAIL_MAX) {
    issues.push({ field: at('email'), key: 'settings.email_too_long', params: { max: SERVICE_EMAIL_MAX } });
  } else if (cs.email !== null) {
    issues.push(...checkEmail(cs.email, at('email')).map((i) => ({ ...i, key: 'settings.email_format' })));
  }
  for (const d of SERVICE_DAYS) {
    const h = cs[d];
    if (!h) continue;
    const openOk = SERVICE_TIME.test(h.open);
    const closeOk = SERVICE_TIME.test(h.close);
    if (!openOk) issues.push({ field: at(`${d}.open`), key: 'settings.time_format' });
    if (!closeOk) issues.push({ field: at(`${d}.close`), key: 'settings.time_format' });
    if (openOk && closeOk && h.close <= h.open)
      issues.push({ field: at(`${d}.close`), key: 'settings.close_before_open' });
  }
  return issues;
}
