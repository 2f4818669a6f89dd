import type {
  Beneficiary,
  BeneficiarySave,
  MemberAddress,
  MemberCodePurpose,
  MemberContact,
  MemberDocument,
  MemberDocumentInput,
  ZBeneficiaryRelationship,
  ZMemberAddressSave,
  ZMemberContactInput,
  ZMemberContactUpdate,
} from '@wings/contracts';
import {
  checkAddress,
  checkEmail,
  checkMemberBeneficiary,
  checkMemberDocument,
  checkPhone,
  documentAddProblem,
  localDate,
  MEMBER_ADDRESSES_MAX,
  MEMBER_BENEFICIARIES_MAX,
  MEMBER_CONTACTS_MAX,
  MEMBER_DOCUMENT_TYPES,
  mainRecordProblem,
  missingDocumentPhotos,
  type RuleIssue,
} from '@wings/rules';
import type { z } from 'zod';
import type { Tx } from '../../platform/db';
import { AppError, invalid } from '../../platform/errors';
import { uniqueViolation } from '../../platform/unique-violation';
import type { LoyaltyContext } from './loyalty-context';
import type { MemberFiles } from './member-files';
import {
  type BeneficiaryDocumentValues,
  type BeneficiaryWithDocuments,
  type ContactValues,
  RecordsRepository,
  type StoredAddress,
  type StoredContact,
  type StoredDocument,
} from './records.repository';

/**
 * The member's records (issue 17; after-sales §5): contacts, identity documents, addresses and
 * beneficiaries, each read and changed only by its member (another member's record is not
 * found, 404). The main e-mail, phone and address cannot be deleted (830), a second main
 * address is refused (831), each kind has its most (832); one document per type (821), the
 * allowed set full (820), photos the type needs (823), the registration's or the only document
 * stays (824). A changed main e-mail or phone needs the `contact` code sent to the new one. New
 * and changed documents and beneficiaries wait for staff (ineffective).
 */

/** What the records need of the members service: a verification code, used once. */
export interface RecordsMembers {
  consumeCode(input: {
    channel: 'email' | 'sms';
    email?: string;
    countryCode?: string;
    phone?: string;
    purpose: MemberCodePurpose;
    code: string;
  }): Promise<void>;
}

type ContactInput = z.infer<typeof ZMemberContactInput>;
type ContactUpdate = z.infer<typeof ZMemberContactUpdate>;
type AddressSave = z.infer<typeof ZMemberAddressSave>;
type Relationship = z.infer<typeof ZBeneficiaryRelationship>;

/** A document number as the member's lists show it: masked but for its last 4. */
export function maskDocumentNo(no: string): string {
  if (no.length <= 4) return '*'.repeat(no.length);
  return `${'*'.repeat(no.length - 4)}${no.slice(-4)}`;
}

/**
 * The number a form sent back: the stored one when the member left the masked value as the
 * list showed it, else what they typed.
 */
function keptNumber(sent: string, stored: string | undefined): string {
  return stored !== undefined && sent.includes('*') && sent === maskDocumentNo(stored) ? stored : sent;
}

const countryDigits = (code: string | null | undefined) => code?.trim().replace(/^\+/, '') ?? '';

export function contactView(c: StoredContact): MemberContact {
  return {
    id: c.id,
    kind: c.kind as 'email' | 'phone',
    email: c.email,
    countryCode: c.countryCode,
    phone: c.phone,
    phoneType: (c.phoneType as MemberContact['phoneType']) ?? null,
    main: c.main,
  };
}

export function addressView(a: StoredAddress): MemberAddress {
  return {
    id: a.id,
    country: a.country,
    province: a.province,
    city: a.city,
    postcode: a.postcode,
    detail: a.detail,
    main: a.main,
  };
}

export function documentView(d: StoredDocument, mask: boolean): MemberDocument {
  return {
    id: d.id,
    documentType: d.documentType as 0 | 1,
    documentNo: mask ? maskDocumentNo(d.documentNo) : d.documentNo,
    validFrom: d.validFrom,
    validTo: d.validTo,
    frontPhotoId: d.frontFileId,
    backPhotoId: d.backFileId,
    state: d.state as MemberDocument['state'],
    rejectReason: d.rejectReason,
    fromRegistration: d.fromRegistration,
  };
}

export function beneficiaryView(b: BeneficiaryWithDocuments, mask: boolean): Beneficiary {
  return {
    id: b.id,
    surname: b.surname,
    givenName: b.givenName,
    middleName: b.middleName,
    gender: b.gender as 0 | 1,
    birthday: b.birthday,
    nationality: b.nationality,
    relationship: b.relationship as Relationship,
    identifications: b.documents.map((d) => ({
      documentType: d.documentType as 0 | 1,
      documentNo: mask ? maskDocumentNo(d.documentNo) : d.documentNo,
      validTo: d.validTo,
      frontPhotoId: d.frontFileId,
      backPhotoId: d.backFileId,
    })),
    validFrom: b.validFrom,
    validTo: b.validTo,
    state: b.state as Beneficiary['state'],
    rejectReason: b.rejectReason,
  };
}

export class RecordsService {
  private readonly repo: RecordsRepository;

  constructor(
    private readonly ctx: LoyaltyContext,
    private readonly deps: { members: RecordsMembers; files: MemberFiles },
  ) {
    this.repo = new RecordsRepository(ctx.platform.db);
  }

  private now(): Date {
    return this.ctx.platform.now();
  }

  private today(): string {
    return localDate(this.now(), this.ctx.hubZone);
  }

  // ---- contacts ------------------------------------------------------------------------------------

  async contacts(memberId: string): Promise<{ list: MemberContact[] }> {
    return { list: (await this.repo.contacts(memberId)).map(contactView) };
  }

  /** The contact's values from a form, checked; a phone's country code kept as digits. */
  private contactValues(input: ContactInput): ContactValues {
    const issues: RuleIssue[] =
      input.kind === 'email'
        ? checkEmail(input.email, 'email')
        : checkPhone(countryDigits(input.countryCode), input.phone, { required: true });
    if (issues.length) throw invalid(issues);
    return input.kind === 'email'
      ? { kind: 'email', email: input.email ?? null, countryCode: null, phone: null, phoneType: null }
      : {
          kind: 'phone',
          email: null,
          countryCode: countryDigits(input.countryCode),
          phone: input.phone?.trim() ?? null,
          phoneType: input.phoneType ?? 'mobile',
        };
  }

  async saveContact(memberId: string, input: ContactInput): Promise<{ id: string }> {
    const values = this.contactValues(input);
    return this.repo.transaction(async (tx) => {
      await this.repo.lockMember(tx, memberId);
      if ((await this.repo.countContacts(tx, memberId, values.kind)) >= MEMBER_CONTACTS_MAX) {
        throw new AppError('memberRecordsFull');
      }
      return { id: await this.repo.insertContact(tx, memberId, values, this.now()) };
    });
  }

  async updateContact(memberId: string, input: ContactUpdate): Promise<{ id: string }> {
    const current = await this.repo.contact(memberId, input.id);
    if (!current) throw new AppError('notFound');
    // A contact stays what it is: an e-mail is not turned into a phone.
    if (input.kind !== current.kind) throw invalid([{ field: 'kind', key: 'common.enter_correct_data' }]);
    const values = this.contactValues(input);
    if (current.main) {
      const changed =
        values.kind === 'email'
          ? values.email !== current.email
          : values.countryCode !== current.countryCode || values.phone !== current.phone;
      if (changed) {
        const taken = await this.repo.mainContactTaken(
          this.ctx.platform.db,
          memberId,
          values.kind === 'email'
            ? { kind: 'email', email: values.email ?? '' }
            : { kind: 'phone', countryCode: values.countryCode ?? '', phone: values.phone ?? '' },
        );
        if (taken) throw new AppError(values.kind === 'email' ? 'memberEmailExist' : 'memberPhoneExist');
        // The new main e-mail or phone signs in: the member proves it is theirs.
        if (!input.code) throw new AppError('memberCodeInvalid');
        await this.deps.members.consumeCode(
          values.kind === 'email'
            ? { channel: 'email', email: values.email ?? '', purpose: 'contact', code: input.code }
            : {
                channel: 'sms',
                countryCode: values.countryCode ?? '',
                phone: values.phone ?? '',
                purpose: 'contact',
                code: input.code,
              },
        );
      }
    }
    try {
      await this.repo.updateContact(this.ctx.platform.db, memberId, current.id, values, this.now());
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (constraint === 'member_contacts_main_email_key') throw new AppError('memberEmailExist');
      if (constraint === 'member_contacts_main_phone_key') throw new AppError('memberPhoneExist');
      throw err;
    }
    return { id: current.id };
  }

  async deleteContact(memberId: string, id: string): Promise<null> {
    const current = await this.repo.contact(memberId, id);
    if (!current) throw new AppError('notFound');
    if (mainRecordProblem({ kind: 'delete', main: current.main }))
      throw new AppError('memberMainRecordDelete');
    if (!(await this.repo.deleteContact(memberId, id))) throw new AppError('notFound');
    return null;
  }

  // ---- identity documents --------------------------------------------------------------------------

  async documents(memberId: string): Promise<{ list: MemberDocument[]; canAdd: boolean }> {
    const docs = await this.repo.documents(memberId);
    const types = docs.map((d) => d.documentType);
    return {
      list: docs.map((d) => documentView(d, true)),
      canAdd: MEMBER_DOCUMENT_TYPES.some((type) => documentAddProblem(types, type) === null),
    };
  }

  /** A document's photos (823 when one its type needs is missing), then every other rule. */
  private checkDocumentInput(doc: MemberDocumentInput): void {
    if (missingDocumentPhotos(doc).length) throw new AppError('memberDocumentPhotoMissing');
    const issues = checkMemberDocument(doc, this.today());
    if (issues.length) throw invalid(issues);
  }

  private photosOf(doc: { documentType: number; frontPhotoId: string | null; backPhotoId: string | null }) {
    // A passport has one photo: a back photo sent with it is not kept.
    const back = doc.documentType === 0 ? doc.backPhotoId : null;
    return { frontFileId: doc.frontPhotoId, backFileId: back };
  }

  private async claimPhotos(tx: Tx, memberId: string, ids: (string | null)[]): Promise<void> {
    await this.deps.files.claim(
      tx,
      memberId,
      ids.filter((id): id is string => !!id),
    );
  }

  private async writeDocument(memberId: string, input: MemberDocumentInput, id: string | null) {
    return this.repo.transaction(async (tx) => {
      await this.repo.lockMember(tx, memberId);
      const docs = await this.repo.documents(memberId, tx);
      const current = id ? docs.find((d) => d.id === id) : undefined;
      if (id && !current) throw new AppError('notFound');
      const doc = { ...input, documentNo: keptNumber(input.documentNo, current?.documentNo) };
      this.checkDocumentInput(doc);
      if (current?.fromRegistration) {
        // The registration's document changes with the registration until it is approved.
        const member = await this.repo.member(memberId, tx);
        if (member?.status !== 'approved') throw new AppError('memberDocumentInUse');
      }
      const others = docs.filter((d) => d.id !== id).map((d) => d.documentType);
      const problem = documentAddProblem(others, doc.documentType);
      if (problem === 'full') throw new AppError('memberDocumentsFull');
      if (problem === 'type_exists') throw new AppError('memberDocumentTypeExists');
      if (await this.repo.documentHeldElsewhere(tx, memberId, doc.documentType, doc.documentNo)) {
        throw new AppError('memberDocumentExist');
      }
      const photos = this.photosOf(doc);
      await this.claimPhotos(tx, memberId, [photos.frontFileId, photos.backFileId]);
      const values = {
        documentType: doc.documentType,
        documentNo: doc.documentNo,
        validFrom: doc.validFrom,
        validTo: doc.validTo,
        ...photos,
      };
      try {
        if (current) {
          await this.repo.updateDocument(tx, memberId, current.id, values, this.now());
          return { id: current.id };
        }
        return { id: await this.repo.insertDocument(tx, memberId, values, this.now()) };
      } catch (err) {
        const constraint = uniqueViolation(err);
        if (constraint === 'member_documents_number_key') throw new AppError('memberDocumentExist');
        if (constraint === 'member_documents_type_key') throw new AppError('memberDocumentTypeExists');
        throw err;
      }
    });
  }

  saveDocument(memberId: string, input: MemberDocumentInput): Promise<{ id: string }> {
    return this.writeDocument(memberId, input, null);
  }

  updateDocument(memberId: string, input: MemberDocumentInput & { id: string }): Promise<{ id: string }> {
    return this.writeDocument(memberId, input, input.id);
  }

  async deleteDocument(memberId: string, id: string): Promise<null> {
    await this.repo.transaction(async (tx) => {
      await this.repo.lockMember(tx, memberId);
      const docs = await this.repo.documents(memberId, tx);
      const doc = docs.find((d) => d.id === id);
      if (!doc) throw new AppError('notFound');
      if (doc.fromRegistration || docs.length <= 1) throw new AppError('memberDocumentInUse');
      await this.repo.deleteDocument(tx, memberId, id);
    });
    return null;
  }

  // ---- addresses -----------------------------------------------------------------------------------

  async addresses(memberId: string): Promise<{ list: MemberAddress[] }> {
    return { list: (await this.repo.addresses(memberId)).map(addressView) };
  }

  private addressValues(input: AddressSave) {
    const issues = checkAddress(input);
    if (issues.length) throw invalid(issues);
    return {
      country: input.country,
      province: input.province,
      city: input.city,
      postcode: input.postcode,
      detail: input.detail,
      main: input.main,
    };
  }

  async saveAddress(memberId: string, input: AddressSave): Promise<{ id: string }> {
    const values = this.addressValues(input);
    return this.repo.transaction(async (tx) => {
      await this.repo.lockMember(tx, memberId);
      const all = await this.repo.addresses(memberId, tx);
      const problem = mainRecordProblem({
        kind: 'save',
        main: values.main,
        otherMain: all.some((a) => a.main),
        count: all.length,
        max: MEMBER_ADDRESSES_MAX,
      });
      if (problem === 'full') throw new AppError('memberRecordsFull');
      if (problem === 'main_exists') throw new AppError('memberMainRecordExists');
      return { id: await this.repo.insertAddress(tx, memberId, values, this.now()) };
    });
  }

  async updateAddress(memberId: string, input: AddressSave & { id: string }): Promise<{ id: string }> {
    const values = this.addressValues(input);
    return this.repo.transaction(async (tx) => {
      await this.repo.lockMember(tx, memberId);
      const all = await this.repo.addresses(memberId, tx);
      const current = all.find((a) => a.id === input.id);
      if (!current) throw new AppError('notFound');
      const problem = mainRecordProblem({
        kind: 'update',
        main: values.main,
        wasMain: current.main,
        otherMain: all.some((a) => a.main && a.id !== current.id),
      });
      if (problem === 'main_delete') throw new AppError('memberMainRecordDelete');
      if (problem === 'main_exists') throw new AppError('memberMainRecordExists');
      await this.repo.updateAddress(tx, memberId, current.id, values, this.now());
      return { id: current.id };
    });
  }

  async deleteAddress(memberId: string, id: string): Promise<null> {
    await this.repo.transaction(async (tx) => {
      const current = await this.repo.address(memberId, id, tx);
      if (!current) throw new AppError('notFound');
      if (mainRecordProblem({ kind: 'delete', main: current.main }))
        throw new AppError('memberMainRecordDelete');
      await this.repo.deleteAddress(tx, memberId, id);
    });
    return null;
  }

  // ---- beneficiaries -------------------------------------------------------------------------------

  async beneficiaries(memberId: string): Promise<{ list: Beneficiary[]; canAdd: boolean }> {
    const list = await this.repo.beneficiariesOf(memberId);
    return {
      list: list.map((b) => beneficiaryView(b, true)),
      canAdd: list.length < MEMBER_BENEFICIARIES_MAX,
    };
  }

  private async writeBeneficiary(memberId: string, input: BeneficiarySave, id: string | null) {
    return this.repo.transaction(async (tx) => {
      await this.repo.lockMember(tx, memberId);
      const current = id ? await this.repo.beneficiary(memberId, id, tx) : null;
      if (id && !current) throw new AppError('notFound');
      if (!id && (await this.repo.countBeneficiaries(tx, memberId)) >= MEMBER_BENEFICIARIES_MAX) {
        throw new AppError('memberRecordsFull');
      }
      const identifications = input.identifications.map((doc) => ({
        ...doc,
        documentNo: keptNumber(
          doc.documentNo,
          current?.documents.find((d) => d.documentType === doc.documentType)?.documentNo,
        ),
      }));
      if (identifications.some((doc) => missingDocumentPhotos(doc).length)) {
        throw new AppError('memberDocumentPhotoMissing');
      }
      const issues = checkMemberBeneficiary({ ...input, identifications }, this.today());
      if (issues.length) throw invalid(issues);
      const documents: BeneficiaryDocumentValues[] = identifications.map((doc) => ({
        documentType: doc.documentType,
        documentNo: doc.documentNo,
        validTo: doc.validTo,
        ...this.photosOf(doc),
      }));
      await this.claimPhotos(
        tx,
        memberId,
        documents.flatMap((d) => [d.frontFileId, d.backFileId]),
      );
      const values = {
        surname: input.surname,
        givenName: input.givenName,
        middleName: input.middleName || null,
        gender: input.gender,
        birthday: input.birthday,
        nationality: input.nationality,
        relationship: input.relationship,
        validFrom: input.validFrom,
        validTo: input.validTo,
      };
      if (current) {
        await this.repo.updateBeneficiary(tx, memberId, current.id, values, documents, this.now());
        return { id: current.id };
      }
      return { id: await this.repo.insertBeneficiary(tx, memberId, values, documents, this.now()) };
    });
  }

  saveBeneficiary(memberId: string, input: BeneficiarySave): Promise<{ id: string }> {
    return this.writeBeneficiary(memberId, input, null);
  }

  updateBeneficiary(memberId: string, input: BeneficiarySave & { id: string }): Promise<{ id: string }> {
    return this.writeBeneficiary(memberId, input, input.id);
  }

  async deleteBeneficiary(memberId: string, id: string): Promise<null> {
    if (!(await this.repo.deleteBeneficiary(memberId, id))) throw new AppError('notFound');
    return null;
  }
}
