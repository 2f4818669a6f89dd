import { and, asc, count, desc, eq, gt, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import {
  memberAddresses,
  memberBeneficiaries,
  memberBeneficiaryDocuments,
  memberContacts,
  memberDocuments,
  memberEvents,
  memberFiles,
  memberSessions,
  members,
} from '../../db/schema/loyalty';
import type { Db, Executor, Tx } from '../../platform/db';

/**
 * The member's records and photos as stored (issue 17): contacts, identity documents,
 * addresses, beneficiaries with their identifications, uploaded files, and the reads and
 * changes of the staff console. Every read and change of a member's record names the member:
 * a record of another member is not found (BOLA).
 */

export type StoredFile = typeof memberFiles.$inferSelect;
export type StoredContact = typeof memberContacts.$inferSelect;
export type StoredDocument = typeof memberDocuments.$inferSelect;
export type StoredAddress = typeof memberAddresses.$inferSelect;
export type StoredBeneficiary = typeof memberBeneficiaries.$inferSelect;
export type StoredBeneficiaryDocument = typeof memberBeneficiaryDocuments.$inferSelect;
export type StoredMemberRow = typeof members.$inferSelect;
export type StoredEvent = typeof memberEvents.$inferSelect;

export type ContactValues = Pick<StoredContact, 'kind' | 'email' | 'countryCode' | 'phone' | 'phoneType'>;
export type DocumentValues = Pick<
  StoredDocument,
  'documentType' | 'documentNo' | 'validFrom' | 'validTo' | 'frontFileId' | 'backFileId'
>;
export type AddressValues = Pick<
  StoredAddress,
  'country' | 'province' | 'city' | 'postcode' | 'detail' | 'main'
>;
export type BeneficiaryValues = Pick<
  StoredBeneficiary,
  | 'surname'
  | 'givenName'
  | 'middleName'
  | 'gender'
  | 'birthday'
  | 'nationality'
  | 'relationship'
  | 'validFrom'
  | 'validTo'
>;
export type BeneficiaryDocumentValues = Pick<
  StoredBeneficiaryDocument,
  'documentType' | 'documentNo' | 'validTo' | 'frontFileId' | 'backFileId'
>;

/** A beneficiary with its identifications. */
export interface BeneficiaryWithDocuments extends StoredBeneficiary {
  documents: StoredBeneficiaryDocument[];
}

/** The main e-mail and phone of each member, for lists. */
export interface MainContactsOf {
  email: string;
  phone: string;
}

const DAY_MS = 86_400_000;

export class RecordsRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  // ---- files -------------------------------------------------------------------------------------

  async insertFile(file: Omit<StoredFile, 'id'>): Promise<string> {
    const [row] = await this.db.insert(memberFiles).values(file).returning({ id: memberFiles.id });
    return row!.id;
  }

  async findFile(id: string): Promise<StoredFile | null> {
    const [row] = await this.db.select().from(memberFiles).where(eq(memberFiles.id, id));
    return row ?? null;
  }

  /**
   * Makes the files the member's: those unclaimed and younger than a day, or already theirs.
   * Answers the ids it made (or found) the member's.
   */
  async claimFiles(tx: Tx, memberId: string, ids: readonly string[], now: Date): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .update(memberFiles)
      .set({ memberId })
      .where(
        and(
          inArray(memberFiles.id, [...ids]),
          or(
            eq(memberFiles.memberId, memberId),
            and(isNull(memberFiles.memberId), gt(memberFiles.createdAt, new Date(now.getTime() - DAY_MS))),
          ),
        ),
      )
      .returning({ id: memberFiles.id });
    return rows.map((r) => r.id);
  }

  /** Unclaimed files uploaded before `before`, oldest first. */
  async unclaimedBefore(before: Date, limit: number): Promise<Pick<StoredFile, 'id' | 'storageKey'>[]> {
    return this.db
      .select({ id: memberFiles.id, storageKey: memberFiles.storageKey })
      .from(memberFiles)
      .where(and(isNull(memberFiles.memberId), lt(memberFiles.createdAt, before)))
      .orderBy(asc(memberFiles.createdAt))
      .limit(limit);
  }

  /** Removes the rows of files still unclaimed (one a registration claimed meanwhile stays). */
  async deleteUnclaimed(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .delete(memberFiles)
      .where(and(inArray(memberFiles.id, [...ids]), isNull(memberFiles.memberId)))
      .returning({ id: memberFiles.id });
    return rows.map((r) => r.id);
  }

  // ---- contacts ------------------------------------------------------------------------------------

  contacts(memberId: string): Promise<StoredContact[]> {
    return this.db
      .select()
      .from(memberContacts)
      .where(eq(memberContacts.memberId, memberId))
      .orderBy(desc(memberContacts.main), asc(memberContacts.kind), asc(memberContacts.createdAt));
  }

  async contact(memberId: string, id: string, executor: Executor = this.db): Promise<StoredContact | null> {
    const [row] = await executor
      .select()
      .from(memberContacts)
      .where(and(eq(memberContacts.id, id), eq(memberContacts.memberId, memberId)));
    return row ?? null;
  }

  async countContacts(tx: Executor, memberId: string, kind: string): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(memberContacts)
      .where(and(eq(memberContacts.memberId, memberId), eq(memberContacts.kind, kind)));
    return row?.n ?? 0;
  }

  async insertContact(tx: Executor, memberId: string, values: ContactValues, now: Date): Promise<string> {
    const [row] = await tx
      .insert(memberContacts)
      .values({ memberId, ...values, main: false, createdAt: now, updatedAt: now })
      .returning({ id: memberContacts.id });
    return row!.id;
  }

  async updateContact(
    tx: Executor,
    memberId: string,
    id: string,
    values: ContactValues,
    now: Date,
  ): Promise<void> {
    await tx
      .update(memberContacts)
      .set({ ...values, updatedAt: now })
      .where(and(eq(memberContacts.id, id), eq(memberContacts.memberId, memberId)));
  }

  /** Deletes a contact that is not main; false when there is none such of the member's. */
  async deleteContact(memberId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(memberContacts)
      .where(
        and(eq(memberContacts.id, id), eq(memberContacts.memberId, memberId), eq(memberContacts.main, false)),
      )
      .returning({ id: memberContacts.id });
    return rows.length > 0;
  }

  /** Whether another member's main contact has this e-mail or phone. */
  async mainContactTaken(
    tx: Executor,
    memberId: string,
    value: { kind: 'email'; email: string } | { kind: 'phone'; countryCode: string; phone: string },
  ): Promise<boolean> {
    const match =
      value.kind === 'email'
        ? eq(memberContacts.email, value.email)
        : and(eq(memberContacts.countryCode, value.countryCode), eq(memberContacts.phone, value.phone));
    const [row] = await tx
      .select({ id: memberContacts.id })
      .from(memberContacts)
      .where(
        and(
          eq(memberContacts.kind, value.kind),
          eq(memberContacts.main, true),
          ne(memberContacts.memberId, memberId),
          match,
        ),
      )
      .limit(1);
    return !!row;
  }

  // ---- documents ---------------------------------------------------------------------------------

  documents(memberId: string, executor: Executor = this.db): Promise<StoredDocument[]> {
    return executor
      .select()
      .from(memberDocuments)
      .where(eq(memberDocuments.memberId, memberId))
      .orderBy(asc(memberDocuments.documentType));
  }

  async document(memberId: string, id: string, executor: Executor = this.db): Promise<StoredDocument | null> {
    const [row] = await executor
      .select()
      .from(memberDocuments)
      .where(and(eq(memberDocuments.id, id), eq(memberDocuments.memberId, memberId)));
    return row ?? null;
  }

  /** Whether another member holds this document (a rejected one holds nothing). */
  async documentHeldElsewhere(tx: Executor, memberId: string, documentType: number, documentNo: string) {
    const [row] = await tx
      .select({ id: memberDocuments.id })
      .from(memberDocuments)
      .where(
        and(
          eq(memberDocuments.documentType, documentType),
          eq(memberDocuments.documentNo, documentNo),
          ne(memberDocuments.state, 'rejected'),
          ne(memberDocuments.memberId, memberId),
        ),
      )
      .limit(1);
    return !!row;
  }

  async insertDocument(tx: Executor, memberId: string, values: DocumentValues, now: Date): Promise<string> {
    const [row] = await tx
      .insert(memberDocuments)
      .values({ memberId, ...values, state: 'ineffective', createdAt: now, updatedAt: now })
      .returning({ id: memberDocuments.id });
    return row!.id;
  }

  /** The member's document changed: back under audit. */
  async updateDocument(tx: Executor, memberId: string, id: string, values: DocumentValues, now: Date) {
    await tx
      .update(memberDocuments)
      .set({ ...values, state: 'ineffective', rejectReason: null, updatedAt: now })
      .where(and(eq(memberDocuments.id, id), eq(memberDocuments.memberId, memberId)));
  }

  async deleteDocument(tx: Executor, memberId: string, id: string): Promise<void> {
    await tx
      .delete(memberDocuments)
      .where(and(eq(memberDocuments.id, id), eq(memberDocuments.memberId, memberId)));
  }

  // ---- addresses -----------------------------------------------------------------------------------

  addresses(memberId: string, executor: Executor = this.db): Promise<StoredAddress[]> {
    return executor
      .select()
      .from(memberAddresses)
      .where(eq(memberAddresses.memberId, memberId))
      .orderBy(desc(memberAddresses.main), asc(memberAddresses.createdAt));
  }

  async address(memberId: string, id: string, executor: Executor = this.db): Promise<StoredAddress | null> {
    const [row] = await executor
      .select()
      .from(memberAddresses)
      .where(and(eq(memberAddresses.id, id), eq(memberAddresses.memberId, memberId)));
    return row ?? null;
  }

  async insertAddress(tx: Executor, memberId: string, values: AddressValues, now: Date): Promise<string> {
    const [row] = await tx
      .insert(memberAddresses)
      .values({ memberId, ...values, createdAt: now, updatedAt: now })
      .returning({ id: memberAddresses.id });
    return row!.id;
  }

  async updateAddress(tx: Executor, memberId: string, id: string, values: AddressValues, now: Date) {
    await tx
      .update(memberAddresses)
      .set({ ...values, updatedAt: now })
      .where(and(eq(memberAddresses.id, id), eq(memberAddresses.memberId, memberId)));
  }

  async deleteAddress(tx: Executor, memberId: string, id: string): Promise<void> {
    await tx
      .delete(memberAddresses)
      .where(and(eq(memberAddresses.id, id), eq(memberAddresses.memberId, memberId)));
  }

  /** Serialises changes of one member's records of a kind (counts and main flags read, then written). */
  async lockMember(tx: Tx, memberId: string): Promise<void> {
    await tx.execute(sql`select id from ${members} where ${members.id} = ${memberId} for update`);
  }

  // ---- beneficiaries -------------------------------------------------------------------------------

  async beneficiaries(
    where: SQL | undefined,
    executor: Executor = this.db,
  ): Promise<BeneficiaryWithDocuments[]> {
    const rows = await executor
      .select()
      .from(memberBeneficiaries)
      .where(where)
      .orderBy(asc(memberBeneficiaries.createdAt));
    if (rows.length === 0) return [];
    const docs = await executor
      .select()
      .from(memberBeneficiaryDocuments)
      .where(
        inArray(
          memberBeneficiaryDocuments.beneficiaryId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(memberBeneficiaryDocuments.documentType));
    return rows.map((r) => ({ ...r, documents: docs.filter((d) => d.beneficiaryId === r.id) }));
  }

  beneficiariesOf(memberId: string, executor: Executor = this.db): Promise<BeneficiaryWithDocuments[]> {
    return this.beneficiaries(eq(memberBeneficiaries.memberId, memberId), executor);
  }

  async beneficiary(memberId: string, id: string, executor: Executor = this.db) {
    const [row] = await this.beneficiaries(
      and(eq(memberBeneficiaries.id, id), eq(memberBeneficiaries.memberId, memberId)),
      executor,
    );
    return row ?? null;
  }

  async beneficiaryById(id: string): Promise<BeneficiaryWithDocuments | null> {
    const [row] = await this.beneficiaries(eq(memberBeneficiaries.id, id));
    return row ?? null;
  }

  async countBeneficiaries(tx: Executor, memberId: string): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(memberBeneficiaries)
      .where(eq(memberBeneficiaries.memberId, memberId));
    return row?.n ?? 0;
  }

  async insertBeneficiary(
    tx: Executor,
    memberId: string,
    values: BeneficiaryValues,
    documents: BeneficiaryDocumentValues[],
    now: Date,
  ): Promise<string> {
    const [row] = await tx
      .insert(memberBeneficiaries)
      .values({ memberId, ...values, state: 'ineffective', createdAt: now, updatedAt: now })
      .returning({ id: memberBeneficiaries.id });
    await this.replaceBeneficiaryDocuments(tx, row!.id, documents, now);
    return row!.id;
  }

  /** The beneficiary changed: its identifications replaced, back under audit. */
  async updateBeneficiary(
    tx: Executor,
    memberId: string,
    id: string,
    values: BeneficiaryValues,
    documents: BeneficiaryDocumentValues[],
    now: Date,
  ): Promise<void> {
    await tx
      .update(memberBeneficiaries)
      .set({ ...values, state: 'ineffective', rejectReason: null, updatedAt: now })
      .where(and(eq(memberBeneficiaries.id, id), eq(memberBeneficiaries.memberId, memberId)));
    await this.replaceBeneficiaryDocuments(tx, id, documents, now);
  }

  private async replaceBeneficiaryDocuments(
    tx: Executor,
    beneficiaryId: string,
    documents: BeneficiaryDocumentValues[],
    now: Date,
  ): Promise<void> {
    await tx
      .delete(memberBeneficiaryDocuments)
      .where(eq(memberBeneficiaryDocuments.beneficiaryId, beneficiaryId));
    if (documents.length === 0) return;
    await tx
      .insert(memberBeneficiaryDocuments)
      .values(documents.map((d) => ({ ...d, beneficiaryId, createdAt: now })));
  }

  async deleteBeneficiary(memberId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(memberBeneficiaries)
      .where(and(eq(memberBeneficiaries.id, id), eq(memberBeneficiaries.memberId, memberId)))
      .returning({ id: memberBeneficiaries.id });
    return rows.length > 0;
  }

  // ---- staff: members, queues, audits --------------------------------------------------------------

  async member(id: string, executor: Executor = this.db): Promise<StoredMemberRow | null> {
    const [row] = await executor.select().from(members).where(eq(members.id, id));
    return row ?? null;
  }

  async memberForUpdate(tx: Tx, id: string): Promise<StoredMemberRow | null> {
    const [row] = await tx.select().from(members).where(eq(members.id, id)).for('update');
    return row ?? null;
  }

  async updateMember(tx: Executor, id: string, patch: Partial<typeof members.$inferInsert>, now: Date) {
    await tx
      .update(members)
      .set({ ...patch, updatedAt: now })
      .where(eq(members.id, id));
  }

  async nextCardSerial(tx: Tx): Promise<number> {
    const rows = await tx.execute<{ serial: string }>(
      sql`select nextval('member_card_serial_seq') as serial`,
    );
    return Number(rows.rows[0]!.serial);
  }

  /** Members matching a search, newest first, with how many match. */
  async searchMembers(
    filter: { q?: string | undefined; status?: string | undefined },
    page: { offset: number; limit: number },
  ): Promise<{ list: StoredMemberRow[]; total: number }> {
    const where: SQL[] = [];
    if (filter.status) where.push(eq(members.status, filter.status));
    const q = filter.q?.trim();
    if (q) {
      const lower = q.toLowerCase();
      const prefix = `${lower.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const digits = q.replace(/[^\d]/g, '');
      const matches: SQL[] = [
        eq(members.cardNo, q),
        sql`lower(${members.surname}) like ${prefix}`,
        sql`lower(${members.givenName}) like ${prefix}`,
        sql`exists (select 1 from ${memberContacts} c where c.member_id = ${members.id} and c.kind = 'email' and c.email = ${lower})`,
      ];
      if (digits.length >= 5) {
        matches.push(
          sql`exists (select 1 from ${memberContacts} c where c.member_id = ${members.id} and c.kind = 'phone' and c.phone = ${digits})`,
        );
      }
      where.push(or(...matches)!);
    }
    const condition = where.length ? and(...where) : undefined;
    const [list, totals] = await Promise.all([
      this.db
        .select()
        .from(members)
        .where(condition)
        .orderBy(desc(members.createdAt), desc(members.id))
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ n: count() }).from(members).where(condition),
    ]);
    return { list, total: totals[0]?.n ?? 0 };
  }

  /** Registrations waiting for audit, oldest first. */
  async auditingMembers(limit: number): Promise<{ list: StoredMemberRow[]; total: number }> {
    const condition = eq(members.status, 'auditing');
    const [list, totals] = await Promise.all([
      this.db.select().from(members).where(condition).orderBy(asc(members.submittedAt)).limit(limit),
      this.db.select({ n: count() }).from(members).where(condition),
    ]);
    return { list, total: totals[0]?.n ?? 0 };
  }

  /** The main e-mail and phone of each member. */
  async mainContactsOf(memberIds: readonly string[]): Promise<Map<string, MainContactsOf>> {
    const out = new Map<string, MainContactsOf>();
    if (memberIds.length === 0) return out;
    const rows = await this.db
      .select()
      .from(memberContacts)
      .where(and(inArray(memberContacts.memberId, [...memberIds]), eq(memberContacts.main, true)));
    for (const r of rows) {
      const entry = out.get(r.memberId) ?? { email: '', phone: '' };
      if (r.kind === 'email') entry.email = r.email ?? '';
      else entry.phone = `+${r.countryCode} ${r.phone}`;
      out.set(r.memberId, entry);
    }
    return out;
  }

  async registrationDocuments(memberIds: readonly string[]): Promise<Map<string, StoredDocument>> {
    const out = new Map<string, StoredDocument>();
    if (memberIds.length === 0) return out;
    const rows = await this.db
      .select()
      .from(memberDocuments)
      .where(
        and(inArray(memberDocuments.memberId, [...memberIds]), eq(memberDocuments.fromRegistration, true)),
      );
    for (const r of rows) out.set(r.memberId, r);
    return out;
  }

  /** Documents added or changed after registration, waiting for audit, oldest first. */
  async auditingDocuments(limit: number) {
    // The registration's document is audited with the registration, until the member is approved.
    const condition = and(
      eq(memberDocuments.state, 'ineffective'),
      or(eq(memberDocuments.fromRegistration, false), eq(members.status, 'approved')),
    );
    const [list, totals] = await Promise.all([
      this.db
        .select({ document: memberDocuments, member: members })
        .from(memberDocuments)
        .innerJoin(members, eq(members.id, memberDocuments.memberId))
        .where(condition)
        .orderBy(asc(memberDocuments.updatedAt))
        .limit(limit),
      this.db
        .select({ n: count() })
        .from(memberDocuments)
        .innerJoin(members, eq(members.id, memberDocuments.memberId))
        .where(condition),
    ]);
    return { list, total: totals[0]?.n ?? 0 };
  }

  async documentById(id: string): Promise<StoredDocument | null> {
    const [row] = await this.db.select().from(memberDocuments).where(eq(memberDocuments.id, id));
    return row ?? null;
  }

  async documentForUpdate(tx: Tx, id: string): Promise<StoredDocument | null> {
    const [row] = await tx.select().from(memberDocuments).where(eq(memberDocuments.id, id)).for('update');
    return row ?? null;
  }

  async setDocumentState(tx: Executor, id: string, state: string, rejectReason: string | null, now: Date) {
    await tx
      .update(memberDocuments)
      .set({ state, rejectReason, updatedAt: now })
      .where(eq(memberDocuments.id, id));
  }

  /** Beneficiaries waiting for audit, oldest first, with their member. */
  async auditingBeneficiaries(limit: number) {
    const condition = eq(memberBeneficiaries.state, 'ineffective');
    const [rows, totals] = await Promise.all([
      this.db
        .select({ id: memberBeneficiaries.id })
        .from(memberBeneficiaries)
        .where(condition)
        .orderBy(asc(memberBeneficiaries.updatedAt))
        .limit(limit),
      this.db.select({ n: count() }).from(memberBeneficiaries).where(condition),
    ]);
    const list = await this.beneficiaries(
      rows.length
        ? inArray(
            memberBeneficiaries.id,
            rows.map((r) => r.id),
          )
        : sql`false`,
    );
    list.sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime());
    return { list, total: totals[0]?.n ?? 0 };
  }

  async membersByIds(ids: readonly string[]): Promise<Map<string, StoredMemberRow>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select()
      .from(members)
      .where(inArray(members.id, [...ids]));
    return new Map(rows.map((r) => [r.id, r]));
  }

  async beneficiaryForUpdate(tx: Tx, id: string): Promise<StoredBeneficiary | null> {
    const [row] = await tx
      .select()
      .from(memberBeneficiaries)
      .where(eq(memberBeneficiaries.id, id))
      .for('update');
    return row ?? null;
  }

  async setBeneficiaryState(tx: Executor, id: string, state: string, rejectReason: string | null, now: Date) {
    await tx
      .update(memberBeneficiaries)
      .set({ state, rejectReason, updatedAt: now })
      .where(eq(memberBeneficiaries.id, id));
  }

  async insertEvent(
    tx: Executor,
    event: {
      memberId: string;
      kind: string;
      staffId: string | null;
      reason?: string | null;
      data?: Record<string, unknown>;
    },
    now: Date,
  ): Promise<void> {
    await tx.insert(memberEvents).values({
      memberId: event.memberId,
      kind: event.kind,
      staffId: event.staffId,
      reason: event.reason ?? null,
      data: event.data ?? null,
      at: now,
    });
  }

  events(memberId: string): Promise<StoredEvent[]> {
    return this.db
      .select()
      .from(memberEvents)
      .where(eq(memberEvents.memberId, memberId))
      .orderBy(desc(memberEvents.at), desc(memberEvents.id));
  }

  /** Ends every live session of the member (blocked). */
  async revokeSessions(tx: Executor, memberId: string, now: Date): Promise<void> {
    await tx
      .update(memberSessions)
      .set({ revokedAt: now })
      .where(and(eq(memberSessions.memberId, memberId), isNull(memberSessions.revokedAt)));
  }
}
