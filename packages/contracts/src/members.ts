import { z } from 'zod';
import { ZGender, ZLanguageCode, ZTitle } from './accounts';
import { ZLocalDate } from './common';
import { ZMemberLevel, ZMileageSummary } from './mileage';

/**
 * The loyalty programme's member layer (issue 17; booking-and-account.md §3 member, §4
 * registration audit, §7 `/fqt` calls; after-sales-and-loyalty.md §3 member and beneficiary,
 * §4 audits, §5 documents, beneficiaries, main records and the member password, §8 messages).
 *
 * Served under `/api/fqt/` with the member envelope `{ status: "200", message, data }`; login
 * expiry is `CAF9999`. Every call needs the app's access token (as the main layer); the member's
 * own session rides in the `vipToken` header (`MEMBER_TOKEN_HEADER`), the client in
 * `clientSource` (`CA-H5`, ...). Calls marked "signed in" answer CAF9999 without a live member
 * session. docs/api.md "Member programme (issue 17)".
 *
 * A member registers with a document and its photos (uploaded first with common/uploadFile) and
 * waits for audit: approved members get a card number (tier silver); a rejected registration is
 * fixed with updateRegisterInfo and audited again; the third rejection blocks the account.
 */

/** The header carrying the member session token (spec §3 storage key vip_token). */
export const MEMBER_TOKEN_HEADER = 'vipToken';
/** The header naming the client (spec §7 "client source"): `CA-H5`, `CA_ANDROID`, ... */
export const CLIENT_SOURCE_HEADER = 'clientSource';

// ---- shared pieces -------------------------------------------------------------------------

const email = z.string().trim().toLowerCase().max(254);
/** Member password: exactly 6 digits (the rules in packages/rules `checkMemberPassword`). */
const memberPassword = z.string().max(32);
const verificationCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'must be the 6-digit code that was sent');
const countryCode = z.string().trim().max(5);
const phone = z.string().trim().max(20);
const name = z.string().trim().max(40);
/** An uploaded photo's id (common/uploadFile). */
export const ZFileId = z.uuid('must be the id of an uploaded photo');
const recordId = z.uuid('must be the id of one of your records');

/** Member document type (spec §3): Cambodian ID card 0, passport 1. */
export const ZMemberDocumentType = z.union([z.literal(0), z.literal(1)]);
export type MemberDocumentTypeCode = z.infer<typeof ZMemberDocumentType>;

/**
 * Where a member's registration stands (spec §4):
 * - `auditing`: submitted (or resubmitted), waiting for staff ("audit in progress");
 * - `approved`: a card number was issued, tier silver;
 * - `rejected`: staff said why (`rejectReason`); the member fixes it with updateRegisterInfo;
 * - `blocked`: rejected too many times (`MEMBER_REJECTIONS_TO_BLOCK`), or blocked by staff:
 *   the member is told to contact customer service and cannot sign in.
 */
export const MEMBER_STATUSES = ['auditing', 'approved', 'rejected', 'blocked'] as const;
export const ZMemberStatus = z.enum(MEMBER_STATUSES);
export type MemberStatus = z.infer<typeof ZMemberStatus>;

/** A document's or a beneficiary's audit (after-sales §4: ineffective until audited, then effective). */
export const AUDIT_STATES = ['ineffective', 'effective', 'rejected'] as const;
export const ZAuditState = z.enum(AUDIT_STATES);
export type AuditState = z.infer<typeof ZAuditState>;

/** A validity period: from (inclusive) to (inclusive), local dates. */
export const ZValidity = z.object({ validFrom: ZLocalDate, validTo: ZLocalDate });

/** A postal address (spec §3: country, province, city, postcode, detail, main flag). */
export const ZAddressFields = z.object({
  /** ISO 3166 alpha-2. */
  country: z.string().trim().toUpperCase().length(2),
  province: z.string().trim().max(60),
  city: z.string().trim().max(60),
  postcode: z.string().trim().max(12),
  detail: z.string().trim().max(200),
});

/** A document with its photos as the member sends it. */
export const ZMemberDocumentInput = z.object({
  documentType: ZMemberDocumentType,
  documentNo: z.string().trim().toUpperCase().max(20),
  validFrom: ZLocalDate,
  validTo: ZLocalDate,
  /** An ID card needs both photos; a passport only the front (its photo page). */
  frontPhotoId: ZFileId.nullable(),
  backPhotoId: ZFileId.nullable(),
});
export type MemberDocumentInput = z.infer<typeof ZMemberDocumentInput>;

// ---- sign-in and codes -----------------------------------------------------------------------

/**
 * What a verification code is for (consumer/getToken): `login` (sign in without the password),
 * `register` (proves the primary e-mail or phone), `reset` (a new password), `contact` (a new
 * primary e-mail or phone).
 */
export const MEMBER_CODE_PURPOSES = ['login', 'register', 'reset', 'contact'] as const;
export const ZMemberCodePurpose = z.enum(MEMBER_CODE_PURPOSES);
export type MemberCodePurpose = z.infer<typeof ZMemberCodePurpose>;

/** By e-mail, or by SMS through the SMS provider (a development outbox outside production). */
export const ZMemberCodeChannel = z.enum(['email', 'sms']);
export type MemberCodeChannel = z.infer<typeof ZMemberCodeChannel>;

/**
 * POST consumer/getToken: sends a 6-digit code. `email` for the e-mail channel; `countryCode` and
 * `phone` for SMS. For `login` and `reset` to an address with no member the reply is the same as
 * a sent one (nothing tells which addresses are members).
 */
export const ZMemberGetTokenRequest = z.object({
  channel: ZMemberCodeChannel,
  purpose: ZMemberCodePurpose,
  email: email.optional(),
  countryCode: countryCode.optional(),
  phone: phone.optional(),
});
export const ZMemberGetTokenResponse = z.object({
  resendAfterSeconds: z.number().int(),
  validMinutes: z.number().int(),
});

/**
 * POST consumer/login: `account` is a card number, the primary e-mail or the primary phone
 * (`+855 12345678`, or the number alone when only one member has it). Either the member
 * password or a login code from getToken (the getToken login page).
 */
export const ZMemberLoginRequest = z
  .object({
    account: z.string().trim().min(1, 'is required').max(254),
    password: memberPassword.optional(),
    code: verificationCode.optional(),
  })
  .refine((body) => (body.password === undefined) !== (body.code === undefined), {
    message: 'give the password or a code, one of the two',
    path: ['password'],
  });

/** The member as the app keeps it (spec storage key vip_user_info). */
export const ZMemberSummary = z.object({
  id: z.string(),
  /** Issued at approval; null until then. */
  cardNo: z.string().nullable(),
  status: ZMemberStatus,
  level: ZMemberLevel,
  surname: z.string(),
  givenName: z.string(),
  middleName: z.string().nullable(),
  title: ZTitle,
  /** Staff's reason when rejected (the member sees it and fixes the registration). */
  rejectReason: z.string().nullable(),
  /** How many times the registration was rejected, and after how many it is blocked. */
  rejections: z.number().int(),
  rejectionsToBlock: z.number().int(),
  contactLanguage: ZLanguageCode,
});
export type MemberSummary = z.infer<typeof ZMemberSummary>;

/** Login and registration reply: the member session token goes back in the vipToken header. */
export const ZMemberSession = z.object({
  vipToken: z.string(),
  /** ISO instant; the session slides forward with use. */
  expiresAt: z.string(),
  member: ZMemberSummary,
  /** True on the member's first sign-in (spec storage key vip_first_login): the app shows a welcome. */
  firstLogin: z.boolean(),
});
export type MemberSession = z.infer<typeof ZMemberSession>;

/** POST consumer/resetPwd: a reset code proves the primary e-mail or phone; every session ends. */
export const ZMemberResetPasswordRequest = z.object({
  channel: ZMemberCodeChannel,
  email: email.optional(),
  countryCode: countryCode.optional(),
  phone: phone.optional(),
  code: verificationCode,
  password: memberPassword,
  confirmPassword: memberPassword,
});

/** POST consumer/user/updateUserPassword (signed in): other sessions end, this one stays. */
export const ZMemberChangePasswordRequest = z.object({
  oldPassword: memberPassword.min(1, 'is required'),
  password: memberPassword,
  confirmPassword: memberPassword,
});

// ---- registration ------------------------------------------------------------------------------

/**
 * POST consumer/register (and, to fix a rejected one, consumer/user/updateRegisterInfo without
 * the password, code and agreement). When the request carries the app account's session
 * (`token` header), the member is joined to that account: its bookings then carry the card number.
 */
export const ZMemberRegistrationFields = z.object({
  surname: name,
  givenName: name,
  middleName: name.nullable().optional(),
  title: ZTitle,
  gender: ZGender,
  birthday: ZLocalDate,
  /** ISO 3166 alpha-2. */
  nationality: z.string().trim().toUpperCase().length(2),
  document: ZMemberDocumentInput,
  countryCode,
  phone,
  email,
  address: ZAddressFields,
  contactLanguage: ZLanguageCode,
});
export type MemberRegistrationFields = z.infer<typeof ZMemberRegistrationFields>;

export const ZMemberRegisterRequest = ZMemberRegistrationFields.extend({
  password: memberPassword,
  confirmPassword: memberPassword,
  /** The register code sent to the primary e-mail (getToken channel email, purpose register). */
  code: verificationCode,
  agree: z.boolean(),
});

export const ZMemberUpdateRegisterRequest = ZMemberRegistrationFields;

/** POST consumer/user/queryRegisterInfo: what was submitted, and where its audit stands. */
export const ZMemberRegisterInfo = ZMemberRegistrationFields.extend({
  status: ZMemberStatus,
  rejectReason: z.string().nullable(),
  rejections: z.number().int(),
  rejectionsToBlock: z.number().int(),
  submittedAt: z.string(),
  /** The registration's document with its audit state (the photos are read with common/file). */
  documentId: z.string(),
});
export type MemberRegisterInfo = z.infer<typeof ZMemberRegisterInfo>;

// ---- the member ---------------------------------------------------------------------------------

/**
 * POST consumer/home/queryUserInfo: the member home and its digital card, with the mileage
 * figures of consumer/mileage/queryMileageInfo (issue 18); null while the member is not approved.
 */
export const ZMemberHome = z.object({
  member: ZMemberSummary,
  /** The tier's names are message keys (`member.level_0` ...). */
  mileage: ZMileageSummary.nullable(),
  memberSince: z.string().nullable(),
});
export type MemberHome = z.infer<typeof ZMemberHome>;

/** GET consumer/user/queryUserBaseInfo: the profile and settings (also "member info by id"). */
export const ZMemberBaseInfo = z.object({
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
  primaryEmail: z.string(),
  primaryCountryCode: z.string(),
  primaryPhone: z.string(),
  contactLanguage: ZLanguageCode,
  promoMail: z.boolean(),
  promoSms: z.boolean(),
  /** The app account this member joined from, if any. */
  linkedUserId: z.string().nullable(),
});
export type MemberBaseInfo = z.infer<typeof ZMemberBaseInfo>;

/** POST consumer/user/updateUserSettings: contact language and promotional mail and SMS. */
export const ZMemberSettingsRequest = z.object({
  contactLanguage: ZLanguageCode,
  promoMail: z.boolean(),
  promoSms: z.boolean(),
});

// ---- records: contacts, identities, addresses, beneficiaries -----------------------------------

/** Phone type of a contact phone (spec §3 "with phone type"). */
export const ZPhoneType = z.enum(['mobile', 'home', 'work']);

/**
 * A contact: an e-mail or a phone. The main e-mail and the main phone come from registration:
 * they can be changed (with a `contact` code sent to the new one) but not deleted.
 */
export const ZMemberContact = z.object({
  id: z.string(),
  kind: z.enum(['email', 'phone']),
  email: z.string().nullable(),
  countryCode: z.string().nullable(),
  phone: z.string().nullable(),
  phoneType: ZPhoneType.nullable(),
  main: z.boolean(),
});
export type MemberContact = z.infer<typeof ZMemberContact>;

/** consumer/contact/saveUserContactInfo (a new one is never main). */
export const ZMemberContactInput = z.object({
  kind: z.enum(['email', 'phone']),
  email: email.nullable().optional(),
  countryCode: countryCode.nullable().optional(),
  phone: phone.nullable().optional(),
  phoneType: ZPhoneType.nullable().optional(),
});
/** consumer/contact/updateUserContactInfoById: a main one needs the code sent to the new value. */
export const ZMemberContactUpdate = ZMemberContactInput.extend({
  id: recordId,
  code: verificationCode.optional(),
});

/** An identity document (after-sales §5) with its audit state. */
export const ZMemberDocument = z.object({
  id: z.string(),
  documentType: ZMemberDocumentType,
  /** Masked except the last 4 (the full number is shown only in the edit form's own value). */
  documentNo: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  frontPhotoId: z.string().nullable(),
  backPhotoId: z.string().nullable(),
  state: ZAuditState,
  rejectReason: z.string().nullable(),
  /** The registration's document: changed only with the registration while it is audited. */
  fromRegistration: z.boolean(),
});
export type MemberDocument = z.infer<typeof ZMemberDocument>;

/** consumer/identity/saveIdentityInfo; updateIdentityInfoById adds `id`. Goes (back) under audit. */
export const ZMemberDocumentSave = ZMemberDocumentInput;
export const ZMemberDocumentUpdate = ZMemberDocumentInput.extend({ id: recordId });

/** An address (spec §3); the main one cannot be deleted and a second main one is refused. */
export const ZMemberAddress = ZAddressFields.extend({ id: z.string(), main: z.boolean() });
export type MemberAddress = z.infer<typeof ZMemberAddress>;
export const ZMemberAddressSave = ZAddressFields.extend({ main: z.boolean() });
export const ZMemberAddressUpdate = ZMemberAddressSave.extend({ id: recordId });

/** Relationship of a beneficiary to the member (as the insurance beneficiary's, spec §3). */
export const BENEFICIARY_RELATIONSHIPS = [
  'parent',
  'spouse',
  'child',
  'sibling',
  'relative',
  'friend',
] as const;
export const ZBeneficiaryRelationship = z.enum(BENEFICIARY_RELATIONSHIPS);

/** One identification of a beneficiary: a document with its photos, like the member's. */
export const ZBeneficiaryIdentification = ZMemberDocumentInput.omit({ validFrom: true });

/**
 * A beneficiary (stakeholder, nominee): someone the member lets use their miles for tickets.
 * At least one identification and a validity period; ineffective until staff audit it.
 */
export const ZBeneficiary = z.object({
  id: z.string(),
  surname: z.string(),
  givenName: z.string(),
  middleName: z.string().nullable(),
  gender: ZGender,
  birthday: z.string(),
  nationality: z.string(),
  relationship: ZBeneficiaryRelationship,
  identifications: z.array(
    ZBeneficiaryIdentification.extend({ documentNo: z.string(), frontPhotoId: z.string().nullable() }),
  ),
  validFrom: z.string(),
  validTo: z.string(),
  state: ZAuditState,
  rejectReason: z.string().nullable(),
});
export type Beneficiary = z.infer<typeof ZBeneficiary>;

export const ZBeneficiarySave = z.object({
  surname: name,
  givenName: name,
  middleName: name.nullable().optional(),
  gender: ZGender,
  birthday: ZLocalDate,
  nationality: z.string().trim().toUpperCase().length(2),
  relationship: ZBeneficiaryRelationship,
  identifications: z.array(ZBeneficiaryIdentification).max(2),
  validFrom: ZLocalDate,
  validTo: ZLocalDate,
});
export type BeneficiarySave = z.infer<typeof ZBeneficiarySave>;
export const ZBeneficiaryUpdate = ZBeneficiarySave.extend({ id: recordId });

/** A record's id in a path (`deleteAddressById/{id}` ...). */
export const ZRecordIdParams = z.object({ id: recordId });
/** The lists' replies: queryUserContactInfos, queryIdentityLists, queryAddressLists, queryBeneficiariesInfoLists. */
export const ZMemberContactList = z.object({ list: z.array(ZMemberContact) });
export const ZMemberDocumentList = z.object({
  list: z.array(ZMemberDocument),
  /** Whether another document may be added (one per type; the allowed set is an ID card and a passport). */
  canAdd: z.boolean(),
});
export const ZMemberAddressList = z.object({ list: z.array(ZMemberAddress) });
export const ZBeneficiaryList = z.object({
  list: z.array(ZBeneficiary),
  /** At most `MEMBER_BENEFICIARIES_MAX` (packages/rules). */
  canAdd: z.boolean(),
});
/** What a save or an update answers: the record's id. */
export const ZRecordSaved = z.object({ id: z.string() });

// ---- uploads ------------------------------------------------------------------------------------

/**
 * POST common/uploadFile (multipart/form-data, one part named `file`): a photo of a document.
 * Images only (JPEG, PNG, WebP), recognised by their content; at most `MEMBER_UPLOAD_MAX_BYTES`;
 * re-encoded without metadata. A member's upload is theirs; one made while registering (no member
 * session yet) is claimed by the registration that names it, and removed after a day if none does.
 */
export const MEMBER_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const ZUploadedFile = z.object({
  fileId: z.string(),
  contentType: z.enum(['image/jpeg', 'image/png', 'image/webp']),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedFile = z.infer<typeof ZUploadedFile>;
