import { createHmac } from 'node:crypto';
import type { LanguageTag, MemberCodeChannel, MemberCodePurpose } from '@wings/contracts';
import { clientNetwork } from '../../platform/rate-limit';

/**
 * The member layer's limits (issue 17: "lockout and rate limits as for the app account", the
 * accounts module's throttle.ts); all windows are sliding (rate_limit_logs).
 */
export const MEMBER_LIMITS = {
  /** Codes: one per destination a minute; 10 sent per IP in 10 minutes (refused ones do not count). */
  codeResendMs: 60_000,
  codeIpMax: 10,
  codeIpWindowMs: 10 * 60_000,
  /** A code lives 10 minutes and allows 5 wrong tries. */
  codeTtlMinutes: 10,
  codeMaxAttempts: 5,
  /** Login: the account locks for 15 minutes after 10 failures in 15 minutes (a success clears them). */
  loginWindowMs: 15 * 60_000,
  loginLockAfter: 10,
  loginLockMs: 15 * 60_000,
  /** Login: 30 failures from one IP in 15 minutes, then 429 (a right password gives its hit back). */
  loginIpMax: 30,
  /** A session slides at most once a minute, so reads do not write on every call. */
  sessionTouchMs: 60_000,
} as const;

/** Rate-limit keys of the member layer; an IPv6 client counts by its /64. */
export const memberThrottleKey = {
  loginAccount: (account: string) => `member-login:${account}`,
  loginIp: (ip: string) => `member-login-ip:${clientNetwork(ip)}`,
  codeIp: (ip: string) => `member-code-ip:${clientNetwork(ip)}`,
};

/** Country codes are kept as digits, without "+". */
export function countryDigits(code: string | null | undefined): string {
  return code?.trim().replace(/^\+/, '') ?? '';
}

/** Where a code goes, as member_codes keeps it: the lower-cased e-mail, or `+<country code> <number>`. */
export function codeDestination(input: {
  channel: MemberCodeChannel;
  email?: string | undefined;
  countryCode?: string | undefined;
  phone?: string | undefined;
}): string {
  if (input.channel === 'email') return (input.email ?? '').trim().toLowerCase();
  return phoneDestination(countryDigits(input.countryCode), (input.phone ?? '').trim());
}

export function phoneDestination(countryCode: string, phone: string): string {
  return `+${countryCode} ${phone}`;
}

/**
 * The stored form of a member code: an HMAC with the server's code key, bound to the member
 * programme, the channel, the destination and the purpose (so it is no app-account e-mail code).
 */
export function hashMemberCode(
  key: Buffer,
  channel: MemberCodeChannel,
  destination: string,
  purpose: MemberCodePurpose,
  code: string,
): string {
  return createHmac('sha256', key)
    .update(`member\n${channel}\n${destination}\n${purpose}\n${code}`)
    .digest('hex');
}

/** The e-mail template's purpose that words each member purpose (platform/mail/templates.ts). */
export const MAIL_PURPOSE = {
  register: 'register',
  reset: 'reset',
  contact: 'bind',
  login: 'verify',
} as const satisfies Record<MemberCodePurpose, 'register' | 'reset' | 'bind' | 'verify'>;

const SMS_PURPOSE: Record<LanguageTag, Record<MemberCodePurpose, string>> = {
  zh: { login: '登录', register: '注册会员', reset: '重置会员密码', contact: '验证联系方式' },
  en: {
    login: 'sign in',
    register: 'join the programme',
    reset: 'reset your member password',
    contact: 'confirm this number',
  },
  km: {
    login: 'ចូលគណនី',
    register: 'ចុះឈ្មោះជាសមាជិក',
    reset: 'កំណត់ពាក្យសម្ងាត់សមាជិកឡើងវិញ',
    contact: 'បញ្ជាក់លេខនេះ',
  },
};

/** The text of a code by SMS, in the member's (or the caller's) language. */
export function memberCodeSms(
  lang: LanguageTag,
  purpose: MemberCodePurpose,
  code: string,
  minutes: number,
): string {
  const what = SMS_PURPOSE[lang][purpose];
  switch (lang) {
    case 'zh':
      return `【之翼航空】您的验证码 ${code}，用于${what}，${minutes} 分钟内有效。请勿告诉他人。`;
    case 'km':
      return `Wings Airways: លេខកូដរបស់អ្នកគឺ ${code} សម្រាប់${what}។ មានសុពលភាព ${minutes} នាទី។ កុំប្រាប់អ្នកដទៃ។`;
    default:
      return `Wings Airways: your code to ${what} is ${code}. Valid for ${minutes} minutes. Never share it.`;
  }
}
