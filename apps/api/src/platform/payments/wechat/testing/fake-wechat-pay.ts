import { generateKeyPairSync, type KeyObject, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  encryptResource,
  MAX_CLOCK_SKEW_SECONDS,
  parseAuthorization,
  publicKeyFrom,
  requestMessage,
  rsaVerify,
  signedHeaders,
} from '../wechat-pay.crypto';
import { beijingRfc3339 } from '../wechat-pay.gateway';

/*
 * A local stand-in for WeChat Pay API v3 (direct merchant) for the tests: it checks request
 * signatures with the merchant's public key as the real one does (401 SIGN_ERROR otherwise),
 * signs every answer with its own platform key, keeps transactions and refunds, and can "pay"
 * a transaction and build the encrypted, signed notification WeChat Pay would post.
 */

export interface FakeTransaction {
  outTradeNo: string;
  kind: 'JSAPI' | 'MWEB';
  appid: string;
  mchid: string;
  description: string;
  attach: string | undefined;
  notifyUrl: string;
  total: number;
  currency: string;
  openid: string | undefined;
  clientIp: string | undefined;
  prepayId: string;
  transactionId: string | null;
  tradeState: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'PAYERROR' | 'REFUND' | 'USERPAYING';
  successTime: string | null;
  refunded: number;
}

export interface FakeRefund {
  refundId: string;
  outRefundNo: string;
  outTradeNo: string;
  refund: number;
  total: number;
  status: 'SUCCESS' | 'PROCESSING';
}

export interface FakeNotification {
  url: string;
  body: string;
  headers: Record<string, string>;
}

/** Ways to spoil a notification, each of which our endpoint must refuse. */
export interface NotificationOptions {
  id?: string;
  /** Unix seconds of Wechatpay-Timestamp (default now). */
  timestamp?: number;
  /** Sign with another key than the platform key. */
  signWith?: KeyObject;
  /** Encrypt with another APIv3 key. */
  apiV3Key?: string;
  /** Report another amount than the transaction's. */
  total?: number;
  tradeState?: string;
}

type Reply = { status: number; json?: unknown; signed?: boolean };

export async function startFakeWechatPay(opts: {
  mchId: string;
  appId: string;
  apiV3Key: string;
  merchantPublicKey: KeyObject | string;
  merchantSerial: string;
  now?: () => Date;
}) {
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platformSerial = `PUB_KEY_ID_01${randomBytes(14).toString('hex').toUpperCase()}`;
  const merchantKey = publicKeyFrom(opts.merchantPublicKey);
  const now = opts.now ?? (() => new Date());
  const seconds = () => Math.floor(now().getTime() / 1000);
  const transactions = new Map<string, FakeTransaction>();
  const refunds = new Map<string, FakeRefund>();
  /** Every request, and whether its signature was accepted. */
  const requests: Array<{ method: string; path: string; body: string; accepted: boolean }> = [];
  /** Knobs for the replies: unsigned, or signed with a rogue key, to prove the adapter refuses them. */
  const state = {
    replies: 'signed' as 'signed' | 'unsigned' | 'rogue',
    refundStatus: 'SUCCESS' as FakeRefund['status'],
  };
  const rogue = generateKeyPairSync('rsa', { modulusLength: 2048 });

  const fail = (status: number, code: string, message: string): Reply => ({
    status,
    json: { code, message },
    signed: true,
  });

  function authorize(req: IncomingMessage, body: string): boolean {
    const auth = parseAuthorization(req.headers.authorization);
    if (!auth || auth.mchid !== opts.mchId || auth.serial_no !== opts.merchantSerial) return false;
    if (Math.abs(seconds() - Number(auth.timestamp)) > MAX_CLOCK_SKEW_SECONDS) return false;
    const message = requestMessage(req.method ?? 'GET', req.url ?? '/', auth.timestamp, auth.nonce_str, body);
    return rsaVerify(merchantKey, message, auth.signature);
  }

  function view(t: FakeTransaction) {
    return {
      appid: t.appid,
      mchid: t.mchid,
      out_trade_no: t.outTradeNo,
      ...(t.transactionId ? { transaction_id: t.transactionId } : {}),
      trade_type: t.kind,
      trade_state: t.tradeState,
      trade_state_desc: t.tradeState === 'SUCCESS' ? '支付成功' : t.tradeState,
      ...(t.attach ? { attach: t.attach } : {}),
      ...(t.successTime ? { success_time: t.successTime, bank_type: 'OTHERS' } : {}),
      ...(t.openid ? { payer: { openid: t.openid } } : {}),
      amount: {
        total: t.total,
        currency: t.currency,
        ...(t.transactionId ? { payer_total: t.total, payer_currency: t.currency } : {}),
      },
    };
  }

  function prepay(kind: FakeTransaction['kind'], body: Record<string, unknown>): Reply {
    const amount = body.amount as { total?: unknown; currency?: unknown } | undefined;
    const payer = body.payer as { openid?: unknown } | undefined;
    const scene = body.scene_info as { payer_client_ip?: unknown; h5_info?: { type?: unknown } } | undefined;
    if (body.appid !== opts.appId || body.mchid !== opts.mchId) {
      return fail(400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配');
    }
    const no = body.out_trade_no;
    if (typeof no !== 'string' || !/^[A-Za-z0-9_\-*|]{6,32}$/.test(no)) {
      return fail(400, 'PARAM_ERROR', '输入源"/body/out_trade_no"映射到值字段"商户订单号"字符串规则校验失败');
    }
    if (
      typeof body.description !== 'string' ||
      body.description.length === 0 ||
      body.description.length > 127
    ) {
      return fail(400, 'PARAM_ERROR', 'description');
    }
    if (typeof body.notify_url !== 'string' || !/^https?:\/\//.test(body.notify_url)) {
      return fail(400, 'PARAM_ERROR', 'notify_url');
    }
    if (!amount || !Number.isInteger(amount.total) || (amount.total as number) <= 0) {
      return fail(400, 'PARAM_ERROR', 'amount.total');
    }
    if (amount.currency !== undefined && amount.currency !== 'CNY')
      return fail(400, 'PARAM_ERROR', 'currency');
    if (
      body.time_expire !== undefined &&
      (typeof body.time_expire !== 'string' ||
        !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}([+-]\d{2}:\d{2})$/.test(body.time_expire) ||
        Date.parse(body.time_expire) < now().getTime() + 60_000)
    ) {
      return fail(400, 'PARAM_ERROR', 'time_expire');
    }
    if (kind === 'JSAPI' && (typeof payer?.openid !== 'string' || !payer.openid)) {
      return fail(400, 'PARAM_ERROR', 'payer.openid');
    }
    if (kind === 'MWEB' && (typeof scene?.payer_client_ip !== 'string' || !scene.h5_info?.type)) {
      return fail(400, 'PARAM_ERROR', 'scene_info');
    }
    const existing = transactions.get(no);
    if (existing) {
      if (existing.tradeState === 'SUCCESS' || existing.tradeState === 'REFUND') {
        return fail(400, 'ORDERPAID', '该订单已支付');
      }
      if (existing.kind !== kind || existing.total !== amount.total) {
        return fail(400, 'INVALID_REQUEST', '201 商户订单号重复');
      }
      return answerPrepay(existing);
    }
    const t: FakeTransaction = {
      outTradeNo: no,
      kind,
      appid: opts.appId,
      mchid: opts.mchId,
      description: body.description,
      attach: typeof body.attach === 'string' ? body.attach : undefined,
      notifyUrl: body.notify_url,
      total: amount.total as number,
      currency: 'CNY',
      openid: typeof payer?.openid === 'string' ? payer.openid : undefined,
      clientIp: typeof scene?.payer_client_ip === 'string' ? scene.payer_client_ip : undefined,
      prepayId: `wx${Date.now()}${randomBytes(8).toString('hex')}`,
      transactionId: null,
      tradeState: 'NOTPAY',
      successTime: null,
      refunded: 0,
    };
    transactions.set(no, t);
    return answerPrepay(t);
  }

  function answerPrepay(t: FakeTransaction): Reply {
    if (t.kind === 'JSAPI') return { status: 200, json: { prepay_id: t.prepayId }, signed: true };
    return {
      status: 200,
      json: {
        h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${t.prepayId}&package=${randomBytes(4).readUInt32BE()}`,
      },
      signed: true,
    };
  }

  function refund(body: Record<string, unknown>): Reply {
    const amount = body.amount as { refund?: unknown; total?: unknown; currency?: unknown } | undefined;
    const t = typeof body.out_trade_no === 'string' ? transactions.get(body.out_trade_no) : undefined;
    if (!t) return fail(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
    if (typeof body.out_refund_no !== 'string' || !/^[A-Za-z0-9_\-|*@]{1,64}$/.test(body.out_refund_no)) {
      return fail(400, 'PARAM_ERROR', 'out_refund_no');
    }
    const known = refunds.get(body.out_refund_no);
    if (known) return { status: 200, json: refundView(known, t), signed: true };
    if (t.tradeState !== 'SUCCESS' && t.tradeState !== 'REFUND') {
      return fail(400, 'INVALID_REQUEST', '订单未支付');
    }
    if (!amount || amount.total !== t.total || (amount.currency ?? 'CNY') !== t.currency) {
      return fail(400, 'PARAM_ERROR', 'amount.total 与原订单金额不一致');
    }
    const value = amount.refund;
    if (!Number.isInteger(value) || (value as number) <= 0 || (value as number) > t.total - t.refunded) {
      return fail(400, 'INVALID_REQUEST', '申请退款金额超过订单可退金额');
    }
    const r: FakeRefund = {
      refundId: `50${Date.now()}${randomBytes(4).toString('hex')}`,
      outRefundNo: body.out_refund_no,
      outTradeNo: t.outTradeNo,
      refund: value as number,
      total: t.total,
      status: state.refundStatus,
    };
    refunds.set(r.outRefundNo, r);
    t.refunded += r.refund;
    t.tradeState = 'REFUND';
    return { status: 200, json: refundView(r, t), signed: true };
  }

  function refundView(r: FakeRefund, t: FakeTransaction) {
    return {
      refund_id: r.refundId,
      out_refund_no: r.outRefundNo,
      transaction_id: t.transactionId,
      out_trade_no: t.outTradeNo,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      create_time: beijingRfc3339(now()),
      status: r.status,
      amount: {
        total: r.total,
        refund: r.refund,
        payer_total: r.total,
        payer_refund: r.refund,
        currency: t.currency,
      },
    };
  }

  function route(method: string, url: URL, body: string): Reply {
    const path = url.pathname;
    const json = (): Record<string, unknown> | null => {
      try {
        const v: unknown = JSON.parse(body);
        return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
      } catch {
        return null;
      }
    };
    if (method === 'POST' && (path === '/v3/pay/transactions/jsapi' || path === '/v3/pay/transactions/h5')) {
      const b = json();
      if (!b) return fail(400, 'PARAM_ERROR', 'body is not JSON');
      return prepay(path.endsWith('jsapi') ? 'JSAPI' : 'MWEB', b);
    }
    const query = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(path);
    if (method === 'GET' && query) {
      if (url.searchParams.get('mchid') !== opts.mchId) return fail(400, 'PARAM_ERROR', 'mchid');
      const t = transactions.get(decodeURIComponent(query[1]!));
      if (!t) return fail(404, 'ORDER_NOT_EXIST', '订单不存在');
      return { status: 200, json: view(t), signed: true };
    }
    if (method === 'POST' && path === '/v3/refund/domestic/refunds') {
      const b = json();
      if (!b) return fail(400, 'PARAM_ERROR', 'body is not JSON');
      return refund(b);
    }
    return fail(404, 'NOT_FOUND', 'unknown path');
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://fake');
      const accepted = authorize(req, body);
      requests.push({ method: req.method ?? 'GET', path: req.url ?? '/', body, accepted });
      // The real service answers an unverifiable request 401 SIGN_ERROR, unsigned.
      const out: Reply = accepted
        ? route(req.method ?? 'GET', url, body)
        : { status: 401, json: { code: 'SIGN_ERROR', message: '签名错误' }, signed: false };
      const text = out.json === undefined ? '' : JSON.stringify(out.json);
      const headers: Record<string, string> = {
        'content-type': 'application/json; charset=utf-8',
        'request-id': randomUUID(),
      };
      if (out.signed && state.replies !== 'unsigned') {
        Object.assign(
          headers,
          signedHeaders({
            body: text,
            privateKey: state.replies === 'rogue' ? rogue.privateKey : platform.privateKey,
            serial: platformSerial,
            timestamp: seconds(),
          }),
        );
      }
      res.writeHead(out.status, headers);
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;

  function notification(no: string, o: NotificationOptions = {}): FakeNotification {
    const t = transactions.get(no);
    if (!t) throw new Error(`no transaction ${no}`);
    const tx = { ...view(t), ...(o.tradeState ? { trade_state: o.tradeState } : {}) };
    if (o.total !== undefined) tx.amount = { ...tx.amount, total: o.total, payer_total: o.total };
    const body = JSON.stringify({
      id: o.id ?? randomUUID(),
      create_time: beijingRfc3339(now()),
      resource_type: 'encrypt-resource',
      event_type: tx.trade_state === 'SUCCESS' ? 'TRANSACTION.SUCCESS' : 'TRANSACTION.CLOSED',
      summary: tx.trade_state === 'SUCCESS' ? '支付成功' : '交易关闭',
      resource: encryptResource(
        o.apiV3Key ?? opts.apiV3Key,
        JSON.stringify(tx),
        'transaction',
        'transaction',
      ),
    });
    return {
      url: t.notifyUrl,
      body,
      headers: {
        'content-type': 'application/json',
        ...signedHeaders({
          body,
          privateKey: o.signWith ?? platform.privateKey,
          serial: platformSerial,
          timestamp: o.timestamp ?? seconds(),
        }),
      },
    };
  }

  return {
    url: `http://127.0.0.1:${port}`,
    platformPublicKey: platform.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    platformSerial,
    transactions,
    refunds,
    requests,
    state,
    /** The payer pays: the transaction succeeds; answers the notification WeChat Pay would send. */
    pay(no: string): FakeNotification {
      const t = transactions.get(no);
      if (!t) throw new Error(`no transaction ${no}`);
      if (t.tradeState === 'NOTPAY' || t.tradeState === 'USERPAYING') {
        t.tradeState = 'SUCCESS';
        t.transactionId = `42${Date.now()}${randomBytes(5).toString('hex')}`.slice(0, 28);
        t.successTime = beijingRfc3339(now());
      }
      return notification(no);
    },
    notification,
    /** Posts a notification to its notify_url, as WeChat Pay does. */
    async deliver(n: FakeNotification): Promise<{ status: number; body: string }> {
      const res = await fetch(n.url, { method: 'POST', headers: n.headers, body: n.body });
      return { status: res.status, body: await res.text() };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeWechatPay = Awaited<ReturnType<typeof startFakeWechatPay>>;
