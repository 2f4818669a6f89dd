import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  type KeyObject,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/*
 * The cryptography of WeChat Pay API v3 (pay.weixin.qq.com, 签名生成 / 签名验证 / 回调报文解密):
 * SHA256-with-RSA request and response signatures and AEAD_AES_256_GCM notification resources.
 * Pure functions, shared by the gateway adapter and the local fake server of the tests.
 */

/** The Authorization scheme of every API v3 request. */
export const AUTH_SCHEME = 'WECHATPAY2-SHA256-RSA2048';
/** How far a signed reply or notification timestamp may be from our clock. */
export const MAX_CLOCK_SKEW_SECONDS = 5 * 60;

/** A PEM from configuration, where newlines may be written as `\n`. */
export function pemText(value: string): string {
  return value.replace(/\\n/g, '\n');
}

export function privateKeyFrom(pem: string | KeyObject): KeyObject {
  return typeof pem === 'string' ? createPrivateKey(pemText(pem)) : pem;
}

/** A public key from a PEM public key (WeChat Pay public key) or a PEM certificate (platform certificate). */
export function publicKeyFrom(pem: string | KeyObject): KeyObject {
  return typeof pem === 'string' ? createPublicKey(pemText(pem)) : pem;
}

/** A random string of letters and digits, as the protocol's nonce_str / nonceStr. */
export function nonceStr(length = 32): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(length);
  let out = '';
  // 248 = 4 × 62: bytes at or above it are skipped so every character is equally likely.
  for (let i = 0; out.length < length; i++) {
    const b = i < bytes.length ? bytes[i]! : randomBytes(1)[0]!;
    if (b < 248) out += alphabet[b % 62];
  }
  return out;
}

/**
 * The request signature message: five lines, each ending in \n, the last one included:
 * method, the URL path with its query (no scheme or host), timestamp, nonce, body ('' for GET).
 */
export function requestMessage(
  method: string,
  pathWithQuery: string,
  timestamp: string,
  nonce: string,
  body: string,
): string {
  return `${method.toUpperCase()}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;
}

/** The message a reply or notification signature covers: timestamp, nonce, body, each ending in \n. */
export function responseMessage(timestamp: string, nonce: string, body: string): string {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

/** Base64 SHA256-with-RSA (PKCS#1 v1.5) signature of a UTF-8 message. */
export function rsaSign(key: KeyObject, message: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(key, 'base64');
}

export function rsaVerify(key: KeyObject, message: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

export interface AuthorizationParts {
  mchid: string;
  nonce_str: string;
  signature: string;
  timestamp: string;
  serial_no: string;
}

/** `WECHATPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",signature="…",timestamp="…",serial_no="…"`. */
export function authorizationHeader(p: AuthorizationParts): string {
  return `${AUTH_SCHEME} mchid="${p.mchid}",nonce_str="${p.nonce_str}",signature="${p.signature}",timestamp="${p.timestamp}",serial_no="${p.serial_no}"`;
}

/** The parts of an Authorization header; null when it is not the API v3 scheme or misses a part. */
export function parseAuthorization(header: string | undefined): AuthorizationParts | null {
  if (!header?.startsWith(`${AUTH_SCHEME} `)) return null;
  const parts: Record<string, string> = {};
  for (const m of header.slice(AUTH_SCHEME.length + 1).matchAll(/(\w+)="([^"]*)"/g)) {
    parts[m[1]!] = m[2]!;
  }
  const { mchid, nonce_str, signature, timestamp, serial_no } = parts;
  if (!mchid || !nonce_str || !signature || !timestamp || !serial_no) return null;
  return { mchid, nonce_str, signature, timestamp, serial_no };
}

/** Signs a request: the Authorization header value for this method, path, body and moment. */
export function signRequest(args: {
  mchId: string;
  serialNo: string;
  privateKey: KeyObject;
  method: string;
  pathWithQuery: string;
  body: string;
  timestamp: number;
  nonce?: string;
}): string {
  const nonce = args.nonce ?? nonceStr();
  const timestamp = String(args.timestamp);
  const signature = rsaSign(
    args.privateKey,
    requestMessage(args.method, args.pathWithQuery, timestamp, nonce, args.body),
  );
  return authorizationHeader({
    mchid: args.mchId,
    nonce_str: nonce,
    signature,
    timestamp,
    serial_no: args.serialNo,
  });
}

export type SignatureCheck = 'ok' | 'missing' | 'serial' | 'stale' | 'signature';

/**
 * Checks the Wechatpay-* headers of a reply or notification: the serial names our configured
 * key, the timestamp is within five minutes of `nowSeconds`, and the signature covers the body.
 */
export function checkSignedHeaders(args: {
  headers: Record<string, string | string[] | undefined>;
  body: string;
  publicKey: KeyObject;
  serial: string;
  nowSeconds: number;
}): SignatureCheck {
  const h = (name: string) => {
    const v = args.headers[name] ?? args.headers[name.toLowerCase()];
    return Array.isArray(v) ? v[0] : v;
  };
  const timestamp = h('wechatpay-timestamp');
  const nonce = h('wechatpay-nonce');
  const signature = h('wechatpay-signature');
  const serial = h('wechatpay-serial');
  if (!timestamp || !nonce || !signature || !serial) return 'missing';
  if (!sameText(serial, args.serial)) return 'serial';
  if (
    !/^\d{1,12}$/.test(timestamp) ||
    Math.abs(args.nowSeconds - Number(timestamp)) > MAX_CLOCK_SKEW_SECONDS
  ) {
    return 'stale';
  }
  return rsaVerify(args.publicKey, responseMessage(timestamp, nonce, args.body), signature)
    ? 'ok'
    : 'signature';
}

/** The headers a signed reply or notification carries (used by the fake server and tests). */
export function signedHeaders(args: {
  body: string;
  privateKey: KeyObject;
  serial: string;
  timestamp: number;
  nonce?: string;
}): Record<string, string> {
  const nonce = args.nonce ?? nonceStr();
  const timestamp = String(args.timestamp);
  return {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-signature': rsaSign(args.privateKey, responseMessage(timestamp, nonce, args.body)),
    'wechatpay-serial': args.serial,
    'wechatpay-signature-type': AUTH_SCHEME,
  };
}

/** An encrypted resource of a notification. */
export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  associated_data?: string;
  nonce: string;
  original_type?: string;
}

const TAG_BYTES = 16;

/**
 * AEAD_AES_256_GCM with the APIv3 key: `ciphertext` is base64 of the encrypted bytes followed by
 * the 16-byte authentication tag; `nonce` (12 characters) and `associated_data` are plain text.
 * Throws when the key, nonce, associated data or ciphertext do not authenticate.
 */
export function decryptResource(apiV3Key: string, r: EncryptedResource): string {
  if (r.algorithm !== 'AEAD_AES_256_GCM') throw new Error(`unsupported algorithm ${r.algorithm}`);
  const key = Buffer.from(apiV3Key, 'utf8');
  if (key.length !== 32) throw new Error('the APIv3 key must be 32 bytes');
  const data = Buffer.from(r.ciphertext, 'base64');
  if (data.length <= TAG_BYTES) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(r.nonce, 'utf8'), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
  decipher.setAAD(Buffer.from(r.associated_data ?? '', 'utf8'));
  return Buffer.concat([
    decipher.update(data.subarray(0, data.length - TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}

/** The inverse of decryptResource, as WeChat Pay encrypts (used by the fake server). */
export function encryptResource(
  apiV3Key: string,
  plaintext: string,
  associatedData: string,
  originalType: string,
  nonce: string = nonceStr(12),
): EncryptedResource {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'), {
    authTagLength: TAG_BYTES,
  });
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    original_type: originalType,
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: body.toString('base64'),
    associated_data: associatedData,
    nonce,
  };
}

/**
 * The JSAPI / mini-program payment parameters (wx.requestPayment / WeixinJSBridge getBrandWCPayRequest):
 * paySign is SHA256-with-RSA over `appId\ntimeStamp\nnonceStr\npackage\n` with the merchant key.
 */
export function jsapiPayParams(args: {
  appId: string;
  prepayId: string;
  privateKey: KeyObject;
  timestamp: number;
  nonce?: string;
}): {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
} {
  const timeStamp = String(args.timestamp);
  const nonce = args.nonce ?? nonceStr();
  const pkg = `prepay_id=${args.prepayId}`;
  return {
    appId: args.appId,
    timeStamp,
    nonceStr: nonce,
    package: pkg,
    signType: 'RSA',
    paySign: rsaSign(args.privateKey, `${args.appId}\n${timeStamp}\n${nonce}\n${pkg}\n`),
  };
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
