import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/**
 * Staff accounts of the console (issue 13). E-mail is stored lower-case; the password is an
 * argon2id hash; the TOTP secret is kept encrypted with a key derived from SERVER_SECRET
 * (modules/staff/totp.ts), never in clear.
 */
export const staffUsers = pgTable(
  'staff_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Some of STAFF_ROLES (packages/contracts/src/staff.ts). */
    roles: text('roles').array().notNull(),
    /** The console's language for this member: zh | en | km. */
    language: text('language').notNull().default('en'),
    active: boolean('active').notNull().default(true),
    /** AES-256-GCM of the Base32 secret (`v1:iv:tag:ciphertext`), null until enrolled. */
    totpSecretEnc: text('totp_secret_enc'),
    /** True once a first code proved the member's authenticator holds the secret. */
    totpConfirmed: boolean('totp_confirmed').notNull().default(false),
    /** The last TOTP time-step accepted: a code of that step or an earlier one is refused (no replay). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Wrong passwords and codes since the last sign-in (the lock itself counts in a 15-minute window). */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** Set after 5 wrong passwords or codes in 15 minutes: sign-in is refused until then. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('staff_users_email_key').on(t.email),
    check('staff_users_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * Staff sessions: only a SHA-256 of the cookie's token is kept. A session ends at `expires_at`
 * (12 hours after sign-in) or at `idle_expires_at` (30 minutes after its last use, sliding).
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * The step between the password and the code: a right password gives a challenge (stored hashed,
 * single use, 5 minutes); the code redeems it for a session. An enrolment keeps the new secret
 * (encrypted) here until the first code confirms it.
 */
export const staffChallenges = pgTable(
  'staff_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** The secret being enrolled (encrypted like staff_users.totp_secret_enc), or null for a plain code. */
    enrolSecretEnc: text('enrol_secret_enc'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ip: text('ip'),
    ...timestamps,
  },
  (t) => [index('staff_challenges_staff_idx').on(t.staffId)],
);
