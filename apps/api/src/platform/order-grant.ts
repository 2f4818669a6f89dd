import { createHmac, timingSafeEqual } from 'node:crypto';
import type { OrderAccessScope } from '@wings/contracts';
import type { PurposeKeys } from './secrets';

/**
 * The grant a guest lookup hands out: "this caller proved they know the order" for 2 hours.
 * `base64url(orderNo \n expiresAtMs \n scope) . base64url(HMAC-SHA256)`, keyed with the server
 * secret's order-grant key (platform/secrets.ts), so a grant is worthless for any other order
 * or use, and nobody holding only the public app secret can make one.
 *
 * The scope says how much the holder proved (issue 9.16): `full` (a passenger's document number,
 * or having booked the order) reads the whole record; `limited` (PNR + surname, printed on
 * boarding passes and bag tags) reads what the traveller needs but no birth dates, nationality,
 * documents, e-mail or phone. Either may pay the order and send its itinerary.
 *
 * Platform code: the booking module signs grants; every module serving an order call (booking,
 * payments, itinerary) reads them into the caller's actor (platform/access.ts).
 */
export const ORDER_GRANT_TTL_MS = 2 * 60 * 60_000;

export type GrantScope = OrderAccessScope;

/** A genuine, unexpired grant: the order it is for and how much its holder proved. */
export interface OrderGrant {
  orderNo: string;
  scope: GrantScope;
}

function mac(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(payload).digest();
}

export function signOrderGrant(key: Buffer, orderNo: string, expiresAt: Date, scope: GrantScope): string {
  const payload = Buffer.from(`${orderNo}\n${expiresAt.getTime()}\n${scope}`).toString('base64url');
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

/**
 * The order and scope of `grant` when it is genuine and unexpired, made with any accepted key
 * (the current secret's, or the previous one's during a rotation); else null.
 */
export function readOrderGrant(keys: PurposeKeys, grant: string | undefined, now: Date): OrderGrant | null {
  if (!grant || grant.length > 512) return null;
  const dot = grant.indexOf('.');
  if (dot <= 0) return null;
  const payload = grant.slice(0, dot);
  const given = Buffer.from(grant.slice(dot + 1), 'base64url');
  const genuine = keys.accepted.some((key) => {
    const expected = mac(key, payload);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!genuine) return null;
  const [orderNo, expiresMs, scope, extra] = Buffer.from(payload, 'base64url').toString('utf8').split('\n');
  if (!orderNo || extra !== undefined) return null;
  if (scope !== 'full' && scope !== 'limited') return null;
  const expires = Number(expiresMs);
  return Number.isFinite(expires) && expires > now.getTime() ? { orderNo, scope } : null;
}

/** The scope of `grant` when it is a genuine, unexpired grant for exactly `orderNo`; else null. */
export function verifyOrderGrant(
  keys: PurposeKeys,
  grant: string | undefined,
  orderNo: string,
  now: Date,
): GrantScope | null {
  const read = readOrderGrant(keys, grant, now);
  return read?.orderNo === orderNo ? read.scope : null;
}
