import type { PayMethod, PayUrlResponse } from '@wings/contracts';
import { AppError } from '../../platform/errors';
import type { JobRunner, QueueOptions } from '../../platform/jobs/jobs';
import type { MailLang } from '../../platform/mail/layout';
import type { Mailer } from '../../platform/mail/mailer';
import { type RefundReason, refundNoticeMail } from '../../platform/mail/templates';
import {
  NotificationRejected,
  type PaymentGateway,
  payReturnPath,
  type VerifiedNotification,
} from '../../platform/payments/gateway';
import type { PurposeKeys } from '../../platform/secrets';
import { BookingRepository, isRetryableConflict } from '../booking/booking.repository';
import { type DetailCaller, mayActOnOrder } from '../orders/order-grant';
import { splitContactName } from './payer-name';
import {
  PaymentsRepository,
  type PayOrder,
  type PendingPayment,
  type StoredPayment,
  type SweepCursor,
} from './payments.repository';

/** The queue of ticket issuing: one job per paid order (singleton key = order id). */
export const TICKETING_JOB = 'ticketing';
/**
 * How the ticketing queue is worked (issue 9: at one order every 2 s a burst of 100 payments
 * waited 51 s). A payment's job wakes this process's workers at once; each worker takes up to
 * `batchSize` jobs per fetch and polls every second when idle; two per process, each holding
 * one database connection while it tickets. docs/operations.md Jobs.
 */
export const TICKETING_QUEUE: QueueOptions = {
  policy: 'short',
  retryLimit: 20,
  retryDelaySeconds: 5,
  batchSize: 20,
  workers: 2,
  pollingIntervalSeconds: 1,
};
/** Orders the ticketing sweep reads per page; it reads pages until none are left. */
export const TICKETING_SWEEP_PAGE = 100;
/** The cron job that tickets any paid order whose ticketing job was lost (a crash after payment). */
export const TICKETING_SWEEP_JOB = 'ticketing-sweep';
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
 * Payments one order may have pending at gateways at once, over all methods (issue 9: one order
 * was asked for 100). Each is asked of its gateway by the reconcile sweep for a day; a traveller
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
  /** The order-grant keys (platform/secrets.ts): the grants of guest orders are checked with them. */
  grantKeys: PurposeKeys;
  /** Gateways by name (sandbox, aba, wechat); the same Map the plugin registers them in. */
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
  airlineCode: string;
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
  /** 0 zh, 1 en, 2 km: the gateway page's language; the order's language by default. */
  language?: number;
}

/** A started payment: what getPayUrl answers, plus the in-app parameters (WeChat JSAPI) when there are any. */
export type StartedPayment = PayUrlResponse & { clientParams: Record<string, string> | null };

/** What processing a refund came to. */
export type RefundOutcome = 'succeeded' | 'pending' | 'failed' | 'missing';

const TRIES = 3;
const MAIL_LANG: Record<number, MailLang> = { 0: 'zh', 1: 'en', 2: 'km' };

/**
 * Payment, ticketing and refunds (issue 5, Exactly once). The money flow (STYLE.md §8): a payment
 * row is created pending; a verified notification (or a gateway query, reconcile) is stored by its
 * event id and, in the same transaction, moves the payment and the order by conditional UPDATEs,
 * so a replay or a crash at any point leaves them agreeing. Money that cannot be kept (a late
 * payment whose seats are gone, a second payment of a paid order) gets a refund row in that same
 * transaction. Ticketing and refunds are jobs after the commit, idempotent, each with a sweep
 * for a job lost to a crash.
 */
export class PaymentsService {
  /** Payment starts under way in this process, by order, gateway and checkout (see startPayment). */
  private readonly starting = new Map<string, Promise<StartedPayment>>();

  constructor(private readonly deps: PaymentsServiceDeps) {}

  /** The gateways by name: register one with `gateways.set(gateway.name, gateway)`. */
  get gateways(): Map<string, PaymentGateway> {
    return this.deps.gateways;
  }

  /** Sets the currency conversion (the WeChat module's exchange rates). */
  setConverter(convert: Convert): void {
    this.deps.convert = convert;
  }

  /**
   * The order, for its logged-in owner or a caller sending a grant for it (as getOrderDetail).
   * Anyone else, on a member's or a guest's order, is answered like an unknown order: order
   * numbers are sequential, so nothing may be learnt or done by trying them.
   */
  private async ownOrder(orderNo: string, caller: DetailCaller) {
    const order = await this.deps.repo.orderByNo(orderNo);
    if (!order || !mayActOnOrder(this.deps.grantKeys, order, caller, this.deps.now())) {
      throw new AppError('resourceNotFound');
    }
    return order;
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
   * of that method again, or a new pending one (see startPayment). An order the caller may not act
   * on answers payOrderNotFound (204), as an unknown one.
   */
  async getPayUrl(
    orderNo: string,
    method: PayMethod,
    caller: DetailCaller,
    options: StartPaymentOptions = { clientIp: '' },
  ): Promise<PayUrlResponse> {
    try {
      const { clientParams: _inApp, ...reply } = await this.startPayment(orderNo, method, caller, options);
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
   * gateway's currency (converted at the rate in force when it is not the order's), and what the
   * client needs to pay it: a checkout URL, a form to post there, or in-app parameters. The
   * order's open payment of the same checkout is answered again while its checkout works, and an
   * order has at most MAX_PENDING_PAYMENTS pending (issue 9).
   */
  async startPayment(
    orderNo: string,
    method: PayMethod,
    caller: DetailCaller,
    options: StartPaymentOptions,
  ): Promise<StartedPayment> {
    const order = await this.ownOrder(orderNo, caller);
    if (order.status === 1) throw new AppError('orderAlreadyPaid');
    if (order.status !== 0 || order.payDeadline <= this.deps.now()) throw new AppError('offerExpired');
    const gateway = this.gatewayFor(method);
    // A WeChat JSAPI checkout belongs to one payer: another openid (or none: H5) is another checkout.
    const checkoutKey = options.openid ? `${method}:openid:${options.openid}` : method;
    // Requests of this process for the same checkout share one start: a double tap, or a hundred
    // at once, get the one payment. Other processes meet the order row lock in openPayment.
    const flight = `${order.id}|${gateway.name}|${checkoutKey}`;
    const running = this.starting.get(flight);
    if (running) return running;
    const started = this.openPayment(order, method, gateway, checkoutKey, options).finally(() =>
      this.starting.delete(flight),
    );
    this.starting.set(flight, started);
    return started;
  }

  /**
   * The order's open payment of this checkout, handed out again, or a new one (issue 9). Under
   * the order row lock, so concurrent requests of any process agree: a pending payment of the
   * same gateway, checkout and amount whose checkout still works is answered again without
   * asking the gateway; one being started by another request answers paymentStarting; past
   * MAX_PENDING_PAYMENTS pending payments the order gets no more. The gateway is asked after the
   * commit: no connection or lock is held while it answers.
   */
  private async openPayment(
    order: PayOrder,
    method: PayMethod,
    gateway: PaymentGateway,
    checkoutKey: string,
    options: StartPaymentOptions,
  ): Promise<StartedPayment> {
    const currency = gateway.chargeCurrency ?? order.currency;
    let amount: number;
    if (this.deps.devPayOneCent) {
      // Spec §9: in development every payment is 0.01, in whatever currency the gateway charges.
      amount = 1;
    } else {
      const total = await this.deps.repo.orderTotal(order.id);
      amount = currency === order.currency ? total : await this.convert(total, order.currency, currency);
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
      const locked = await tx.lockPayableOrder(order.id);
      if (locked?.status === 1) throw new AppError('orderAlreadyPaid');
      if (locked?.status !== 0 || locked.payDeadline <= now) throw new AppError('offerExpired');
      const pending = await tx.pendingPayments(order.id);
      const same = pending.filter((p) => p.gateway === gateway.name && p.checkoutKey === checkoutKey);
      const open = same.findLast(
        (p) =>
          p.gatewayReference !== null &&
          p.amount === amount &&
          p.currency === currency &&
          (p.checkoutExpiresAt ?? locked.payDeadline) > now,
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
        orderId: order.id,
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
    const { firstName, lastName } = splitContactName(
      order.contactName,
      await this.deps.repo.passengerSurnames(order.id),
    );
    let created: Awaited<ReturnType<PaymentGateway['createPayment']>>;
    try {
      created = await gateway.createPayment({
        paymentId,
        orderNo: order.orderNo,
        method,
        amount,
        currency,
        returnUrl: this.deps.appUrl(payReturnPath(order.orderNo)),
        cancelUrl: this.deps.appUrl(payReturnPath(order.orderNo, true)),
        notifyUrl: this.deps.notifyUrl(gateway.name),
        expiresAt: order.payDeadline,
        language: options.language ?? order.language,
        payer: {
          firstName,
          lastName,
          email: order.contactEmail,
          phone: `${order.contactCountryCode}${order.contactPhone}`,
        },
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
   * payment status: the order's pay status (0/1/2), its latest payment's status, tickets issued.
   * An unpaid order's pending payment is first asked of its gateway (reconcile), so a traveller
   * back from the gateway sees the payment even when its notification is late or lost.
   */
  async status(orderNo: string, caller: DetailCaller) {
    let order = await this.ownOrder(orderNo, caller);
    if (order.status !== 1) {
      try {
        await this.reconcileOrder(order);
        order = (await this.deps.repo.orderByNo(orderNo)) ?? order;
      } catch (err) {
        this.deps.log.warn({ err, orderNo }, 'could not ask the gateway; answering what is known');
      }
    }
    const payment = await this.deps.repo.latestPayment(order.id);
    return {
      status: order.status,
      paymentStatus: payment?.status ?? null,
      ticketsIssued: await this.deps.repo.ticketCount(order.id),
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
    const payment = await this.deps.repo.paymentByReference(gateway.name, n.gatewayReference);
    if (!payment) throw new NotificationRejected('unknown payment');
    if (n.amount !== payment.amount || n.currency !== payment.currency) {
      this.deps.log.warn(
        { paymentId: payment.id, amount: n.amount, currency: n.currency },
        'notification amount does not match the payment',
      );
      throw new NotificationRejected('amount or currency mismatch');
    }
    return this.applyVerified(gateway.name, payment, n);
  }

  /**
   * Asks the gateway about the order's latest pending payment and, when it says paid (or failed),
   * applies that exactly like a notification, under the event id `query:<reference>`: the
   * notification arriving later is then a harmless replay. For the pay status call and WeChat's
   * queryOrder.
   */
  async reconcile(orderNo: string, caller: DetailCaller): Promise<ReconcileOutcome> {
    return this.reconcileOrder(await this.ownOrder(orderNo, caller));
  }

  /**
   * Asks the gateways about every payment pending for more than RECONCILE_AFTER_MS (up to a
   * day): a traveller who paid and closed the tab, with the notification lost for good, still
   * gets the order paid and ticketed, or the money back. One gateway down does not stop the rest.
   */
  async reconcileStale(limit = 100): Promise<Record<ReconcileOutcome, number>> {
    const now = this.deps.now();
    const orderIds = await this.deps.repo.ordersWithStalePayments(
      new Date(now.getTime() - RECONCILE_WITHIN_MS),
      new Date(now.getTime() - RECONCILE_AFTER_MS),
      now,
      limit,
    );
    const counts = {} as Record<ReconcileOutcome, number>;
    for (const id of orderIds) {
      try {
        const outcome = await this.reconcileOrder({ id });
        counts[outcome] = (counts[outcome] ?? 0) + 1;
      } catch (err) {
        this.deps.log.warn(
          { err, orderId: id },
          'could not reconcile a pending payment; the sweep asks again',
        );
      }
      await this.deps.repo.markReconciled(id, now);
    }
    return counts;
  }

  private async reconcileOrder(order: { id: string }): Promise<ReconcileOutcome> {
    const payment = await this.deps.repo.latestPendingPayment(order.id);
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

  /** Applies a verified outcome (retrying a serialization conflict), then prompts the jobs it calls for. */
  private async applyVerified(
    gatewayName: string,
    payment: StoredPayment,
    n: VerifiedNotification,
  ): Promise<NotificationOutcome> {
    let result: Applied = { outcome: 'ignored' };
    // A replay already stored is answered without a transaction: gateways resend a lot. (One
    // racing its original past this read still meets the unique key inside apply.)
    if (await this.deps.repo.hasEvent(gatewayName, n.eventId)) {
      result = { outcome: 'duplicate' };
    } else {
      for (let attempt = 1; ; attempt++) {
        try {
          result = await this.apply(gatewayName, payment, n);
          break;
        } catch (err) {
          if (isRetryableConflict(err) && attempt < TRIES) continue;
          throw err;
        }
      }
    }
    // After the commit: prompts for the jobs (each sweep catches a lost one). A replay prompts
    // ticketing again only while the order is still owed tickets.
    const { outcome } = result;
    if (
      outcome === 'paid' ||
      outcome === 'late_rehold' ||
      (outcome === 'duplicate' && (await this.deps.repo.owesTickets(payment.orderId)))
    ) {
      await this.promptTicketing(payment.orderId);
    }
    if (result.refundId) await this.promptRefund(result.refundId);
    return outcome;
  }

  private async apply(
    gatewayName: string,
    payment: StoredPayment,
    n: VerifiedNotification,
  ): Promise<Applied> {
    const now = this.deps.now();
    const { id: paymentId, orderId } = payment;
    return this.deps.repo.transaction(async (tx, handle) => {
      // The event, the payment and the order commit together: a crash leaves none of them, and
      // the gateway's retry then applies the whole again.
      const fresh = await tx.insertEvent({
        paymentId,
        gateway: gatewayName,
        eventId: n.eventId,
        type: n.status,
        payload: { ...n },
        now,
      });
      if (!fresh) return { outcome: 'duplicate' };
      // Payment before order, always: the order row lock serializes payments of one order.
      const orderStatus = await tx.lockOrder(orderId);
      if (n.status === 'failed') {
        await tx.movePayment(paymentId, ['pending'], 'failed', now);
        return { outcome: 'failed' };
      }
      if (!(await tx.movePayment(paymentId, ['pending', 'failed', 'canceled'], 'succeeded', now))) {
        return { outcome: 'ignored' };
      }
      const actor = `gateway:${gatewayName}`;
      if (orderStatus === 0 && (await tx.markOrderPaid(orderId, now))) {
        await tx.insertOrderEvent(orderId, 'paid', actor, now, { paymentId });
        return { outcome: 'paid' };
      }
      if (orderStatus === 2) {
        // Paid after the deadline canceled the order: take its seats again if they are still there.
        const reheld = await handle
          .transaction(async (sp) => {
            const booking = new BookingRepository(sp);
            const sub = new PaymentsRepository(sp);
            const holds = await sub.releasedHolds(orderId);
            for (const h of holds) {
              if (!(await booking.takeSeats(h, now))) throw new SeatsGone();
              await sub.unreleaseHold(h.id, now);
            }
            if (!(await sub.reviveOrderPaid(orderId, now))) throw new SeatsGone();
            // The expiry gave the order's promo code use back: it is taken again (issue 9).
            await booking.retakePromoUse(orderId, now);
            return true;
          })
          .catch((err: unknown) => {
            if (err instanceof SeatsGone) return false;
            throw err;
          });
        if (reheld) {
          await tx.insertOrderEvent(orderId, 'paid', actor, now, { paymentId, late: true, reheld: true });
          return { outcome: 'late_rehold' };
        }
        const refundId = await this.markForRefund(tx, payment, 'seats_gone', now);
        await tx.insertOrderEvent(orderId, 'late_payment_refund', actor, now, {
          paymentId,
          refundId,
          reason: 'seats_gone',
        });
        this.deps.log.warn({ orderId, paymentId }, 'late payment: seats gone, marked for refund');
        return { outcome: 'refund_required', refundId };
      }
      // The order was already paid by another payment: this money goes back, never silently kept.
      const refundId = await this.markForRefund(tx, payment, 'duplicate_payment', now);
      await tx.insertOrderEvent(orderId, 'duplicate_payment_refund', actor, now, { paymentId, refundId });
      return { outcome: 'refund_required', refundId };
    });
  }

  /** succeeded → refund_required and its refund row, in the caller's transaction. */
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

  /**
   * Sends a refund to its gateway and tells the traveller. Any number of runs, concurrent or
   * repeated, refund once: the gateway gets the refund id as its idempotency key (no database
   * connection is held while it is asked), and the refund, the payment and the order's event
   * move by conditional UPDATEs in one transaction, which one run wins. On success, after that
   * commit, the notice goes to the order's contact in the order's language and is recorded
   * (order event refund_notified), so a failed or lost mail is sent by a later run.
   */
  async processRefund(refundId: string): Promise<RefundOutcome> {
    const r = await this.deps.repo.refundById(refundId);
    if (!r) return 'missing';
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
        reason: r.reason,
      });
      if (result.status === 'pending') return 'pending';
      const settled = result.status;
      outcome = await this.deps.repo.transaction(async (tx): Promise<RefundOutcome> => {
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
        if (settled === 'failed') {
          await tx.insertOrderEvent(r.orderId, 'refund_failed', actor, now, facts);
          this.deps.log.error(facts, 'the gateway refused a refund: staff must return this money');
          return 'failed';
        }
        await tx.movePayment(r.paymentId, ['refund_required'], 'refunded', now);
        await tx.insertOrderEvent(r.orderId, 'refunded', actor, now, facts);
        return 'succeeded';
      });
    }
    if (outcome === 'succeeded') await this.sendRefundNotice(refundId);
    return outcome;
  }

  /**
   * Mails the refund notice once it is refunded and not yet notified; true when sent by this call.
   * The refund row is locked while mailing (a concurrent run skips it), so one run sends it.
   */
  private async sendRefundNotice(refundId: string): Promise<boolean> {
    return this.deps.repo.transaction(async (tx) => {
      const r = await tx.refundById(refundId, true);
      if (r?.status !== 'succeeded' || (await tx.refundNotified(r.orderId, r.id))) return false;
      await this.deps.mailer.send(
        refundNoticeMail({
          to: r.contactEmail,
          lang: MAIL_LANG[r.language] ?? 'zh',
          contactName: r.contactName,
          orderNo: r.orderNo,
          amount: r.amount,
          currency: r.currency,
          reason: r.reason as RefundReason,
        }),
      );
      await tx.insertOrderEvent(r.orderId, 'refund_notified', 'system', this.deps.now(), {
        refundId: r.id,
        to: r.contactEmail,
      });
      return true;
    });
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

  private async promptTicketing(orderId: string): Promise<void> {
    try {
      await this.deps.jobs.send(TICKETING_JOB, { orderId }, { singletonKey: orderId });
    } catch (err) {
      this.deps.log.warn({ err, orderId }, 'could not enqueue ticketing; the sweep will ticket the order');
    }
  }

  /**
   * Issues the tickets of a paid order: one per passenger, coupons per segment. Any number of
   * runs, concurrent or repeated, issue one set: the order row lock serializes them and the
   * unique passenger key makes a second insert a no-op. Nothing for an order not paid.
   */
  async issueTickets(orderId: string): Promise<number> {
    return (await this.ticketOrder(orderId, false)) ?? 0;
  }

  /** issueTickets; with `skipLocked`, null at once when another transaction holds the order row. */
  private async ticketOrder(orderId: string, skipLocked: boolean): Promise<number | null> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.deps.repo.transaction(async (tx) => {
          const now = this.deps.now();
          const status = await tx.lockOrder(orderId, skipLocked);
          if (status === null && skipLocked) return null;
          if (status !== 1) return 0;
          const issued = await tx.issueTickets(orderId, this.deps.airlineCode, now);
          if (issued > 0 || !(await tx.hasOrderEvent(orderId, 'ticketed'))) {
            await tx.insertOrderEvent(orderId, 'ticketed', 'system', now, {
              tickets: await tx.ticketCount(orderId),
            });
          }
          return issued;
        });
      } catch (err) {
        if (isRetryableConflict(err) && attempt < TRIES) continue;
        throw err;
      }
    }
  }

  /**
   * Tickets every paid order still owed tickets (the per-minute sweep, for ticketing jobs lost
   * to a crash), however many: page after page of TICKETING_SWEEP_PAGE in (updated_at, id)
   * order until a page comes back short, so a backlog never outgrows it. An order another run
   * holds (a ticketing job, a concurrent sweep) is skipped, not waited for: that run tickets it.
   * One order failing is logged and left to the next sweep. The number of orders it ticketed.
   */
  async ticketMissing(pageSize = TICKETING_SWEEP_PAGE): Promise<number> {
    let ticketed = 0;
    let after: SweepCursor | null = null;
    for (;;) {
      const page = await this.deps.repo.untickedPaidOrders(pageSize, after);
      for (const { id } of page) {
        try {
          if ((await this.ticketOrder(id, true)) !== null) ticketed++;
        } catch (err) {
          this.deps.log.error(
            { err, orderId: id },
            'could not ticket a paid order; the next sweep tries again',
          );
        }
      }
      if (page.length < pageSize) return ticketed;
      after = page[page.length - 1] ?? null;
    }
  }
}

class SeatsGone extends Error {}

/** What openPayment decided under the order row lock: hand out an open payment, or start a new one. */
type Opened = { reused: PendingPayment } | { paymentId: string };

interface Applied {
  outcome: NotificationOutcome;
  /** The refund created with a refund_required outcome, for its job. */
  refundId?: string;
}
