import { randomInt, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
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
import {
  type AbaPaymentStatus,
  abaTime,
  b64,
  CHECK_TRANSACTION_PATH,
  checkTransactionHash,
  encryptMerchantAuth,
  formatAmount,
  PURCHASE_PATH,
  PUSHBACK_SIGNATURE_HEADER,
  type PurchaseFields,
  parseAmount,
  purchaseHash,
  pushbackSignature,
  REFUND_PATH,
  refundHash,
} from './aba.protocol';

export interface AbaGatewayOptions {
  merchantId: string;
  apiKey: string;
  /** PayWay's host (sandbox or production), no trailing slash. */
  apiUrl: string;
  /** ABA's RSA public key (PEM) for the refund call. */
  rsaPublicKey: string;
  now: () => Date;
  /** The HTTP client; tests may pass their own. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Our payment methods → PayWay's payment_option. */
const PAYMENT_OPTION: Record<string, string> = {
  card: 'cards',
  // The older page had a separate `abapay`; the current list has only `abapay_khqr`, whose checkout
  // shows the KHQR that ABA Mobile and every other KHQR bank app scan (and opens ABA Mobile on a phone).
  abapay: 'abapay_khqr',
  khqr: 'abapay_khqr',
};

const ZPushback = z.object({
  tran_id: z.union([z.string().min(1).max(40), z.number()]).transform(String),
  apv: z.union([z.string(), z.number()]).transform(String).optional(),
  status: z.union([z.string(), z.number()]).transform(String),
});

const ZDecimal = z.union([z.number(), z.string()]).nullish();
const ZCheckReply = z.object({
  data: z
    .object({
      payment_status: z.string(),
      original_amount: ZDecimal,
      total_amount: ZDecimal,
      payment_amount: ZDecimal,
      refund_amount: ZDecimal,
      original_currency: z.string().nullish(),
      payment_currency: z.string().nullish(),
      apv: z.union([z.string(), z.number()]).nullish(),
    })
    .nullish(),
  status: z.object({
    code: z.union([z.string(), z.number()]).transform(String),
    message: z.string().nullish(),
  }),
});
type CheckReply = z.infer<typeof ZCheckReply>;

const ZRefundReply = z.object({
  total_refunded: ZDecimal,
  transaction_status: z.string().nullish(),
  status: z.object({
    code: z.union([z.string(), z.number()]).transform(String),
    message: z.string().nullish(),
  }),
});

/** A transaction as check-transaction reports it; null when PayWay does not know the tran_id. */
interface Checked {
  status: AbaPaymentStatus | string;
  amount: number | null;
  currency: string;
  refunded: number;
  apv: string;
}

/** Refund answers that may succeed later (concurrent call, balance not yet enough): retried, never failed. */
const REFUND_RETRY_CODES = new Set(['PTL168', 'PTL181']);

/**
 * ABA PayWay (Cambodia): cards, ABA Pay and KHQR through PayWay's hosted checkout. getPayUrl hands
 * the browser the purchase form (checkoutUrl + form: the browser POSTs it, multipart/form-data,
 * to PayWay). PayWay's pushback to our notify URL is never trusted by itself: check-transaction
 * decides, and must say APPROVED with the same amount and currency. Refunds go through the
 * refund call, once per payment (see refund()).
 */
export class AbaPayWayGateway implements PaymentGateway {
  readonly name = 'aba';
  /** PayWay charges USD (or KHR); orders in another currency are converted to USD first. */
  readonly chargeCurrency = 'USD';
  private readonly http: typeof fetch;
  private readonly timeoutMs: number;

  constructor(private readonly options: AbaGatewayOptions) {
    this.http = options.fetch ?? fetch;
    this.timeoutMs = options.timeoutMs ?? 15_000;
  }

  /** A fresh tran_id (≤ 20 of [A-Za-z0-9-]): the order number and 6 random symbols, readable in PayWay's portal. */
  static tranId(orderNo: string): string {
    const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
    let tail = '';
    for (let i = 0; i < 6; i++) tail += alphabet[randomInt(alphabet.length)];
    return `${orderNo.replace(/[^A-Za-z0-9]/g, '').slice(0, 13)}-${tail}`;
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const { merchantId, apiKey, apiUrl } = this.options;
    const now = this.options.now();
    const tranId = AbaPayWayGateway.tranId(input.orderNo);
    const amount = formatAmount(input.amount, input.currency);
    // PayWay's lifetime is in minutes (3 minutes to 30 days): the checkout closes at the order's deadline.
    const minutes = Math.ceil((input.expiresAt.getTime() - now.getTime()) / 60_000);
    const fields: PurchaseFields = {
      req_time: abaTime(now),
      merchant_id: merchantId,
      tran_id: tranId,
      amount,
      items: b64(
        `[{"name":${JSON.stringify(`Wings Airways ${input.orderNo}`)},"quantity":1,"price":${amount}}]`,
      ),
      firstname: nameField(input.payer.firstName),
      lastname: nameField(input.payer.lastName),
      email: input.payer.email.length <= 50 ? input.payer.email : '',
      phone: input.payer.phone.replace(/\D/g, '').slice(0, 20),
      type: 'purchase',
      payment_option: PAYMENT_OPTION[input.method] ?? '',
      // The pushback URL. The older page asks for it base64-encoded, the current one only says
      // "URL"; the SDKs ABA points to encode it, and so do we.
      return_url: b64(input.notifyUrl),
      cancel_url: input.cancelUrl,
      continue_success_url: input.returnUrl,
      currency: input.currency,
      lifetime: String(Math.min(Math.max(minutes, 3), 43_200)),
    };
    const form: Record<string, string> = {};
    for (const [k, v] of Object.entries(fields)) if (v) form[k] = v;
    // Every field posted is in the hash; fields left out count as empty, which is the same string.
    form.hash = purchaseHash(fields, apiKey);
    // PayWay's payment page language is chosen by a `language` request header (en, km), which a
    // browser form cannot set: the page follows PayWay's own default. input.language is unused.
    return { checkoutUrl: `${apiUrl}${PURCHASE_PATH}`, form, clientParams: null, gatewayReference: tranId };
  }

  async verifyNotification(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<VerifiedNotification> {
    const body = parseBody(rawBody);
    if (!body) throw new NotificationRejected('pushback is not JSON or a form');
    const signature = headers[PUSHBACK_SIGNATURE_HEADER];
    if (typeof signature === 'string') {
      const expected = Buffer.from(pushbackSignature(body, this.options.apiKey));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new NotificationRejected('bad pushback signature');
      }
    }
    const parsed = ZPushback.safeParse(body);
    if (!parsed.success) throw new NotificationRejected('malformed pushback');
    const { tran_id: tranId } = parsed.data;
    const saysPaid = parsed.data.status === '0' || parsed.data.status === '00';
    // The pushback is only a prompt: PayWay's check-transaction is the truth.
    const checked = await this.check(tranId);
    if (!checked) throw new NotificationRejected('transaction unknown to PayWay');
    let status: 'succeeded' | 'failed';
    if (checked.status === 'APPROVED') status = 'succeeded';
    else if (!saysPaid && (checked.status === 'DECLINED' || checked.status === 'CANCELLED'))
      status = 'failed';
    else throw new NotificationRejected(`pushback not confirmed: PayWay says ${checked.status}`);
    if (checked.amount === null) throw new NotificationRejected('PayWay gave no amount');
    return {
      // One event per transaction state: a replayed pushback is the same event, a duplicate.
      eventId: `${tranId}:${checked.status}:${checked.apv}`,
      gatewayReference: tranId,
      status,
      amount: checked.amount,
      currency: checked.currency,
    };
  }

  async queryPayment(ref: GatewayPaymentRef): Promise<PaymentQueryResult> {
    const checked = await this.check(ref.gatewayReference);
    // Not known yet: the browser has not posted the purchase form (or not reached PayWay).
    if (!checked) return { status: 'pending', amount: ref.amount, currency: ref.currency };
    const status: PaymentQueryResult['status'] =
      checked.status === 'APPROVED'
        ? 'succeeded'
        : checked.status === 'REFUNDED'
          ? 'refunded'
          : checked.status === 'DECLINED' || checked.status === 'CANCELLED'
            ? 'failed'
            : 'pending';
    return { status, amount: checked.amount ?? ref.amount, currency: checked.currency || ref.currency };
  }

  /**
   * Refunds a payment. PayWay's refund call has no idempotency key (a second call refunds again,
   * until the total paid), so the transaction is checked first: when PayWay already shows at least
   * what our other refunds of the payment took (refundedBefore) plus this amount refunded, the
   * earlier call went through and nothing is sent again. (A payment's refunds are several only
   * when partial; the database keeps their sum within the amount paid.)
   */
  async refund(input: RefundInput): Promise<RefundResult> {
    const { merchantId, apiKey, apiUrl, rsaPublicKey, now } = this.options;
    const done: RefundResult = {
      status: 'succeeded',
      gatewayRefundReference: `${input.gatewayReference}/refund`,
    };
    const before = await this.check(input.gatewayReference);
    if (!before) return { status: 'failed', gatewayRefundReference: null };
    const target = (input.refundedBefore ?? 0) + input.refundAmount;
    if (before.refunded >= target) return done;
    if (before.status !== 'APPROVED') return { status: 'failed', gatewayRefundReference: null };
    const merchantAuth = encryptMerchantAuth(
      `{"mc_id":${JSON.stringify(merchantId)},"tran_id":${JSON.stringify(input.gatewayReference)},"refund_amount":${formatAmount(input.refundAmount, input.currency)}}`,
      rsaPublicKey,
    );
    const requestTime = abaTime(now());
    const reply = await this.post(`${apiUrl}${REFUND_PATH}`, {
      request_time: requestTime,
      merchant_id: merchantId,
      merchant_auth: merchantAuth,
      hash: refundHash(requestTime, merchantId, merchantAuth, apiKey),
    });
    const parsed = ZRefundReply.safeParse(reply.json);
    const code = parsed.success ? parsed.data.status.code : '';
    if (code === '00') return done;
    if (REFUND_RETRY_CODES.has(code) || reply.status >= 500 || !parsed.success) {
      throw new GatewayUnavailable(`refund answered ${reply.status} ${code}`);
    }
    // PTL37 "exceeds the purchase amount": a concurrent or lost earlier call may have refunded it.
    const after = await this.check(input.gatewayReference);
    if (after && after.refunded >= target) return done;
    if (code === 'PTL02' || code === 'PTL62' || code === 'PTL63') {
      // Our keys or merchant profile are wrong: an operator must fix them; keep retrying meanwhile.
      throw new GatewayUnavailable(`refund refused by PayWay: ${code} ${parsed.data.status.message ?? ''}`);
    }
    return { status: 'failed', gatewayRefundReference: null };
  }

  /** check-transaction-2; null when PayWay does not know the tran_id (its code 6). */
  private async check(tranId: string): Promise<Checked | null> {
    const { merchantId, apiKey, apiUrl, now } = this.options;
    const reqTime = abaTime(now());
    const reply = await this.post(`${apiUrl}${CHECK_TRANSACTION_PATH}`, {
      req_time: reqTime,
      merchant_id: merchantId,
      tran_id: tranId,
      hash: checkTransactionHash(reqTime, merchantId, tranId, apiKey),
    });
    if (reply.status < 200 || reply.status >= 300) {
      throw new GatewayUnavailable(`check-transaction answered ${reply.status}`);
    }
    const parsed = ZCheckReply.safeParse(reply.json);
    if (!parsed.success) throw new GatewayUnavailable('check-transaction reply not understood');
    if (parsed.data.status.code === '6') return null;
    if (parsed.data.status.code !== '00' || !parsed.data.data) {
      throw new GatewayUnavailable(`check-transaction answered code ${parsed.data.status.code}`);
    }
    return toChecked(parsed.data.data);
  }

  private async post(url: string, body: Record<string, string>): Promise<{ status: number; json: unknown }> {
    let res: Response;
    try {
      res = await this.http(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new GatewayUnavailable(`PayWay unreachable: ${err instanceof Error ? err.message : String(err)}`);
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return { status: res.status, json };
  }
}

function toChecked(d: NonNullable<CheckReply['data']>): Checked {
  // The amount of the transaction as created: original_amount (total_amount is after a discount,
  // payment_amount what the payer's account was charged, possibly in another currency). The reply
  // names no "original currency" on the current page; older SDKs read original_currency, so it
  // wins when present, else payment_currency.
  return {
    status: d.payment_status.toUpperCase(),
    amount: parseAmount(d.original_amount) ?? parseAmount(d.total_amount),
    currency: (d.original_currency ?? d.payment_currency ?? '').toUpperCase(),
    refunded: parseAmount(d.refund_amount) ?? 0,
    apv: d.apv === null || d.apv === undefined ? '' : String(d.apv),
  };
}

/** First and last name as PayWay takes them: ≤ 20 characters, letters and spaces only. */
function nameField(value: string): string {
  return value
    .replace(/[^\p{L}\p{M} ]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 20)
    .trim();
}

/** The pushback body: JSON per the current page; a form body is accepted too. */
function parseBody(raw: string): Record<string, unknown> | null {
  const text = raw.trim();
  if (text.startsWith('{')) {
    try {
      const json: unknown = JSON.parse(text);
      return json && typeof json === 'object' && !Array.isArray(json)
        ? (json as Record<string, unknown>)
        : null;
    } catch {
      return null;
    }
  }
  if (!text.includes('=')) return null;
  return Object.fromEntries(new URLSearchParams(text));
}
