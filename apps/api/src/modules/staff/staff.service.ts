import type {
  AuditEntry,
  LanguageTag,
  StaffAccount,
  StaffLoginResponse,
  StaffMe,
  StaffRole,
} from '@wings/contracts';
import { checkPassword } from '@wings/rules';
import type { AuditActor, AuditFilter, AuditLog } from '../../platform/audit/audit-log';
import type { Db } from '../../platform/db';
import { AppError, invalid } from '../../platform/errors';
import type { StaffPrincipal } from '../../platform/layers';
import { hashPassword, newToken, sha256, verifyPassword } from '../../platform/passwords';
import { clientNetwork, type SlidingWindowLimiter } from '../../platform/rate-limit';
import type { PurposeKeys } from '../../platform/secrets';
import type { StaffRepository, StoredStaff } from './staff.repository';
import { checkTotp, newOneTimePassword, newTotpSecret, otpauthUrl, SecretBox } from './staff.secrets';

/**
 * Limits of staff sign-in and sessions (issue 13: lockout and rate limits as for travellers,
 * sessions that expire). Windows are sliding (platform/rate-limit.ts, shared by every process).
 */
export const STAFF_LIMITS = {
  /** 5 wrong passwords or codes for one account in 15 minutes lock it for 15 minutes. */
  failWindowMs: 15 * 60_000,
  lockAfter: 5,
  lockMs: 15 * 60_000,
  /** 30 failed sign-in steps from one network in 15 minutes, then 429 (a success gives its hit back). */
  ipMax: 30,
  ipWindowMs: 15 * 60_000,
  /** The step between the password and the code lives 5 minutes. */
  challengeMs: 5 * 60_000,
  /** A session ends 12 hours after sign-in, or after 30 minutes unused. */
  sessionAbsoluteMs: 12 * 3600_000,
  sessionIdleMs: 30 * 60_000,
  /** A session's idle end slides at most once a minute, so reads do not write on every call. */
  sessionTouchMs: 60_000,
} as const;

const throttleKey = {
  account: (email: string) => `staff-login:${email}`,
  ip: (ip: string) => `staff-login-ip:${clientNetwork(ip)}`,
};

/** Where a request came from: kept on sessions and audit rows. */
export interface StaffClientMeta {
  ip?: string | null;
  userAgent?: string | null;
}

/** A session opened by a right code: the cookie's token (shown once), the member and the latest end. */
export interface OpenedSession {
  token: string;
  staff: StaffMe;
  expiresAt: string;
}

export interface StaffServiceDeps {
  db: Db;
  repo: StaffRepository;
  now: () => Date;
  audit: AuditLog;
  /** The server secret's `staffTotp` keys (platform/secrets.ts). */
  totpKeys: PurposeKeys;
  limiter: SlidingWindowLimiter;
}

/** What an admin or the command line gives to make a staff account. */
export interface CreateStaffInput {
  email: string;
  name: string;
  roles: StaffRole[];
  language: LanguageTag;
}

function me(staff: StoredStaff): StaffMe {
  return { id: staff.id, email: staff.email, name: staff.name, roles: staff.roles, language: staff.language };
}

/** A staff account as admins see it (and as audit rows record it: never a hash or a secret). */
export function accountView(staff: StoredStaff): StaffAccount {
  return {
    ...me(staff),
    active: staff.active,
    totpEnrolled: staff.totpConfirmed && staff.totpSecretEnc !== null,
    lockedUntil: staff.lockedUntil?.toISOString() ?? null,
    lastLoginAt: staff.lastLoginAt?.toISOString() ?? null,
    createdAt: staff.createdAt.toISOString(),
  };
}

/** What an audit row keeps of an account: who it is and what it may do, nothing secret. */
function auditView(staff: StoredStaff) {
  return {
    email: staff.email,
    name: staff.name,
    roles: staff.roles,
    language: staff.language,
    active: staff.active,
    totpEnrolled: staff.totpConfirmed && staff.totpSecretEnc !== null,
  };
}

const actorOf = (p: StaffPrincipal): AuditActor => ({ id: p.id, email: p.email });

/**
 * Staff accounts, sign-in with a password and a TOTP second factor, sessions and the audit
 * log's reads (issue 13). Every change writes its audit row in the same transaction.
 */
export class StaffService {
  private readonly db: Db;
  private readonly repo: StaffRepository;
  private readonly now: () => Date;
  private readonly audit: AuditLog;
  private readonly box: SecretBox;
  private readonly limiter: SlidingWindowLimiter;

  constructor(deps: StaffServiceDeps) {
    this.db = deps.db;
    this.repo = deps.repo;
    this.now = deps.now;
    this.audit = deps.audit;
    this.box = new SecretBox(deps.totpKeys);
    this.limiter = deps.limiter;
  }

  // Sign-in

  /**
   * POST auth/login, the first factor. An unknown e-mail and a wrong password get the same
   * answer after the same argon2 work; both count toward the account's lock and the network's
   * limit. A right password gives a challenge for the code (or for enrolling an authenticator).
   */
  async login(
    input: { email: string; password: string },
    meta: StaffClientMeta,
  ): Promise<StaffLoginResponse> {
    const email = input.email.trim().toLowerCase();
    const now = this.now();
    const ipHit = await this.takeIpHit(meta.ip);
    const staff = await this.repo.findByEmail(email);
    this.refuseLocked(staff, now);
    const accountKey = throttleKey.account(email);
    // Counts this attempt before the slow check, so a burst gets no more checks than the limit.
    const hit = await this.limiter.reserve(accountKey, STAFF_LIMITS.lockAfter, STAFF_LIMITS.failWindowMs);
    if (!hit) throw this.lockedError(new Date(now.getTime() + STAFF_LIMITS.lockMs));

    const passwordOk = await verifyPassword(staff?.passwordHash ?? null, input.password);
    if (!staff || !passwordOk) {
      await this.failed(staff, hit.hits, 'password', meta, now);
      throw new AppError('incorrectToken');
    }
    if (!staff.active) throw new AppError('staffDisabled');
    // A right password is no failure: neither for the account nor for the network.
    await this.limiter.giveBack(accountKey, hit);
    await this.giveBackIp(meta.ip, ipHit);

    const token = newToken();
    const expiresAt = new Date(now.getTime() + STAFF_LIMITS.challengeMs);
    // An enrolled member always gives a code: a secret no key opens (SERVER_SECRET lost) is no
    // reason to enrol a new authenticator with the password alone; an admin resets it.
    const enrolled = staff.totpConfirmed && staff.totpSecretEnc !== null;
    const secret = enrolled ? null : newTotpSecret();
    await this.repo.insertChallenge(
      {
        staffId: staff.id,
        tokenHash: sha256(token),
        enrolSecretEnc: secret ? this.box.seal(secret) : null,
        expiresAt,
        ip: meta.ip ?? null,
      },
      now,
    );
    const expiresInSeconds = STAFF_LIMITS.challengeMs / 1000;
    if (!secret) return { stage: 'totp', challenge: token, expiresInSeconds };
    return {
      stage: 'enrol',
      challenge: token,
      expiresInSeconds,
      secret,
      otpauthUrl: otpauthUrl(staff.email, secret),
    };
  }

  /**
   * POST auth/verify, the second factor: a code of the member's authenticator (or, when
   * enrolling, of the new secret), within one 30-second step of the server's clock and newer
   * than the last code accepted. Redeems the challenge once for a session.
   */
  async verify(input: { challenge: string; code: string }, meta: StaffClientMeta): Promise<OpenedSession> {
    const now = this.now();
    const ipHit = await this.takeIpHit(meta.ip);
    const challengeHash = sha256(input.challenge);
    const challenge = await this.repo.findLiveChallenge(challengeHash, now);
    if (!challenge) throw new AppError('staffChallengeExpired');
    const staff = await this.repo.findById(challenge.staffId);
    if (!staff) throw new AppError('staffChallengeExpired');
    this.refuseLocked(staff, now);
    if (!staff.active) throw new AppError('staffDisabled');
    // An enrolment another sign-in has completed meanwhile never replaces that authenticator.
    if (challenge.enrolSecretEnc && staff.totpConfirmed) throw new AppError('staffChallengeExpired');
    const sealed = challenge.enrolSecretEnc ?? staff.totpSecretEnc;
    const secret = sealed ? this.box.open(sealed) : null;
    if (!secret) {
      if (challenge.enrolSecretEnc) throw new AppError('staffChallengeExpired');
      // No key opens the member's secret: no code can be right until an admin resets it.
      throw new AppError('staffTotpInvalid');
    }

    const step = await checkTotp(secret, input.code, now, staff.totpLastStep);
    if (step === null) return this.wrongCode(staff, meta, now);

    const accountKey = throttleKey.account(staff.email);
    const opened = await this.db.transaction(async (tx) => {
      // Both in one transaction: a code is good once, a challenge is redeemed once.
      if (!(await this.repo.takeTotpStep(staff.id, step, now, tx))) return 'replayed' as const;
      if (!(await this.repo.useChallenge(challengeHash, now, tx))) return 'used' as const;
      await this.repo.update(
        staff.id,
        {
          ...(challenge.enrolSecretEnc
            ? { totpSecretEnc: challenge.enrolSecretEnc, totpConfirmed: true }
            : {}),
          failedAttempts: 0,
          lockedUntil: null,
          lastLoginAt: now,
        },
        now,
        tx,
      );
      const token = newToken();
      const expiresAt = new Date(now.getTime() + STAFF_LIMITS.sessionAbsoluteMs);
      await this.repo.insertSession(
        {
          staffId: staff.id,
          tokenHash: sha256(token),
          expiresAt,
          idleExpiresAt: new Date(now.getTime() + STAFF_LIMITS.sessionIdleMs),
          ip: meta.ip ?? null,
          userAgent: meta.userAgent?.slice(0, 512) ?? null,
        },
        now,
        tx,
      );
      await this.audit.record(
        {
          actor: { id: staff.id, email: staff.email },
          action: 'staff.login',
          targetType: 'staff',
          targetId: staff.id,
          after: { enrolled: challenge.enrolSecretEnc !== null },
          ip: meta.ip ?? null,
        },
        tx,
      );
      return { token, expiresAt };
    });
    if (opened === 'used') throw new AppError('staffChallengeExpired');
    if (opened === 'replayed') return this.wrongCode(staff, meta, now);
    await this.limiter.clear(accountKey);
    await this.giveBackIp(meta.ip, ipHit);
    return { token: opened.token, staff: me(staff), expiresAt: opened.expiresAt.toISOString() };
  }

  private async wrongCode(staff: StoredStaff, meta: StaffClientMeta, now: Date): Promise<never> {
    const hit = await this.limiter.hit(
      throttleKey.account(staff.email),
      STAFF_LIMITS.failWindowMs,
      STAFF_LIMITS.lockAfter,
    );
    await this.failed(staff, hit.hits, 'code', meta, now);
    throw new AppError('staffTotpInvalid');
  }

  /** A wrong password or code: the member's count, the audit row, and the lock at the fifth. */
  private async failed(
    staff: StoredStaff | null,
    failures: number,
    factor: 'password' | 'code',
    meta: StaffClientMeta,
    now: Date,
  ): Promise<void> {
    const locks = failures >= STAFF_LIMITS.lockAfter;
    const lockedUntil = new Date(now.getTime() + STAFF_LIMITS.lockMs);
    if (staff) {
      await this.db.transaction(async (tx) => {
        await this.repo.update(
          staff.id,
          { failedAttempts: failures, ...(locks ? { lockedUntil } : {}) },
          now,
          tx,
        );
        const row = { actor: null, targetType: 'staff', targetId: staff.id, ip: meta.ip ?? null };
        await this.audit.record({ ...row, action: 'staff.login_failed', after: { factor, failures } }, tx);
        if (locks) {
          await this.audit.record(
            { ...row, action: 'staff.locked', after: { lockedUntil: lockedUntil.toISOString() } },
            tx,
          );
        }
      });
    }
    if (locks) throw this.lockedError(lockedUntil);
  }

  private refuseLocked(staff: StoredStaff | null, now: Date): void {
    if (staff?.lockedUntil && staff.lockedUntil > now) throw this.lockedError(staff.lockedUntil);
  }

  private lockedError(until: Date): AppError {
    return new AppError('loginLimit', { data: { lockedUntil: until.toISOString() } });
  }

  private async takeIpHit(ip: string | null | undefined) {
    if (!ip) return null;
    const hit = await this.limiter.reserve(throttleKey.ip(ip), STAFF_LIMITS.ipMax, STAFF_LIMITS.ipWindowMs);
    if (!hit) throw new AppError('tooManyRequests');
    return hit;
  }

  private async giveBackIp(
    ip: string | null | undefined,
    hit: Awaited<ReturnType<StaffService['takeIpHit']>>,
  ) {
    if (ip && hit) await this.limiter.giveBack(throttleKey.ip(ip), hit);
  }

  // Sessions

  /** The signed-in member of a session cookie, sliding its idle end (at most once a minute). */
  async resolveSession(token: string): Promise<StaffPrincipal | null> {
    if (token.length < 16 || token.length > 128) return null;
    const now = this.now();
    const found = await this.repo.findLiveSession(sha256(token), now);
    if (!found) return null;
    // A member disabled since signing in is signed out at once.
    if (!found.staff.active) return null;
    const { session, staff } = found;
    if (now.getTime() - session.lastUsedAt.getTime() >= STAFF_LIMITS.sessionTouchMs) {
      await this.repo.touchSession(session.id, now, new Date(now.getTime() + STAFF_LIMITS.sessionIdleMs));
    }
    return { id: staff.id, email: staff.email, name: staff.name, roles: staff.roles, sessionId: session.id };
  }

  /** POST auth/logout: ends this session. */
  async logout(principal: StaffPrincipal): Promise<void> {
    await this.repo.revokeSession(principal.sessionId, this.now());
  }

  /** POST auth/logout-all: ends every session of the member, this one too. */
  async logoutAll(principal: StaffPrincipal, meta: StaffClientMeta): Promise<number> {
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const ended = await this.repo.revokeSessionsOf(principal.id, now, tx);
      await this.audit.record(
        {
          actor: actorOf(principal),
          action: 'staff.logout_all',
          targetType: 'staff',
          targetId: principal.id,
          after: { sessionsEnded: ended },
          ip: meta.ip ?? null,
        },
        tx,
      );
      return ended;
    });
  }

  /** GET auth/me. */
  async me(principal: StaffPrincipal): Promise<StaffMe> {
    const staff = await this.repo.findById(principal.id);
    if (!staff) throw new AppError('loginExpired');
    return me(staff);
  }

  /** POST auth/password: the member's own password; the member's other sessions end. */
  async changePassword(
    principal: StaffPrincipal,
    input: { oldPassword: string; newPassword: string },
    meta: StaffClientMeta,
  ): Promise<void> {
    const issues = checkPassword(input.newPassword, 'newPassword');
    if (issues.length > 0) throw invalid(issues);
    const staff = await this.repo.findById(principal.id);
    if (!staff) throw new AppError('loginExpired');
    if (!(await verifyPassword(staff.passwordHash, input.oldPassword)))
      throw new AppError('oldPasswordWrong');
    const passwordHash = await hashPassword(input.newPassword);
    const now = this.now();
    await this.db.transaction(async (tx) => {
      await this.repo.update(staff.id, { passwordHash }, now, tx);
      const ended = await this.repo.revokeSessionsOf(staff.id, now, tx, principal.sessionId);
      await this.audit.record(
        {
          actor: actorOf(principal),
          action: 'staff.password',
          targetType: 'staff',
          targetId: staff.id,
          after: { otherSessionsEnded: ended },
          ip: meta.ip ?? null,
        },
        tx,
      );
    });
  }

  /** POST auth/language: the console's language for the member. */
  async setLanguage(
    principal: StaffPrincipal,
    language: LanguageTag,
    meta: StaffClientMeta,
  ): Promise<StaffMe> {
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const staff = await this.repo.findByIdForUpdate(principal.id, tx);
      if (!staff) throw new AppError('loginExpired');
      await this.repo.update(staff.id, { language }, now, tx);
      await this.audit.record(
        {
          actor: actorOf(principal),
          action: 'staff.language',
          targetType: 'staff',
          targetId: staff.id,
          before: { language: staff.language },
          after: { language },
          ip: meta.ip ?? null,
        },
        tx,
      );
      return { ...me(staff), language };
    });
  }

  // Staff accounts (admins)

  /** GET staff: every account, by e-mail. */
  async list(): Promise<StaffAccount[]> {
    return (await this.repo.list()).map(accountView);
  }

  /**
   * POST staff (and `npm run staff:create`, with a null actor): a new account with a generated
   * one-time password, returned once; the member enrols an authenticator at first sign-in.
   */
  async create(
    actor: AuditActor | null,
    input: CreateStaffInput,
    meta: StaffClientMeta,
  ): Promise<{ account: StaffAccount; password: string }> {
    const password = newOneTimePassword();
    const passwordHash = await hashPassword(password);
    const now = this.now();
    const roles = [...new Set(input.roles)];
    const created = await this.db.transaction(async (tx) => {
      const staff = await this.repo.insert(
        {
          email: input.email.trim().toLowerCase(),
          name: input.name.trim(),
          passwordHash,
          roles,
          language: input.language,
        },
        now,
        tx,
      );
      if (!staff)
        throw new AppError('staffEmailTaken', { fields: [{ field: 'email', key: 'staff.email_taken' }] });
      await this.audit.record(
        {
          actor,
          action: 'staff.create',
          targetType: 'staff',
          targetId: staff.id,
          after: auditView(staff),
          ip: meta.ip ?? null,
        },
        tx,
      );
      return staff;
    });
    return { account: accountView(created), password };
  }

  /**
   * PUT staff/:id: name, roles, language, active. Disabling ends the member's sessions; an
   * admin cannot take their own admin role away or disable themselves (someone must stay admin).
   */
  async update(
    principal: StaffPrincipal,
    id: string,
    input: {
      name: string;
      roles: StaffRole[];
      language: LanguageTag;
      active: boolean;
      reason?: string | undefined;
    },
    meta: StaffClientMeta,
  ): Promise<StaffAccount> {
    const roles = [...new Set(input.roles)];
    if (principal.id === id && (!roles.includes('admin') || !input.active))
      throw new AppError('staffSelfChange');
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const before = await this.lockedStaff(id, tx);
      const patch = { name: input.name.trim(), roles, language: input.language, active: input.active };
      await this.repo.update(id, patch, now, tx);
      const after: StoredStaff = { ...before, ...patch };
      const ended = !input.active ? await this.repo.revokeSessionsOf(id, now, tx) : 0;
      await this.audit.record(
        {
          actor: actorOf(principal),
          action: 'staff.update',
          targetType: 'staff',
          targetId: id,
          before: auditView(before),
          after: { ...auditView(after), ...(ended ? { sessionsEnded: ended } : {}) },
          reason: input.reason ?? null,
          ip: meta.ip ?? null,
        },
        tx,
      );
      return accountView(after);
    });
  }

  /** POST staff/:id/reset-password: a new one-time password (shown once); the member's sessions end and a lock lifts. */
  async resetPassword(
    principal: StaffPrincipal,
    id: string,
    meta: StaffClientMeta,
  ): Promise<{ account: StaffAccount; password: string }> {
    const password = newOneTimePassword();
    const passwordHash = await hashPassword(password);
    const now = this.now();
    const account = await this.db.transaction(async (tx) => {
      const before = await this.lockedStaff(id, tx);
      await this.repo.update(id, { passwordHash, failedAttempts: 0, lockedUntil: null }, now, tx);
      const ended = await this.repo.revokeSessionsOf(id, now, tx);
      await this.audit.record(
        {
          actor: actorOf(principal),
          action: 'staff.reset_password',
          targetType: 'staff',
          targetId: id,
          before: { lockedUntil: before.lockedUntil?.toISOString() ?? null },
          after: { lockedUntil: null, sessionsEnded: ended },
          ip: meta.ip ?? null,
        },
        tx,
      );
      return accountView({ ...before, failedAttempts: 0, lockedUntil: null });
    });
    // The failures that locked the account are forgiven with it.
    await this.limiter.clear(throttleKey.account(account.email));
    return { account, password };
  }

  /** POST staff/:id/reset-totp: forgets the authenticator (the member enrols again at next sign-in); sessions end. */
  async resetTotp(principal: StaffPrincipal, id: string, meta: StaffClientMeta): Promise<StaffAccount> {
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const before = await this.lockedStaff(id, tx);
      await this.repo.update(id, { totpSecretEnc: null, totpConfirmed: false }, now, tx);
      const ended = await this.repo.revokeSessionsOf(id, now, tx);
      const after: StoredStaff = { ...before, totpSecretEnc: null, totpConfirmed: false };
      await this.audit.record(
        {
          actor: actorOf(principal),
          action: 'staff.reset_totp',
          targetType: 'staff',
          targetId: id,
          before: { totpEnrolled: auditView(before).totpEnrolled },
          after: { totpEnrolled: false, sessionsEnded: ended },
          ip: meta.ip ?? null,
        },
        tx,
      );
      return accountView(after);
    });
  }

  private async lockedStaff(id: string, tx: Parameters<StaffRepository['findByIdForUpdate']>[1]) {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) {
      throw new AppError('staffNotFound');
    }
    const staff = await this.repo.findByIdForUpdate(id, tx);
    if (!staff) throw new AppError('staffNotFound');
    return staff;
  }

  // The audit log

  /** GET audit: a page of the audit log, newest first. */
  async auditPage(filter: AuditFilter): Promise<{ list: AuditEntry[]; total: number }> {
    return this.audit.page(filter);
  }

  // Demo staff (development)

  /**
   * Writes the demo members that are missing (one per role, a known password and TOTP secret,
   * docs/operations.md), enrolled already. Never called in production.
   */
  async ensureDemoStaff(
    members: readonly DemoStaff[],
    password: string,
    totpSecret: string,
  ): Promise<number> {
    if ((await this.repo.count()) > 0 && (await this.allPresent(members))) return 0;
    const passwordHash = await hashPassword(password);
    const now = this.now();
    let written = 0;
    for (const m of members) {
      const staff = await this.repo.insert(
        {
          email: m.email,
          name: m.name,
          passwordHash,
          roles: [m.role],
          language: 'en',
          totpSecretEnc: this.box.seal(totpSecret),
          totpConfirmed: true,
        },
        now,
      );
      if (staff) written++;
    }
    return written;
  }

  private async allPresent(members: readonly DemoStaff[]): Promise<boolean> {
    for (const m of members) if (!(await this.repo.findByEmail(m.email))) return false;
    return true;
  }

  /**
   * Seals again with the current key every TOTP secret sealed with SERVER_SECRET_PREVIOUS (run at
   * start), so removing the previous secret after a rotation locks no member out. How many.
   */
  async resealTotpSecrets(): Promise<number> {
    let resealed = 0;
    const now = this.now();
    for (const staff of await this.repo.list()) {
      const sealed = staff.totpSecretEnc;
      if (!sealed || this.box.isCurrent(sealed)) continue;
      const plain = this.box.open(sealed);
      if (plain === null) continue;
      await this.repo.resealTotpSecret(staff.id, sealed, this.box.seal(plain), now);
      resealed++;
    }
    return resealed;
  }

  /** Removes old challenges and sessions (called now and then by the module). */
  async purgeOld(): Promise<void> {
    await this.repo.purgeOld(this.now());
  }
}

/** A demo staff member (development only). */
export interface DemoStaff {
  role: StaffRole;
  email: string;
  name: string;
}
