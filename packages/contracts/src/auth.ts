import { z } from 'zod';

/**
 * POST /api/travelsky/common/getAccessToken. The request is carried by headers
 * (appId, nonce, timestamp, signType, sign) and an optional body whose non-empty
 * fields are signed as well; see packages/rules/src/signature.ts for the signature.
 */
export const ZGetAccessTokenHeaders = z.looseObject({
  appid: z.string().min(1, 'appId header is required'),
  nonce: z.string().min(8, 'nonce header must be at least 8 characters').max(64),
  timestamp: z.string().regex(/^\d{14}$/, 'timestamp header must be YYYYMMDDHHmmss (UTC+8)'),
  signtype: z.literal('MD5', { message: 'signType header must be MD5' }),
  sign: z.string().regex(/^[0-9A-Fa-f]{32}$/, 'sign header must be an MD5 hex digest'),
});

export const ZGetAccessTokenResponse = z.object({
  access_token: z.string(),
  /** Seconds until the token expires. */
  expires_in: z.number().int(),
});
export type GetAccessTokenResponse = z.infer<typeof ZGetAccessTokenResponse>;
