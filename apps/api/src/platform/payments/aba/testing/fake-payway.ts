import { constants, generateKeyPairSync, type KeyObject, privateDecrypt, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type AbaPaymentStatus,
  CHECK_TRANSACTION_PATH,
  checkTransactionHash,
  formatAmount,
  PURCHASE_HASH_FIELDS,
  PURCHASE_PATH,
  PUSHBACK_SIGNATURE_HEADER,
  type PurchaseFields,
  parseAmount,
  purchaseHash,
  pushbackSignature,
  REFUND_PATH,
  refundHash,
} from '../aba.protocol';

/*
 * A local stand-in for ABA PayWay's e-commerce checkout, implementing the documented calls and
 * checking what PayWay checks: the purchase form's hash (a tampered form is refused), check-
 * transaction's hash, the refund call's hash and its RSA-encrypted merchant_auth (decrypted with
 * the private half of the key pair it made; adapters get the public half as ABA_RSA_PUBLIC_KEY).
 * approve() and decline() stand for the payer on PayWay's page: they settle the transaction and
 * post the pushback to the return_url the purchase named. Tests only.
 */

export interface FakeTransaction {
  tranId: string;
  /** Minor units. */
  amount: number;
  currency: string;
  status: AbaPaymentStatus;
  refunded: number;
  apv: string;
  paymentOption: string;
  /** The pushback URL (return_url, base64-decoded). */
  pushbackUrl: string;
  continueSuccessUrl: string;
  cancelUrl: string;
  lifetimeMinutes: number | null;
}

/** Sends a pushback; the fake's default posts it over HTTP. Answers the HTTP status. */
export type PushbackDeliver = (url: string, body: string, headers: Record<string, string>) => Promise<number>;

export interface FakePayWay {
  url: string;
  merchantId: string;
  apiKey: string;
  /** PEM, for ABA_RSA_PUBLIC_KEY. */
  rsaPublicKey: string;
  transactions: Map<string, FakeTransaction>;
  /** Every call, in order: its path and the PayWay status code answered. */
  calls: { path: string; code: string }[];
  /** The payer pays: APPROVED, then the pushback (status 0). The pushback's HTTP status. */
  approve(tranId: string): Promise<number>;
  /** The payer's payment is declined: DECLINED, then the pushback (a non-zero status). */
  decline(tranId: string): Promise<number>;
  /** Posts a pushback for the transaction as it is, or with the status given (a forgery). */
  pushback(tranId: string, status?: string): Promise<number>;
  close(): Promise<void>;
}

type Reply = { status?: number; type?: string; body: string };

const json = (value: unknown, status = 200): Reply => ({
  status,
  type: 'application/json',
  body: JSON.stringify(value),
});
const failure = (code: string, message: string, status = 403) => json({ status: { code, message } }, status);

export async function startFakePayWay(
  options: { merchantId?: string; apiKey?: string; deliver?: PushbackDeliver; now?: () => Date } = {},
): Promise<FakePayWay> {
  const merchantId = options.merchantId ?? 'ec000042';
  const apiKey = options.apiKey ?? 'fake-payway-api-key-0123456789abcdef';
  const now = options.now ?? (() => new Date());
  // 1024 bits: the key size the refund page's 117-byte chunks are made for.
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
  const transactions = new Map<string, FakeTransaction>();
  const calls: FakePayWay['calls'] = [];
  const deliver: PushbackDeliver =
    options.deliver ??
    (async (url, body, headers) => {
      const res = await fetch(url, { method: 'POST', headers, body });
      return res.status;
    });

  async function purchase(req: IncomingMessage, raw: Buffer): Promise<Reply> {
    const type = req.headers['content-type'] ?? '';
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(raw), { headers: { 'content-type': type } }).formData();
    } catch {
      return failure('4', 'Parameter validation required', 400);
    }
    const fields: PurchaseFields = {};
    for (const f of PURCHASE_HASH_FIELDS) {
      const v = form.get(f);
      if (typeof v === 'string') fields[f] = v;
    }
    const hash = form.get('hash');
    if (
      !fields.req_time ||
      !fields.merchant_id ||
      !fields.tran_id ||
      !fields.amount ||
      typeof hash !== 'string'
    ) {
      return failure('4', 'Parameter validation required', 400);
    }
    if (fields.merchant_id !== merchantId) return failure('PTL62', 'Invalid merchant information');
    if (purchaseHash(fields, apiKey) !== hash) return failure('1', 'Wrong Hash');
    if (!/^[A-Za-z0-9-]{1,20}$/.test(fields.tran_id)) return failure('5', 'Invalid tran_id', 400);
    const amount = parseAmount(fields.amount);
    if (amount === null || amount < 1) return failure('5', 'Invalid amount', 400);
    if (!transactions.has(fields.tran_id)) {
      transactions.set(fields.tran_id, {
        tranId: fields.tran_id,
        amount,
        currency: fields.currency || 'USD',
        status: 'PENDING',
        refunded: 0,
        apv: '',
        paymentOption: fields.payment_option ?? '',
        pushbackUrl: fields.return_url ? Buffer.from(fields.return_url, 'base64').toString('utf8') : '',
        continueSuccessUrl: fields.continue_success_url ?? '',
        cancelUrl: fields.cancel_url ?? '',
        lifetimeMinutes: fields.lifetime ? Number(fields.lifetime) : null,
      });
    }
    const t = transactions.get(fields.tran_id);
    return {
      type: 'text/html; charset=utf-8',
      body: `<!doctype html><html><head><meta charset="utf-8"><title>PayWay - Checkout</title></head><body><p>${t?.tranId} ${fields.amount} ${t?.currency}</p></body></html>`,
    };
  }

  function checkTransaction(body: Record<string, unknown>): Reply {
    const { req_time: reqTime, merchant_id: mid, tran_id: tranId, hash } = body;
    if (typeof reqTime !== 'string' || typeof mid !== 'string' || typeof tranId !== 'string') {
      return failure('4', 'Parameter validation required', 400);
    }
    if (hash !== checkTransactionHash(reqTime, mid, tranId, apiKey) || mid !== merchantId) {
      return failure('1', 'Wrong Hash.');
    }
    const t = transactions.get(tranId);
    if (!t) return json({ status: { code: '6', message: 'tran_id not found', tran_id: tranId } });
    const codes: Record<AbaPaymentStatus, number> = {
      APPROVED: 0,
      PENDING: 2,
      DECLINED: 3,
      REFUNDED: 4,
      CANCELLED: 7,
    };
    return json({
      data: {
        payment_status_code: codes[t.status],
        total_amount: Number(formatAmount(t.amount, 'USD')),
        original_amount: Number(formatAmount(t.amount, 'USD')),
        refund_amount: Number(formatAmount(t.refunded, 'USD')),
        discount_amount: 0,
        payment_amount: t.status === 'PENDING' ? 0 : Number(formatAmount(t.amount, 'USD')),
        payment_currency: t.currency,
        apv: t.apv,
        payment_status: t.status,
        transaction_date: now().toISOString().replace('T', ' ').slice(0, 19),
      },
      status: { code: '00', message: 'Success!', tran_id: tranId },
    });
  }

  function refund(body: Record<string, unknown>): Reply {
    const { request_time: requestTime, merchant_id: mid, merchant_auth: auth, hash } = body;
    if (typeof requestTime !== 'string' || typeof mid !== 'string' || typeof auth !== 'string') {
      return failure('PTL04', 'Parameter validation required', 400);
    }
    if (mid !== merchantId || hash !== refundHash(requestTime, mid, auth, apiKey))
      return failure('PTL02', 'Wrong Hash');
    let inner: { mc_id?: unknown; tran_id?: unknown; refund_amount?: unknown };
    try {
      inner = JSON.parse(decryptChunks(Buffer.from(auth, 'base64'), privateKey));
    } catch {
      return failure('PTL05', 'Parameter invalid format', 400);
    }
    if (inner.mc_id !== merchantId) return failure('PTL62', 'Invalid merchant information');
    const t = typeof inner.tran_id === 'string' ? transactions.get(inner.tran_id) : undefined;
    if (!t || (t.status !== 'APPROVED' && t.status !== 'REFUNDED')) {
      return failure('PTL36', 'Transaction not found or is invalid');
    }
    const amount = parseAmount(inner.refund_amount);
    if (amount === null || amount < 1) return failure('PTL186', 'Invalid amount format', 400);
    if (t.refunded + amount > t.amount)
      return failure('PTL37', 'Refund amount cannot exceed the original purchase amount');
    t.refunded += amount;
    t.status = 'REFUNDED';
    return json({
      grand_total: Number(formatAmount(t.amount, 'USD')),
      total_refunded: Number(formatAmount(t.refunded, 'USD')),
      currency: t.currency,
      transaction_status: 'REFUNDED',
      status: { code: '00', message: 'Success!' },
    });
  }

  async function route(req: IncomingMessage, raw: Buffer): Promise<Reply> {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    if (req.method !== 'POST') return { status: 405, body: 'Method Not Allowed' };
    if (path === PURCHASE_PATH) return purchase(req, raw);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    } catch {
      return failure('4', 'Parameter validation required', 400);
    }
    if (path === CHECK_TRANSACTION_PATH) return checkTransaction(body);
    if (path === REFUND_PATH) return refund(body);
    return { status: 404, body: 'Not Found' };
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        let out: Reply;
        try {
          out = await route(req, Buffer.concat(chunks));
        } catch (err) {
          out = { status: 500, body: String(err) };
        }
        const path = new URL(req.url ?? '/', 'http://fake').pathname;
        let code = String(out.status ?? 200);
        try {
          const parsed = JSON.parse(out.body) as { status?: { code?: string } };
          code = parsed.status?.code ?? code;
        } catch {
          // HTML or text: the HTTP status stands for the code.
        }
        calls.push({ path, code });
        res.writeHead(out.status ?? 200, { 'content-type': out.type ?? 'text/plain' });
        res.end(out.body);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;

  async function pushback(tranId: string, status?: string): Promise<number> {
    const t = transactions.get(tranId);
    if (!t) throw new Error(`fake PayWay: no transaction ${tranId}`);
    const body = {
      tran_id: t.tranId,
      apv: t.apv,
      status: status ?? (t.status === 'APPROVED' ? '0' : '3'),
      return_params: '',
    };
    return deliver(t.pushbackUrl, JSON.stringify(body), {
      'content-type': 'application/json',
      [PUSHBACK_SIGNATURE_HEADER]: pushbackSignature(body, apiKey),
    });
  }

  return {
    url: `http://127.0.0.1:${port}`,
    merchantId,
    apiKey,
    rsaPublicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    transactions,
    calls,
    async approve(tranId) {
      const t = transactions.get(tranId);
      if (!t) throw new Error(`fake PayWay: no transaction ${tranId}`);
      if (t.status === 'PENDING') {
        t.status = 'APPROVED';
        t.apv = String(randomInt(100_000, 1_000_000));
      }
      return pushback(tranId);
    },
    async decline(tranId) {
      const t = transactions.get(tranId);
      if (!t) throw new Error(`fake PayWay: no transaction ${tranId}`);
      if (t.status === 'PENDING') t.status = 'DECLINED';
      return pushback(tranId);
    },
    pushback,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * RSA PKCS#1 v1.5 decryption, block by block. Node refuses PKCS#1 v1.5 in privateDecrypt since
 * CVE-2023-46809, so the fake decrypts raw and removes the padding itself (00 02 <random> 00 <data>).
 */
function decryptChunks(data: Buffer, key: KeyObject): string {
  const size = (key.asymmetricKeyDetails?.modulusLength ?? 1024) / 8;
  if (data.length === 0 || data.length % size !== 0) throw new Error('bad ciphertext length');
  const out: Buffer[] = [];
  for (let i = 0; i < data.length; i += size) {
    const block = privateDecrypt({ key, padding: constants.RSA_NO_PADDING }, data.subarray(i, i + size));
    if (block[0] !== 0 || block[1] !== 2) throw new Error('bad padding');
    const end = block.indexOf(0, 2);
    if (end < 10) throw new Error('bad padding');
    out.push(block.subarray(end + 1));
  }
  return Buffer.concat(out).toString('utf8');
}
