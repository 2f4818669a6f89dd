import { z } from 'zod';
import { ZGender, ZLanguageCode, ZTitle } from './accounts';
import {
  ZAuditState,
  ZBeneficiary,
  ZMemberAddress,
  ZMemberContact,
  ZMemberDocumentType,
  ZMemberStatus,
} from './members';
import { ZMemberLevel } from './mileage';
import { ZAuditEntry } from './staff';

/**
 * The staff console's calls for the member programme (issue 17), under `/api/admin/members`
 * (docs/api.md "Staff console: members"). Agents and admins audit and block; auditors read.
 *   GET  members                                   search (card, name, e-mail, phone, status)
 *   GET  members/audits/registrations              registrations waiting for audit, oldest first
 *   GET  members/audits/documents                  documents added or changed after registration
 *   GET  members/audits/beneficiaries              beneficiaries waiting for audit
 *   GET  members/:memberId                         the whole member: records, audits, history
 *   POST members/:memberId/approve                 registration approved: card number, tier silver
 *   POST members/:memberId/reject                  registration rejected with a reason (the third blocks)
 *   POST members/:memberId/block | unblock         with a reason
 *   POST members/documents/:documentId/approve | reject
 *   POST members/beneficiaries/:beneficiaryId/approve | reject
 *   GET  members/files/:fileId                     a document photo (the image bytes)
 * Every change is written to the audit log with the reason.
 */

const reason = z.string().trim().min(3, 'must say why, in at least 3 characters').max(500);

export const ZAdminMemberSearch = z.object({
  /** A card number, a name (surname or given name, by its beginning), an e-mail or a phone. */
  q: z.string().trim().max(254).optional(),
  status: z.preprocess((v) => (v === '' ? undefined : v), ZMemberStatus.optional()),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminMemberSearch = z.infer<typeof ZAdminMemberSearch>;

export const ZAdminMemberRow = z.object({
  id: z.string(),
  cardNo: z.string().nullable(),
  status: ZMemberStatus,
  level: ZMemberLevel,
  surname: z.string(),
  givenName: z.string(),
  primaryEmail: z.string(),
  primaryPhone: z.string(),
  nationality: z.string(),
  rejections: z.number().int(),
  /** When the registration was (last) submitted. */
  submittedAt: z.string(),
  createdAt: z.string(),
});
export type AdminMemberRow = z.infer<typeof ZAdminMemberRow>;

export const ZAdminMemberPage = z.object({
  list: z.array(ZAdminMemberRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminMemberPage = z.infer<typeof ZAdminMemberPage>;

/** A document as staff audit it: the whole number and both photos. */
export const ZAdminMemberDocument = z.object({
  id: z.string(),
  memberId: z.string(),
  documentType: ZMemberDocumentType,
  documentNo: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  frontPhotoId: z.string().nullable(),
  backPhotoId: z.string().nullable(),
  state: ZAuditState,
  rejectReason: z.string().nullable(),
  fromRegistration: z.boolean(),
  updatedAt: z.string(),
});
export type AdminMemberDocument = z.infer<typeof ZAdminMemberDocument>;

/** One event of a member's history (registered, rejected, approved, blocked, ...). */
export const ZAdminMemberEvent = z.object({
  at: z.string(),
  kind: z.string(),
  /** A staff member's name, or 'member' for the member's own actions. */
  by: z.string(),
  reason: z.string().nullable(),
});

export const ZAdminMemberDetail = z.object({
  id: z.string(),
  cardNo: z.string().nullable(),
  status: ZMemberStatus,
  level: ZMemberLevel,
  surname: z.string(),
  givenName: z.string(),
  middleName: z.string().nullable(),
  title: ZTitle,
  gender: ZGender,
  birthday: z.string(),
  nationality: z.string(),
  contactLanguage: ZLanguageCode,
  promoMail: z.boolean(),
  promoSms: z.boolean(),
  rejectReason: z.string().nullable(),
  rejections: z.number().int(),
  rejectionsToBlock: z.number().int(),
  blockReason: z.string().nullable(),
  linkedUserId: z.string().nullable(),
  submittedAt: z.string(),
  approvedAt: z.string().nullable(),
  createdAt: z.string(),
  contacts: z.array(ZMemberContact),
  addresses: z.array(ZMemberAddress),
  documents: z.array(ZAdminMemberDocument),
  /** Beneficiaries with whole document numbers. */
  beneficiaries: z.array(ZBeneficiary.extend({ updatedAt: z.string() })),
  events: z.array(ZAdminMemberEvent),
  /** The audit log's entries about this member (staff actions). */
  audit: z.array(ZAuditEntry),
});
export type AdminMemberDetail = z.infer<typeof ZAdminMemberDetail>;

/** Registrations waiting: the member's row with the registration's document to check. */
export const ZAdminRegistrationQueue = z.object({
  list: z.array(ZAdminMemberRow.extend({ document: ZAdminMemberDocument })),
  total: z.number().int(),
});
export type AdminRegistrationQueue = z.infer<typeof ZAdminRegistrationQueue>;

export const ZAdminDocumentQueue = z.object({
  list: z.array(
    ZAdminMemberDocument.extend({
      cardNo: z.string().nullable(),
      surname: z.string(),
      givenName: z.string(),
    }),
  ),
  total: z.number().int(),
});
export type AdminDocumentQueue = z.infer<typeof ZAdminDocumentQueue>;

export const ZAdminBeneficiaryQueue = z.object({
  list: z.array(
    ZBeneficiary.extend({
      memberId: z.string(),
      cardNo: z.string().nullable(),
      memberSurname: z.string(),
      memberGivenName: z.string(),
      updatedAt: z.string(),
    }),
  ),
  total: z.number().int(),
});
export type AdminBeneficiaryQueue = z.infer<typeof ZAdminBeneficiaryQueue>;

export const ZAdminMemberParams = z.object({ memberId: z.uuid() });
export const ZAdminDocumentParams = z.object({ documentId: z.uuid() });
export const ZAdminBeneficiaryParams = z.object({ beneficiaryId: z.uuid() });
export const ZAdminFileParams = z.object({ fileId: z.uuid() });

/** approve: nothing to say; reject, block and unblock: a reason the member (reject) or staff (block) read. */
export const ZAdminMemberReason = z.object({ reason });
export const ZAdminMemberApproveRequest = z.object({ note: z.string().trim().max(500).optional() });

/** What an audit action answers: the new state. */
export const ZAdminMemberActionResult = z.object({
  status: z.union([ZMemberStatus, ZAuditState]),
  /** Set when a registration was approved. */
  cardNo: z.string().nullable(),
});
