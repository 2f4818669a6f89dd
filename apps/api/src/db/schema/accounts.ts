import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  char,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { passengerColumns, timestamps } from './columns';

/** Traveller accounts (spec §6 registered user). E-mail is stored lower-case. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    countryCode: text('country_code'),
    phone: text('phone'),
    /** argon2id; null for an account made by third-party login without a password yet. */
    passwordHash: text('password_hash'),
    surname: text('surname'),
    givenName: text('given_name'),
    title: smallint('title'),
    gender: smallint('gender'),
    birthday: date('birthday', { mode: 'string' }),
    nationality: char('nationality', { length: 2 }),
    language: smallint('language').notNull().default(0),
    /** active | suspended (spec §8 login_limit). */
    status: text('status').notNull().default('active'),
    /** Set after repeated failed logins; login is refused until then. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email).where(sql`${t.email} is not null`),
    uniqueIndex('users_phone_key').on(t.countryCode, t.phone).where(sql`${t.phone} is not null`),
  ],
);

/** Login sessions: only a SHA-256 of the token is kept; 30 days, sliding, revocable. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    ...timestamps,
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Six-digit e-mail codes: hashed, 10 minutes, single use, 5 tries. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** register | reset | bind | verify */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    ip: text('ip'),
    ...timestamps,
  },
  (t) => [
    index('email_codes_lookup_idx').on(t.email, t.purpose, t.createdAt),
    index('email_codes_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** Image captchas: the answer hashed, single use, short-lived. */
export const captchas = pgTable('captchas', {
  id: uuid('id').primaryKey().defaultRandom(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  ...timestamps,
});

/** Every login attempt, for the captcha threshold, the lockout and per-IP limits. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The normalised account typed (e-mail or phone), whether or not it exists. */
    accountKey: text('account_key').notNull(),
    ip: text('ip'),
    succeeded: boolean('succeeded').notNull(),
    ...timestamps,
  },
  (t) => [
    index('login_attempts_account_idx').on(t.accountKey, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** A user's saved passengers (spec §3 passenger fields). */
export const savedPassengers = pgTable(
  'saved_passengers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...passengerColumns(),
    ...timestamps,
  },
  (t) => [index('saved_passengers_user_idx').on(t.userId)],
);

/** A third-party identity (Facebook, WeChat, Apple) linked to a user. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's stable user id (Facebook id, WeChat openid/unionid, Apple sub). */
    subject: text('subject').notNull(),
    email: text('email'),
    displayName: text('display_name'),
    ...timestamps,
  },
  (t) => [uniqueIndex('user_identities_provider_subject_key').on(t.provider, t.subject)],
);
