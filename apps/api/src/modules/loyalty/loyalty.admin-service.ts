import type {
  AdminBeneficiaryQueue,
  AdminDocumentQueue,
  AdminMemberDetail,
  AdminMemberDocument,
  AdminMemberPage,
  AdminMemberRow,
  AdminMemberSearch,
  AdminRegistrationQueue,
  AuditState,
  MemberStatus,
} from '@wings/contracts';
import { MEMBER_REJECTIONS_TO_BLOCK, memberCardNo } from '@wings/rules';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { StaffChange } from '../../platform/layers';
import type { LoyaltyContext } from './loyalty-context';
import type { MemberFiles, StoredPhoto } from './member-files';
import {
  type MainContactsOf,
  RecordsRepository,
  type StoredDocument,
  type StoredMemberRow,
} from './records.repository';
import { addressView, beneficiaryView, contactView } from './records.service';

/**
 * The console's side of the member programme (issue 17): search, the audit queues
 * (registrations, documents, beneficiaries), a member's whole record, approve / reject a
 * registration (approval issues the card number, tier silver; the third rejection blocks),
 * block / unblock with a reason, approve / reject a document or a beneficiary, and the photos.
 * Every change writes the audit log and the member's history in its transaction.
 */

/** The audit log's action (after `member.`) of a verdict on a document or a beneficiary, written out. */
const AUDIT_ACTIONS = {
  document: { approve: 'document_approve', reject: 'document_reject' },
  beneficiary: { approve: 'beneficiary_approve', reject: 'beneficiary_reject' },
} as const;

/** What an action answers: the new state, and the card number a registration's approval issued. */
export interface MemberActionResult {
  status: MemberStatus | AuditState;
  cardNo: string | null;
}

/** Staff's verdict on a record waiting for audit: approval with an optional note, or rejection with a reason. */
export type AuditVerdict = { approve: true; note: string | null } | { approve: false; reason: string };

/** How many rows a queue shows at once (the oldest first). */
const QUEUE_LIMIT = 200;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export class LoyaltyAdmin {
  private readonly repo: RecordsRepository;

  constructor(
    private readonly ctx: LoyaltyContext,
    private readonly files: MemberFiles,
  ) {
    this.repo = new RecordsRepository(ctx.platform.db);
  }

  private now(): Date {
    return this.ctx.platform.now();
  }

  private row(m: StoredMemberRow, contacts: MainContactsOf | undefined): AdminMemberRow {
    return {
      id: m.id,
      cardNo: m.cardNo,
      status: m.status as MemberStatus,
      level: m.level as 0 | 1 | 2,
      surname: m.surname,
      givenName: m.givenName,
      primaryEmail: contacts?.email ?? '',
      primaryPhone: contacts?.phone ?? '',
      nationality: m.nationality,
      rejections: m.rejections,
      submittedAt: m.submittedAt.toISOString(),
      createdAt: m.createdAt.toISOString(),
    };
  }

  private documentRow(d: StoredDocument): AdminMemberDocument {
    return {
      id: d.id,
      memberId: d.memberId,
      documentType: d.documentType as 0 | 1,
      documentNo: d.documentNo,
      validFrom: d.validFrom,
      validTo: d.validTo,
      frontPhotoId: d.frontFileId,
      backPhotoId: d.backFileId,
      state: d.state as AuditState,
      rejectReason: d.rejectReason,
      fromRegistration: d.fromRegistration,
      updatedAt: d.updatedAt.toISOString(),
    };
  }

  async search(filter: AdminMemberSearch): Promise<AdminMemberPage> {
    const found = await this.repo.searchMembers(
      { q: filter.q, status: filter.status },
      { offset: (filter.page - 1) * filter.pageSize, limit: filter.pageSize },
    );
    const contacts = await this.repo.mainContactsOf(found.list.map((m) => m.id));
    return {
      list: found.list.map((m) => this.row(m, contacts.get(m.id))),
      total: found.total,
      page: filter.page,
      pageSize: filter.pageSize,
    };
  }

  async registrations(): Promise<AdminRegistrationQueue> {
    const found = await this.repo.auditingMembers(QUEUE_LIMIT);
    const ids = found.list.map((m) => m.id);
    const [contacts, documents] = await Promise.all([
      this.repo.mainContactsOf(ids),
      this.repo.registrationDocuments(ids),
    ]);
    const list: AdminRegistrationQueue['list'] = [];
    for (const m of found.list) {
      const document = documents.get(m.id);
      if (document) list.push({ ...this.row(m, contacts.get(m.id)), document: this.documentRow(document) });
    }
    return { list, total: found.total };
  }

  async documents(): Promise<AdminDocumentQueue> {
    const found = await this.repo.auditingDocuments(QUEUE_LIMIT);
    return {
      list: found.list.map(({ document, member }) => ({
        ...this.documentRow(document),
        cardNo: member.cardNo,
        surname: member.surname,
        givenName: member.givenName,
      })),
      total: found.total,
    };
  }

  async beneficiaries(): Promise<AdminBeneficiaryQueue> {
    const found = await this.repo.auditingBeneficiaries(QUEUE_LIMIT);
    const owners = await this.repo.membersByIds([...new Set(found.list.map((b) => b.memberId))]);
    return {
      list: found.list.map((b) => {
        const owner = owners.get(b.memberId);
        return {
          ...beneficiaryView(b, false),
          memberId: b.memberId,
          cardNo: owner?.cardNo ?? null,
          memberSurname: owner?.surname ?? '',
          memberGivenName: owner?.givenName ?? '',
          updatedAt: b.updatedAt.toISOString(),
        };
      }),
      total: found.total,
    };
  }

  async detail(memberId: string): Promise<AdminMemberDetail> {
    const m = await this.repo.member(memberId);
    if (!m) throw new AppError('adminMemberNotFound');
    const [contacts, addresses, documents, beneficiaries, events, audit] = await Promise.all([
      this.repo.contacts(memberId),
      this.repo.addresses(memberId),
      this.repo.documents(memberId),
      this.repo.beneficiariesOf(memberId),
      this.repo.events(memberId),
      this.ctx.platform.audit.page({ targetType: 'member', targetId: memberId, page: 1, pageSize: 100 }),
    ]);
    const staffNames = new Map(
      audit.list.filter((a) => a.staffId).map((a) => [a.staffId!, a.staffEmail ?? 'staff']),
    );
    return {
      id: m.id,
      cardNo: m.cardNo,
      status: m.status as MemberStatus,
      level: m.level as 0 | 1 | 2,
      surname: m.surname,
      givenName: m.givenName,
      middleName: m.middleName,
      title: m.title as 0 | 1 | 2,
      gender: m.gender as 0 | 1,
      birthday: m.birthday,
      nationality: m.nationality,
      contactLanguage: m.contactLanguage as 0 | 1 | 2,
      promoMail: m.promoMail,
      promoSms: m.promoSms,
      rejectReason: m.rejectReason,
      rejections: m.rejections,
      rejectionsToBlock: MEMBER_REJECTIONS_TO_BLOCK,
      blockReason: m.blockReason,
      linkedUserId: m.userId,
      submittedAt: m.submittedAt.toISOString(),
      approvedAt: iso(m.approvedAt),
      createdAt: m.createdAt.toISOString(),
      contacts: contacts.map(contactView),
      addresses: addresses.map(addressView),
      documents: documents.map((d) => this.documentRow(d)),
      beneficiaries: beneficiaries.map((b) => ({
        ...beneficiaryView(b, false),
        updatedAt: b.updatedAt.toISOString(),
      })),
      events: events.map((e) => ({
        at: e.at.toISOString(),
        kind: e.kind,
        by: e.staffId ? (staffNames.get(e.staffId) ?? 'staff') : 'member',
        reason: e.reason,
      })),
      audit: audit.list,
    };
  }

  /** A member's change by staff: the member row locked, the audit row and the history event written with it. */
  private async change(
    memberId: string,
    who: StaffChange,
    action: string,
    reason: string | null,
    work: (
      tx: Tx,
      member: StoredMemberRow,
    ) => Promise<{ result: MemberActionResult; after: Record<string, unknown> }>,
  ): Promise<MemberActionResult> {
    return this.ctx.platform.db.transaction(async (tx) => {
      const member = await this.repo.memberForUpdate(tx, memberId);
      if (!member) throw new AppError('adminMemberNotFound');
      const { result, after } = await work(tx, member);
      const now = this.now();
      await this.ctx.platform.audit.record(
        {
          actor: who.actor,
          action: `member.${action}`,
          targetType: 'member',
          targetId: memberId,
          before: { status: member.status, rejections: member.rejections },
          after,
          reason,
          ip: who.ip,
        },
        tx,
      );
      await this.repo.insertEvent(
        tx,
        { memberId, kind: action, staffId: who.actor.id, reason, data: after },
        now,
      );
      return result;
    });
  }

  approve(memberId: string, who: StaffChange, note: string | null): Promise<MemberActionResult> {
    return this.change(memberId, who, 'approve', note, async (tx, member) => {
      if (member.status !== 'auditing') {
        throw new AppError('adminMemberNotAuditing', { data: { status: member.status } });
      }
      const now = this.now();
      const cardNo = member.cardNo ?? memberCardNo(await this.repo.nextCardSerial(tx));
      await this.repo.updateMember(
        tx,
        memberId,
        { status: 'approved', cardNo, level: 0, approvedAt: now, rejectReason: null },
        now,
      );
      const document = (await this.repo.registrationDocuments([memberId])).get(memberId);
      if (document) await this.repo.setDocumentState(tx, document.id, 'effective', null, now);
      return { result: { status: 'approved', cardNo }, after: { status: 'approved', cardNo } };
    });
  }

  reject(memberId: string, who: StaffChange, reason: string): Promise<MemberActionResult> {
    return this.change(memberId, who, 'reject', reason, async (tx, member) => {
      if (member.status !== 'auditing') {
        throw new AppError('adminMemberNotAuditing', { data: { status: member.status } });
      }
      const now = this.now();
      const rejections = member.rejections + 1;
      // The third rejection blocks the account: the member is told to call customer service.
      const blocked = rejections >= MEMBER_REJECTIONS_TO_BLOCK;
      const status = blocked ? 'blocked' : 'rejected';
      await this.repo.updateMember(
        tx,
        memberId,
        { status, rejections, rejectReason: reason, blockReason: null, statusBeforeBlock: null },
        now,
      );
      if (blocked) await this.repo.revokeSessions(tx, memberId, now);
      return { result: { status, cardNo: member.cardNo }, after: { status, rejections } };
    });
  }

  block(memberId: string, who: StaffChange, reason: string): Promise<MemberActionResult> {
    return this.change(memberId, who, 'block', reason, async (tx, member) => {
      if (member.status === 'blocked')
        throw new AppError('adminMemberBlockState', { data: { status: member.status } });
      const now = this.now();
      await this.repo.updateMember(
        tx,
        memberId,
        { status: 'blocked', blockReason: reason, statusBeforeBlock: member.status },
        now,
      );
      await this.repo.revokeSessions(tx, memberId, now);
      return { result: { status: 'blocked', cardNo: member.cardNo }, after: { status: 'blocked' } };
    });
  }

  unblock(memberId: string, who: StaffChange, reason: string): Promise<MemberActionResult> {
    return this.change(memberId, who, 'unblock', reason, async (tx, member) => {
      if (member.status !== 'blocked')
        throw new AppError('adminMemberBlockState', { data: { status: member.status } });
      // Blocked by repeated rejection: back to rejected, so the member can fix the registration.
      const status = (member.statusBeforeBlock ?? 'rejected') as MemberStatus;
      await this.repo.updateMember(
        tx,
        memberId,
        { status, blockReason: null, statusBeforeBlock: null },
        this.now(),
      );
      return { result: { status, cardNo: member.cardNo }, after: { status } };
    });
  }

  /** Approve or reject a document waiting for audit (the registration's goes with the registration). */
  async auditDocument(
    documentId: string,
    who: StaffChange,
    verdict: AuditVerdict,
  ): Promise<MemberActionResult> {
    const document = await this.repo.documentById(documentId);
    if (!document) throw new AppError('adminMemberNotFound');
    return this.audit(document.memberId, who, 'document', verdict, {
      lock: (tx) => this.repo.documentForUpdate(tx, documentId),
      // The registration's document goes with the registration until the member is approved.
      open: (current, member) => !current.fromRegistration || member.status === 'approved',
      settle: (tx, state, rejectReason, now) =>
        this.repo.setDocumentState(tx, documentId, state, rejectReason, now),
      after: { documentId },
    });
  }

  /** Approve or reject a beneficiary waiting for audit. */
  async auditBeneficiary(
    beneficiaryId: string,
    who: StaffChange,
    verdict: AuditVerdict,
  ): Promise<MemberActionResult> {
    const found = await this.repo.beneficiaryById(beneficiaryId);
    if (!found) throw new AppError('adminMemberNotFound');
    return this.audit(found.memberId, who, 'beneficiary', verdict, {
      lock: (tx) => this.repo.beneficiaryForUpdate(tx, beneficiaryId),
      settle: (tx, state, rejectReason, now) =>
        this.repo.setBeneficiaryState(tx, beneficiaryId, state, rejectReason, now),
      after: { beneficiaryId },
    });
  }

  /**
   * A verdict on one record waiting for audit, in the member's audited change: the record is
   * locked and must still be 'ineffective' (and `open` to a verdict of its own); approval makes
   * it effective, rejection rejected with the reason kept.
   */
  private audit<R extends { state: string }>(
    memberId: string,
    who: StaffChange,
    kind: 'document' | 'beneficiary',
    verdict: AuditVerdict,
    record: {
      lock: (tx: Tx) => Promise<R | null>;
      open?: (current: R, member: StoredMemberRow) => boolean;
      settle: (tx: Tx, state: AuditState, rejectReason: string | null, now: Date) => Promise<void>;
      after: Record<string, unknown>;
    },
  ): Promise<MemberActionResult> {
    const action = AUDIT_ACTIONS[kind][verdict.approve ? 'approve' : 'reject'];
    const reason = verdict.approve ? verdict.note : verdict.reason;
    return this.change(memberId, who, action, reason, async (tx, member) => {
      const current = await record.lock(tx);
      if (current?.state !== 'ineffective' || (record.open && !record.open(current, member))) {
        throw new AppError('adminMemberNotAuditing', { data: { status: current?.state ?? 'unknown' } });
      }
      const state: AuditState = verdict.approve ? 'effective' : 'rejected';
      await record.settle(tx, state, verdict.approve ? null : verdict.reason, this.now());
      return { result: { status: state, cardNo: null }, after: { ...record.after, state } };
    });
  }

  async photo(fileId: string): Promise<StoredPhoto> {
    try {
      return await this.files.readForStaff(fileId);
    } catch (err) {
      if (err instanceof AppError && err.errorName === 'notFound') throw new AppError('adminMemberNotFound');
      throw err;
    }
  }
}
