import { z } from 'zod';
import { ZSendEmailCodeRequest } from './accounts';

/**
 * Account call shapes that accounts.ts does not name (issue 3): path and query parameters
 * of the look-ups and the replies of calls that answer no record.
 */

/** GET ibe/resetPassword?email=: send a reset code (answers like user/testEmail). */
export const ZResetPasswordCodeQuery = ZSendEmailCodeRequest.pick({ email: true });

/** GET user/validateUserName/{name}: an e-mail or phone number. */
export const ZUserNameParams = z.object({ name: z.string().trim().min(1).max(254) });

/** GET user/checkUserEmail/{email}. */
export const ZUserEmailParams = z.object({ email: z.string().trim().toLowerCase().min(1).max(254) });

/** POST user/verifyPassword reply. */
export const ZVerifyPasswordResponse = z.object({ verified: z.literal(true) });

/** The reply of a call that changes something and has nothing to report (logout, delete, ...). */
export const ZDoneResponse = z.null();
