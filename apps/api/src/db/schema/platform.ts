import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/** App access tokens (spec §7 getAccessToken). Only a SHA-256 of the token is stored. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    appId: text('app_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('access_tokens_expires_at_idx').on(t.expiresAt)],
);

/** Nonces of signed requests, kept for their window so a replay is refused. */
export const usedNonces = pgTable(
  'used_nonces',
  {
    appId: text('app_id').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.appId, t.nonce] }), index('used_nonces_expires_at_idx').on(t.expiresAt)],
);

/**
 * Fixed-window request counters shared by every API process (docs/architecture.md §1: rate limits live
 * in the database). One row per key and window; old windows are purged now and then.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('rate_limit_hits_window_idx').on(t.windowStart),
  ],
);

/**
 * Sliding-window logs shared by every API process (issue 9: login and e-mail code limits that
 * hold under concurrency): the times of a key's hits inside its window, oldest first, never more
 * than the limit needs. Changed only by single statements (platform/rate-limit.ts), so parallel
 * requests queue on the row and none reads a stale count. Rows idle for a day are purged.
 */
export const rateLimitLogs = pgTable(
  'rate_limit_logs',
  {
    key: text('key').primaryKey(),
    hits: timestamp('hits', { withTimezone: true }).array().notNull(),
    ...timestamps,
  },
  (t) => [index('rate_limit_logs_updated_at_idx').on(t.updatedAt)],
);

/**
 * The staff audit log (issue 13): every change a staff member (or the command line) makes, with
 * what it was before and after, and the reason where one was asked. Append-only: a trigger
 * (migration 0014) refuses UPDATE and DELETE, so not even the application can rewrite it.
 * `staff_id` is not a foreign key: the log outlives accounts and names the e-mail as it was.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    staffId: uuid('staff_id'),
    staffEmail: text('staff_email'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_staff_idx').on(t.staffId, t.at),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
  ],
);

/**
 * The development clock's offset (platform/dev-clock.ts, issue 15): one row every API process
 * reads, so a test moving the clock moves it everywhere. Outside production only.
 */
export const devClock = pgTable(
  'dev_clock',
  {
    id: smallint('id').primaryKey().default(1),
    offsetMs: bigint('offset_ms', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('dev_clock_one_row', sql`${t.id} = 1`)],
);
