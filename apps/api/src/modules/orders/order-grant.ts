import { createHmac, timingSafeEqual } from 'node:crypto';
import type { OrderAccessScope } from '@wings/contracts';
import type { FastifyRequest } from 'fastify';
import type { PurposeKeys } from '../../platform/secrets';

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
 */
export const ORDER_GRANT_TTL_MS = 2 * 60 * 60_000;

export type GrantScope = OrderAccessScope;

function mac(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(payload).digest();
}

export function signOrderGrant(key: Buffer, orderNo: string, expiresAt: Date, scope: GrantScope): string {
  const payload = Buffer.from(`${orderNo}\n${expiresAt.getTime()}\n${scope}`).toString('base64url');
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

/**
 * The scope of `grant` when it is a genuine, unexpired grant for exactly `orderNo`, made with
 * any accepted key (the current secret's, or the previous one's during a rotation); else null.
 */
export function verifyOrderGrant(
  keys: PurposeKeys,
  grant: string | undefined,
  orderNo: string,
  now: Date,
): GrantScope | null {
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
  const [grantedOrderNo, expiresMs, scope, extra] = Buffer.from(payload, 'base64url')
    .toString('utf8')
    .split('\n');
  if (grantedOrderNo !== orderNo || extra !== undefined) return null;
  if (scope !== 'full' && scope !== 'limited') return null;
  const expires = Number(expiresMs);
  return Number.isFinite(expires) && expires > now.getTime() ? scope : null;
}

/** Who asks for an order: the logged-in user, and the guest grant they send. */
export interface DetailCaller {
  userId: string | null;
  orderToken: string | undefined;
}

/** The caller of an order call: the logged-in user, and the grant in the `orderToken` header. */
export function orderCaller(request: FastifyRequest): DetailCaller {
  const raw = request.headers.ordertoken;
  const orderToken = (Array.isArray(raw) ? raw[0] : raw)?.trim() || undefined;
  return { userId: request.userId, orderToken };
}

/**
 * How the caller may read the order: `full` for its logged-in owner or a full grant, `limited`
 * for a limited grant, null for anyone else.
 */
export function orderAccess(
  keys: PurposeKeys,
  order: { orderNo: string; userId: string | null },
  caller: DetailCaller,
  now: Date,
): GrantScope | null {
  if (caller.userId !== null && order.userId === caller.userId) return 'full';
  return verifyOrderGrant(keys, caller.orderToken, order.orderNo, now);
}

/**
 * True when the caller may act on the order (pay it, ask its pay status): its logged-in owner, or
 * anyone sending a genuine, unexpired grant for it of either scope (a guest, or a logged-in user
 * paying a guest order).
 */
export function mayActOnOrder(
  keys: PurposeKeys,
  order: { orderNo: string; userId: string | null },
  caller: DetailCaller,
  now: Date,
): boolean {
  return orderAccess(keys, order, caller, now) !== null;
}
