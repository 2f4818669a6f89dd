import { and, asc, count, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import {
  captchas,
  emailCodes,
  loginAttempts,
  savedPassengers,
  sessions,
  userIdentities,
  users,
} from '../../db/schema/accounts';
import type { Db, Executor } from '../../platform/db';
import { CodeStore, type LiveCode } from '../../platform/one-time-codes';

/** A third-party identity (Facebook, WeChat, Apple) linked to a user. */
export interface LinkedIdentity {
  userId: string;
  provider: string;
  /** The provider's stable user id. */
  subject: string;
  email: string | null;
  displayName: string | null;
}

/** A traveller account as the accounts module sees it. */
export interface StoredUser {
  id: string;
  email: string | null;
  emailVerified: boolean;
  countryCode: string | null;
  phone: string | null;
  passwordHash: string | null;
  surname: string | null;
  givenName: string | null;
  title: number | null;
  gender: number | null;
  birthday: string | null;
  nationality: string | null;
  language: number;
  status: string;
  lockedUntil: Date | null;
  createdAt: Date;
}

export interface NewUser {
  email: string | null;
  emailVerified: boolean;
  countryCode: string | null;
  phone: string | null;
  passwordHash: string | null;
  language: number;
}

export interface ProfilePatch {
  surname?: string | null;
  givenName?: string | null;
  title?: number | null;
  gender?: number | null;
  birthday?: string | null;
  nationality?: string | null;
  countryCode?: string | null;
  phone?: string | null;
  language?: number;
}

export interface LiveSession {
  id: string;
  userId: string;
  expiresAt: Date;
  lastUsedAt: Date;
}

/** A saved passenger's fields, as stored. */
export interface PassengerFields {
  surname: string;
  givenName: string;
  middleName: string | null;
  passengerType: number;
  title: number;
  gender: number;
  nationality: string;
  birthday: string;
  docType: number;
  docNumber: string;
  docExpiry: string;
  email: string | null;
  countryCode: string | null;
  phone: string | null;
}

export interface StoredPassenger extends PassengerFields {
  id: string;
  updatedAt: Date;
}

const userColumns = {
  id: users.id,
  email: users.email,
  emailVerified: users.emailVerified,
  countryCode: users.countryCode,
  phone: users.phone,
  passwordHash: users.passwordHash,
  surname: users.surname,
  givenName: users.givenName,
  title: users.title,
  gender: users.gender,
  birthday: users.birthday,
  nationality: users.nationality,
  language: users.language,
  status: users.status,
  lockedUntil: users.lockedUntil,
  createdAt: users.createdAt,
};

const passengerColumns = {
  id: savedPassengers.id,
  surname: savedPassengers.surname,
  givenName: savedPassengers.givenName,
  middleName: savedPassengers.middleName,
  passengerType: savedPassengers.passengerType,
  title: savedPassengers.title,
  gender: savedPassengers.gender,
  nationality: savedPassengers.nationality,
  birthday: savedPassengers.birthday,
  docType: savedPassengers.docType,
  docNumber: savedPassengers.docNumber,
  docExpiry: savedPassengers.docExpiry,
  email: savedPassengers.email,
  countryCode: savedPassengers.countryCode,
  phone: savedPassengers.phone,
  updatedAt: savedPassengers.updatedAt,
};

/**
 * Storage of users, sessions, e-mail codes, captchas, login attempts and saved passengers:
 * the only code of the module that knows Drizzle. Saved-passenger queries always carry the
 * owner in their WHERE clause, so another user's row is indistinguishable from a missing one.
 */
export class AccountsRepository {
  /** E-mail codes: reserve a try, give it back, use up (platform/one-time-codes.ts). */
  private readonly codes: CodeStore<typeof emailCodes>;

  constructor(private readonly db: Executor) {
    this.codes = new CodeStore(db, emailCodes, true);
  }

  /** Runs `fn` in one transaction with a repository bound to it. */
  transaction<T>(fn: (repo: AccountsRepository) => Promise<T>): Promise<T> {
    return (this.db as Db).transaction((tx) => fn(new AccountsRepository(tx)));
  }

  /** Serialises work on one key (an e-mail) until the surrounding transaction ends. */
  async lockKey(key: string): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`accounts:${key}`}))`);
  }

  // Users

  async findUserById(id: string): Promise<StoredUser | null> {
    const rows = await this.db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
    return rows[0] ?? null;
  }

  async findUserByEmail(email: string): Promise<StoredUser | null> {
    const rows = await this.db.select(userColumns).from(users).where(eq(users.email, email)).limit(1);
    return rows[0] ?? null;
  }

  /** Users with this phone; with no country code, any country code matches. */
  async findUsersByPhone(countryCode: string | null, phone: string): Promise<StoredUser[]> {
    const where =
      countryCode === null
        ? eq(users.phone, phone)
        : and(eq(users.phone, phone), eq(users.countryCode, countryCode));
    return this.db.select(userColumns).from(users).where(where).limit(2);
  }

  async phoneTaken(countryCode: string | null, phone: string, exceptUserId?: string): Promise<boolean> {
    const conditions = [eq(users.phone, phone)];
    conditions.push(countryCode === null ? isNull(users.countryCode) : eq(users.countryCode, countryCode));
    if (exceptUserId) conditions.push(ne(users.id, exceptUserId));
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(...conditions))
      .limit(1);
    return rows.length > 0;
  }

  async insertUser(user: NewUser, now: Date): Promise<string> {
    const rows = await this.db
      .insert(users)
      .values({ ...user, createdAt: now, updatedAt: now })
      .returning({ id: users.id });
    return rows[0]!.id;
  }

  async updateProfile(id: string, patch: ProfilePatch, now: Date): Promise<void> {
    await this.db
      .update(users)
      .set({ ...patch, updatedAt: now })
      .where(eq(users.id, id));
  }

  async setPasswordHash(id: string, passwordHash: string, now: Date): Promise<void> {
    await this.db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, id));
  }

  async setEmail(id: string, email: string, now: Date): Promise<void> {
    await this.db.update(users).set({ email, emailVerified: true, updatedAt: now }).where(eq(users.id, id));
  }

  /** Moves one user's saved passengers to another. */
  async moveSavedPassengers(fromUserId: string, toUserId: string, now: Date): Promise<void> {
    await this.db
      .update(savedPassengers)
      .set({ userId: toUserId, updatedAt: now })
      .where(eq(savedPassengers.userId, fromUserId));
  }

  /** Deletes a user; sessions, identities and saved passengers go with it (foreign keys cascade). */
  async deleteUser(id: string): Promise<void> {
    await this.db.delete(users).where(eq(users.id, id));
  }

  async setLockedUntil(id: string, lockedUntil: Date, now: Date): Promise<void> {
    await this.db.update(users).set({ lockedUntil, updatedAt: now }).where(eq(users.id, id));
  }

  async linkedProviders(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ provider: userIdentities.provider })
      .from(userIdentities)
      .where(eq(userIdentities.userId, userId))
      .orderBy(asc(userIdentities.provider));
    return rows.map((r) => r.provider);
  }

  /** The user a third-party identity is linked to, or null. */
  async findIdentityUser(provider: string, subject: string): Promise<string | null> {
    const rows = await this.db
      .select({ userId: userIdentities.userId })
      .from(userIdentities)
      .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)))
      .limit(1);
    return rows[0]?.userId ?? null;
  }

  /** Links an identity; false when it was linked meanwhile (a parallel callback). */
  async insertIdentity(i: LinkedIdentity, now: Date): Promise<boolean> {
    const rows = await this.db
      .insert(userIdentities)
      .values({ ...i, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: userIdentities.id });
    return rows.length === 1;
  }

  /** Keeps what the provider last said about the person. */
  async refreshIdentity(
    provider: string,
    subject: string,
    seen: { email: string | null; displayName: string | null },
    now: Date,
  ): Promise<void> {
    await this.db
      .update(userIdentities)
      .set({ ...seen, updatedAt: now })
      .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
  }

  /** Moves every identity of one user onto another (e-mail binding onto an existing account). */
  async moveIdentities(fromUserId: string, toUserId: string, now: Date): Promise<void> {
    await this.db
      .update(userIdentities)
      .set({ userId: toUserId, updatedAt: now })
      .where(eq(userIdentities.userId, fromUserId));
  }

  // Sessions

  async insertSession(
    s: { userId: string; tokenHash: string; expiresAt: Date; ip: string | null; userAgent: string | null },
    now: Date,
  ): Promise<void> {
    await this.db.insert(sessions).values({ ...s, lastUsedAt: now, createdAt: now, updatedAt: now });
  }

  async findLiveSession(tokenHash: string, now: Date): Promise<LiveSession | null> {
    // A named prepared statement: every signed-in call reads its session (planned once per connection).
    const rows = await this.db
      .select({
        id: sessions.id,
        userId: sessions.userId,
        expiresAt: sessions.expiresAt,
        lastUsedAt: sessions.lastUsedAt,
      })
      .from(sessions)
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql.placeholder('now')),
        ),
      )
      .limit(1)
      .prepare('accounts_live_session')
      .execute({ tokenHash, now });
    return rows[0] ?? null;
  }

  /** Slides a session forward, unless another request already did within the last `minGapMs`. */
  async touchSession(id: string, now: Date, expiresAt: Date, minGapMs: number): Promise<void> {
    await this.db
      .update(sessions)
      .set({ lastUsedAt: now, expiresAt, updatedAt: now })
      .where(
        and(
          eq(sessions.id, id),
          isNull(sessions.revokedAt),
          lt(sessions.lastUsedAt, new Date(now.getTime() - minGapMs)),
        ),
      );
  }

  async revokeSessionByHash(tokenHash: string, now: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: now, updatedAt: now })
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
  }

  /** Revokes every live session of a user, except `keepSessionId` when given. */
  async revokeUserSessions(userId: string, now: Date, keepSessionId?: string): Promise<void> {
    const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
    if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
    await this.db
      .update(sessions)
      .set({ revokedAt: now, updatedAt: now })
      .where(and(...conditions));
  }

  // E-mail codes

  async lastCodeSentAt(email: string): Promise<Date | null> {
    const rows = await this.db
      .select({ createdAt: emailCodes.createdAt })
      .from(emailCodes)
      .where(eq(emailCodes.email, email))
      .orderBy(desc(emailCodes.createdAt))
      .limit(1);
    return rows[0]?.createdAt ?? null;
  }

  async insertEmailCode(
    c: { email: string; purpose: string; codeHash: string; expiresAt: Date; ip: string | null },
    now: Date,
  ): Promise<void> {
    await this.db.insert(emailCodes).values({ ...c, createdAt: now, updatedAt: now });
  }

  /** The newest code for an address and purpose, if it is still usable. */
  latestLiveCode(email: string, purpose: string, now: Date, maxAttempts: number): Promise<LiveCode | null> {
    return this.codes.latestLive(
      and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose)),
      now,
      maxAttempts,
    );
  }

  reserveCodeAttempt(id: string, now: Date, maxAttempts: number): Promise<boolean> {
    return this.codes.reserveAttempt(id, now, maxAttempts);
  }

  releaseCodeAttempt(id: string): Promise<void> {
    return this.codes.releaseAttempt(id);
  }

  consumeCode(id: string, now: Date): Promise<boolean> {
    return this.codes.consume(id, now);
  }

  // Captchas

  async insertCaptcha(answerHash: string, expiresAt: Date, now: Date): Promise<string> {
    const rows = await this.db
      .insert(captchas)
      .values({ answerHash, expiresAt, createdAt: now, updatedAt: now })
      .returning({ id: captchas.id });
    return rows[0]!.id;
  }

  /** Marks a live captcha used and answers its hash; null when unknown, used or expired. */
  async takeCaptcha(id: string, now: Date): Promise<string | null> {
    const rows = await this.db
      .update(captchas)
      .set({ usedAt: now, updatedAt: now })
      .where(and(eq(captchas.id, id), isNull(captchas.usedAt), gt(captchas.expiresAt, now)))
      .returning({ answerHash: captchas.answerHash });
    return rows[0]?.answerHash ?? null;
  }

  // Login attempts

  async recordLoginAttempt(accountKey: string, ip: string | null, succeeded: boolean, now: Date) {
    await this.db.insert(loginAttempts).values({ accountKey, ip, succeeded, createdAt: now, updatedAt: now });
  }

  // Saved passengers: every query is scoped by the owner.

  async listPassengers(userId: string): Promise<StoredPassenger[]> {
    return this.db
      .select(passengerColumns)
      .from(savedPassengers)
      .where(eq(savedPassengers.userId, userId))
      .orderBy(asc(savedPassengers.createdAt), asc(savedPassengers.id));
  }

  async countPassengers(userId: string): Promise<number> {
    const rows = await this.db
      .select({ n: count() })
      .from(savedPassengers)
      .where(eq(savedPassengers.userId, userId));
    return Number(rows[0]?.n ?? 0);
  }

  async insertPassenger(userId: string, p: PassengerFields, now: Date): Promise<StoredPassenger> {
    const rows = await this.db
      .insert(savedPassengers)
      .values({ ...p, userId, createdAt: now, updatedAt: now })
      .returning(passengerColumns);
    return rows[0]!;
  }

  async updatePassenger(
    userId: string,
    id: string,
    p: PassengerFields,
    now: Date,
  ): Promise<StoredPassenger | null> {
    const rows = await this.db
      .update(savedPassengers)
      .set({ ...p, updatedAt: now })
      .where(and(eq(savedPassengers.id, id), eq(savedPassengers.userId, userId)))
      .returning(passengerColumns);
    return rows[0] ?? null;
  }

  async deletePassenger(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(savedPassengers)
      .where(and(eq(savedPassengers.id, id), eq(savedPassengers.userId, userId)))
      .returning({ id: savedPassengers.id });
    return rows.length === 1;
  }

  /** Deletes login attempts, captchas and e-mail codes older than `before`. */
  async purgeOld(before: Date): Promise<void> {
    await this.db.delete(loginAttempts).where(lt(loginAttempts.createdAt, before));
    await this.db.delete(captchas).where(lt(captchas.expiresAt, before));
    await this.db.delete(emailCodes).where(lt(emailCodes.expiresAt, before));
  }
}
