/**
 * The one interface every payment gateway adapter implements (issue 5, Gateways). The order
 * side (modules/payments) talks only to this, never to a gateway's own protocol.
 * Amounts are integers in the currency's minor unit (cents), as everywhere in the API.
 */
export interface CreatePaymentInput {
  /** Our payments.id. */
  paymentId: string;
  orderNo: string;
  amount: number;
  currency: string;
  /** Where the browser goes back after paying (the abaPayReturn deep link). */
  returnUrl: string;
  /** Where the gateway posts its server-to-server notifications. */
  notifyUrl: string;
}

export interface CreatedPayment {
  /** The hosted checkout page the traveller is sent to. */
  checkoutUrl: string;
  /** The gateway's own id of this payment. */
  gatewayReference: string;
}

/** A notification whose signature and timestamp were checked. */
export interface VerifiedNotification {
  /** Unique per notification at the gateway: the replay key (payment_events). */
  eventId: string;
  gatewayReference: string;
  status: 'succeeded' | 'failed';
  amount: number;
  currency: string;
}

export interface PaymentGateway {
  /** sandbox | aba | wechat: stored in payments.gateway. */
  readonly name: string;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** Throws NotificationRejected on a bad signature, a stale timestamp or a malformed body. */
  verifyNotification(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): VerifiedNotification;
  // Query (check-transaction) and refund join this interface with the ABA PayWay and WeChat
  // Pay adapters, which are the gateways that need them (issue 5, next step).
}

/** A notification that must not be trusted: the gateway is answered with a non-2xx. */
export class NotificationRejected extends Error {}
