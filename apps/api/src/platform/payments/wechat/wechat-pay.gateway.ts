import type { KeyObject } from 'node:crypto';
import { z } from 'zod';
import type { WechatPayConfig } from '../../../config';
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
  checkSignedHeaders,
  decryptResource,
  jsapiPayParams,
  nonceStr,
  privateKeyFrom,
  publicKeyFrom,
  signRequest,
} from './wechat-pay.crypto';

/** WeChat Pay answered an error (`{ code, message }` with a 4xx/5xx status). The caller may retry later. */
export class WechatPayApiError extends GatewayUnavailable {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`WeChat Pay ${status} ${code}: ${message}`);
  }
}

/** out_trade_no: 6 to 32 of letters, digits, _ and - (API v3 JSAPI/H5 下单). */
const OUT_TRADE_NO = /^[A-Za-z0-9_-]{6,32}$/;

/** Our payment id (a UUID) as an out_trade_no: its 32 hex digits without dashes. */
export function outTradeNo(paymentId: string): string {
  const no = paymentId.replace(/-/g, '');
  if (!OUT_TRADE_NO.test(no)) throw new Error(`payment id ${paymentId} cannot be an out_trade_no`);
  return no;
}

const ZNotification = z.object({
  id: z.string().min(1).max(64),
  event_type: z.string(),
  resource: z.object({
    algorithm: z.string(),
    ciphertext: z.string().min(1),
    associated_data: z.string().optional(),
    nonce: z.string().min(1),
    original_type: z.string().optional(),
  }),
});

const ZTransaction = z.object({
  appid: z.string(),
  mchid: z.string(),
  out_trade_no: z.string(),
  transaction_id: z.string().optional(),
  trade_state: z.string(),
  amount: z.object({ total: z.number().int().nonnegative(), currency: z.string() }),
});

const ZPrepay = z.object({ prepay_id: z.string().min(1) });
const ZH5 = z.object({ h5_url: z.url() });
const ZRefund = z.object({ refund_id: z.string().min(1), status: z.string() });
const ZError = z.object({ code: z.string(), message: z.string().optional() });

/** trade_state values (查询订单): the ones after which nothing more will happen to the payment. */
const FAILED_STATES = new Set(['CLOSED', 'REVOKED', 'PAYERROR']);

const TIMEOUT_MS = 10_000;
/**
 * How long a checkout may be handed out again (issue 9): WeChat Pay's h5_url works for 5 minutes
 * and a prepay_id for 2 hours; a minute less, so the traveller still has time to open it.
 */
const H5_CHECKOUT_MS = 4 * 60_000;
const JSAPI_CHECKOUT_MS = 119 * 60_000;

export interface WechatPayGatewayDeps {
  now: () => Date;
  /** What the traveller's WeChat bill says the payment is for (description, at most 127 characters). */
  describe?: (orderNo: string) => string;
  fetch?: typeof fetch;
}

/**
 * WeChat Pay API v3 for a directly connected merchant (直连商户): JSAPI prepay inside WeChat
 * (official account or mini-program, with the payer's openid) and H5 prepay in other mobile
 * browsers; query by out_trade_no; domestic refunds. Every request is signed with the merchant
 * key; every reply and notification must carry a valid WeChat Pay signature from the configured
 * platform key, within five minutes. It charges in CNY fen (booking-and-account.md §9): the
 * payments service converts before calling it.
 */
export class WechatPayGateway implements PaymentGateway {
  readonly name = 'wechat';
  readonly chargeCurrency = 'CNY';
  private readonly privateKey: KeyObject;
  private readonly platformKey: KeyObject;
  private readonly fetchImpl: typeof fetch;

  constructor(
    private readonly config: WechatPayConfig,
    private readonly deps: WechatPayGatewayDeps,
  ) {
    this.privateKey = privateKeyFrom(config.privateKey);
    this.platformKey = publicKeyFrom(config.platformPublicKey);
    this.fetchImpl = deps.fetch ?? fetch;
  }

  private seconds(): number {
    return Math.floor(this.deps.now().getTime() / 1000);
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    if (input.currency !== this.chargeCurrency) {
      throw new Error(`WeChat Pay charges CNY; the payment was asked in ${input.currency}`);
    }
    if (!Number.isInteger(input.amount) || input.amount <= 0) {
      throw new Error(`WeChat Pay needs a positive whole number of fen, not ${input.amount}`);
    }
    const no = outTradeNo(input.paymentId);
    const common = {
      appid: this.config.appId,
      mchid: this.config.mchId,
      description: (this.deps.describe?.(input.orderNo) ?? `Flight order ${input.orderNo}`).slice(0, 127),
      out_trade_no: no,
      attach: input.orderNo.slice(0, 128),
      notify_url: input.notifyUrl,
      amount: { total: input.amount, currency: 'CNY' },
      // WeChat Pay stops taking the payment at the order's deadline (it refuses one under a minute away).
      ...(input.expiresAt.getTime() - this.deps.now().getTime() > 60_000
        ? { time_expire: beijingRfc3339(input.expiresAt) }
        : {}),
    };
    if (input.openid) {
      const reply = ZPrepay.safeParse(
        await this.call('POST', '/v3/pay/transactions/jsapi', { ...common, payer: { openid: input.openid } }),
      );
      if (!reply.success) throw new GatewayUnavailable('WeChat Pay JSAPI prepay answered without prepay_id');
      return {
        checkoutUrl: null,
        form: null,
        clientParams: jsapiPayParams({
          appId: this.config.appId,
          prepayId: reply.data.prepay_id,
          privateKey: this.privateKey,
          timestamp: this.seconds(),
        }),
        gatewayReference: no,
        checkoutExpiresAt: new Date(this.deps.now().getTime() + JSAPI_CHECKOUT_MS),
      };
    }
    const reply = ZH5.safeParse(
      await this.call('POST', '/v3/pay/transactions/h5', {
        ...common,
        scene_info: { payer_client_ip: input.clientIp, h5_info: { type: 'Wap' } },
      }),
    );
    if (!reply.success) throw new GatewayUnavailable('WeChat Pay H5 prepay answered without h5_url');
    return {
      checkoutUrl: this.h5Url(reply.data.h5_url, input.returnUrl),
      form: null,
      clientParams: null,
      gatewayReference: no,
      checkoutExpiresAt: new Date(this.deps.now().getTime() + H5_CHECKOUT_MS),
    };
  }

  /** The H5 cashier URL with redirect_url, where WeChat sends the browser after paying (or not). */
  private h5Url(h5Url: string, returnUrl: string): string {
    if (!/^https?:\/\//.test(returnUrl)) return h5Url;
    return `${h5Url}${h5Url.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(returnUrl)}`;
  }

  async verifyNotification(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<VerifiedNotification> {
    const check = checkSignedHeaders({
      headers,
      body: rawBody,
      publicKey: this.platformKey,
      serial: this.config.platformSerial,
      nowSeconds: this.seconds(),
    });
    if (check !== 'ok') throw new NotificationRejected(`WeChat Pay notification: ${check}`);
    const envelope = ZNotification.safeParse(parseJson(rawBody));
    if (!envelope.success) throw new NotificationRejected('WeChat Pay notification: malformed body');
    let plain: string;
    try {
      plain = decryptResource(this.config.apiV3Key, envelope.data.resource);
    } catch {
      throw new NotificationRejected('WeChat Pay notification: resource does not decrypt');
    }
    const tx = ZTransaction.safeParse(parseJson(plain));
    if (!tx.success) throw new NotificationRejected('WeChat Pay notification: malformed transaction');
    const t = tx.data;
    if (t.mchid !== this.config.mchId || t.appid !== this.config.appId) {
      throw new NotificationRejected('WeChat Pay notification: another merchant or app');
    }
    let status: VerifiedNotification['status'];
    if (t.trade_state === 'SUCCESS') status = 'succeeded';
    else if (FAILED_STATES.has(t.trade_state)) status = 'failed';
    else throw new NotificationRejected(`WeChat Pay notification: trade_state ${t.trade_state}`);
    return {
      eventId: envelope.data.id,
      gatewayReference: t.out_trade_no,
      status,
      amount: t.amount.total,
      currency: t.amount.currency,
    };
  }

  async queryPayment(ref: GatewayPaymentRef): Promise<PaymentQueryResult> {
    let body: unknown;
    try {
      body = await this.call(
        'GET',
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(ref.gatewayReference)}?mchid=${encodeURIComponent(this.config.mchId)}`,
      );
    } catch (err) {
      // Never created at WeChat Pay (prepay failed or not yet made): nothing was paid.
      if (err instanceof WechatPayApiError && err.code === 'ORDER_NOT_EXIST') {
        return { status: 'pending', amount: ref.amount, currency: ref.currency };
      }
      throw err;
    }
    const tx = ZTransaction.safeParse(body);
    if (!tx.success) throw new GatewayUnavailable('WeChat Pay query answered an unexpected body');
    const state = tx.data.trade_state;
    const status: PaymentQueryResult['status'] =
      state === 'SUCCESS'
        ? 'succeeded'
        : state === 'REFUND'
          ? 'refunded'
          : FAILED_STATES.has(state)
            ? 'failed'
            : 'pending';
    return { status, amount: tx.data.amount.total, currency: tx.data.amount.currency };
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    if (input.currency !== this.chargeCurrency) {
      throw new Error(`WeChat Pay refunds CNY; the refund was asked in ${input.currency}`);
    }
    const reply = ZRefund.safeParse(
      await this.call('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: input.gatewayReference,
        // Our refund id: WeChat Pay refunds one out_refund_no once, however often it is sent.
        out_refund_no: input.refundId,
        reason: input.reason.slice(0, 80),
        amount: { refund: input.refundAmount, total: input.amount, currency: 'CNY' },
      }),
    );
    if (!reply.success) throw new GatewayUnavailable('WeChat Pay refund answered an unexpected body');
    const s = reply.data.status;
    return {
      status: s === 'SUCCESS' ? 'succeeded' : s === 'CLOSED' || s === 'ABNORMAL' ? 'failed' : 'pending',
      gatewayRefundReference: reply.data.refund_id,
    };
  }

  /**
   * One signed API v3 call. A 2xx reply must carry a valid signature from the platform key
   * (an unsigned success is to be taken as forged); an error reply becomes WechatPayApiError.
   */
  private async call(method: 'GET' | 'POST', pathWithQuery: string, payload?: object): Promise<unknown> {
    // The signed URL is the path and query exactly as requested (under any base path of apiUrl).
    const url = new URL(`${this.config.apiUrl.replace(/\/$/, '')}${pathWithQuery}`);
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': 'wings-api (WeChat Pay API v3)',
      // Names the key we verify with, so WeChat Pay signs its reply with the matching one.
      'wechatpay-serial': this.config.platformSerial,
      authorization: signRequest({
        mchId: this.config.mchId,
        serialNo: this.config.certSerial,
        privateKey: this.privateKey,
        method,
        pathWithQuery: `${url.pathname}${url.search}`,
        body,
        timestamp: this.seconds(),
        nonce: nonceStr(),
      }),
    };
    if (method === 'POST') headers['content-type'] = 'application/json';
    let res: Response;
    let text: string;
    try {
      res = await this.fetchImpl(url, {
        method,
        headers,
        ...(method === 'POST' ? { body } : {}),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      text = await res.text();
    } catch (err) {
      throw new GatewayUnavailable(`WeChat Pay unreachable: ${String(err)}`);
    }
    if (res.status < 200 || res.status >= 300) {
      const e = ZError.safeParse(parseJson(text));
      throw new WechatPayApiError(
        res.status,
        e.success ? e.data.code : 'UNKNOWN',
        e.success ? (e.data.message ?? '') : text.slice(0, 200),
      );
    }
    const check = checkSignedHeaders({
      headers: Object.fromEntries(res.headers.entries()),
      body: text,
      publicKey: this.platformKey,
      serial: this.config.platformSerial,
      nowSeconds: this.seconds(),
    });
    if (check !== 'ok') throw new GatewayUnavailable(`WeChat Pay reply refused: ${check}`);
    return text === '' ? null : parseJson(text);
  }
}

/** An instant as WeChat Pay writes times: RFC 3339 in Beijing time, 2024-05-20T13:29:35+08:00. */
export function beijingRfc3339(at: Date): string {
  return `${new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
