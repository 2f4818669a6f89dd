import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { PurposeKeys } from '../../secrets';
import {
  type CreatedPayment,
  type CreatePaymentInput,
  type GatewayPaymentRef,
  GatewayUnavailable,
  NotificationRejected,
  type PaymentGateway,
  type PaymentQueryResult,
  type RefundInput,
  type RefundResult,
  type VerifiedNotification,
} from '../gateway';
import { type SandboxLedger, sandboxRefundReference } from './sandbox.repository';

/** Header of a sandbox notification: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** How far a notification's timestamp may be from our clock (issue 5: 5 minutes). */
export const SANDBOX_TOLERANCE_SECONDS = 300;

const ZSandboxNotification = z.object({
  eventId: z.string().min(1).max(100),
  gatewayReference: z.string().min(1).max(100),
  status: z.enum(['succeeded', 'failed']),
  amount: z.number().int().min(0),
  currency: z.string().length(3),
});
export type SandboxNotification = z.infer<typeof ZSandboxNotification>;

/** The signature header of `rawBody` sent at `timestamp` (unix seconds). */
export function signSandbox(key: Buffer, rawBody: string, timestamp: number): string {
  const v1 = createHmac('sha256', key).update(`${timestamp}.${rawBody}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** The sandbox's own id of a payment. */
export function sandboxReference(paymentId: string): string {
  return `sbx_${paymentId}`;
}

/** A new notification body for a payment (a fresh event id each time). */
export function sandboxNotification(
  paymentId: string,
  status: 'succeeded' | 'failed',
  amount: number,
  currency: string,
  eventId: string = `evt_${randomUUID()}`,
): SandboxNotification {
  return { eventId, gatewayReference: sandboxReference(paymentId), status, amount, currency };
}

/**
 * The sandbox gateway (default outside production): a hosted checkout page served by this API
 * (sandbox.routes.ts), HMAC-signed notifications, and its own ledger (sandbox_transactions), so it
 * answers query and refund like a real gateway: from what it recorded, not from our payments.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox';

  constructor(
    /** The server secret's sandbox-payment keys (platform/secrets.ts): signs with the current one. */
    private readonly keys: PurposeKeys,
    private readonly now: () => Date,
    /** The sandbox's own records; only signing works without it. */
    private readonly ledger?: SandboxLedger,
  ) {}

  private book(): SandboxLedger {
    if (!this.ledger) throw new GatewayUnavailable('the sandbox gateway has no ledger');
    return this.ledger;
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const gatewayReference = sandboxReference(input.paymentId);
    await this.book().open({
      reference: gatewayReference,
      orderNo: input.orderNo,
      amount: input.amount,
      currency: input.currency,
      returnUrl: input.returnUrl,
      cancelUrl: input.cancelUrl,
      now: this.now(),
    });
    return {
      checkoutUrl: `/api/pay/sandbox/${input.paymentId}`,
      form: null,
      clientParams: null,
      gatewayReference,
    };
  }

  async queryPayment(ref: GatewayPaymentRef): Promise<PaymentQueryResult> {
    const t = await this.book().get(ref.gatewayReference);
    if (!t) throw new GatewayUnavailable('unknown sandbox transaction');
    const status = t.status as PaymentQueryResult['status'];
    return { status, amount: t.amount, currency: t.currency };
  }

  /** Refunds once per refund id (a retry answers the first result) and never beyond what was paid. */
  async refund(input: RefundInput): Promise<RefundResult> {
    const outcome = await this.book().refund({
      reference: input.gatewayReference,
      refundId: input.refundId,
      amount: input.refundAmount,
      now: this.now(),
    });
    const ok = outcome === 'refunded' || outcome === 'replayed';
    return {
      status: ok ? 'succeeded' : 'failed',
      gatewayRefundReference: ok ? sandboxRefundReference(input.refundId) : null,
    };
  }

  async verifyNotification(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<VerifiedNotification> {
    const header = headers[SANDBOX_SIGNATURE_HEADER];
    if (typeof header !== 'string') throw new NotificationRejected('no signature');
    const parts = new Map(
      header.split(',').map((p) => {
        const i = p.indexOf('=');
        return [p.slice(0, i).trim(), p.slice(i + 1).trim()] as const;
      }),
    );
    const t = Number(parts.get('t'));
    const v1 = parts.get('v1') ?? '';
    if (!Number.isInteger(t)) throw new NotificationRejected('bad timestamp');
    if (Math.abs(this.now().getTime() / 1000 - t) > SANDBOX_TOLERANCE_SECONDS) {
      throw new NotificationRejected('timestamp outside the tolerance');
    }
    const given = /^[0-9a-f]{64}$/.test(v1) ? Buffer.from(v1, 'hex') : Buffer.alloc(0);
    // Any accepted key: during a rotation, notifications signed under the previous secret still count.
    const genuine = this.keys.accepted.some((key) => {
      const expected = Buffer.from(signSandbox(key, rawBody, t).split('v1=')[1]!, 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
    if (!genuine) throw new NotificationRejected('bad signature');
    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      throw new NotificationRejected('body is not JSON');
    }
    const parsed = ZSandboxNotification.safeParse(json);
    if (!parsed.success) throw new NotificationRejected('malformed notification');
    return parsed.data;
  }

  /** Signs a body now, for the notification sender. */
  sign(rawBody: string): string {
    return signSandbox(this.keys.current, rawBody, Math.floor(this.now().getTime() / 1000));
  }
}
