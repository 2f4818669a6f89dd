import type { LanguageTag, StaffRole } from '@wings/contracts';
import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { staffChallenges, staffSessions, staffUsers } from '../../db/schema/staff';
import type { Db, Executor } from '../../platform/db';

/** A staff member as the service sees them (the row, with its hash and sealed secret). */
export interface StoredStaff {
  id: string;
  email: string;
  name: string;
  passwordHash: string;
  roles: StaffRole[];
  language: LanguageTag;
  active: boolean;
  totpSecretEnc: string | null;
  totpConfirmed: boolean;
  totpLastStep: number | null;
  failedAttempts: number;
  lockedUntil: Date | null;
  lastLoginAt: Date | null;
  createdAt: Date;
}

export interface NewStaff {
  email: string;
  name: string;
  passwordHash: string;
  roles: StaffRole[];
  language: LanguageTag;
  totpSecretEnc?: string | null;
  totpConfirmed?: boolean;
}

export interface StaffPatch {
  name?: string;
  roles?: StaffRole[];
  language?: LanguageTag;
  active?: boolean;
  passwordHash?: string;
  totpSecretEnc?: string | null;
  totpConfirmed?: boolean;
  totpLastStep?: number | null;
  failedAttempts?: number;
  lockedUntil?: Date | null;
  lastLoginAt?: Date;
}

export interface StoredChallenge {
  id: string;
  staffId: string;
  enrolSecretEnc: string | null;
}

export interface LiveSession {
  id: string;
  staffId: string;
  lastUsedAt: Date;
  expiresAt: Date;
}

function toStaff(row: typeof staffUsers.$inferSelect): StoredStaff {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    passwordHash: row.passwordHash,
    roles: row.roles as StaffRole[],
    language: row.language as LanguageTag,
    active: row.active,
    totpSecretEnc: row.totpSecretEnc,
    totpConfirmed: row.totpConfirmed,
    totpLastStep: row.totpLastStep,
    failedAttempts: row.failedAttempts,
    lockedUntil: row.lockedUntil,
    lastLoginAt: row.lastLoginAt,
    createdAt: row.createdAt,
  };
}

/** Storage of staff accounts, sign-in challenges and sessions; the only code touching their tables. */
export class StaffRepository {
  constructor(private readonly db: Db) {}

  async findByEmail(email: string, executor: Executor = this.db): Promise<StoredStaff | null> {
    const rows = await executor.select().from(staffUsers).where(eq(staffUsers.email, email));
    return rows[0] ? toStaff(rows[0]) : null;
  }

  async findById(id: string, executor: Executor = this.db): Promise<StoredStaff | null> {
    const rows = await executor.select().from(staffUsers).where(eq(staffUsers.id, id));
    return rows[0] ? toStaff(rows[0]) : null;
  }

  /** The member's row locked for the rest of the transaction (an edit reads, checks, writes). */
  async findByIdForUpdate(id: string, tx: Executor): Promise<StoredStaff | null> {
    const rows = await tx.select().from(staffUsers).where(eq(staffUsers.id, id)).for('update');
    return rows[0] ? toStaff(rows[0]) : null;
  }

  async list(): Promise<StoredStaff[]> {
    const rows = await this.db.select().from(staffUsers).orderBy(asc(staffUsers.email));
    return rows.map(toStaff);
  }

  async count(): Promise<number> {
    const rows = await this.db.select({ n: sql<number>`count(*)::int` }).from(staffUsers);
    return rows[0]?.n ?? 0;
  }

  /** Inserts a member; null when the e-mail is taken (the unique index decides, race-free). */
  async insert(values: NewStaff, now: Date, executor: Executor = this.db): Promise<StoredStaff | null> {
    const rows = await executor
      .insert(staffUsers)
      .values({ ...values, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: staffUsers.email })
      .returning();
    return rows[0] ? toStaff(rows[0]) : null;
  }

  async update(id: string, patch: StaffPatch, now: Date, executor: Executor = this.db): Promise<void> {
    await executor
      .update(staffUsers)
      .set({ ...patch, updatedAt: now })
      .where(eq(staffUsers.id, id));
  }

  /**
   * Takes a TOTP step for the member unless it is at or before the last one taken: true when
   * taken. One conditional statement, so two requests with the same code cannot both pass.
   */
  async takeTotpStep(id: string, step: number, now: Date, executor: Executor = this.db): Promise<boolean> {
    const rows = await executor
      .update(staffUsers)
      .set({ totpLastStep: step, updatedAt: now })
      .where(
        and(eq(staffUsers.id, id), or(isNull(staffUsers.totpLastStep), lt(staffUsers.totpLastStep, step))),
      )
      .returning({ id: staffUsers.id });
    return rows.length === 1;
  }

  /** Replaces a sealed TOTP secret with the same secret sealed anew, unless it changed meanwhile. */
  async resealTotpSecret(id: string, was: string, sealed: string, now: Date): Promise<void> {
    await this.db
      .update(staffUsers)
      .set({ totpSecretEnc: sealed, updatedAt: now })
      .where(and(eq(staffUsers.id, id), eq(staffUsers.totpSecretEnc, was)));
  }

  // Challenges

  async insertChallenge(
    values: {
      staffId: string;
      tokenHash: string;
      enrolSecretEnc: string | null;
      expiresAt: Date;
      ip: string | null;
    },
    now: Date,
  ): Promise<void> {
    await this.db.insert(staffChallenges).values({ ...values, createdAt: now, updatedAt: now });
  }

  /** A challenge neither used nor expired, or null. */
  async findLiveChallenge(tokenHash: string, now: Date): Promise<StoredChallenge | null> {
    const rows = await this.db
      .select({
        id: staffChallenges.id,
        staffId: staffChallenges.staffId,
        enrolSecretEnc: staffChallenges.enrolSecretEnc,
      })
      .from(staffChallenges)
      .where(
        and(
          eq(staffChallenges.tokenHash, tokenHash),
          isNull(staffChallenges.usedAt),
          gt(staffChallenges.expiresAt, now),
        ),
      );
    return rows[0] ?? null;
  }

  /** Uses a live challenge once: the row, or null when unknown, expired or already used. */
  async useChallenge(
    tokenHash: string,
    now: Date,
    executor: Executor = this.db,
  ): Promise<StoredChallenge | null> {
    const rows = await executor
      .update(staffChallenges)
      .set({ usedAt: now, updatedAt: now })
      .where(
        and(
          eq(staffChallenges.tokenHash, tokenHash),
          isNull(staffChallenges.usedAt),
          gt(staffChallenges.expiresAt, now),
        ),
      )
      .returning({
        id: staffChallenges.id,
        staffId: staffChallenges.staffId,
        enrolSecretEnc: staffChallenges.enrolSecretEnc,
      });
    return rows[0] ?? null;
  }

  // Sessions

  async insertSession(
    values: {
      staffId: string;
      tokenHash: string;
      expiresAt: Date;
      idleExpiresAt: Date;
      ip: string | null;
      userAgent: string | null;
    },
    now: Date,
    executor: Executor = this.db,
  ): Promise<string> {
    const rows = await executor
      .insert(staffSessions)
      .values({ ...values, lastUsedAt: now, createdAt: now, updatedAt: now })
      .returning({ id: staffSessions.id });
    return rows[0]!.id;
  }

  /** The session of a token hash when it is neither revoked nor past its absolute or idle end, with its member. */
  async findLiveSession(
    tokenHash: string,
    now: Date,
  ): Promise<{ session: LiveSession; staff: StoredStaff } | null> {
    const rows = await this.db
      .select({ session: staffSessions, staff: staffUsers })
      .from(staffSessions)
      .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
      .where(
        and(
          eq(staffSessions.tokenHash, tokenHash),
          isNull(staffSessions.revokedAt),
          gt(staffSessions.expiresAt, now),
          gt(staffSessions.idleExpiresAt, now),
        ),
      );
    const row = rows[0];
    if (!row) return null;
    return {
      session: {
        id: row.session.id,
        staffId: row.session.staffId,
        lastUsedAt: row.session.lastUsedAt,
        expiresAt: row.session.expiresAt,
      },
      staff: toStaff(row.staff),
    };
  }

  /** Slides a session's idle end (never past its absolute end). */
  async touchSession(id: string, now: Date, idleExpiresAt: Date): Promise<void> {
    await this.db
      .update(staffSessions)
      .set({
        lastUsedAt: now,
        idleExpiresAt: sql`least(${idleExpiresAt.toISOString()}::timestamptz, ${staffSessions.expiresAt})`,
        updatedAt: now,
      })
      .where(eq(staffSessions.id, id));
  }

  async revokeSession(id: string, now: Date): Promise<void> {
    await this.db
      .update(staffSessions)
      .set({ revokedAt: now, updatedAt: now })
      .where(and(eq(staffSessions.id, id), isNull(staffSessions.revokedAt)));
  }

  /** Ends the member's live sessions (but `exceptId`); how many ended. */
  async revokeSessionsOf(
    staffId: string,
    now: Date,
    executor: Executor = this.db,
    exceptId?: string,
  ): Promise<number> {
    const rows = await executor
      .update(staffSessions)
      .set({ revokedAt: now, updatedAt: now })
      .where(
        and(
          eq(staffSessions.staffId, staffId),
          isNull(staffSessions.revokedAt),
          gt(staffSessions.expiresAt, now),
          gt(staffSessions.idleExpiresAt, now),
          exceptId ? sql`${staffSessions.id} <> ${exceptId}` : undefined,
        ),
      )
      .returning({ id: staffSessions.id });
    return rows.length;
  }

  /** Removes challenges and sessions that ended more than a day ago. */
  async purgeOld(now: Date): Promise<void> {
    const dayAgo = new Date(now.getTime() - 86_400_000);
    await this.db.delete(staffChallenges).where(lt(staffChallenges.expiresAt, dayAgo));
    await this.db
      .delete(staffSessions)
      .where(or(lt(staffSessions.expiresAt, dayAgo), lt(staffSessions.revokedAt, dayAgo)));
  }
}
