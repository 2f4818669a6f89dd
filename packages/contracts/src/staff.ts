import { z } from 'zod';
import { LANGUAGE_TAGS } from './enums';

/**
 * The staff console's own calls (issue 13): staff sign-in with a password and a TOTP second
 * factor, staff accounts and roles, and the audit log. Served by the staff layer under
 * `/api/admin` (docs/api.md, "Staff console"); a staff session is an HttpOnly cookie of that
 * path, never the traveller's session or the app's access token.
 */

/**
 * What a staff member may do (issue 13). A member holds one or more:
 * - `admin`: staff accounts and roles, settings; everything an agent, finance and an editor do;
 * - `agent`: orders, tickets and travellers (look up, resend itineraries, cancel unpaid orders);
 * - `finance`: payments and refunds (retry a failed refund, settle one by hand);
 * - `auditor`: reads everything, changes nothing; the audit log;
 * - `content_editor`: the translations (and, later, the content screens).
 */
export const STAFF_ROLES = ['admin', 'agent', 'finance', 'auditor', 'content_editor'] as const;
export const ZStaffRole = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof ZStaffRole>;

const email = z.string().trim().toLowerCase().email().max(254);
const password = z.string().min(1).max(128);
/** A 6-digit code from the staff member's authenticator app (RFC 6238, 30-second steps). */
const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'must be the 6 digits the authenticator app shows');
/** A short-lived token standing for a correct password until the second factor is given. */
const challenge = z.string().min(16).max(200);

/** The signed-in staff member as the console sees them. */
export const ZStaffMe = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(ZStaffRole),
  /** The console's language for this member (their choice, kept on the account). */
  language: z.enum(LANGUAGE_TAGS),
});
export type StaffMe = z.infer<typeof ZStaffMe>;

/** POST /api/admin/auth/login: the first factor. */
export const ZStaffLoginRequest = z.object({ email, password });
/**
 * The password was right: the second factor is next. `totp`: give the code of the enrolled
 * authenticator; `enrol`: no authenticator yet (a new account, or an admin reset it), so the
 * console shows `otpauthUrl` as a QR code (and `secret` to type in) and the first code confirms it.
 */
export const ZStaffLoginResponse = z.discriminatedUnion('stage', [
  z.object({ stage: z.literal('totp'), challenge, expiresInSeconds: z.number().int() }),
  z.object({
    stage: z.literal('enrol'),
    challenge,
    expiresInSeconds: z.number().int(),
    /** Base32, for typing into an authenticator by hand. */
    secret: z.string(),
    /** `otpauth://totp/...`, for the QR code. */
    otpauthUrl: z.string(),
  }),
]);
export type StaffLoginResponse = z.infer<typeof ZStaffLoginResponse>;

/** POST /api/admin/auth/verify: the second factor; sets the session cookie. */
export const ZStaffVerifyRequest = z.object({ challenge, code: totpCode });
export const ZStaffVerifyResponse = z.object({
  staff: ZStaffMe,
  /** When the session ends at the latest (ISO instant); it also ends after a while unused. */
  expiresAt: z.string(),
});

/** POST /api/admin/auth/logout-all: ends every session of the signed-in member, this one too. */
export const ZStaffLogoutAllResponse = z.object({ sessionsEnded: z.number().int() });

/** POST /api/admin/auth/password: a member changes their own password (other sessions end). */
export const ZStaffPasswordRequest = z.object({ oldPassword: password, newPassword: password });

/** POST /api/admin/auth/language: the console's language for the signed-in member. */
export const ZStaffLanguageRequest = z.object({ language: z.enum(LANGUAGE_TAGS) });

/** A staff account as admins see it (GET /api/admin/staff). */
export const ZStaffAccount = ZStaffMe.extend({
  active: z.boolean(),
  /** False until the member has enrolled an authenticator (after creation or a reset). */
  totpEnrolled: z.boolean(),
  /** Until when a run of wrong passwords or codes locks the account (ISO instant), or null. */
  lockedUntil: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffAccount = z.infer<typeof ZStaffAccount>;
export const ZStaffAccountList = z.object({ list: z.array(ZStaffAccount) });

/** POST /api/admin/staff: an admin creates an account; the one-time password is shown once. */
export const ZStaffCreateRequest = z.object({
  email,
  name: z.string().trim().min(1).max(80),
  roles: z.array(ZStaffRole).min(1),
  language: z.enum(LANGUAGE_TAGS),
});
/** PUT /api/admin/staff/:id: name, roles, language, active (disabling ends the member's sessions). */
export const ZStaffUpdateRequest = ZStaffCreateRequest.omit({ email: true }).extend({
  active: z.boolean(),
  /** Why (kept in the audit log). */
  reason: z.string().trim().max(500).optional(),
});
/**
 * POST /api/admin/staff and .../reset-password: a password made for the member, shown to the admin
 * once to hand over; the member signs in with it and may change it (auth/password).
 */
export const ZStaffOneTimePassword = z.object({ account: ZStaffAccount, password: z.string() });

/** One row of the append-only audit log: who changed what, when, from what to what, and why. */
export const ZAuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  /** The staff member (null for the system or the command line). */
  staffId: z.string().nullable(),
  staffEmail: z.string().nullable(),
  /** What was done, `<area>.<verb>`, e.g. `fare.update`, `order.cancel`, `staff.create`. */
  action: z.string(),
  /** What it was done to: a kind (`order`, `fare`, `translation`, `staff`, ...) and its id. */
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof ZAuditEntry>;

/** GET /api/admin/audit: newest first, filtered, a page at a time. */
export const ZAuditQuery = z.object({
  staffId: z.string().uuid().optional(),
  action: z.string().max(80).optional(),
  targetType: z.string().max(40).optional(),
  targetId: z.string().max(80).optional(),
  /** ISO instants, inclusive. */
  from: z.string().datetime().optional(),
  to: z.string().datetime().optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export const ZAuditPage = z.object({
  list: z.array(ZAuditEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
