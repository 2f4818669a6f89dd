import type { RuleIssue } from './issue';

/** Account password length (spec §5, §9: 8-20). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;

/** 8-20 characters of letters and digits only, with at least one of each (spec §5). */
export function checkPassword(password: string | undefined, field = 'password'): RuleIssue[] {
  if (!password) return [{ field, key: 'account.password_required' }];
  const ok =
    password.length >= PASSWORD_MIN &&
    password.length <= PASSWORD_MAX &&
    /^[A-Za-z0-9]+$/.test(password) &&
    /[A-Za-z]/.test(password) &&
    /\d/.test(password);
  return ok
    ? []
    : [{ field, key: 'account.password_rule', params: { min: PASSWORD_MIN, max: PASSWORD_MAX } }];
}

/** The two password entries must match. */
export function checkPasswordPair(
  password: string | undefined,
  confirm: string | undefined,
  field = 'confirmPassword',
): RuleIssue[] {
  return password === confirm ? [] : [{ field, key: 'account.password_mismatch' }];
}

/** Longest e-mail address, and longest part before the @ (RFC 5321). */
export const EMAIL_MAX = 254;
export const EMAIL_LOCAL_MAX = 64;
/** One domain label: letters, digits and hyphens, neither first nor last a hyphen (RFC 1035). */
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/**
 * E-mail (spec §5): a local part of letters, digits, `_ . -` (and `+ '`, which real addresses
 * such as `first.last+tag@…` and `o'brien@…` use); an @; a domain whose last label has 2-6
 * letters or digits. The local part has at least one letter or digit and no dot first, last
 * or doubled; no domain label starts or ends with a hyphen. Booking e-mails may not contain
 * an underscore either. Each fault has its own message (decisions.md "E-mail shape").
 */
export function checkEmail(
  email: string | null | undefined,
  field = 'email',
  opts: { booking?: boolean; required?: boolean } = {},
): RuleIssue[] {
  const value = email?.trim() ?? '';
  if (!value) return opts.required === false ? [] : [{ field, key: 'account.email_required' }];
  const at = value.lastIndexOf('@');
  const local = value.slice(0, Math.max(at, 0));
  const labels = value.slice(at + 1).split('.');
  const tld = labels[labels.length - 1] ?? '';
  if (
    value.length > EMAIL_MAX ||
    at < 1 ||
    local.length > EMAIL_LOCAL_MAX ||
    !/^[A-Za-z0-9_.+'-]+$/.test(local) ||
    labels.length < 2 ||
    !labels.every((l) => /^[A-Za-z0-9-]{1,63}$/.test(l)) ||
    !/^[A-Za-z0-9]{2,6}$/.test(tld)
  ) {
    return [{ field, key: 'account.email_invalid' }];
  }
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..')) {
    return [{ field, key: 'account.email_local_dots' }];
  }
  if (!/[A-Za-z0-9]/.test(local)) return [{ field, key: 'account.email_local_letters' }];
  if (!labels.every((l) => DOMAIN_LABEL.test(l))) return [{ field, key: 'account.email_domain_hyphen' }];
  if (opts.booking && value.includes('_')) return [{ field, key: 'account.email_no_special' }];
  return [];
}

/** The 6-digit code of a verification e-mail. */
export function checkEmailCode(code: string | undefined, field = 'code'): RuleIssue[] {
  return /^\d{6}$/.test(code?.trim() ?? '') ? [] : [{ field, key: 'account.code_required' }];
}

export type NormalizedAccount =
  | { kind: 'email'; email: string }
  | { kind: 'phone'; countryCode: string | null; phone: string };

/**
 * What a traveller typed in the login account field: an e-mail (lower-cased), or a phone
 * number, with its country code when written `+855 12 345 678` or `+855-12345678`.
 */
export function normalizeAccount(account: string): NormalizedAccount {
  const value = account.trim();
  if (value.includes('@')) return { kind: 'email', email: value.toLowerCase() };
  const international = /^\+(\d{1,4})[\s-]+(.+)$/.exec(value);
  if (international) {
    return { kind: 'phone', countryCode: international[1]!, phone: international[2]!.replace(/\D/g, '') };
  }
  return { kind: 'phone', countryCode: null, phone: value.replace(/\D/g, '') };
}
