import type { Tx } from '../../platform/db';
import type { RefundReason } from '../../platform/mail/templates';

/**
 * What payments can pay: a *payable*, a charge with its own amount, currency, lines and owner
 * (issue 11 §1). An order is the first kind, an add-on bought after ticketing (`addon`, issue 14)
 * the second; a change of date and an award's cash part come next. Payments never reads its owner's tables: everything a payment, a gateway
 * or a refund notice needs is stored on the payable when the owner creates it.
 */
export type PayableKind = 'order' | 'addon' | 'change';

/** open: may be paid until due_at; paid: a payment settled it; closed: its owner withdrew it (an expired order). */
export type PayableStatus = 'open' | 'paid' | 'closed';

/** One line of a payable, as its owner priced it; passenger and segment are the owner's ids, opaque here. */
export interface PayableLineInput {
  /** fare | tax | discount | ... (the owner's kinds) */
  kind: string;
  code: string;
  passengerRef?: string | null;
  segmentRef?: string | null;
  amount: number;
}

/** Who is told about the payable (refund notices) and shown to the gateway as the payer. */
export interface PayableContact {
  name: string;
  email: string;
  /** With its country code, as the gateway's payer phone (e.g. "+85512345678"). */
  phone: string;
  /** 0 zh, 1 en, 2 km: the gateway page's and the notices' language. */
  language: number;
  /** The passengers' surnames: tell the contact's surname from its given names for the gateway. */
  surnames: string[];
}

export interface NewPayable {
  kind: PayableKind;
  /** The owner's public number (an order's orderNo); unique per kind. */
  reference: string;
  /** The logged-in owner, or null for a guest's payable. */
  ownerUserId: string | null;
  /** In minor units of `currency`; stored once, never re-derived from the lines. */
  amount: number;
  currency: string;
  lines: PayableLineInput[];
  /** Until when it may be paid (an order's pay deadline). */
  dueAt: Date;
  contact: PayableContact;
  now: Date;
}

/** A payable as payments and its owner see it. */
export interface Payable {
  id: string;
  kind: PayableKind;
  reference: string;
  ownerUserId: string | null;
  amount: number;
  currency: string;
  dueAt: Date;
  status: PayableStatus;
  contact: PayableContact;
}

/**
 * What the owner did with a payment that succeeded (PayableOwner.settle):
 * - paid: the open payable's thing is now paid (an unpaid order marked paid);
 * - late_paid: the payable was closed but the owner took it back (an expired order whose seats
 *   were still there, re-held and marked paid);
 * - already_paid: the owner had it paid by another payment: this money goes back;
 * - gone: closed and cannot be taken back (the seats are gone): this money goes back.
 */
export type SettleOutcome = 'paid' | 'late_paid' | 'already_paid' | 'gone';

/** What payments did that the owner keeps in its own history (booking: order_events rows). */
export type PaymentRecordType =
  | 'late_payment_refund'
  | 'duplicate_payment_refund'
  | 'refunded'
  | 'refund_failed'
  | 'refund_notified'
  /** Staff sent a failed refund to its gateway again (the staff console). */
  | 'refund_retried'
  /** Staff paid a failed refund back outside the gateway, with a reference (the staff console). */
  | 'refund_settled';

/**
 * A module that sells something registers one owner per kind with payments (constructor
 * injection: `createPaymentsService({ ..., owners: [orderOwner] })`). Payments calls it; it
 * never imports payments' internals and payments never imports it.
 */
export interface PayableOwner {
  kind: PayableKind;
  /**
   * In the payment's transaction, after payments locked the payable row (lock order: payable,
   * then the owner's rows), when a payment of this kind's payable succeeded and the payable is
   * open or closed (a paid payable is a duplicate; payments handles it without asking). The
   * owner writes its own history of what it did (an order's `paid` event), and starts in this
   * transaction what must follow a payment (an order's ticketing job), so that it exists exactly
   * when the payment commits: a replayed notification prompts nothing. An open payable is
   * already marked paid in this transaction: its owner answers `paid` or `already_paid` (or
   * throws); only a closed one may be `gone`. Must not throw for `gone`: use a savepoint
   * (`tx.transaction`) for a partial take-back.
   */
  settle(
    tx: Tx,
    payable: Payable,
    facts: { paymentId: string; actor: string; now: Date },
  ): Promise<SettleOutcome>;
  /**
   * In payments' transaction: what payments did (refunds and their notices), for the owner's
   * history; `reason` is why, when staff did it.
   */
  record(
    tx: Tx,
    payable: Payable,
    type: PaymentRecordType,
    actor: string,
    facts: Record<string, unknown>,
    now: Date,
    reason?: string | null,
  ): Promise<void>;
  /**
   * After the commit of a payment that paid the payable (`settle` answered paid or late_paid):
   * what follows that could not be part of the transaction (booking wakes its ticketing workers
   * for the job `settle` enqueued). Never for a replayed notification. Best effort: must not
   * throw (the owner's own sweep catches what is lost).
   */
  afterPaid(payable: Payable): Promise<void>;
  /** What the owner delivered for the payable, for the pay status call (an order's tickets issued). */
  delivered(payable: Payable): Promise<number>;
  /**
   * The order whose travellers may pay the payable (its logged-in owner, a grant for it) and to
   * whose page the gateway returns them, when that is not the payable's own reference and owner
   * (an add-on order is paid by the travellers of its ticketed order). Null: no such order.
   */
  payerOrder?(payable: Payable): Promise<{ orderNo: string; userId: string | null } | null>;
}

export type { RefundReason };

/** A refund that settled, as a `RefundListener` learns it. */
export interface SettledRefund {
  refundId: string;
  paymentId: string;
  amount: number;
  currency: string;
  reason: string;
  /** The owner's line it refunds (a refund order's id for reason `refund_order`). */
  lineRef: string | null;
  status: 'succeeded' | 'failed';
  /** `gateway:<name>` or `staff:<id>` (settled by hand). */
  actor: string;
}

/**
 * A module that asks payments for refunds and must learn how each one ended (the refunds module:
 * a refund order is complete when its money is back). Handed to payments when it is built
 * (`paymentsModule` options, like the owners); payments never imports it. Called in the
 * transaction that settles the refund (the gateway's answer, or staff settling it by hand), so
 * the listener's change commits exactly with the refund's: a repeated or concurrent run that
 * settles nothing calls nothing.
 */
export interface RefundListener {
  refundSettled(tx: Tx, refund: SettledRefund, now: Date): Promise<void>;
  /**
   * After the commit of a run that settled the refund (never after one that settled nothing):
   * what could not be part of the transaction (the refunds module mails the traveller that the
   * money is back). Best effort: must not throw; the listener's own sweep catches what is lost.
   */
  afterSettled?(refund: SettledRefund): Promise<void>;
}
