import { createCipheriv, generateKeyPairSync, sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  authorizationHeader,
  checkSignedHeaders,
  decryptResource,
  encryptResource,
  jsapiPayParams,
  nonceStr,
  parseAuthorization,
  requestMessage,
  responseMessage,
  signedHeaders,
  signRequest,
} from './wechat-pay.crypto';

const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
const API_V3_KEY = 'abcdefghijklmnopqrstuvwxyz012345';

describe('WeChat Pay API v3 signatures', () => {
  it('builds the request signature message as the documentation writes it, last line included', () => {
    // The documentation's own example (签名生成, 第六步), written out by hand.
    expect(
      requestMessage('GET', '/v3/certificates', '1554208460', '593BEC0C930BF1AFEB40B4A08C8FB242', ''),
    ).toBe('GET\n/v3/certificates\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n');
    expect(requestMessage('post', '/v3/pay/transactions/jsapi', '1', 'n', '{"a":1}')).toBe(
      'POST\n/v3/pay/transactions/jsapi\n1\nn\n{"a":1}\n',
    );
  });

  it('signs a request with RSA-SHA256 over that message, as computed independently', () => {
    const body = '{"appid":"wx1","amount":{"total":100,"currency":"CNY"}}';
    const header = signRequest({
      mchId: '1900009191',
      serialNo: '408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB',
      privateKey: merchant.privateKey,
      method: 'POST',
      pathWithQuery: '/v3/pay/transactions/jsapi?x=1',
      body,
      timestamp: 1554208460,
      nonce: '593BEC0C930BF1AFEB40B4A08C8FB242',
    });
    const expected = sign(
      'sha256',
      Buffer.from(
        `POST\n/v3/pay/transactions/jsapi?x=1\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n${body}\n`,
        'utf8',
      ),
      merchant.privateKey,
    ).toString('base64');
    expect(header).toBe(
      `WECHATPAY2-SHA256-RSA2048 mchid="1900009191",nonce_str="593BEC0C930BF1AFEB40B4A08C8FB242",signature="${expected}",timestamp="1554208460",serial_no="408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB"`,
    );
    expect(parseAuthorization(header)).toEqual({
      mchid: '1900009191',
      nonce_str: '593BEC0C930BF1AFEB40B4A08C8FB242',
      signature: expected,
      timestamp: '1554208460',
      serial_no: '408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB',
    });
    expect(parseAuthorization('Bearer x')).toBeNull();
    expect(
      parseAuthorization(
        authorizationHeader({ mchid: '1', nonce_str: '', signature: 's', timestamp: '1', serial_no: 's' }),
      ),
    ).toBeNull();
  });

  it('accepts a reply or notification signed by the platform key within five minutes, and nothing else', () => {
    const body = '{"id":"EV-1"}';
    const now = 1_700_000_000;
    const headers = signedHeaders({
      body,
      privateKey: platform.privateKey,
      serial: 'PUB_KEY_ID_1',
      timestamp: now,
    });
    expect(
      verify(
        'sha256',
        Buffer.from(`${now}\n${headers['wechatpay-nonce']}\n${body}\n`),
        platform.publicKey,
        Buffer.from(headers['wechatpay-signature']!, 'base64'),
      ),
    ).toBe(true);
    expect(responseMessage(String(now), 'n', body)).toBe(`${now}\nn\n${body}\n`);
    const check = (h: Record<string, string>, b = body, at = now, serial = 'PUB_KEY_ID_1') =>
      checkSignedHeaders({ headers: h, body: b, publicKey: platform.publicKey, serial, nowSeconds: at });
    expect(check(headers)).toBe('ok');
    expect(check(headers, body, now + 300)).toBe('ok');
    expect(check(headers, body, now + 301)).toBe('stale');
    expect(check(headers, body, now - 301)).toBe('stale');
    expect(check(headers, '{"id":"EV-2"}')).toBe('signature');
    expect(check(headers, `${body} `)).toBe('signature');
    expect(check(headers, body, now, 'PUB_KEY_ID_2')).toBe('serial');
    expect(check({ ...headers, 'wechatpay-timestamp': String(now + 1) })).toBe('signature');
    expect(check({ ...headers, 'wechatpay-nonce': 'other' })).toBe('signature');
    const rogue = signedHeaders({
      body,
      privateKey: merchant.privateKey,
      serial: 'PUB_KEY_ID_1',
      timestamp: now,
    });
    expect(check(rogue)).toBe('signature');
    const { 'wechatpay-signature': _dropped, ...unsigned } = headers;
    expect(check(unsigned)).toBe('missing');
  });

  it('signs the JSAPI pay parameters over appId, timeStamp, nonceStr and package', () => {
    const p = jsapiPayParams({
      appId: 'wx8888888888888888',
      prepayId: 'wx201410272009395522657a690389285100',
      privateKey: merchant.privateKey,
      timestamp: 1414561699,
      nonce: '5K8264ILTKCH16CQ2502SI8ZNMTM67VS',
    });
    expect(p).toMatchObject({
      appId: 'wx8888888888888888',
      timeStamp: '1414561699',
      nonceStr: '5K8264ILTKCH16CQ2502SI8ZNMTM67VS',
      package: 'prepay_id=wx201410272009395522657a690389285100',
      signType: 'RSA',
    });
    const message =
      'wx8888888888888888\n1414561699\n5K8264ILTKCH16CQ2502SI8ZNMTM67VS\nprepay_id=wx201410272009395522657a690389285100\n';
    expect(p.paySign).toBe(sign('sha256', Buffer.from(message), merchant.privateKey).toString('base64'));
  });

  it('makes nonces of letters and digits', () => {
    const n = nonceStr();
    expect(n).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(nonceStr(12)).toHaveLength(12);
    expect(new Set(Array.from({ length: 50 }, () => nonceStr())).size).toBe(50);
  });
});

describe('AEAD_AES_256_GCM notification resources', () => {
  it('decrypts a resource encrypted independently (tag after the ciphertext, base64)', () => {
    const nonce = 'fdasflkja484';
    const plain = '{"out_trade_no":"abc","trade_state":"SUCCESS"}';
    const c = createCipheriv('aes-256-gcm', Buffer.from(API_V3_KEY), Buffer.from(nonce));
    c.setAAD(Buffer.from('transaction'));
    const ciphertext = Buffer.concat([c.update(plain, 'utf8'), c.final(), c.getAuthTag()]).toString('base64');
    expect(
      decryptResource(API_V3_KEY, {
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext,
        associated_data: 'transaction',
        nonce,
      }),
    ).toBe(plain);
  });

  it('refuses a wrong key, nonce, associated data, algorithm or a flipped bit', () => {
    const r = encryptResource(API_V3_KEY, '{"a":1}', 'transaction', 'transaction');
    expect(decryptResource(API_V3_KEY, r)).toBe('{"a":1}');
    expect(() => decryptResource('ABCDEFGHIJKLMNOPQRSTUVWXYZ012345', r)).toThrow();
    expect(() => decryptResource(API_V3_KEY, { ...r, nonce: 'another12345' })).toThrow();
    expect(() => decryptResource(API_V3_KEY, { ...r, associated_data: 'refund' })).toThrow();
    expect(() => decryptResource(API_V3_KEY, { ...r, algorithm: 'AES_128_CBC' })).toThrow();
    const bytes = Buffer.from(r.ciphertext, 'base64');
    bytes[0]! ^= 1;
    expect(() => decryptResource(API_V3_KEY, { ...r, ciphertext: bytes.toString('base64') })).toThrow();
    expect(() => decryptResource(API_V3_KEY, { ...r, ciphertext: 'AAAA' })).toThrow();
  });
});
