import type { PayMethod, PayUrlResponse } from '@wings/contracts';
import { AppError } from '../../platform/errors';
import type { JobRunner } from '../../platform/jobs/jobs';
import { NotificationRejected, type PaymentGateway } from '../../platform/payments/gateway';
import { BookingRepository, isRetryableConflict } from '../booking/booking.repository';
import { PaymentsRepository } from './payments.repository';

/** The queue of ticket issuing: one job per paid order (singleton key = order id). */
export const TICKETING_JOB = 'ticketing';
/** The cron job that tickets any paid order whose ticketing job was lost (a crash after payment). */
export const TICKETING_SWEEP_JOB = 'ticketing-sweep';

interface Logger {
  warn(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
}

export interface PaymentsServiceDeps {
  repo: PaymentsRepository;
  gateways: Map<string, PaymentGateway>;
  /** The gateway new payments go to. */
  defaultGateway: string;
  jobs: Pick<JobRunner, 'send'>;
  now: () => Date;
  log: Logger;
  airlineCode: string;
  /** config DEV_PAY_ONE_CENT: every payment asks for 0.01. */
  devPayOneCent: boolean;
  /** Absolute URL of our notification endpoint for a gateway name. */
  notifyUrl: (gateway: string) => string;
}

export type NotificationOutcome =
  | 'paid'
  | 'failed'
  | 'duplicate'
  | 'ignored'
  | 'late_rehold'
  | 'refund_required';

const TRIES = 3;

/**
 * Payment and ticketing (issue 5, Exactly once). The money flow (STYLE.md §8): a payment row
 * is created pending; a verified notification is stored by its event id and, in the same
 * transaction, moves the payment and the order by conditional UPDATEs, so a replay or a crash
 * at any point leaves them agreeing. Ticketing is a job after the commit, idempotent by the
 * unique passenger key, with a sweep for a job lost to a crash.
 */
export class PaymentsService {
  constructor(private readonly deps: PaymentsServiceDeps) {}

  private async ownOrder(orderNo: string, userId: string | null) {
    const order = await this.deps.repo.orderByNo(orderNo);
    // Another user's order is answered like an unknown one (no probing of order numbers).
    if (!order || (order.userId !== null && order.userId !== userId)) throw new AppError('resourceNotFound');
    return order;
  }

  /** payment/getPayUrl: a new pending payment of an unpaid, unexpired order and its checkout URL. */
  async getPayUrl(orderNo: string, method: PayMethod, userId: string | null): Promise<PayUrlResponse> {
    const now = this.deps.now();
    const order = await this.ownOrder(orderNo, userId);
    if (order.status === 1) throw new AppError('orderAlreadyPaid');
    if (order.status !== 0 || order.payDeadline <= now) throw new AppError('offerExpired');
    const amount = this.deps.devPayOneCent ? 1 : await this.deps.repo.orderTotal(order.id);
    const gateway = this.gateway(this.deps.defaultGateway);
    const paymentId = await this.deps.repo.insertPayment({
      orderId: order.id,
      gateway: gateway.name,
      method,
      amount,
      currency: order.currency,
      now,
    });
    const created = await gateway.createPayment({
      paymentId,
      orderNo: order.orderNo,
      amount,
      currency: order.currency,
      returnUrl: `/#/pages/ticket/ticket-detail/ticket-detail?orderNo=${encodeURIComponent(order.orderNo)}`,
      notifyUrl: this.deps.notifyUrl(gateway.name),
    });
    await this.deps.repo.setGatewayReference(paymentId, created.gatewayReference, created.checkoutUrl);
    return {
      paymentId,
      gateway: gateway.name,
      checkoutUrl: created.checkoutUrl,
      form: null,
      amount: { amount, currency: order.currency as PayUrlResponse['amount']['currency'] },
    };
  }

  /** payment status: the order's pay status (0/1/2), its latest payment's status, tickets issued. */
  async status(orderNo: string, userId: string | null) {
    const order = await this.ownOrder(orderNo, userId);
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
   * fresh, for a known payment, with its amount and currency. Otherwise applied exactly once.
   */
  async handleNotification(
    gatewayName: string,
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<NotificationOutcome> {
    const gateway = this.gateway(gatewayName);
    const n = gateway.verifyNotification(rawBody, headers);
    const payment = await this.deps.repo.paymentByReference(gateway.name, n.gatewayReference);
    if (!payment) throw new NotificationRejected('unknown payment');
    if (n.amount !== payment.amount || n.currency !== payment.currency) {
      this.deps.log.warn(
        { paymentId: payment.id, amount: n.amount, currency: n.currency },
        'notification amount does not match the payment',
      );
      throw new NotificationRejected('amount or currency mismatch');
    }
    let outcome: NotificationOutcome = 'ignored';
    for (let attempt = 1; ; attempt++) {
      try {
        outcome = await this.apply(gateway.name, payment.id, payment.orderId, n);
        break;
      } catch (err) {
        if (isRetryableConflict(err) && attempt < TRIES) continue;
        throw err;
      }
    }
    // After the commit: a prompt for ticketing (the sweep catches it if this is lost). A replay
    // prompts again, harmlessly (one queued job per order).
    if (outcome === 'paid' || outcome === 'late_rehold' || outcome === 'duplicate') {
      await this.promptTicketing(payment.orderId);
    }
    return outcome;
  }

  private async apply(
    gatewayName: string,
    paymentId: string,
    orderId: string,
    n: { eventId: string; status: 'succeeded' | 'failed' },
  ): Promise<NotificationOutcome> {
    const now = this.deps.now();
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
      if (!fresh) return 'duplicate';
      // Payment before order, always: the order row lock serializes payments of one order.
      const orderStatus = await tx.lockOrder(orderId);
      if (n.status === 'failed') {
        await tx.movePayment(paymentId, ['pending'], 'failed', now);
        return 'failed';
      }
      if (!(await tx.movePayment(paymentId, ['pending', 'failed'], 'succeeded', now))) return 'ignored';
      const actor = `gateway:${gatewayName}`;
      if (orderStatus === 0 && (await tx.markOrderPaid(orderId, now))) {
        await tx.insertOrderEvent(orderId, 'paid', actor, now, { paymentId });
        return 'paid';
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
            return true;
          })
          .catch((err: unknown) => {
            if (err instanceof SeatsGone) return false;
            throw err;
          });
        if (reheld) {
          await tx.insertOrderEvent(orderId, 'paid', actor, now, { paymentId, late: true, reheld: true });
          return 'late_rehold';
        }
        await tx.movePayment(paymentId, ['succeeded'], 'refund_required', now);
        await tx.insertOrderEvent(orderId, 'late_payment_refund', actor, now, {
          paymentId,
          reason: 'seats_gone',
        });
        this.deps.log.warn({ orderId, paymentId }, 'late payment: seats gone, marked for refund');
        return 'refund_required';
      }
      // The order was already paid by another payment: this money goes back, never silently kept.
      await tx.movePayment(paymentId, ['succeeded'], 'refund_required', now);
      await tx.insertOrderEvent(orderId, 'duplicate_payment_refund', actor, now, { paymentId });
      return 'refund_required';
    });
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
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.deps.repo.transaction(async (tx) => {
          const now = this.deps.now();
          if ((await tx.lockOrder(orderId)) !== 1) return 0;
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

  /** Tickets every paid order still missing a ticket (the per-minute sweep). */
  async ticketMissing(): Promise<number> {
    const ids = await this.deps.repo.untickedPaidOrders(100);
    for (const id of ids) await this.issueTickets(id);
    return ids.length;
  }
}

class SeatsGone extends Error {}
