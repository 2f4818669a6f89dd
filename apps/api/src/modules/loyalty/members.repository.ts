import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import {
  memberAddresses,
  memberCodes,
  memberContacts,
  memberDocuments,
  memberEvents,
  memberSessions,
  members,
} from '../../db/schema/loyalty';
import type { Db, Executor, Tx } from '../../platform/db';
import { CodeStore, type LiveCode } from '../../platform/one-time-codes';

/** A member row as the service reads it. */
export type StoredMember = typeof members.$inferSelect;
export type NewMember = Omit<typeof members.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type StoredDocument = typeof memberDocuments.$inferSelect;
export type StoredAddress = typeof memberAddresses.$inferSelect;

/** The member behind a live session. */
export interface LiveMemberSession {
  id: string;
  memberId: string;
  status: string;
  lastUsedAt: Date;
}

/** The main e-mail and main phone of a member. */
export interface MainContacts {
  email: string | null;
  countryCode: string | null;
  phone: string | null;
}

/** The registration's fields that are kept outside `members` (contacts, address, document). */
export interface RegistrationRecords {
  email: string;
  countryCode: string;
  phone: string;
  address: { country: string; province: string; city: string; postcode: string; detail: string };
  document: {
    documentType: number;
    documentNo: string;
    validFrom: string;
    validTo: string;
    frontFileId: string | null;
    backFileId: string | null;
  };
}

/**
 * Storage of members, their sessions, codes and registration records: the only code of the
 * member core that knows Drizzle. Queries of a member's records carry the member in their WHERE.
 */
export class MembersRepository {
  /** Member codes: reserve a try, give it back, use up (platform/one-time-codes.ts). */
  private readonly codes: CodeStore<typeof memberCodes>;

  constructor(private readonly db: Executor) {
    this.codes = new CodeStore(db, memberCodes, false);
  }

  /** Runs `fn` in one transaction with a repository bound to it (and the transaction itself). */
  transaction<T>(fn: (repo: MembersRepository, tx: Tx) => Promise<T>): Promise<T> {
    return (this.db as Db).transaction((tx) => fn(new MembersRepository(tx), tx));
  }

  /** Serialises work on one key (a code's destination) until the surrounding transaction ends. */
  async lockKey(key: string): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`loyalty:${key}`}))`);
  }

  // Members

  async findById(id: string): Promise<StoredMember | null> {
    const rows = await this.db.select().from(members).where(eq(members.id, id)).limit(1);
    return rows[0] ?? null;
  }

  async findByCardNo(cardNo: string): Promise<StoredMember | null> {
    const rows = await this.db.select().from(members).where(eq(members.cardNo, cardNo)).limit(1);
    return rows[0] ?? null;
  }

  async findByUserId(userId: string): Promise<StoredMember | null> {
    const rows = await this.db.select().from(members).where(eq(members.userId, userId)).limit(1);
    return rows[0] ?? null;
  }

  /** The member whose main e-mail this is. */
  async findByMainEmail(email: string): Promise<StoredMember | null> {
    const rows = await this.db
      .select({ member: members })
      .from(memberContacts)
      .innerJoin(members, eq(members.id, memberContacts.memberId))
      .where(
        and(eq(memberContacts.kind, 'email'), eq(memberContacts.main, true), eq(memberContacts.email, email)),
      )
      .limit(1);
    return rows[0]?.member ?? null;
  }

  /**
   * Members whose main phone this is (at most 2). Without a country code the digits may be the
   * number alone or the country code and number together (`85512345678`).
   */
  async findByMainPhone(countryCode: string | null, digits: string): Promise<StoredMember[]> {
    const number =
      countryCode === null
        ? or(
            eq(memberContacts.phone, digits),
            sql`${memberContacts.countryCode} || ${memberContacts.phone} = ${digits}`,
          )
        : and(eq(memberContacts.countryCode, countryCode), eq(memberContacts.phone, digits));
    const rows = await this.db
      .select({ member: members })
      .from(memberContacts)
      .innerJoin(members, eq(members.id, memberContacts.memberId))
      .where(and(eq(memberContacts.kind, 'phone'), eq(memberContacts.main, true), number))
      .limit(2);
    return rows.map((r) => r.member);
  }

  async mainContacts(memberId: string): Promise<MainContacts> {
    const rows = await this.db
      .select({
        kind: memberContacts.kind,
        email: memberContacts.email,
        countryCode: memberContacts.countryCode,
        phone: memberContacts.phone,
      })
      .from(memberContacts)
      .where(and(eq(memberContacts.memberId, memberId), eq(memberContacts.main, true)));
    const email = rows.find((r) => r.kind === 'email');
    const phone = rows.find((r) => r.kind === 'phone');
    return {
      email: email?.email ?? null,
      countryCode: phone?.countryCode ?? null,
      phone: phone?.phone ?? null,
    };
  }

  async registrationDocument(memberId: string): Promise<StoredDocument | null> {
    const rows = await this.db
      .select()
      .from(memberDocuments)
      .where(and(eq(memberDocuments.memberId, memberId), eq(memberDocuments.fromRegistration, true)))
      .limit(1);
    return rows[0] ?? null;
  }

  async mainAddress(memberId: string): Promise<StoredAddress | null> {
    const rows = await this.db
      .select()
      .from(memberAddresses)
      .where(and(eq(memberAddresses.memberId, memberId), eq(memberAddresses.main, true)))
      .limit(1);
    return rows[0] ?? null;
  }

  /** Whether a member other than `exceptMemberId` has this main e-mail. */
  async mainEmailTaken(email: string, exceptMemberId?: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: memberContacts.id })
      .from(memberContacts)
      .where(
        and(
          eq(memberContacts.kind, 'email'),
          eq(memberContacts.main, true),
          eq(memberContacts.email, email),
          exceptMemberId ? ne(memberContacts.memberId, exceptMemberId) : undefined,
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  async mainPhoneTaken(countryCode: string, phone: string, exceptMemberId?: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: memberContacts.id })
      .from(memberContacts)
      .where(
        and(
          eq(memberContacts.kind, 'phone'),
          eq(memberContacts.main, true),
          eq(memberContacts.countryCode, countryCode),
          eq(memberContacts.phone, phone),
          exceptMemberId ? ne(memberContacts.memberId, exceptMemberId) : undefined,
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  /** Whether another member holds this document (a rejected one holds nothing). */
  async documentTaken(documentType: number, documentNo: string, exceptMemberId?: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: memberDocuments.id })
      .from(memberDocuments)
      .where(
        and(
          eq(memberDocuments.documentType, documentType),
          eq(memberDocuments.documentNo, documentNo),
          ne(memberDocuments.state, 'rejected'),
          exceptMemberId ? ne(memberDocuments.memberId, exceptMemberId) : undefined,
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  async insertMember(member: NewMember, now: Date): Promise<string> {
    const rows = await this.db
      .insert(members)
      .values({ ...member, createdAt: now, updatedAt: now })
      .returning({ id: members.id });
    const row = rows[0];
    if (!row) throw new Error('members insert returned nothing');
    return row.id;
  }

  async updateMember(id: string, patch: Partial<NewMember>, now: Date): Promise<void> {
    await this.db
      .update(members)
      .set({ ...patch, updatedAt: now })
      .where(eq(members.id, id));
  }

  /** Marks the first sign-in; true when this was it. */
  async markFirstLogin(id: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(members)
      .set({ firstLoginAt: now, updatedAt: now })
      .where(and(eq(members.id, id), isNull(members.firstLoginAt)))
      .returning({ id: members.id });
    return rows.length === 1;
  }

  /** The registration's main e-mail, main phone, main address and document, new. */
  async insertRegistrationRecords(memberId: string, r: RegistrationRecords, now: Date): Promise<void> {
    const stamps = { createdAt: now, updatedAt: now };
    await this.db.insert(memberContacts).values([
      { memberId, kind: 'email', email: r.email, main: true, ...stamps },
      {
        memberId,
        kind: 'phone',
        countryCode: r.countryCode,
        phone: r.phone,
        phoneType: 'mobile',
        main: true,
        ...stamps,
      },
    ]);
    await this.db.insert(memberAddresses).values({ memberId, ...r.address, main: true, ...stamps });
    await this.db
      .insert(memberDocuments)
      .values({ memberId, ...r.document, state: 'ineffective', fromRegistration: true, ...stamps });
  }

  /** A resubmitted registration: its main contacts, main address and document as corrected. */
  async updateRegistrationRecords(memberId: string, r: RegistrationRecords, now: Date): Promise<void> {
    await this.db
      .update(memberContacts)
      .set({ email: r.email, updatedAt: now })
      .where(
        and(
          eq(memberContacts.memberId, memberId),
          eq(memberContacts.kind, 'email'),
          eq(memberContacts.main, true),
        ),
      );
    await this.db
      .update(memberContacts)
      .set({ countryCode: r.countryCode, phone: r.phone, updatedAt: now })
      .where(
        and(
          eq(memberContacts.memberId, memberId),
          eq(memberContacts.kind, 'phone'),
          eq(memberContacts.main, true),
        ),
      );
    await this.db
      .update(memberAddresses)
      .set({ ...r.address, updatedAt: now })
      .where(and(eq(memberAddresses.memberId, memberId), eq(memberAddresses.main, true)));
    await this.db
      .update(memberDocuments)
      .set({ ...r.document, state: 'ineffective', rejectReason: null, updatedAt: now })
      .where(and(eq(memberDocuments.memberId, memberId), eq(memberDocuments.fromRegistration, true)));
  }

  async insertEvent(
    memberId: string,
    kind: string,
    now: Date,
    extra: { reason?: string | null; data?: Record<string, unknown> } = {},
  ): Promise<void> {
    await this.db.insert(memberEvents).values({
      memberId,
      kind,
      reason: extra.reason ?? null,
      data: extra.data ?? null,
      at: now,
    });
  }

  // Sessions

  async insertSession(
    s: { memberId: string; tokenHash: string; expiresAt: Date; ip: string | null; userAgent: string | null },
    now: Date,
  ): Promise<string> {
    const rows = await this.db
      .insert(memberSessions)
      .values({ ...s, lastUsedAt: now, createdAt: now })
      .returning({ id: memberSessions.id });
    const row = rows[0];
    if (!row) throw new Error('member_sessions insert returned nothing');
    return row.id;
  }

  /** A live session of a member who is not blocked. */
  async findLiveSession(tokenHash: string, now: Date): Promise<LiveMemberSession | null> {
    const rows = await this.db
      .select({
        id: memberSessions.id,
        memberId: memberSessions.memberId,
        status: members.status,
        lastUsedAt: memberSessions.lastUsedAt,
      })
      .from(memberSessions)
      .innerJoin(members, eq(members.id, memberSessions.memberId))
      .where(
        and(
          eq(memberSessions.tokenHash, tokenHash),
          isNull(memberSessions.revokedAt),
          gt(memberSessions.expiresAt, now),
          ne(members.status, 'blocked'),
        ),
      )
      .limit(1);
    return rows[0] ?? null;
  }

  async touchSession(id: string, now: Date, expiresAt: Date, minGapMs: number): Promise<void> {
    await this.db
      .update(memberSessions)
      .set({ lastUsedAt: now, expiresAt })
      .where(
        and(
          eq(memberSessions.id, id),
          isNull(memberSessions.revokedAt),
          lt(memberSessions.lastUsedAt, new Date(now.getTime() - minGapMs)),
        ),
      );
  }

  async revokeSessionByHash(tokenHash: string, now: Date): Promise<void> {
    await this.db
      .update(memberSessions)
      .set({ revokedAt: now })
      .where(and(eq(memberSessions.tokenHash, tokenHash), isNull(memberSessions.revokedAt)));
  }

  /** Revokes every live session of a member, except `keepSessionId` when given. */
  async revokeMemberSessions(memberId: string, now: Date, keepSessionId?: string): Promise<void> {
    await this.db
      .update(memberSessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(memberSessions.memberId, memberId),
          isNull(memberSessions.revokedAt),
          keepSessionId ? ne(memberSessions.id, keepSessionId) : undefined,
        ),
      );
  }

  // Codes

  async lastCodeSentAt(destination: string): Promise<Date | null> {
    const rows = await this.db
      .select({ createdAt: memberCodes.createdAt })
      .from(memberCodes)
      .where(eq(memberCodes.destination, destination))
      .orderBy(desc(memberCodes.createdAt))
      .limit(1);
    return rows[0]?.createdAt ?? null;
  }

  async insertCode(
    c: {
      channel: string;
      destination: string;
      purpose: string;
      codeHash: string;
      expiresAt: Date;
      ip: string | null;
    },
    now: Date,
  ): Promise<void> {
    await this.db.insert(memberCodes).values({ ...c, createdAt: now });
  }

  /** The newest code of a destination and purpose, if it is still usable. */
  latestLiveCode(
    channel: string,
    destination: string,
    purpose: string,
    now: Date,
    maxAttempts: number,
  ): Promise<LiveCode | null> {
    return this.codes.latestLive(
      and(
        eq(memberCodes.channel, channel),
        eq(memberCodes.destination, destination),
        eq(memberCodes.purpose, purpose),
      ),
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

  /** Removes codes and ended sessions older than `before`. */
  async purgeOld(before: Date): Promise<void> {
    await this.db.delete(memberCodes).where(lt(memberCodes.createdAt, before));
    await this.db
      .delete(memberSessions)
      .where(or(lt(memberSessions.expiresAt, before), lt(memberSessions.revokedAt, before)));
  }
}
