import { OrderPayStatus } from '@wings/contracts';
import type { Executor } from '../../platform/db';
import {
  BookingRepository,
  type InsertedOrder,
  type NewOrderEvent,
  type NewOrderRows,
  type OrderConflict,
  type StatementPart,
} from './booking.repository';

/**
 * The order's status machine (spec §4: 0 unpaid, 1 paid, 2 canceled), one function per
 * transition. Each is a conditional UPDATE in the caller's transaction that refuses a move from
 * any other status (it returns false and writes nothing), and each writes its order_events row
 * through the one writer, `recordOrderEvent` (the `created` row is written in the statement that
 * makes the order, with the same columns). Nothing else in the system changes an order's status
 * or writes its history.
 *
 *   (none) ──create──▶ unpaid ──pay──▶ paid ──ticket (mark: ticketed_at)──▶ paid
 *                        │                ▲
 *                 expire, cancel      payLate (a payment after the deadline, seats re-held)
 *                        ▼                │
 *                     canceled ───────────┘
 */
export type OrderStatus = (typeof OrderPayStatus)[keyof typeof OrderPayStatus];

/** Every legal move: from (null: a new order) → to. Anything else is refused. */
export const ORDER_TRANSITIONS = {
  create: { from: null, to: OrderPayStatus.un_paid },
  pay: { from: OrderPayStatus.un_paid, to: OrderPayStatus.paid },
  expire: { from: OrderPayStatus.un_paid, to: OrderPayStatus.canceled },
  cancel: { from: OrderPayStatus.un_paid, to: OrderPayStatus.canceled },
  payLate: { from: OrderPayStatus.canceled, to: OrderPayStatus.paid },
  ticket: { from: OrderPayStatus.paid, to: OrderPayStatus.paid },
} as const satisfies Record<string, { from: OrderStatus | null; to: OrderStatus }>;

export type OrderTransition = keyof typeof ORDER_TRANSITIONS;

/** Whether the state machine has a move from `from` to `to` (the ticketed mark keeps paid). */
export function isLegalTransition(from: number | null, to: number): boolean {
  return Object.values(ORDER_TRANSITIONS).some((t) => t.from === from && t.to === to);
}

/**
 * A transition the caller required was refused: the order was not in the status it moves from
 * (for a caller that holds the order row lock and so expected the move to happen).
 */
export class IllegalOrderTransition extends Error {
  constructor(
    readonly orderId: string,
    readonly transition: OrderTransition,
    readonly status: number | null,
  ) {
    super(`order ${orderId}: ${transition} refused from status ${status ?? 'none'}`);
    this.name = 'IllegalOrderTransition';
  }
}

/** Who made a change and what the history keeps of it. */
export interface EventFacts {
  actor: string;
  reason?: string | null;
  data?: Record<string, unknown> | null;
}

/**
 * The one writer of order_events: every row of an order's history (its transitions, and what
 * payments did with its money) is written here, the same way.
 */
export async function recordOrderEvent(
  tx: Executor,
  orderId: string,
  event: NewOrderEvent,
  now: Date,
): Promise<void> {
  await new BookingRepository(tx).insertEvent(orderId, event, now);
}

/**
 * (none) → unpaid: the order with its segments, passengers and price lines, its `created` event
 * and the other modules' `parts` (its seat holds, its promo code use) in one statement
 * (`BookingRepository.insertOrder`); with `holdLimits`, what the holder already held, read under
 * the holder's lock. A unique key already taken is answered as a conflict, with nothing written.
 * The caller rolls its transaction back when a part was not `taken` or a limit is passed.
 */
export async function createOrder<K extends string>(
  tx: Executor,
  order: NewOrderRows,
  facts: EventFacts,
  holdLimits: boolean,
  parts: Record<K, StatementPart>,
): Promise<InsertedOrder<K> | { conflict: OrderConflict }> {
  return new BookingRepository(tx).insertOrder(order, { type: 'created', ...facts }, holdLimits, parts);
}

/** unpaid → paid (a payment succeeded); false when the order was not unpaid. Event `paid`. */
export async function payOrder(
  tx: Executor,
  orderId: string,
  facts: EventFacts,
  now: Date,
): Promise<boolean> {
  if (!(await new BookingRepository(tx).setPaid(orderId, now))) return false;
  await recordOrderEvent(tx, orderId, { type: 'paid', ...facts }, now);
  return true;
}

/**
 * unpaid past its deadline → canceled. The row lock makes a second caller wait and then find the
 * status changed: exactly one caller moves it (the others get false). `then` runs in the same
 * transaction right after the move (giving the seats and the promo code use back) and returns
 * what the `expired` event keeps.
 */
export async function expireOrder(
  tx: Executor,
  orderId: string,
  now: Date,
  then: (order: { promoCode: string | null; hasSeats: boolean }) => Promise<Record<string, unknown>>,
): Promise<boolean> {
  const canceled = await new BookingRepository(tx).setCanceled(orderId, now, true);
  if (!canceled) return false;
  const data = await then(canceled);
  await recordOrderEvent(tx, orderId, { type: 'expired', actor: 'system', data }, now);
  return true;
}

/**
 * unpaid → canceled before its deadline, by someone (the traveller, staff, a test's builder):
 * like the expiry, `then` gives the seats and the promo code use back and returns what the
 * `canceled` event keeps (with `reason`, when staff gave one). False when the order was not unpaid.
 */
export async function cancelOrder(
  tx: Executor,
  orderId: string,
  actor: string,
  now: Date,
  then: (order: { promoCode: string | null; hasSeats: boolean }) => Promise<Record<string, unknown>>,
  reason: string | null = null,
): Promise<boolean> {
  const canceled = await new BookingRepository(tx).setCanceled(orderId, now, false);
  if (!canceled) return false;
  const data = await then(canceled);
  await recordOrderEvent(tx, orderId, { type: 'canceled', actor, reason, data }, now);
  return true;
}

/**
 * canceled → paid: a payment after the deadline whose seats the caller has taken again
 * (inventory.rehold). False when the order was not canceled. Event `paid`.
 */
export async function payLateOrder(
  tx: Executor,
  orderId: string,
  facts: EventFacts,
  now: Date,
): Promise<boolean> {
  if (!(await new BookingRepository(tx).setPaidLate(orderId, now))) return false;
  await recordOrderEvent(tx, orderId, { type: 'paid', ...facts }, now);
  return true;
}

/**
 * paid → ticketed mark: every passenger holds a ticket, the order leaves the ticketing sweep.
 * The `ticketed` event is written when this call issued tickets or none was written yet (a
 * repeated run that issued nothing writes nothing). False when it was already marked, or not
 * paid (then nothing is written).
 */
export async function markOrderTicketed(
  tx: Executor,
  orderId: string,
  now: Date,
  facts: { tickets: number; issued: number },
): Promise<boolean> {
  const repo = new BookingRepository(tx);
  const marked = await repo.setTicketed(orderId, now);
  // Not marked: already ticketed (a repeated run), or not paid at all (refused: nothing written).
  if (!marked && (await repo.state(orderId))?.status !== OrderPayStatus.paid) return false;
  if (facts.issued > 0 || !(await repo.hasEvent(orderId, 'ticketed'))) {
    await recordOrderEvent(
      tx,
      orderId,
      { type: 'ticketed', actor: 'system', data: { tickets: facts.tickets } },
      now,
    );
  }
  return marked;
}
