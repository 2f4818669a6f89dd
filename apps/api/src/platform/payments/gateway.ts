/**
 * The one interface every payment gateway adapter implements (issue 5, Gateways). The order
 * side (modules/payments) talks only to this, never to a gateway's own protocol.
 * Amounts are integers in the currency's minor unit (cents; fen for CNY), as everywhere in the API.
 */
export interface CreatePaymentInput {
  /** Our payments.id. */
  paymentId: string;
  orderNo: string;
  /** card | abapay | khqr | wechat */
  method: string;
  /** What is charged, already converted when the gateway charges another currency. */
  amount: number;
  currency: string;
  /** Absolute URL the browser goes back to after paying (the abaPayReturn deep link to ticket detail). */
  returnUrl: string;
  /** Absolute URL the browser goes back to when the traveller cancels (ticket detail with payResult=fail). */
  cancelUrl: string;
  /** The order's payment deadline: a gateway that can should stop taking the payment then (ABA lifetime). */
  expiresAt: Date;
  /** Where the gateway posts its server-to-server notifications. */
  notifyUrl: string;
  /** 0 zh, 1 en, 2 km: the language of the gateway's pages where it has one. */
  language: number;
  /** The payer as the order's contact names them (ABA PayWay's purchase form asks for them). */
  payer: { firstName: string; lastName: string; email: string; phone: string };
  /** The traveller's address, which WeChat Pay H5 requires. */
  clientIp: string;
  /** WeChat JSAPI: the payer's openid for our app id. */
  openid?: string;
}

export interface CreatedPayment {
  /** The page the traveller is sent to; null when the payment opens inside the app (WeChat JSAPI). */
  checkoutUrl: string | null;
  /** Fields to POST to checkoutUrl (ABA PayWay's purchase form); null for a plain redirect. */
  form: Record<string, string> | null;
  /** Parameters the app passes to the in-app payment (WeChat JSAPI), signed by us; else null. */
  clientParams: Record<string, string> | null;
  /** The gateway's own id of this payment (ABA tran_id, WeChat out_trade_no, sandbox sbx_…). */
  gatewayReference: string;
  /**
   * When this checkout stops working, if the gateway ends it before the order's deadline (WeChat
   * Pay's H5 link lives 5 minutes, a JSAPI prepay_id 2 hours). Until then getPayUrl hands the
   * same checkout out again instead of starting another payment (issue 9).
   */
  checkoutExpiresAt?: Date;
}

/** A notification whose signature and timestamp were checked (and, where the gateway requires it, confirmed by a query). */
export interface VerifiedNotification {
  /** Unique per notification at the gateway: the replay key (payment_events). */
  eventId: string;
  gatewayReference: string;
  status: 'succeeded' | 'failed';
  amount: number;
  currency: string;
}

/** The identifiers of a payment at a gateway. */
export interface GatewayPaymentRef {
  paymentId: string;
  gatewayReference: string;
  amount: number;
  currency: string;
}

/** What the gateway says of a payment when asked (ABA check-transaction, WeChat query order). */
export interface PaymentQueryResult {
  status: 'pending' | 'succeeded' | 'failed' | 'refunded';
  amount: number;
  currency: string;
}

export interface RefundInput extends GatewayPaymentRef {
  /** Our payment_refunds.id: the gateway's idempotency key, so a retried refund pays once. */
  refundId: string;
  refundAmount: number;
  /**
   * What the gateway already refunded of this payment for our other refunds (those settled as
   * succeeded): a payment may have several partial refunds, so a gateway without an idempotency
   * key (ABA PayWay) knows this one is done once its total reaches this plus refundAmount.
   */
  refundedBefore?: number;
  reason: string;
}

export interface RefundResult {
  status: 'pending' | 'succeeded' | 'failed';
  gatewayRefundReference: string | null;
}

export interface PaymentGateway {
  /** sandbox | aba | wechat: stored in payments.gateway. */
  readonly name: string;
  /** The currency this gateway charges in, when it is not the order's (WeChat Pay: CNY). */
  readonly chargeCurrency?: string;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /**
   * Rejects with NotificationRejected on a bad signature, a stale timestamp, a malformed body,
   * or (ABA PayWay) a pushback that check-transaction does not confirm.
   */
  verifyNotification(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<VerifiedNotification>;
  queryPayment(ref: GatewayPaymentRef): Promise<PaymentQueryResult>;
  refund(input: RefundInput): Promise<RefundResult>;
}

/**
 * Where a gateway sends the browser back: the app's return-from-payment deep link (spec §2,
 * `abaPayReturn?orderNo=`), which opens the order's ticket detail; `payResult=fail` when the
 * traveller declined or cancelled, so the page offers to pay again.
 */
export function payReturnPath(orderNo: string, failed = false): string {
  return `/#/abaPayReturn?orderNo=${encodeURIComponent(orderNo)}${failed ? '&payResult=fail' : ''}`;
}

/** A notification that must not be trusted: the gateway is answered with a non-2xx. */
export class NotificationRejected extends Error {}

/** The gateway could not be reached or answered an error: the caller may retry later. */
export class GatewayUnavailable extends Error {}
