import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { timestamps } from './columns';

/**
 * The loyalty programme's member layer (issue 17, modules/loyalty): members with their own
 * password and sessions, their verification codes, records (contacts, identity documents,
 * addresses, beneficiaries), the photos they upload, and each member's history. The mileage
 * ledger comes with issue 18.
 */

/** Serial part of member card numbers (`8` + 8-digit serial + Luhn digit, packages/rules). */
export const memberCardSerial = pgSequence('member_card_serial_seq', { startWith: 1, minValue: 1 });

const MEMBER_STATUSES = sql.raw(
  ['auditing', 'approved', 'rejected', 'blocked'].map((s) => `'${s}'`).join(', '),
);
const AUDIT_STATES = sql.raw(['ineffective', 'effective', 'rejected'].map((s) => `'${s}'`).join(', '));

/**
 * A member (booking-and-account §3). Registered under audit; approved gets a card number (tier
 * silver 0); rejected carries the reason the member reads; the third rejection, or staff, blocks.
 * `user_id` is the app account the member joined from (its bookings carry the card number).
 */
export const members = pgTable(
  'members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cardNo: text('card_no').unique(),
    userId: uuid('user_id')
      .unique()
      .references(() => users.id, { onDelete: 'set null' }),
    /** auditing | approved | rejected | blocked */
    status: text('status').notNull().default('auditing'),
    /** silver 0, gold 1, platinum 2 */
    level: smallint('level').notNull().default(0),
    surname: text('surname').notNull(),
    givenName: text('given_name').notNull(),
    middleName: text('middle_name'),
    title: smallint('title').notNull(),
    gender: smallint('gender').notNull(),
    birthday: date('birthday', { mode: 'string' }).notNull(),
    nationality: char('nationality', { length: 2 }).notNull(),
    /** zh 0, en 1, km 2: the language of the member's mail and SMS. */
    contactLanguage: smallint('contact_language').notNull().default(0),
    promoMail: boolean('promo_mail').notNull().default(false),
    promoSms: boolean('promo_sms').notNull().default(false),
    /** argon2id of the 6-digit member password. */
    passwordHash: text('password_hash').notNull(),
    rejectReason: text('reject_reason'),
    rejections: integer('rejections').notNull().default(0),
    /** Why staff blocked the member (null when blocked by repeated rejection, or not blocked). */
    blockReason: text('block_reason'),
    /** The status before a staff block, restored by unblock. */
    statusBeforeBlock: text('status_before_block'),
    /** When the registration was last submitted (the audit queue's order). */
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** Set after repeated failed sign-ins; sign-in is refused until then. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The first sign-in (spec storage key vip_first_login); null until then. */
    firstLoginAt: timestamp('first_login_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('members_status_check', sql`${t.status} in (${MEMBER_STATUSES})`),
    check('members_level_check', sql`${t.level} in (0, 1, 2)`),
    check('members_card_when_approved', sql`${t.status} <> 'approved' or ${t.cardNo} is not null`),
    index('members_audit_queue_idx').on(t.submittedAt).where(sql`${t.status} = 'auditing'`),
    index('members_surname_idx').on(sql`lower(${t.surname}) text_pattern_ops`),
  ],
);

/** Member sessions: only a SHA-256 of the `vipToken` is kept; sliding, revocable. */
export const memberSessions = pgTable(
  'member_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('member_sessions_member_idx').on(t.memberId)],
);

/**
 * Verification codes (consumer/getToken) by e-mail or SMS: only a keyed digest is kept, with the
 * tries left; `destination` is the lower-cased e-mail or `+<country code> <number>`.
 */
export const memberCodes = pgTable(
  'member_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').notNull(),
    destination: text('destination').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('member_codes_destination_idx').on(t.destination, t.purpose, t.createdAt)],
);

/**
 * A photo a member uploaded (common/uploadFile), re-encoded without metadata and kept in the file
 * store under `storage_key`. `member_id` is null while it belongs to a registration in progress;
 * the registration claims it, and an unclaimed one is removed after a day.
 */
export const memberFiles = pgTable(
  'member_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** SHA-256 of the stored bytes. */
    sha256: text('sha256').notNull(),
    uploaderIp: text('uploader_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('member_files_member_idx').on(t.memberId),
    index('member_files_unclaimed_idx').on(t.createdAt).where(sql`${t.memberId} is null`),
  ],
);

/**
 * A contact: an e-mail or a phone. One main of each kind per member (from registration); a main
 * e-mail or phone signs in, so it is unique among members.
 */
export const memberContacts = pgTable(
  'member_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** email | phone */
    kind: text('kind').notNull(),
    email: text('email'),
    countryCode: text('country_code'),
    phone: text('phone'),
    /** mobile | home | work (phones) */
    phoneType: text('phone_type'),
    main: boolean('main').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check('member_contacts_kind_check', sql`${t.kind} in ('email', 'phone')`),
    check(
      'member_contacts_value_check',
      sql`(${t.kind} = 'email' and ${t.email} is not null) or (${t.kind} = 'phone' and ${t.phone} is not null and ${t.countryCode} is not null)`,
    ),
    index('member_contacts_member_idx').on(t.memberId),
    uniqueIndex('member_contacts_one_main_key').on(t.memberId, t.kind).where(sql`${t.main}`),
    uniqueIndex('member_contacts_main_email_key').on(t.email).where(sql`${t.main} and ${t.kind} = 'email'`),
    uniqueIndex('member_contacts_main_phone_key')
      .on(t.countryCode, t.phone)
      .where(sql`${t.main} and ${t.kind} = 'phone'`),
  ],
);

/**
 * An identity document with its photos (after-sales §5): one per type per member; ineffective
 * until staff audit it (the registration's one is audited with the registration).
 */
export const memberDocuments = pgTable(
  'member_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** Cambodian ID card 0, passport 1 */
    documentType: smallint('document_type').notNull(),
    documentNo: text('document_no').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    frontFileId: uuid('front_file_id').references(() => memberFiles.id, { onDelete: 'set null' }),
    backFileId: uuid('back_file_id').references(() => memberFiles.id, { onDelete: 'set null' }),
    /** ineffective | effective | rejected */
    state: text('state').notNull().default('ineffective'),
    rejectReason: text('reject_reason'),
    fromRegistration: boolean('from_registration').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check('member_documents_type_check', sql`${t.documentType} in (0, 1)`),
    check('member_documents_state_check', sql`${t.state} in (${AUDIT_STATES})`),
    uniqueIndex('member_documents_type_key').on(t.memberId, t.documentType),
    /** A document belongs to one member (a rejected one does not hold it). */
    uniqueIndex('member_documents_number_key')
      .on(t.documentType, t.documentNo)
      .where(sql`${t.state} <> 'rejected'`),
    index('member_documents_audit_idx').on(t.updatedAt).where(sql`${t.state} = 'ineffective'`),
  ],
);

/** A member's address (spec §3): one main per member (change_address_impor), never deleted. */
export const memberAddresses = pgTable(
  'member_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    country: char('country', { length: 2 }).notNull(),
    province: text('province').notNull().default(''),
    city: text('city').notNull(),
    postcode: text('postcode').notNull().default(''),
    detail: text('detail').notNull(),
    main: boolean('main').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('member_addresses_member_idx').on(t.memberId),
    uniqueIndex('member_addresses_one_main_key').on(t.memberId).where(sql`${t.main}`),
  ],
);

/**
 * A beneficiary (stakeholder, nominee) who may use the member's miles (after-sales §1, §3, §5):
 * at least one identification and a validity period; ineffective until audited.
 */
export const memberBeneficiaries = pgTable(
  'member_beneficiaries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    surname: text('surname').notNull(),
    givenName: text('given_name').notNull(),
    middleName: text('middle_name'),
    gender: smallint('gender').notNull(),
    birthday: date('birthday', { mode: 'string' }).notNull(),
    nationality: char('nationality', { length: 2 }).notNull(),
    relationship: text('relationship').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    /** ineffective | effective | rejected */
    state: text('state').notNull().default('ineffective'),
    rejectReason: text('reject_reason'),
    ...timestamps,
  },
  (t) => [
    check('member_beneficiaries_state_check', sql`${t.state} in (${AUDIT_STATES})`),
    index('member_beneficiaries_member_idx').on(t.memberId),
    index('member_beneficiaries_audit_idx').on(t.updatedAt).where(sql`${t.state} = 'ineffective'`),
  ],
);

/** A beneficiary's identification: a document with its photos, one per type. */
export const memberBeneficiaryDocuments = pgTable(
  'member_beneficiary_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    beneficiaryId: uuid('beneficiary_id')
      .notNull()
      .references(() => memberBeneficiaries.id, { onDelete: 'cascade' }),
    documentType: smallint('document_type').notNull(),
    documentNo: text('document_no').notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    frontFileId: uuid('front_file_id').references(() => memberFiles.id, { onDelete: 'set null' }),
    backFileId: uuid('back_file_id').references(() => memberFiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('member_beneficiary_documents_type_check', sql`${t.documentType} in (0, 1)`),
    uniqueIndex('member_beneficiary_documents_type_key').on(t.beneficiaryId, t.documentType),
  ],
);

/**
 * A member's history, append-only: registered, resubmitted, approved, rejected, blocked,
 * unblocked, documents and beneficiaries audited, password changed or reset. `staff_id` for staff
 * actions (also in the audit log), null for the member's own.
 */
export const memberEvents = pgTable(
  'member_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    staffId: uuid('staff_id'),
    reason: text('reason'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('member_events_member_idx').on(t.memberId, t.at)],
);
