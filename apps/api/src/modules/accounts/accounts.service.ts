import {
  type EmailCodePurpose,
  Language,
  type LanguageTag,
  type SessionResponse,
  type User,
  type ZChangePasswordRequest,
  type ZLoginRequest,
  type ZRegisterRequest,
  type ZResetPasswordRequest,
  type ZUpdateUserRequest,
} from '@wings/contracts';
import {
  checkBirthday,
  checkEmail,
  checkEmailCode,
  checkName,
  checkPassword,
  checkPasswordPair,
  checkPhone,
  checkTitleGender,
  localDate,
  type NormalizedAccount,
  normalizeAccount,
  type RuleIssue,
} from '@wings/rules';
import type { z } from 'zod';
import type { Db } from '../../platform/db';
import { AppError, invalid } from '../../platform/errors';
import type { Mailer } from '../../platform/mail/mailer';
import { emailCodeMail } from '../../platform/mail/templates';
import { matchOneTimeCode, newSixDigitCode } from '../../platform/one-time-codes';
import { hashPassword, newToken, sha256, verifyPassword } from '../../platform/passwords';
import { clientNetwork, SlidingWindowLimiter } from '../../platform/rate-limit';
import type { PurposeKeys, ServerKeys } from '../../platform/secrets';
import { uniqueViolation } from '../../platform/unique-violation';
import type { AccountsConfig } from './accounts.config';
import {
  AccountsRepository,
  type LinkedIdentity,
  type ProfilePatch,
  type StoredUser,
} from './accounts.repository';
import { CaptchaService } from './captcha';
import { hashEmailCode, isUuid } from './secrets';
import { LIMITS } from './throttle';

type RegisterInput = z.infer<typeof ZRegisterRequest>;
type LoginInput = z.infer<typeof ZLoginRequest>;
type ResetPasswordInput = z.infer<typeof ZResetPasswordRequest>;
type ChangePasswordInput = z.infer<typeof ZChangePasswordRequest>;
type UpdateUserInput = z.infer<typeof ZUpdateUserRequest>;

/** Where a request comes from; kept with sessions and used by the per-IP limits. */
export interface ClientMeta {
  ip?: string | null;
  userAgent?: string | null;
}

/** The session behind a `token` header. */
export interface SessionContext {
  sessionId: string;
  userId: string;
}

/**
 * A failed login whose reply carries data: `captchaRequired` tells the form to show the
 * captcha (spec §8 login codes 601 / 602; issue 3: captcha after 5 failures).
 */
export interface AccountsServiceDeps {
  repo: AccountsRepository;
  mailer: Mailer;
  now: () => Date;
  /** The shared sliding-window counts of the login and e-mail code limits (platform/rate-limit.ts). */
  limiter: SlidingWindowLimiter;
  /** The server secret's e-mail-code keys (platform/secrets.ts): digests are made with the current one. */
  pepper: PurposeKeys;
  sessionTtlDays: number;
  /** Outside production only: every captcha shows this text, so automated journeys can solve it. */
  captchaTestText?: string | undefined;
  /** The hub's zone (config HUB_TIME_ZONE): "today" for account rules is the airline's home date. */
  hubZone: string;
}

function throwIfAny(issues: RuleIssue[]): void {
  if (issues.length > 0) throw invalid(issues);
}

const DAY_MS = 24 * 60 * 60_000;
/** Key of the login_attempts rows of what was typed in the account field. */
function accountKey(account: NormalizedAccount): string {
  return account.kind === 'email'
    ? `email:${account.email}`
    : `phone:${account.countryCode ?? ''}:${account.phone}`;
}

/** Rate-limit keys (rate_limit_logs) of the accounts module; an IPv6 client counts by its /64. */
const throttleKey = {
  loginAccount: (account: string) => `login:${account}`,
  loginIp: (ip: string) => `login-ip:${clientNetwork(ip)}`,
  codeIp: (ip: string) => `email-code-ip:${clientNetwork(ip)}`,
};

/** Country codes are stored as digits, without "+". */
function normalizeCountryCode(code: string | null | undefined): string | null {
  const digits = code?.trim().replace(/^\+/, '') ?? '';
  return digits === '' ? null : digits;
}

/**
 * Traveller accounts (booking-and-account.md §1, §4-§8; issue 3): e-mail codes, registration,
 * login with captcha and lockout, sessions, password recovery and change, and the profile.
 * Also the entry points the third-party login module uses (getUser, openSession, ...).
 */
export class AccountsService {
  readonly captchas: CaptchaService;
  /** The hub's zone: "today" for account rules is the airline's home date (CODE_STYLE.md §8). */
  readonly hubZone: string;
  private readonly repo: AccountsRepository;
  private readonly mailer: Mailer;
  private readonly now: () => Date;
  private readonly limiter: SlidingWindowLimiter;
  private readonly pepper: PurposeKeys;
  private readonly sessionTtlMs: number;

  constructor(deps: AccountsServiceDeps) {
    this.repo = deps.repo;
    this.mailer = deps.mailer;
    this.now = deps.now;
    this.limiter = deps.limiter;
    this.pepper = deps.pepper;
    this.sessionTtlMs = deps.sessionTtlDays * DAY_MS;
    this.captchas = new CaptchaService(deps.repo, deps.now, deps.captchaTestText);
    this.hubZone = deps.hubZone;
  }

  // E-mail codes

  /**
   * Sends a 6-digit code (POST user/testEmail). A reset code for an address without an
   * account is answered exactly like a sent one, and stored unusable, so the reply and the
   * throttles say nothing about which addresses have accounts.
   *
   * The per-IP count is taken first, in one statement (issue 9: 12 parallel requests once read
   * the same count and all were sent), and given back when no code is made (4004, 4002).
   * One code per address a minute holds because requests for an address queue on its lock.
   */
  async sendEmailCode(input: {
    email: string;
    purpose: EmailCodePurpose;
    lang: LanguageTag;
    ip?: string | null;
  }): Promise<{ resendAfterSeconds: number; validMinutes: number }> {
    const { email, purpose } = input;
    throwIfAny(checkEmail(email, 'email'));
    const ip = input.ip ?? null;
    const now = this.now();
    const ipKey = ip ? throttleKey.codeIp(ip) : null;
    const ipHit = ipKey ? await this.limiter.reserve(ipKey, LIMITS.codeIpMax, LIMITS.codeIpWindowMs) : null;
    if (ipKey && !ipHit) throw new AppError('tooManyRequests');
    const send = await this.repo
      .transaction(async (repo) => {
        await repo.lockKey(email);
        const last = await repo.lastCodeSentAt(email);
        if (last && now.getTime() - last.getTime() < LIMITS.codeResendMs) {
          throw new AppError('emailCodeTooSoon');
        }
        const user = await repo.findUserByEmail(email);
        // The spec's own message (4002 email_exist) tells a registering visitor the address is taken.
        if (purpose === 'register' && user) throw new AppError('emailExist');
        const deliver = purpose !== 'reset' || user !== null;
        const code = newSixDigitCode();
        const codeHash = deliver
          ? hashEmailCode(this.pepper.current, email, purpose, code)
          : sha256(`unusable:${newToken()}`);
        await repo.insertEmailCode(
          {
            email,
            purpose,
            codeHash,
            expiresAt: new Date(now.getTime() + LIMITS.codeTtlMinutes * 60_000),
            ip,
          },
          now,
        );
        return deliver ? code : null;
      })
      .catch(async (err: unknown) => {
        if (ipKey && ipHit) await this.limiter.giveBack(ipKey, ipHit);
        throw err;
      });
    if (send !== null) {
      try {
        await this.mailer.send(
          emailCodeMail({
            to: email,
            code: send,
            purpose,
            lang: input.lang,
            validMinutes: LIMITS.codeTtlMinutes,
          }),
        );
      } catch (err) {
        // Spec §8 verifyEmail 606: the mail server did not take it (the error handler logs the cause).
        throw new AppError('emailCodeSendFailed', { cause: err });
      }
    }
    return { resendAfterSeconds: LIMITS.codeResendMs / 1000, validMinutes: LIMITS.codeTtlMinutes };
  }

  /** Checks a code without using it up (POST user/testRandomNumber); a wrong try counts. */
  async checkEmailCode(email: string, purpose: EmailCodePurpose, code: string): Promise<void> {
    await this.matchEmailCode(this.repo, email, purpose, code, false);
  }

  /** Uses up a code; throws 4003 when it is wrong, expired, used or out of tries. */
  async consumeEmailCode(email: string, purpose: EmailCodePurpose, code: string): Promise<void> {
    await this.matchEmailCode(this.repo, email, purpose, code, true);
  }

  /** Compares a code with the newest live one for the address and purpose; returns its id. */
  private async matchEmailCode(
    repo: AccountsRepository,
    email: string,
    purpose: EmailCodePurpose,
    code: string,
    consume: boolean,
  ): Promise<string> {
    const now = this.now();
    return matchOneTimeCode(repo, await repo.latestLiveCode(email, purpose, now, LIMITS.codeMaxAttempts), {
      now,
      maxAttempts: LIMITS.codeMaxAttempts,
      keys: this.pepper.accepted,
      digestOf: (key) => hashEmailCode(key, email, purpose, code.trim()),
      consume,
      invalid: 'emailCodeInvalid',
    });
  }

  /** Uses up a code already matched, inside the caller's transaction. */
  private async consumeMatched(repo: AccountsRepository, codeId: string): Promise<void> {
    if (!(await repo.consumeCode(codeId, this.now()))) throw new AppError('emailCodeInvalid');
  }

  // Registration and availability

  /** POST user/register: a verified e-mail, a password, optionally a phone; logged in at once. */
  async register(input: RegisterInput, lang: LanguageTag, meta: ClientMeta): Promise<SessionResponse> {
    const countryCode = normalizeCountryCode(input.countryCode);
    const phone = input.phone?.trim() || null;
    const issues = [
      ...checkEmail(input.email, 'email'),
      ...checkPassword(input.password, 'password'),
      ...checkPasswordPair(input.password, input.confirmPassword, 'confirmPassword'),
      ...checkEmailCode(input.code, 'code'),
      ...(phone ? checkPhone(countryCode, phone, { required: false }) : []),
    ];
    if (!input.agree) issues.push({ field: 'agree', key: 'account.agree_required' });
    throwIfAny(issues);

    if (await this.repo.findUserByEmail(input.email)) throw new AppError('emailExist');
    if (phone && (await this.repo.phoneTaken(countryCode, phone))) throw new AppError('phoneExist');
    const passwordHash = await hashPassword(input.password);
    const codeId = await this.matchEmailCode(this.repo, input.email, 'register', input.code, false);
    const now = this.now();
    const userId = await this.repo
      .transaction(async (repo) => {
        await this.consumeMatched(repo, codeId);
        return repo.insertUser(
          {
            email: input.email,
            emailVerified: true,
            countryCode: phone ? countryCode : null,
            phone,
            passwordHash,
            language: input.language ?? Language[lang],
          },
          now,
        );
      })
      .catch((err: unknown) => {
        const constraint = uniqueViolation(err);
        if (constraint === null) throw err;
        throw new AppError(constraint.includes('phone') ? 'phoneExist' : 'emailExist');
      });
    return this.openSession(userId, meta);
  }

  /** GET user/validateUserName/{name}: whether an e-mail or phone is free to register. */
  async accountAvailable(name: string): Promise<boolean> {
    const account = normalizeAccount(name);
    if (account.kind === 'email') return this.emailAvailable(account.email);
    if (!account.phone) return false;
    return (await this.repo.findUsersByPhone(account.countryCode, account.phone)).length === 0;
  }

  /** GET user/checkUserEmail/{email}. */
  async emailAvailable(email: string): Promise<boolean> {
    const value = email.trim().toLowerCase();
    throwIfAny(checkEmail(value, 'email'));
    return (await this.repo.findUserByEmail(value)) === null;
  }

  // Login and sessions

  /**
   * POST user/login. Every attempt is recorded (login_attempts). Failures for one account in
   * the last 15 minutes: from 5 on a captcha is required (602), from 10 the account is locked
   * (203). An unknown account is answered like a wrong password (601), after the same argon2
   * work. Both counts are taken before the slow password check, each in one statement that
   * increments and returns (issue 9: a burst once read one count and 16-23 passwords were
   * checked), so parallel attempts get no more checks than the limits; a right password gives
   * its per-IP hit back and clears the account's count.
   */
  async login(input: LoginInput, meta: ClientMeta): Promise<SessionResponse> {
    const account = normalizeAccount(input.account);
    const key = accountKey(account);
    const ip = meta.ip ?? null;
    const now = this.now();
    const ipKey = ip ? throttleKey.loginIp(ip) : null;
    const ipHit = ipKey ? await this.limiter.reserve(ipKey, LIMITS.loginIpMax, LIMITS.loginWindowMs) : null;
    if (ipKey && !ipHit) throw new AppError('tooManyRequests');
    // Failures before this attempt; attempts still under way count as failures until they succeed.
    const counted = await this.limiter.hit(
      throttleKey.loginAccount(key),
      LIMITS.loginWindowMs,
      LIMITS.loginLockAfter + 1,
    );
    const failures = counted.hits - 1;
    const fail = async () => this.repo.recordLoginAttempt(key, ip, false, now);
    const user = await this.findLoginUser(account);

    if (failures >= LIMITS.loginLockAfter || (user?.lockedUntil && user.lockedUntil > now)) {
      await fail();
      throw new AppError('loginLimit');
    }
    if (
      failures >= LIMITS.loginCaptchaAfter &&
      !(await this.captchas.verify(input.captchaId, input.captcha))
    ) {
      await fail();
      throw new AppError('captchaError', { data: { captchaRequired: true } });
    }
    const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
    if (!user || !passwordOk) {
      await fail();
      const total = failures + 1;
      if (user && total >= LIMITS.loginLockAfter) {
        await this.repo.setLockedUntil(user.id, new Date(now.getTime() + LIMITS.loginLockMs), now);
      }
      throw new AppError('incorrectToken', { data: { captchaRequired: total >= LIMITS.loginCaptchaAfter } });
    }
    // Only someone holding the password learns that the account is suspended (spec §6).
    if (user.status !== 'active') {
      await fail();
      throw new AppError('loginLimit');
    }
    // A success clears the account's count and does not count against the IP.
    await this.limiter.clear(throttleKey.loginAccount(key));
    if (ipKey && ipHit) await this.limiter.giveBack(ipKey, ipHit);
    await this.repo.recordLoginAttempt(key, ip, true, now);
    return this.openSession(user.id, meta);
  }

  private async findLoginUser(account: NormalizedAccount): Promise<StoredUser | null> {
    if (account.kind === 'email') return this.repo.findUserByEmail(account.email);
    if (!account.phone) return null;
    const found = await this.repo.findUsersByPhone(account.countryCode, account.phone);
    // A bare number shared by accounts in two countries is ambiguous: the country code is needed.
    return found.length === 1 ? found[0]! : null;
  }

  /** Starts a session for a user: the token is returned once, only its hash is kept. */
  async openSession(userId: string, meta: ClientMeta = {}): Promise<SessionResponse> {
    const token = newToken();
    const now = this.now();
    const expiresAt = new Date(now.getTime() + this.sessionTtlMs);
    await this.repo.insertSession(
      {
        userId,
        tokenHash: sha256(token),
        expiresAt,
        ip: meta.ip ?? null,
        userAgent: meta.userAgent?.slice(0, 512) ?? null,
      },
      now,
    );
    return { token, expiresAt: expiresAt.toISOString(), user: await this.getUser(userId) };
  }

  /** The live session of a `token` header, sliding its expiry (at most once a minute). */
  async resolveSession(token: string): Promise<SessionContext | null> {
    if (token.length < 16 || token.length > 128) return null;
    const now = this.now();
    const session = await this.repo.findLiveSession(sha256(token), now);
    if (!session) return null;
    if (now.getTime() - session.lastUsedAt.getTime() >= LIMITS.sessionTouchMs) {
      await this.repo.touchSession(
        session.id,
        now,
        new Date(now.getTime() + this.sessionTtlMs),
        LIMITS.sessionTouchMs,
      );
    }
    return { sessionId: session.id, userId: session.userId };
  }

  /** GET user/logout: revokes the session of this token; nothing happens for an unknown one. */
  async logout(token: string | undefined): Promise<void> {
    if (!token) return;
    await this.repo.revokeSessionByHash(sha256(token), this.now());
  }

  // Passwords

  /** POST user/resetPassword: a reset code proves the address; every session of the user ends. */
  async resetPassword(input: ResetPasswordInput): Promise<void> {
    throwIfAny([
      ...checkEmail(input.email, 'email'),
      ...checkEmailCode(input.code, 'code'),
      ...checkPassword(input.password, 'password'),
      ...checkPasswordPair(input.password, input.confirmPassword, 'confirmPassword'),
    ]);
    const passwordHash = await hashPassword(input.password);
    const codeId = await this.matchEmailCode(this.repo, input.email, 'reset', input.code, false);
    const now = this.now();
    await this.repo.transaction(async (repo) => {
      await this.consumeMatched(repo, codeId);
      const user = await repo.findUserByEmail(input.email);
      if (!user) throw new AppError('emailCodeInvalid');
      await repo.setPasswordHash(user.id, passwordHash, now);
      await repo.revokeUserSessions(user.id, now);
    });
  }

  /** POST user/changePassword: the old password must be right; other sessions end, this one stays. */
  async changePassword(session: SessionContext, input: ChangePasswordInput): Promise<void> {
    throwIfAny([
      ...checkPassword(input.password, 'password'),
      ...checkPasswordPair(input.password, input.confirmPassword, 'confirmPassword'),
    ]);
    const user = await this.requireUser(session.userId);
    if (!(await verifyPassword(user.passwordHash, input.oldPassword))) throw new AppError('oldPasswordWrong');
    if (input.password === input.oldPassword)
      throw invalid([{ field: 'password', key: 'account.password_same' }]);
    const now = this.now();
    const passwordHash = await hashPassword(input.password);
    await this.repo.transaction(async (repo) => {
      await repo.setPasswordHash(user.id, passwordHash, now);
      await repo.revokeUserSessions(user.id, now, session.sessionId);
    });
  }

  /** POST user/verifyPassword: re-checks the password before a sensitive edit. */
  async verifyUserPassword(userId: string, password: string): Promise<void> {
    const user = await this.requireUser(userId);
    if (!(await verifyPassword(user.passwordHash, password))) throw new AppError('passwordWrong');
  }

  // Linked third-party identities (the oauth module signs in with them)

  /** The user a provider's identity is linked to, or null. */
  identityUser(provider: string, subject: string): Promise<string | null> {
    return this.repo.findIdentityUser(provider, subject);
  }

  /** Links an identity to a user; false when the same identity was linked meanwhile. */
  linkIdentity(identity: LinkedIdentity): Promise<boolean> {
    return this.repo.insertIdentity(identity, this.now());
  }

  /** Keeps what the provider last said about the person behind a linked identity. */
  refreshIdentity(
    provider: string,
    subject: string,
    seen: { email: string | null; displayName: string | null },
  ): Promise<void> {
    return this.repo.refreshIdentity(provider, subject, seen, this.now());
  }

  // Profile

  /** The user as the app sees them (ZUser). */
  async getUser(userId: string): Promise<User> {
    const user = await this.requireUser(userId);
    return this.toUser(user, await this.repo.linkedProviders(user.id));
  }

  /** GET user/getMember/{id}: only the caller's own id; any other answers as not found. */
  async getMember(callerId: string, id: string): Promise<User> {
    if (id !== callerId) throw new AppError('resourceNotFound');
    return this.getUser(callerId);
  }

  /** POST user/update: absent fields stay, null clears; names in English letters, phone unique. */
  async updateProfile(userId: string, input: UpdateUserInput): Promise<User> {
    const user = await this.requireUser(userId);
    const patch: ProfilePatch = {};
    const issues: RuleIssue[] = [];
    if (input.surname !== undefined || input.givenName !== undefined) {
      const surname = input.surname === undefined ? user.surname : input.surname || null;
      const givenName = input.givenName === undefined ? user.givenName : input.givenName || null;
      // A profile may have no name yet; once a name is given it must be English letters.
      if (surname !== null || givenName !== null) {
        issues.push(
          ...checkName(surname, givenName).filter(
            (i) =>
              !(i.key === 'person.surname_required' && surname === null) &&
              !(i.key === 'person.given_name_required' && givenName === null),
          ),
        );
      }
      if (input.surname !== undefined) patch.surname = surname?.toUpperCase() ?? null;
      if (input.givenName !== undefined) patch.givenName = givenName?.toUpperCase() ?? null;
    }
    if (input.title !== undefined) patch.title = input.title;
    if (input.gender !== undefined) patch.gender = input.gender;
    if (input.title !== undefined || input.gender !== undefined) {
      // The title and gender the profile will have must agree (Mr male; Miss, Mrs female).
      const title = input.title === undefined ? user.title : input.title;
      const gender = input.gender === undefined ? user.gender : input.gender;
      issues.push(...checkTitleGender(title, gender));
    }
    if (input.birthday !== undefined) {
      if (input.birthday) issues.push(...checkBirthday(input.birthday, localDate(this.now(), this.hubZone)));
      patch.birthday = input.birthday;
    }
    if (input.nationality !== undefined) {
      if (input.nationality !== null && !/^[A-Z]{2}$/.test(input.nationality)) {
        issues.push({ field: 'nationality', key: 'person.nationality_required' });
      }
      patch.nationality = input.nationality;
    }
    if (input.language !== undefined) patch.language = input.language;
    if (input.phone !== undefined || input.countryCode !== undefined) {
      const phone = (input.phone === undefined ? user.phone : input.phone?.trim()) || null;
      const countryCode = normalizeCountryCode(
        input.countryCode === undefined ? user.countryCode : input.countryCode,
      );
      issues.push(...checkPhone(countryCode, phone, { required: false }));
      patch.phone = phone;
      patch.countryCode = phone ? countryCode : null;
    }
    throwIfAny(issues);
    if (patch.phone && (await this.repo.phoneTaken(patch.countryCode ?? null, patch.phone, userId))) {
      throw new AppError('phoneExist');
    }
    try {
      await this.repo.updateProfile(userId, patch, this.now());
    } catch (err) {
      if (uniqueViolation(err) !== null) throw new AppError('phoneExist');
      throw err;
    }
    return this.getUser(userId);
  }

  // For the third-party login module

  /** The user id of an account with this e-mail, or null. */
  async findUserIdByEmail(email: string): Promise<string | null> {
    return (await this.repo.findUserByEmail(email.trim().toLowerCase()))?.id ?? null;
  }

  /** An account made by third-party login: no password until the user sets one. */
  async createUserFromIdentity(input: {
    email: string | null;
    emailVerified: boolean;
    language: 0 | 1 | 2;
  }): Promise<string> {
    try {
      return await this.repo.insertUser(
        {
          email: input.email?.trim().toLowerCase() ?? null,
          emailVerified: input.email ? input.emailVerified : false,
          countryCode: null,
          phone: null,
          passwordHash: null,
          language: input.language,
        },
        this.now(),
      );
    } catch (err) {
      if (uniqueViolation(err) !== null) throw new AppError('emailExist');
      throw err;
    }
  }

  /** Binds a (verified) e-mail to a user; 4007 when another account has it. */
  async setEmail(userId: string, email: string): Promise<void> {
    const value = email.trim().toLowerCase();
    const holder = await this.repo.findUserByEmail(value);
    if (holder && holder.id !== userId) throw new AppError('emailBound');
    try {
      await this.repo.setEmail(userId, value, this.now());
    } catch (err) {
      if (uniqueViolation(err) !== null) throw new AppError('emailBound');
      throw err;
    }
  }

  /**
   * Folds an account made by third-party login into the account that owns the e-mail it
   * bound: its linked identities and saved passengers move over, then the emptied account and
   * its sessions are removed, in one transaction.
   */
  async absorbAccount(fromUserId: string, intoUserId: string): Promise<void> {
    if (fromUserId === intoUserId) return;
    await this.repo.transaction(async (repo) => {
      await repo.moveIdentities(fromUserId, intoUserId, this.now());
      await repo.moveSavedPassengers(fromUserId, intoUserId, this.now());
      await repo.deleteUser(fromUserId);
    });
  }

  /** Removes old login attempts, captchas, codes and rate-limit windows (called now and then by the plugin). */
  async purgeOld(): Promise<void> {
    await this.repo.purgeOld(new Date(this.now().getTime() - DAY_MS));
    await this.limiter.purge();
  }

  private async requireUser(userId: string): Promise<StoredUser> {
    const user = isUuid(userId) ? await this.repo.findUserById(userId) : null;
    if (!user) throw new AppError('resourceNotFound');
    return user;
  }

  private toUser(u: StoredUser, linkedProviders: string[]): User {
    return {
      id: u.id,
      email: u.email,
      emailVerified: u.emailVerified,
      countryCode: u.countryCode,
      phone: u.phone,
      surname: u.surname,
      givenName: u.givenName,
      title: u.title as User['title'],
      gender: u.gender as User['gender'],
      birthday: u.birthday,
      nationality: u.nationality,
      language: ([0, 1, 2].includes(u.language) ? u.language : 0) as User['language'],
      linkedProviders,
      hasPassword: u.passwordHash !== null,
      createdAt: u.createdAt.toISOString(),
    };
  }
}

/** The accounts service over the app's database, mailer, clock and keys (built once by the accounts module). */
export function createAccountsService(deps: {
  db: Db;
  mailer: Mailer;
  now: () => Date;
  /** The server's keys: e-mail code digests are peppered with their own (platform/secrets.ts). */
  keys: Pick<ServerKeys, 'emailCode'>;
  /** The accounts slice of the configuration (accounts.config.ts). */
  settings: AccountsConfig;
  /** The hub's zone (network): "today" for account rules. */
  hubZone: string;
}): AccountsService {
  return new AccountsService({
    repo: new AccountsRepository(deps.db),
    mailer: deps.mailer,
    now: deps.now,
    limiter: new SlidingWindowLimiter(deps.db, deps.now),
    pepper: deps.keys.emailCode,
    sessionTtlDays: deps.settings.sessionTtlDays,
    captchaTestText: deps.settings.captchaTestText,
    hubZone: deps.hubZone,
  });
}
