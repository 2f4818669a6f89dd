import { constants, createHmac, createPublicKey, publicEncrypt } from 'node:crypto';

/*
 * ABA PayWay's e-commerce checkout protocol (developer.payway.com.kh, "Ecommerce Checkout"):
 * the pieces both our adapter and the fake PayWay of the tests need, without I/O. Sources read
 * for this: the Purchase, Check transaction (check-transaction-2), Refund API and "Handle
 * callback" pages of the current developer portal, and the older paywaydr.ababank.com
 * "Create transaction" page. Where they disagree it is said where the choice is made.
 */

/** Purchase: the browser POSTs the form here (multipart/form-data) and gets PayWay's checkout page. */
export const PURCHASE_PATH = '/api/payment-gateway/v1/payments/purchase';
/** Check transaction (the "-2" version, JSON in and out); only transactions of the last 7 days. */
export const CHECK_TRANSACTION_PATH = '/api/payment-gateway/v1/payments/check-transaction-2';
/** Refund (JSON; merchant_auth RSA-encrypted); within 30 days of the purchase. */
export const REFUND_PATH = '/api/merchant-portal/merchant-access/online-transaction/refund';
/** The header carrying the pushback's signature, where PayWay sends one. */
export const PUSHBACK_SIGNATURE_HEADER = 'x-payway-hmac-sha512';

/**
 * The purchase hash: base64(HMAC-SHA512(these fields' values concatenated in this order, API key)),
 * an absent field counting as the empty string. The order is the current portal's. The older
 * "Create transaction" page also listed `ctid` and `pwt` (credentials on file) after `shipping`;
 * we never send them, so both readings give the same string.
 */
export const PURCHASE_HASH_FIELDS = [
  'req_time',
  'merchant_id',
  'tran_id',
  'amount',
  'items',
  'shipping',
  'firstname',
  'lastname',
  'email',
  'phone',
  'type',
  'payment_option',
  'return_url',
  'cancel_url',
  'continue_success_url',
  'return_deeplink',
  'currency',
  'custom_fields',
  'return_params',
  'payout',
  'lifetime',
  'additional_params',
  'google_pay_token',
  'skip_success_page',
] as const;
export type PurchaseField = (typeof PURCHASE_HASH_FIELDS)[number];
export type PurchaseFields = Partial<Record<PurchaseField, string>>;

/** PayWay's signature: base64 of HMAC-SHA512 of `message` keyed with the merchant's API key. */
export function abaHash(message: string, apiKey: string): string {
  return createHmac('sha512', apiKey).update(message, 'utf8').digest('base64');
}

export function purchaseHash(fields: PurchaseFields, apiKey: string): string {
  return abaHash(PURCHASE_HASH_FIELDS.map((f) => fields[f] ?? '').join(''), apiKey);
}

export function checkTransactionHash(reqTime: string, merchantId: string, tranId: string, apiKey: string) {
  return abaHash(`${reqTime}${merchantId}${tranId}`, apiKey);
}

export function refundHash(requestTime: string, merchantId: string, merchantAuth: string, apiKey: string) {
  return abaHash(`${requestTime}${merchantId}${merchantAuth}`, apiKey);
}

/**
 * The pushback signature of the current "Handle callback" page: the body's fields sorted by key,
 * their values concatenated (arrays and objects as JSON), HMAC-SHA512 in base64. The page names
 * the key only "YOUR_SECRET_KEY"; we take the API key, the only secret the merchant profile has.
 */
export function pushbackSignature(body: Record<string, unknown>, apiKey: string): string {
  const message = Object.keys(body)
    .sort()
    .map((k) => {
      const v = body[k];
      if (v === null || v === undefined) return '';
      return typeof v === 'object' ? JSON.stringify(v) : String(v);
    })
    .join('');
  return abaHash(message, apiKey);
}

/** PayWay's request time: UTC, YYYYMMDDHHmmss. */
export function abaTime(at: Date): string {
  return at.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** Minor units → PayWay's decimal amount (USD cents → "12.50"). Only USD is charged through PayWay here. */
export function formatAmount(minor: number, currency: string): string {
  if (currency !== 'USD') throw new Error(`ABA PayWay amounts are formatted for USD only, not ${currency}`);
  if (!Number.isInteger(minor) || minor < 0) throw new Error(`not an amount in minor units: ${minor}`);
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/** PayWay's decimal amount (a number or a string) → minor units; null when it is not an amount. */
export function parseAmount(value: unknown): number | null {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  if (!Number.isFinite(n) || n < 0) return null;
  return Math.round(n * 100);
}

/** The status of a transaction as check-transaction names it (payment_status). */
export type AbaPaymentStatus = 'APPROVED' | 'PENDING' | 'DECLINED' | 'REFUNDED' | 'CANCELLED';

/**
 * The refund call's merchant_auth: the JSON {mc_id, tran_id, refund_amount} encrypted with ABA's
 * RSA public key in chunks (PKCS#1 v1.5, as PHP's openssl_public_encrypt does), the ciphertexts
 * concatenated and base64-encoded. The page's chunk length is 117 bytes, which is what a 1024-bit
 * key allows; we take the key's own limit (modulus bytes - 11), the same for the key ABA issues.
 */
export function encryptMerchantAuth(json: string, publicKeyPem: string): string {
  const key = createPublicKey(publicKeyPem);
  const modulusBits = key.asymmetricKeyDetails?.modulusLength ?? 1024;
  const chunk = modulusBits / 8 - 11;
  const data = Buffer.from(json, 'utf8');
  const parts: Buffer[] = [];
  for (let i = 0; i < data.length; i += chunk) {
    parts.push(publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, data.subarray(i, i + chunk)));
  }
  return Buffer.concat(parts).toString('base64');
}

/** Base64 of a UTF-8 string (items, return_url, return_deeplink are sent this way). */
export function b64(value: string): string {
  return Buffer.from(value, 'utf8').toString('base64');
}
