import type { IncomingHttpHeaders } from 'node:http';
import type { StaffRole } from '@wings/contracts';
import { type GrantScope, type OrderGrant, readOrderGrant } from './order-grant';
import type { PurposeKeys } from './secrets';

/**
 * Who is asking (issue 11 §2: access decisions as policies). Routes build the actor from the
 * request and pass it to services; services ask the policy functions below instead of
 * comparing user ids and grants themselves, so the staff console reuses the same reads under a
 * staff policy.
 */
export type Actor =
  /** A logged-in traveller; may also hold a grant for a guest order (paying it, say). */
  | { kind: 'traveller'; userId: string; grant: OrderGrant | null }
  /** Anyone without a login, with the grant for one order when they sent a genuine one. */
  | { kind: 'guest'; grant: OrderGrant | null }
  /** An airline staff member (the /api/admin layer), with their roles. */
  | { kind: 'staff'; staffId: string; roles: readonly StaffRole[] }
  /** The system itself: a job, a sweep, a gateway's verified notification (`gateway:<name>`). */
  | { kind: 'system'; name: string };

export type { StaffRole };

/** Staff roles that may read any order (packages/contracts `STAFF_ROLES` says what each does). */
const ORDER_READERS: readonly StaffRole[] = ['admin', 'agent', 'finance', 'auditor'];

/** An order as the policies see it: its public number and its owner (null for a guest order). */
export interface OrderOwnership {
  orderNo: string;
  userId: string | null;
}

/** The system as an actor (jobs, sweeps). */
export const SYSTEM: Actor = { kind: 'system', name: 'system' };

/** The grant a request carries in its `orderToken` header, when genuine and unexpired. */
function grantOf(headers: IncomingHttpHeaders, keys: PurposeKeys, now: Date): OrderGrant | null {
  const raw = headers.ordertoken;
  const token = (Array.isArray(raw) ? raw[0] : raw)?.trim() || undefined;
  return readOrderGrant(keys, token, now);
}

/**
 * The actor of a main-layer request: the logged-in traveller (session `token` header) or a
 * guest, each with the order grant of the `orderToken` header when it is genuine and unexpired.
 */
export function actorOf(
  request: { userId: string | null; headers: IncomingHttpHeaders },
  keys: PurposeKeys,
  now: Date,
): Actor {
  const grant = grantOf(request.headers, keys, now);
  return request.userId ? { kind: 'traveller', userId: request.userId, grant } : { kind: 'guest', grant };
}

/** The logged-in user of an actor, or null. */
export function userIdOf(actor: Actor): string | null {
  return actor.kind === 'traveller' ? actor.userId : null;
}

/**
 * How an actor may read an order: `full` for its logged-in owner, a full grant for it, or staff
 * who read orders; `limited` for a limited grant (PNR + surname); null for anyone else.
 */
export function orderView(actor: Actor, order: OrderOwnership): GrantScope | null {
  switch (actor.kind) {
    case 'system':
      return 'full';
    case 'staff':
      return actor.roles.some((r) => ORDER_READERS.includes(r)) ? 'full' : null;
    case 'traveller':
      if (order.userId !== null && order.userId === actor.userId) return 'full';
      return actor.grant?.orderNo === order.orderNo ? actor.grant.scope : null;
    case 'guest':
      return actor.grant?.orderNo === order.orderNo ? actor.grant.scope : null;
  }
}

/** Whether the actor may read the order (either view). */
export function mayReadOrder(actor: Actor, order: OrderOwnership): boolean {
  return orderView(actor, order) !== null;
}

/**
 * Whether the actor may act on the order as its traveller (pay it, ask its pay status, send its
 * itinerary): its logged-in owner, or anyone holding a grant for it of either scope (a guest,
 * or a logged-in user paying a guest order). Staff do not pay travellers' orders.
 */
export function mayPayOrder(actor: Actor, order: OrderOwnership): boolean {
  if (actor.kind === 'staff') return false;
  return orderView(actor, order) !== null;
}

/**
 * Whether the actor may cancel the unpaid order (give it up before its deadline): its logged-in
 * owner or a full grant for it (who booked it, or proved a passenger's document), staff who help
 * travellers, the system. A limited grant (PNR + surname) may not.
 */
export function mayCancelOrder(actor: Actor, order: OrderOwnership): boolean {
  if (actor.kind === 'staff') return actor.roles.some((r) => r === 'agent' || r === 'admin');
  return orderView(actor, order) === 'full';
}

/**
 * The actor as an order event's `actor` column: `user:<id>`, `guest`, `staff:<id>`, or the
 * system's name (`system`, `gateway:<name>`).
 */
export function actorLabel(actor: Actor): string {
  switch (actor.kind) {
    case 'traveller':
      return `user:${actor.userId}`;
    case 'guest':
      return 'guest';
    case 'staff':
      return `staff:${actor.staffId}`;
    case 'system':
      return actor.name;
  }
}
