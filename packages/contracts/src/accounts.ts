import { z } from 'zod';
import { ZLocalDate } from './common';

/**
 * Accounts (booking-and-account.md §1, §4-§7; issue 3). Field rules beyond shape (password
 * strength, names in English letters, document formats) are checked by packages/rules on
 * both sides; these schemas only bound the wire.
 */

export const EMAIL_CODE_PURPOSES = ['register', 'reset', 'bind', 'verify'] as const;
export const ZEmailCodePurpose = z.enum(EMAIL_CODE_PURPOSES);
export type EmailCodePurpose = z.infer<typeof ZEmailCodePurpose>;

const email = z.string().trim().toLowerCase().max(254);
const password = z.string().max(64);
const code = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'must be the 6-digit code from the e-mail');

/** POST user/testEmail: send a 6-digit code. */
export const ZSendEmailCodeRequest = z.object({ email, purpose: ZEmailCodePurpose });
export const ZSendEmailCodeResponse = z.object({
  /** Seconds before another code may be asked for this address (1 a minute). */
  resendAfterSeconds: z.number().int(),
  /** Minutes the code stays valid (10). */
  validMinutes: z.number().int(),
});

/** POST user/testRandomNumber: check a code without using it up (a wrong try counts). */
export const ZCheckEmailCodeRequest = z.object({ email, purpose: ZEmailCodePurpose, code });
export const ZCheckEmailCodeResponse = z.object({ valid: z.literal(true) });

/** GET /getCaptcha: an image challenge, required after repeated failed logins and for guests' orders. */
export const ZCaptchaResponse = z.object({
  captchaId: z.string(),
  /** A PNG image as a data: URL (`data:image/png;base64,...`). */
  image: z.string(),
  expiresInSeconds: z.number().int(),
});

export const ZTitle = z.union([z.literal(0), z.literal(1), z.literal(2)]); // mr, miss, mrs
export const ZGender = z.union([z.literal(0), z.literal(1)]); // male, female
export const ZLanguageCode = z.union([z.literal(0), z.literal(1), z.literal(2)]); // zh, en, km

/** The signed-in traveller as the app sees them. */
export const ZUser = z.object({
  id: z.string(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  countryCode: z.string().nullable(),
  phone: z.string().nullable(),
  surname: z.string().nullable(),
  givenName: z.string().nullable(),
  title: ZTitle.nullable(),
  gender: ZGender.nullable(),
  birthday: z.string().nullable(),
  nationality: z.string().nullable(),
  language: ZLanguageCode,
  /** Providers linked for third-party login, e.g. ['facebook']. */
  linkedProviders: z.array(z.string()),
  /** False for an account made by third-party login that has no password yet. */
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof ZUser>;

/** POST user/register. Phone is optional; the e-mail code is always required. */
export const ZRegisterRequest = z.object({
  email,
  code,
  password,
  confirmPassword: password,
  agree: z.boolean(),
  countryCode: z.string().trim().max(5).optional(),
  phone: z.string().trim().max(20).optional(),
  language: ZLanguageCode.optional(),
});

/** POST user/login: `account` is an e-mail or a phone number (with or without country code). */
export const ZLoginRequest = z.object({
  account: z.string().trim().min(1, 'is required').max(254),
  password: password.min(1, 'is required'),
  captchaId: z.string().optional(),
  captcha: z.string().trim().max(12).optional(),
});

/** Login and registration reply: the session token goes back in the `token` header. */
export const ZSessionResponse = z.object({
  token: z.string(),
  /** ISO instant; the session slides forward 30 days with each use. */
  expiresAt: z.string(),
  user: ZUser,
});
export type SessionResponse = z.infer<typeof ZSessionResponse>;

/** Data of a failed login that now needs a captcha (code 602). */
export const ZLoginFailureData = z.object({ captchaRequired: z.boolean() });

/** GET user/validateUserName/{name} and user/checkUserEmail/{email}. */
export const ZAvailabilityResponse = z.object({ available: z.boolean() });

/** POST user/resetPassword: set a new password with a reset code. */
export const ZResetPasswordRequest = z.object({ email, code, password, confirmPassword: password });

/** POST user/changePassword (signed in). */
export const ZChangePasswordRequest = z.object({
  oldPassword: password.min(1, 'is required'),
  password,
  confirmPassword: password,
});

/** POST user/update: the signed-in user's profile; absent fields stay as they are. */
export const ZUpdateUserRequest = z.object({
  surname: z.string().trim().max(40).nullable().optional(),
  givenName: z.string().trim().max(40).nullable().optional(),
  title: ZTitle.nullable().optional(),
  gender: ZGender.nullable().optional(),
  birthday: ZLocalDate.nullable().optional(),
  nationality: z.string().trim().toUpperCase().length(2).nullable().optional(),
  countryCode: z.string().trim().max(5).nullable().optional(),
  phone: z.string().trim().max(20).nullable().optional(),
  language: ZLanguageCode.optional(),
});

/** POST user/verifyPassword: re-check the password before sensitive edits (verify-password page). */
export const ZVerifyPasswordRequest = z.object({ password: password.min(1, 'is required') });

/** POST user/associateEmail: bind or change the account's e-mail with a code sent to it. */
export const ZAssociateEmailRequest = z.object({ email, code });

/** POST thirdoauth/checkBindEmail: whether an e-mail may be bound to this account. */
export const ZCheckBindEmailRequest = z.object({ email });

export const DOCUMENT_TYPES = { idCard: 0, passport: 1, other: 2 } as const;
export const ZDocumentType = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** A saved passenger: every passenger field of spec §3. */
export const ZSavedPassengerInput = z.object({
  surname: z.string().trim().max(40),
  givenName: z.string().trim().max(40),
  middleName: z.string().trim().max(40).nullable().optional(),
  /** 1 adult, 2 child, 3 infant: derived from the birth date when a booking uses it. */
  passengerType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  title: ZTitle,
  gender: ZGender,
  nationality: z.string().trim().toUpperCase().max(2),
  birthday: ZLocalDate,
  docType: ZDocumentType,
  docNumber: z.string().trim().toUpperCase().max(30),
  docExpiry: ZLocalDate,
  email: z.string().trim().toLowerCase().max(254).nullable().optional(),
  countryCode: z.string().trim().max(5).nullable().optional(),
  phone: z.string().trim().max(20).nullable().optional(),
});
export type SavedPassengerInput = z.infer<typeof ZSavedPassengerInput>;
export const ZSavedPassenger = ZSavedPassengerInput.extend({
  id: z.string(),
  middleName: z.string().nullable(),
  email: z.string().nullable(),
  countryCode: z.string().nullable(),
  phone: z.string().nullable(),
  updatedAt: z.string(),
});
export type SavedPassenger = z.infer<typeof ZSavedPassenger>;
export const ZSavedPassengerList = z.object({ passengers: z.array(ZSavedPassenger) });
export const ZUpdateSavedPassengerRequest = ZSavedPassengerInput.extend({ id: z.string() });
export const ZIdParams = z.object({ id: z.string().min(1).max(64) });
