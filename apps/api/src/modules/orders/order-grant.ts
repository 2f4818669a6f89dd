import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * The grant a guest lookup hands out: "this caller proved they know the order" for 2 hours.
 * `base64url(orderNo \n expiresAtMs) . base64url(HMAC-SHA256)`, keyed with a key derived from
 * the app secret for this one purpose, so a grant is worthless for any other order or use.
 */
export const ORDER_GRANT_TTL_MS = 2 * 60 * 60_000;

export function orderGrantKey(appSecret: string): Buffer {
  return createHmac('sha256', appSecret).update('wings/order-access-grant/v1').digest();
}

function mac(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(payload).digest();
}

export function signOrderGrant(key: Buffer, orderNo: string, expiresAt: Date): string {
  const payload = Buffer.from(`${orderNo}\n${expiresAt.getTime()}`).toString('base64url');
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

/** True when `grant` is a genuine, unexpired grant for exactly `orderNo`. */
export function verifyOrderGrant(
  key: Buffer,
  grant: string | undefined,
  orderNo: string,
  now: Date,
): boolean {
  if (!grant || grant.length > 512) return false;
  const dot = grant.indexOf('.');
  if (dot <= 0) return false;
  const payload = grant.slice(0, dot);
  const given = Buffer.from(grant.slice(dot + 1), 'base64url');
  const expected = mac(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const [grantedOrderNo, expiresMs] = Buffer.from(payload, 'base64url').toString('utf8').split('\n');
  if (grantedOrderNo !== orderNo) return false;
  const expires = Number(expiresMs);
  return Number.isFinite(expires) && expires > now.getTime();
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
 * True when the caller may act on the order: its logged-in owner, or anyone sending a genuine,
 * unexpired grant for it (a guest, or a logged-in user paying a guest order).
 */
export function mayActOnOrder(
  key: Buffer,
  order: { orderNo: string; userId: string | null },
  caller: DetailCaller,
  now: Date,
): boolean {
  if (caller.userId !== null && order.userId === caller.userId) return true;
  return verifyOrderGrant(key, caller.orderToken, order.orderNo, now);
}
