import { OrderPayStatus, type PayMethod, type PayUrlResponse } from '@wings/contracts';
import { type Actor, mayPayOrder } from '../../platform/access';
import { isRetryableConflict, type Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { JobRunner } from '../../platform/jobs/jobs';
import type { MailLang } from '../../platform/mail/layout';
import type { Mailer } from '../../platform/mail/mailer';
import { type RefundReason, refundNoticeMail } from '../../platform/mail/templates';
import {
  NotificationRejected,
  type PaymentGateway,
  payReturnPath,
  type VerifiedNotification,
} from '../../platform/payments/gateway';
import type {
  Payable,
  PayableKind,
  PayableOwner,
  PayableStatus,
  PaymentRecordType,
  RefundListener,
  SettledRefund,
} from './payables';
import { splitContactName } from './payer-name';
import { PaymentsRepository, type PendingPayment, type StoredPayment } from './payments.repository';

/** The queue of refunds: one job per payment_refunds row (singleton key = refund id). */
export const REFUND_JOB = 'payment-refund';
/** The cron job that finishes any refund whose job was lost, or whose notice was not sent. */
export const REFUND_SWEEP_JOB = 'payment-refund-sweep';
/** The cron job that asks gateways about payments whose notification never came. */
export const RECONCILE_SWEEP_JOB = 'payment-reconcile-sweep';
/** A payment pending this long without a notification is asked of its gateway by the sweep. */
export const RECONCILE_AFTER_MS = 3 * 60_000;
/** Payments older than this are left to staff: the gateway has long closed the checkout. */
export const RECONCILE_WITHIN_MS = 24 * 60 * 60_000;
/**
 * Payments one payable (an order) may have pending at gateways at once, over all methods (issue
 * 9: one order was asked for 100). Each is asked of its gateway by the reconcile sweep for a day; a traveller
 * who switches methods, or whose WeChat H5 link lapsed, still fits. docs/operations.md Limits.
 */
export const MAX_PENDING_PAYMENTS = 5;
/**
 * A payment still without its gateway reference this long after it was started is taken as
 * abandoned (its process died while asking the gateway; every gateway call times out sooner).
 */
export const PAYMENT_START_TIMEOUT_MS = 60_000;

interface Logger {
  warn(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/** Converts an amount in minor units between currencies at the rate in force (an ExchangeRates). */
export type Convert = (amount: number, from: string, to: string) => Promise<number>;

export interface PaymentsServiceDeps {
  repo: PaymentsRepository;
  /** The modules whose payables this service pays, one per kind (booking's `order`). */
  owners: PayableOwner[];
  /** Told in the settling transaction how each refund ended (the refunds module's refund orders). */
  refundListeners?: RefundListener[];
  /** Gateways by name (sandbox, aba, wechat). */
  gateways: Map<string, PaymentGateway>;
  /** The gateway of card, ABA Pay and KHQR payments (config PAYMENT_GATEWAY). */
  cardGateway: string;
  /** Outside production: the sandbox takes WeChat payments while no `wechat` gateway is registered. */
  sandboxFallback: boolean;
  /** Currency conversion for a gateway charging another currency; without it such payments are refused. */
  convert?: Convert;
  jobs: Pick<JobRunner, 'send'>;
  now: () => Date;
  log: Logger;
  mailer: Mailer;
  /** config DEV_PAY_ONE_CENT: every payment asks for 0.01. */
  devPayOneCent: boolean;
  /** Absolute URL of our notification endpoint for a gateway name. */
  notifyUrl: (gateway: string) => string;
  /** Absolute URL of a path of the traveller app (for the gateways' return and cancel links). */
  appUrl: (path: string) => string;
}

export type NotificationOutcome =
  | 'paid'
  | 'failed'
  | 'duplicate'
  | 'ignored'
  | 'late_rehold'
  | 'refund_required';

/** What reconcile found: nothing to ask, still pending at the gateway, or the outcome applied. */
export type ReconcileOutcome = NotificationOutcome | 'none' | 'pending';

export interface StartPaymentOptions {
  /** The traveller's address (request.ip): WeChat Pay H5 requires it. */
  clientIp: string;
  /** WeChat JSAPI: the payer's openid. */
  openid?: string;
  /** 0 zh, 1 en, 2 km: the gateway page's language; the payable's language by default. */
  language?: number;
  /** The kind of payable the reference names: an order by default, `addon` for an add-on order. */
  kind?: PayableKind;
}

/** A started payment: what getPayUrl answers, plus the in-app parameters (WeChat JSAPI) when there are any. */
export type StartedPayment = PayUrlResponse & { clientParams: Record<string, string> | null };

/** What processing a refund came to. */
export type RefundOutcome = 'succeeded' | 'pending' | 'failed' | 'missing';

/** The pay status call's `status`: the order pay status (spec §3) its payable stands for. */
const PAY_STATUS: Record<PayableStatus, number> = {
  open: OrderPayStatus.un_paid,
  paid: OrderPayStatus.paid,
  closed: OrderPayStatus.canceled,
};

/** The pay calls (getPayUrl, status, WeChat's) name orders: the payable of kind `order`. */
const ORDER: PayableKind = 'order';

const TRIES = 3;
const MAIL_LANG: Record<number, MailLang> = { 0: 'zh', 1: 'en', 2: 'km' };

/**
 * Payments of payables, and their refunds (issue 5 Exactly once, issue 11). The money flow
 * (CODE_STYLE.md §10): a payment row is created pending; a verified notification (or a gateway query,
 * reconcile) is stored by its event id and, in the same transaction, moves the payment and the
 * payable by conditional UPDATEs and asks the payable's owner to settle it (booking marks the
 * order paid), so a replay or a crash at any point leaves them agreeing. Money that cannot be
 * kept (a late payment whose seats are gone, a second payment of a paid payable) gets a refund
 * row in that same transaction. Refunds are jobs after the commit, idempotent, with a sweep for
 * a job lost to a crash; what follows a payment (ticketing) is the owner's, prompted after the
 * commit. Payments never reads its owners' tables.
 */
export class PaymentsService {
  /** Payment starts under way in this process, by payable, gateway and checkout (see startPayment). */
  private readonly starting = new Map<string, Promise<StartedPayment>>();
  /** The owners of payables by kind, as given at construction. */
  readonly owners: ReadonlyMap<PayableKind, PayableOwner>;

  constructor(private readonly deps: PaymentsServiceDeps) {
    this.owners = new Map(deps.owners.map((o) => [o.kind, o]));
  }

  /** The refund listeners, as given at construction (the refund desk tells them too). */
  get refundListeners(): readonly RefundListener[] {
    return this.deps.refundListeners ?? [];
  }

  /** The gateways by name (read-only use: they are given at construction). */
  get gateways(): ReadonlyMap<string, PaymentGateway> {
    return this.deps.gateways;
  }

  private owner(kind: PayableKind): PayableOwner {
    const owner = this.owners.get(kind);
    if (!owner) throw new Error(`no payable owner registered for kind ${kind}`);
    return owner;
  }

  /**
   * The order's payable, for an actor who may pay the order (its logged-in owner, or one sending
   * a grant for it: platform/access.ts). Anyone else, on a member's or a guest's order, is
   * answered like an unknown order: order numbers are sequential, so nothing may be learnt or
   * done by trying them.
   */
  private async ownPayable(orderNo: string, actor: Actor, kind: PayableKind = ORDER): Promise<Payable> {
    const payable = await this.deps.repo.payableByReference(kind, orderNo);
    const order = payable && (await this.payerOrder(payable));
    if (!payable || !order || !mayPayOrder(actor, order)) {
      throw new AppError('resourceNotFound');
    }
    return payable;
  }

  /**
   * The order whose travellers pay the payable and see it after the gateway: its owner's answer
   * (an add-on order's ticketed order), else the payable itself.
   */
  private async payerOrder(payable: Payable): Promise<{ orderNo: string; userId: string | null } | null> {
    const owner = this.owner(payable.kind);
    if (!owner.payerOrder) return { orderNo: payable.reference, userId: payable.ownerUserId };
    return owner.payerOrder(payable);
  }

  /** The gateway of a method: WeChat Pay's own, else (outside production) the sandbox; the others PAYMENT_GATEWAY's. */
  private gatewayFor(method: PayMethod): PaymentGateway {
    const { gateways } = this.deps;
    const gateway =
      method === 'wechat'
        ? (gateways.get('wechat') ?? (this.deps.sandboxFallback ? gateways.get('sandbox') : undefined))
        : gateways.get(this.deps.cardGateway);
    if (!gateway) {
      this.deps.log.warn({ method }, 'no payment gateway serves this method');
      throw new AppError('paymentUnavailable');
    }
    return gateway;
  }

  /**
   * payment/getPayUrl: where to pay an unpaid, unexpired order with a method: its open payment
   * of that method again, or a new pending one (see startPayment). An order the actor may not act
   * on answers payOrderNotFound (204), as an unknown one.
   */
  async getPayUrl(
    orderNo: string,
    method: PayMethod,
    actor: Actor,
    options: StartPaymentOptions = { clientIp: '' },
  ): Promise<PayUrlResponse> {
    try {
      const { clientParams: _inApp, ...reply } = await this.startPayment(orderNo, method, actor, options);
      return reply;
    } catch (err) {
      // Spec §8: getPayUrl answers an unknown order (or another's) with 204, the system error.
      const unknown = err instanceof AppError && err.errorName === 'resourceNotFound';
      if (unknown) throw new AppError('payOrderNotFound');
      throw err;
    }
  }

  /**
   * Starts paying an order with a method: a pending payment at the method's gateway, in the
   * gateway's currency (converted at the rate in force when it is not the payable's), and what
   * the client needs to pay it: a checkout URL, a form to post there, or in-app parameters. The
   * payable's open payment of the same checkout is answered again while its checkout works, and
   * a payable has at most MAX_PENDING_PAYMENTS pending (issue 9).
   */
  async startPayment(
    orderNo: string,
    method: PayMethod,
    actor: Actor,
    options: StartPaymentOptions,
  ): Promise<StartedPayment> {
    const payable = await this.ownPayable(orderNo, actor, options.kind);
    if (payable.status === 'paid') throw new AppError('orderAlreadyPaid');
    if (payable.status !== 'open' || payable.dueAt <= this.deps.now()) throw new AppError('offerExpired');
    const gateway = this.gatewayFor(method);
    // A WeChat JSAPI checkout belongs to one payer: another openid (or none: H5) is another checkout.
    const checkoutKey = options.openid ? `${method}:openid:${options.openid}` : method;
    // Requests of this process for the same checkout share one start: a double tap, or a hundred
    // at once, get the one payment. Other processes meet the payable row lock in openPayment.
    const flight = `${payable.id}|${gateway.name}|${checkoutKey}`;
    const running = this.starting.get(flight);
    if (running) return running;
    const started = this.openPayment(payable, method, gateway, checkoutKey, options).finally(() =>
      this.starting.delete(flight),
    );
    this.starting.set(flight, started);
    return started;
  }

  /**
   * The payable's open payment of this checkout, handed out again, or a new one (issue 9). Under
   * the payable row lock, so concurrent requests of any process agree: a pending payment of the
   * same gateway, checkout and amount whose checkout still works is answered again without
   * asking the gateway; one being started by another request answers paymentStarting; past
   * MAX_PENDING_PAYMENTS pending payments the payable gets no more. The gateway is asked after
   * the commit: no connection or lock is held while it answers.
   */
  private async openPayment(
    payable: Payable,
    method: PayMethod,
    gateway: PaymentGateway,
    checkoutKey: string,
    options: StartPaymentOptions,
  ): Promise<StartedPayment> {
    const currency = gateway.chargeCurrency ?? payable.currency;
    let amount: number;
    if (this.deps.devPayOneCent) {
      // Spec §9: in development every payment is 0.01, in whatever currency the gateway charges.
      amount = 1;
    } else {
      // The amount stored when the payable was created: never re-derived from lines that may grow.
      amount =
        currency === payable.currency
          ? payable.amount
          : await this.convert(payable.amount, payable.currency, currency);
    }
    const reply = (
      p: { paymentId: string; checkoutUrl: string | null },
      rest: { form: Record<string, string> | null; clientParams: Record<string, string> | null },
    ): StartedPayment => ({
      paymentId: p.paymentId,
      gateway: gateway.name,
      checkoutUrl: p.checkoutUrl,
      form: rest.form,
      amount: { amount, currency: currency as PayUrlResponse['amount']['currency'] },
      clientParams: rest.clientParams,
    });

    const opened = await this.deps.repo.transaction(async (tx): Promise<Opened> => {
      const now = this.deps.now();
      const locked = await tx.lockPayable(payable.id);
      if (locked?.status === 'paid') throw new AppError('orderAlreadyPaid');
      if (locked?.status !== 'open' || locked.dueAt <= now) throw new AppError('offerExpired');
      const pending = await tx.pendingPayments(payable.id);
      const same = pending.filter((p) => p.gateway === gateway.name && p.checkoutKey === checkoutKey);
      const open = same.findLast(
        (p) =>
          p.gatewayReference !== null &&
          p.amount === amount &&
          p.currency === currency &&
          (p.checkoutExpiresAt ?? locked.dueAt) > now,
      );
      if (open) return { reused: open };
      const abandonedBefore = now.getTime() - PAYMENT_START_TIMEOUT_MS;
      if (same.some((p) => p.gatewayReference === null && p.createdAt.getTime() > abandonedBefore)) {
        throw new AppError('paymentStarting');
      }
      let live = pending.length;
      for (const p of pending) {
        // A start that never got its gateway reference (its process died) never reached the
        // traveller: it is closed and frees its place.
        const abandoned = p.gatewayReference === null && p.createdAt.getTime() <= abandonedBefore;
        if (abandoned && (await tx.movePayment(p.id, ['pending'], 'canceled', now))) live--;
      }
      if (live >= MAX_PENDING_PAYMENTS) {
        throw new AppError('tooManyPendingPayments', { params: { max: MAX_PENDING_PAYMENTS } });
      }
      const paymentId = await tx.insertPayment({
        payableId: payable.id,
        gateway: gateway.name,
        method,
        checkoutKey,
        amount,
        currency,
        now,
      });
      return { paymentId };
    });
    if ('reused' in opened) {
      const p = opened.reused;
      return reply({ paymentId: p.id, checkoutUrl: p.checkoutUrl }, p);
    }

    const { paymentId } = opened;
    const { contact } = payable;
    const { firstName, lastName } = splitContactName(contact.name, contact.surnames);
    // The traveller comes back to the page of the order they pay for (an add-on: its ticket's order).
    const back = (await this.payerOrder(payable))?.orderNo ?? payable.reference;
    let created: Awaited<ReturnType<PaymentGateway['createPayment']>>;
    try {
      created = await gateway.createPayment({
        paymentId,
        orderNo: payable.reference,
        method,
        amount,
        currency,
        returnUrl: this.deps.appUrl(payReturnPath(back)),
        cancelUrl: this.deps.appUrl(payReturnPath(back, true)),
        notifyUrl: this.deps.notifyUrl(gateway.name),
        expiresAt: payable.dueAt,
        language: options.language ?? contact.language,
        payer: { firstName, lastName, email: contact.email, phone: contact.phone },
        clientIp: options.clientIp,
        ...(options.openid ? { openid: options.openid } : {}),
      });
    } catch (err) {
      // The attempt never reached the traveller: it is closed, and they may try again.
      await this.deps.repo.movePayment(paymentId, ['pending'], 'canceled', this.deps.now());
      if (err instanceof AppError) throw err;
      this.deps.log.error({ err, paymentId, gateway: gateway.name }, 'the gateway could not start a payment');
      throw new AppError('paymentUnavailable', { cause: err });
    }
    await this.deps.repo.setGatewayReference(paymentId, created.gatewayReference, {
      checkoutUrl: created.checkoutUrl,
      form: created.form,
      clientParams: created.clientParams,
      expiresAt: created.checkoutExpiresAt ?? null,
    });
    return reply({ paymentId, checkoutUrl: created.checkoutUrl }, created);
  }

  private async convert(amount: number, from: string, to: string): Promise<number> {
    if (!this.deps.convert) {
      this.deps.log.error(
        { from, to },
        'a gateway charges another currency and no exchange rates are set up',
      );
      throw new AppError('paymentUnavailable');
    }
    try {
      const converted = await this.deps.convert(amount, from, to);
      if (!Number.isInteger(converted) || converted <= 0) throw new Error(`converted to ${converted}`);
      return converted;
    } catch (err) {
      if (err instanceof AppError) throw err;
      this.deps.log.error({ err, from, to }, 'currency conversion failed');
      throw new AppError('paymentUnavailable', { cause: err });
    }
  }

  /**
   * payment status: the order's pay status (0/1/2, from its payable), its latest payment's
   * status, tickets issued (the owner's). An unpaid order's pending payment is first asked of its
   * gateway (reconcile), so a traveller back from the gateway sees the payment even when its
   * notification is late or lost.
   */
  async status(orderNo: string, actor: Actor, kind: PayableKind = ORDER) {
    let payable = await this.ownPayable(orderNo, actor, kind);
    if (payable.status !== 'paid') {
      try {
        await this.reconcilePayable(payable);
        payable = (await this.deps.repo.payableById(payable.id)) ?? payable;
      } catch (err) {
        this.deps.log.warn({ err, orderNo }, 'could not ask the gateway; answering what is known');
      }
    }
    const payment = await this.deps.repo.latestPayment(payable.id);
    return {
      status: PAY_STATUS[payable.status],
      paymentStatus: payment?.status ?? null,
      ticketsIssued: await this.owner(payable.kind).delivered(payable),
    };
  }

  private gateway(name: string): PaymentGateway {
    const g = this.deps.gateways.get(name);
    if (!g) throw new AppError('resourceNotFound');
    return g;
  }

  /**
   * A gateway's notification. Refused (NotificationRejected, answered non-2xx) unless signed,
   * fresh (or confirmed by the gateway), for a known payment, with its amount and currency.
   * Otherwise applied exactly once.
   */
  async handleNotification(
    gatewayName: string,
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<NotificationOutcome> {
    const gateway = this.gateway(gatewayName);
    const n = await gateway.verifyNotification(rawBody, headers);
    const found = await this.deps.repo.notifiedPayment(gateway.name, n.gatewayReference, n.eventId);
    if (!found) throw new NotificationRejected('unknown payment');
    const { payment, eventStored } = found;
    if (n.amount !== payment.amount || n.currency !== payment.currency) {
      this.deps.log.warn(
        { paymentId: payment.id, amount: n.amount, currency: n.currency },
        'notification amount does not match the payment',
      );
      throw new NotificationRejected('amount or currency mismatch');
    }
    return this.applyVerified(gateway.name, payment, n, eventStored);
  }

  /**
   * Asks the gateway about the order's latest pending payment and, when it says paid (or failed),
   * applies that exactly like a notification, under the event id `query:<reference>`: the
   * notification arriving later is then a harmless replay. For the pay status call and WeChat's
   * queryOrder.
   */
  async reconcile(orderNo: string, actor: Actor): Promise<ReconcileOutcome> {
    return this.reconcilePayable(await this.ownPayable(orderNo, actor));
  }

  /**
   * Asks the gateways about every payment pending for more than RECONCILE_AFTER_MS (up to a
   * day): a traveller who paid and closed the tab, with the notification lost for good, still
   * gets the order paid and ticketed, or the money back. One gateway down does not stop the rest.
   */
  async reconcileStale(limit = 100): Promise<Record<ReconcileOutcome, number>> {
    const now = this.deps.now();
    const payableIds = await this.deps.repo.payablesWithStalePayments(
      new Date(now.getTime() - RECONCILE_WITHIN_MS),
      new Date(now.getTime() - RECONCILE_AFTER_MS),
      now,
      limit,
    );
    const counts = {} as Record<ReconcileOutcome, number>;
    for (const id of payableIds) {
      try {
        const outcome = await this.reconcilePayable({ id });
        counts[outcome] = (counts[outcome] ?? 0) + 1;
      } catch (err) {
        this.deps.log.warn(
          { err, payableId: id },
          'could not reconcile a pending payment; the sweep asks again',
        );
      }
      await this.deps.repo.markReconciled(id, now);
    }
    return counts;
  }

  private async reconcilePayable(payable: { id: string }): Promise<ReconcileOutcome> {
    const payment = await this.deps.repo.latestPendingPayment(payable.id);
    if (!payment?.gatewayReference) return 'none';
    const gateway = this.deps.gateways.get(payment.gateway);
    if (!gateway) return 'none';
    const ref = payment.gatewayReference;
    const q = await gateway.queryPayment({
      paymentId: payment.id,
      gatewayReference: ref,
      amount: payment.amount,
      currency: payment.currency,
    });
    if (q.status === 'pending') return 'pending';
    if (q.status === 'refunded') {
      this.deps.log.warn({ paymentId: payment.id }, 'the gateway says a pending payment was refunded');
      return 'pending';
    }
    if (q.status === 'succeeded' && (q.amount !== payment.amount || q.currency !== payment.currency)) {
      this.deps.log.warn(
        { paymentId: payment.id, amount: q.amount, currency: q.currency },
        'the gateway reports another amount than the payment: not applied',
      );
      return 'ignored';
    }
    return this.applyVerified(gateway.name, payment, {
      eventId: q.status === 'succeeded' ? `query:${ref}` : `query:${ref}:failed`,
      gatewayReference: ref,
      status: q.status,
      amount: q.amount,
      currency: q.currency,
    });
  }

  /**
   * Applies a verified outcome (retrying a serialization conflict); after a commit that paid the
   * payable, tells its owner (afterPaid). An event already stored is a replay: answered at once,
   * with nothing written and nothing prompted, as what follows a payment was started in the
   * transaction that applied it (docs/decisions.md, issue 12).
   */
  private async applyVerified(
    gatewayName: string,
    payment: StoredPayment,
    n: VerifiedNotification,
    /** Whether the event is stored, when the caller read it with the payment. */
    eventStored?: boolean,
  ): Promise<NotificationOutcome> {
    // A replay already stored is answered without a transaction: gateways resend a lot. (One
    // racing its original past this read still meets the unique key inside apply.)
    if (eventStored ?? (await this.deps.repo.hasEvent(gatewayName, n.eventId))) return 'duplicate';
    let result: Applied;
    for (let attempt = 1; ; attempt++) {
      try {
        result = await this.apply(gatewayName, payment, n);
        break;
      } catch (err) {
        if (isRetryableConflict(err) && attempt < TRIES) continue;
        throw err;
      }
    }
    if (result.paid) await this.owner(result.paid.kind).afterPaid(result.paid);
    if (result.refundId) await this.promptRefund(result.refundId);
    return result.outcome;
  }

  private async apply(
    gatewayName: string,
    payment: StoredPayment,
    n: VerifiedNotification,
  ): Promise<Applied> {
    const now = this.deps.now();
    const { id: paymentId } = payment;
    return this.deps.repo.transaction(async (tx, handle) => {
      // The event, the payment, the payable and the owner's change (and what the owner starts
      // with it: an order's ticketing job) commit together: a crash leaves none of them, and the
      // gateway's retry then applies the whole again. Event, then payable, then payment, then
      // the owner's rows, always: the payable row lock serializes the payments of one payable
      // (and booking closes an expired order's payable first too).
      const applied = await tx.applyEvent({
        paymentId,
        payableId: payment.payableId,
        gateway: gatewayName,
        eventId: n.eventId,
        status: n.status,
        payload: { ...n },
        now,
      });
      if (!applied) return { outcome: 'duplicate' };
      const { payable, moved, markedPaid } = applied;
      if (n.status === 'failed') return { outcome: 'failed' };
      if (!moved) return { outcome: 'ignored' };
      const actor = `gateway:${gatewayName}`;
      const owner = this.owner(payable.kind);
      const settled =
        payable.status === 'paid'
          ? 'already_paid'
          : await owner.settle(handle, payable, { paymentId, actor, now });
      if (settled === 'paid' || settled === 'late_paid') {
        // An open payable was marked paid with the payment; a closed one the owner took back is marked now.
        if (!markedPaid) await tx.markPayablePaid(payable.id, now);
        return {
          outcome: settled === 'paid' ? 'paid' : 'late_rehold',
          paid: { ...payable, status: 'paid' },
        };
      }
      if (settled === 'gone') {
        // Only a closed payable can be gone (PayableOwner.settle): an open one was marked paid above.
        if (markedPaid) throw new Error(`payable ${payable.id} was open, and its owner says it is gone`);
        // Paid after the payable was closed, and its owner could not take it back (the seats are gone).
        const refundId = await this.markForRefund(tx, payment, 'seats_gone', now);
        await owner.record(
          handle,
          payable,
          'late_payment_refund',
          actor,
          { paymentId, refundId, reason: 'seats_gone' },
          now,
        );
        this.deps.log.warn(
          { reference: payable.reference, paymentId },
          'late payment: seats gone, marked for refund',
        );
        return { outcome: 'refund_required', refundId };
      }
      // Already paid by another payment: this money goes back, never silently kept.
      if (!markedPaid && payable.status !== 'paid') await tx.markPayablePaid(payable.id, now);
      const refundId = await this.markForRefund(tx, payment, 'duplicate_payment', now);
      await owner.record(handle, payable, 'duplicate_payment_refund', actor, { paymentId, refundId }, now);
      return { outcome: 'refund_required', refundId };
    });
  }

  /** succeeded → refund_required and its refund row of the whole payment, in the caller's transaction. */
  private async markForRefund(
    tx: PaymentsRepository,
    payment: StoredPayment,
    reason: RefundReason,
    now: Date,
  ): Promise<string> {
    await tx.movePayment(payment.id, ['succeeded'], 'refund_required', now);
    return tx.insertRefund({
      paymentId: payment.id,
      amount: payment.amount,
      currency: payment.currency,
      reason,
      now,
    });
  }

  private async promptRefund(refundId: string): Promise<void> {
    try {
      await this.deps.jobs.send(REFUND_JOB, { refundId }, { singletonKey: refundId });
    } catch (err) {
      this.deps.log.warn({ err, refundId }, 'could not enqueue the refund; the sweep will refund it');
    }
  }

  /** Records what payments did in the payable owner's history, in the caller's transaction. */
  private async record(
    handle: Tx,
    payableId: string,
    type: PaymentRecordType,
    actor: string,
    facts: Record<string, unknown>,
    now: Date,
  ): Promise<Payable | null> {
    const payable = await new PaymentsRepository(handle).payableById(payableId);
    if (payable) await this.owner(payable.kind).record(handle, payable, type, actor, facts, now);
    return payable;
  }

  /**
   * Sends a refund to its gateway and tells the traveller. Any number of runs, concurrent or
   * repeated, refund once: the gateway gets the refund id as its idempotency key (no database
   * connection is held while it is asked), and the refund, the payment and the owner's history
   * move by conditional UPDATEs in one transaction, which one run wins. On success, after that
   * commit, the notice goes to the payable's contact in its language and is recorded
   * (payment_refunds.notified_at, and the owner's refund_notified), so a failed or lost mail is
   * sent by a later run.
   */
  async processRefund(refundId: string): Promise<RefundOutcome> {
    const r = await this.deps.repo.refundById(refundId);
    if (!r) return 'missing';
    /** The refund as this run settled it (null when another run did, or it was settled before). */
    let settledNow: SettledRefund | null = null;
    let outcome: RefundOutcome =
      r.status === 'succeeded' ? 'succeeded' : r.status === 'failed' ? 'failed' : 'pending';
    if (r.status === 'pending') {
      const gateway = this.deps.gateways.get(r.gateway);
      if (!gateway || !r.gatewayReference)
        throw new Error(`refund ${refundId}: gateway ${r.gateway} unavailable`);
      const result = await gateway.refund({
        paymentId: r.paymentId,
        gatewayReference: r.gatewayReference,
        amount: r.paymentAmount,
        currency: r.paymentCurrency,
        refundId: r.id,
        refundAmount: r.amount,
        refundedBefore: await this.deps.repo.refundedBefore(r.paymentId, r.id),
        reason: r.reason,
      });
      if (result.status === 'pending') return 'pending';
      const settled = result.status;
      outcome = await this.deps.repo.transaction(async (tx, handle): Promise<RefundOutcome> => {
        const now = this.deps.now();
        if (!(await tx.settleRefund(r.id, settled, result.gatewayRefundReference, now))) {
          // Another run settled it first.
          const current = await tx.refundById(r.id);
          return current?.status === 'succeeded' ? 'succeeded' : 'failed';
        }
        const actor = `gateway:${r.gateway}`;
        const facts = {
          paymentId: r.paymentId,
          refundId: r.id,
          amount: r.amount,
          currency: r.currency,
          reason: r.reason,
        };
        settledNow = {
          refundId: r.id,
          paymentId: r.paymentId,
          amount: r.amount,
          currency: r.currency,
          reason: r.reason,
          lineRef: r.lineRef,
          status: settled,
          actor,
        };
        for (const listener of this.deps.refundListeners ?? []) {
          await listener.refundSettled(handle, settledNow, now);
        }
        if (settled === 'failed') {
          await this.record(handle, r.payableId, 'refund_failed', actor, facts, now);
          this.deps.log.error(facts, 'the gateway refused a refund: staff must return this money');
          return 'failed';
        }
        await tx.movePayment(r.paymentId, ['refund_required'], 'refunded', now);
        await this.record(handle, r.payableId, 'refunded', actor, facts, now);
        return 'succeeded';
      });
    }
    if (settledNow) {
      for (const listener of this.deps.refundListeners ?? []) await listener.afterSettled?.(settledNow);
    }
    if (outcome === 'succeeded') await this.sendRefundNotice(refundId);
    return outcome;
  }

  /**
   * Mails the refund notice once it is refunded and not yet notified; true when sent by this call.
   * The refund row is locked while mailing (a concurrent run skips it), so one run sends it.
   */
  private async sendRefundNotice(refundId: string): Promise<boolean> {
    return this.deps.repo.transaction(async (tx, handle) => {
      const r = await tx.refundById(refundId, true);
      if (r?.status !== 'succeeded' || r.notifiedAt !== null) return false;
      if (r.reason === 'refund_order') {
        // A refund order's money: the refunds module tells the traveller of each step of it
        // (its own mail when the money is back), so one refund is not announced twice.
        await tx.markRefundNotified(r.id, this.deps.now());
        return false;
      }
      const payable = await tx.payableById(r.payableId);
      if (!payable) return false;
      await this.deps.mailer.send(
        refundNoticeMail({
          to: payable.contact.email,
          lang: MAIL_LANG[payable.contact.language] ?? 'zh',
          contactName: payable.contact.name,
          orderNo: payable.reference,
          amount: r.amount,
          currency: r.currency,
          reason: r.reason as RefundReason,
        }),
      );
      const now = this.deps.now();
      await tx.markRefundNotified(r.id, now);
      await this.owner(payable.kind).record(
        handle,
        payable,
        'refund_notified',
        'system',
        { refundId: r.id, to: payable.contact.email },
        now,
      );
      return true;
    });
  }

  /**
   * A refund of part of a payment that was kept (one passenger's share, one line of its payable),
   * sent to its gateway by the refund job. A payment may have several; their sum (failed ones
   * aside) never exceeds what was paid: the database refuses the refund that would pass it
   * (payments_refunded_within_amount), answered invalidRequest. The refund's id.
   */
  async refundPart(
    paymentId: string,
    part: { amount: number; reason: RefundReason; passengerRef?: string | null; lineRef?: string | null },
  ): Promise<string> {
    const payment = await this.deps.repo.paymentById(paymentId);
    if (payment?.status !== 'succeeded') {
      throw new AppError('invalidRequest', {
        params: { detail: 'only a kept payment can be refunded in part' },
      });
    }
    if (!Number.isInteger(part.amount) || part.amount <= 0) {
      throw new AppError('invalidRequest', {
        params: { detail: 'a refund is a positive amount in minor units' },
      });
    }
    let refundId: string;
    try {
      refundId = await this.deps.repo.insertRefund({
        paymentId,
        amount: part.amount,
        currency: payment.currency,
        reason: part.reason,
        passengerRef: part.passengerRef ?? null,
        lineRef: part.lineRef ?? null,
        now: this.deps.now(),
      });
    } catch (err) {
      if (violates(err, 'payments_refunded_within_amount')) {
        throw new AppError('invalidRequest', {
          params: { detail: 'the refunds of this payment would exceed what was paid' },
        });
      }
      throw err;
    }
    await this.promptRefund(refundId);
    return refundId;
  }

  /** Finishes every refund still owed (the per-minute sweep): pending ones, and notices not sent. */
  async refundPending(): Promise<number> {
    const ids = await this.deps.repo.refundsToProcess(50);
    for (const id of ids) {
      try {
        await this.processRefund(id);
      } catch (err) {
        this.deps.log.warn({ err, refundId: id }, 'refund not finished; the next sweep tries again');
      }
    }
    return ids.length;
  }
}

/** Whether a PostgreSQL error (or its cause) is a CHECK violation of `constraint`. */
export function violates(err: unknown, constraint: string): boolean {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const pgErr = e as { code?: string; constraint?: string; cause?: unknown };
    if (pgErr.code === '23514' && pgErr.constraint === constraint) return true;
    e = pgErr.cause;
  }
  return false;
}

/** What openPayment decided under the payable row lock: hand out an open payment, or start a new one. */
type Opened = { reused: PendingPayment } | { paymentId: string };

interface Applied {
  outcome: NotificationOutcome;
  /** The payable this apply paid (paid and late_rehold), for its owner's afterPaid. */
  paid?: Payable;
  /** The refund created with a refund_required outcome, for its job. */
  refundId?: string;
}
