/**
 * Limits of the accounts module (issue 3); all windows are sliding. The per-IP and per-account
 * counts (rate_limit_logs, platform/rate-limit.ts) are each taken in one statement before the
 * work they limit (issue 9), so a burst of parallel requests gets no more than the limit.
 */
export const LIMITS = {
  /** E-mail codes: one per address a minute; 10 sent per IP in 10 minutes (refused ones do not count). */
  codeResendMs: 60_000,
  codeIpMax: 10,
  codeIpWindowMs: 10 * 60_000,
  /** An e-mail code lives 10 minutes and allows 5 wrong tries. */
  codeTtlMinutes: 10,
  codeMaxAttempts: 5,
  /**
   * Login: captcha after 5 failures for one typed account in 15 minutes, lock after 10
   * (a success clears the account's count). Attempts refused by the captcha or the lock count too.
   */
  loginWindowMs: 15 * 60_000,
  loginCaptchaAfter: 5,
  loginLockAfter: 10,
  loginLockMs: 15 * 60_000,
  /** Login: 30 failures from one IP in 15 minutes, then 429 (a right password gives its hit back). */
  loginIpMax: 30,
  /** Availability look-ups (validateUserName, checkUserEmail): 30 per IP a minute (shared RateLimiter: fixed minutes). */
  lookupIpMax: 30,
  lookupIpWindowMs: 60_000,
  /** Captchas drawn (GET /getCaptcha): 60 per IP a minute; a person needs a handful. */
  captchaIpMax: 60,
  captchaIpWindowMs: 60_000,
  /** A session slides at most once a minute, so reads do not write on every call. */
  sessionTouchMs: 60_000,
  /** Saved passengers per user. */
  savedPassengersMax: 50,
} as const;
