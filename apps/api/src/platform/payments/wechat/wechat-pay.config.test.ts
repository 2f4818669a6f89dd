import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config';

const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
const oneLine = (pem: string) => pem.replace(/\n/g, '\\n');

const full = {
  NODE_ENV: 'test',
  WECHAT_PAY_MCH_ID: '1900009191',
  WECHAT_PAY_APP_ID: 'wx8888888888888888',
  WECHAT_PAY_PRIVATE_KEY: oneLine(merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()),
  WECHAT_PAY_CERT_SERIAL: '444F4864EA9B34415EA6F3B47A2D1D4B1B5E4A3C',
  WECHAT_PAY_API_V3_KEY: 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6',
  WECHAT_PAY_PLATFORM_PUBLIC_KEY: platform.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  WECHAT_PAY_PLATFORM_SERIAL: 'PUB_KEY_ID_0114232134912410000000000000',
};

function problems(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
  return '';
}

describe('WeChat Pay settings', () => {
  it('are off without any WECHAT_PAY_* key', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).payments.wechatPay).toBeNull();
  });

  it('are read whole, PEM newlines restored, the API URL defaulting to WeChat Pay', () => {
    const c = loadConfig(full).payments.wechatPay!;
    expect(c).toMatchObject({
      mchId: '1900009191',
      appId: 'wx8888888888888888',
      certSerial: full.WECHAT_PAY_CERT_SERIAL,
      platformSerial: full.WECHAT_PAY_PLATFORM_SERIAL,
      apiUrl: 'https://api.mch.weixin.qq.com',
    });
    expect(c.privateKey).toContain('-----BEGIN PRIVATE KEY-----\n');
  });

  it('name every key missing when only some are set', () => {
    const message = problems({ NODE_ENV: 'test', WECHAT_PAY_MCH_ID: '1900009191' });
    for (const key of [
      'WECHAT_PAY_APP_ID',
      'WECHAT_PAY_PRIVATE_KEY',
      'WECHAT_PAY_CERT_SERIAL',
      'WECHAT_PAY_API_V3_KEY',
      'WECHAT_PAY_PLATFORM_PUBLIC_KEY',
      'WECHAT_PAY_PLATFORM_SERIAL',
    ]) {
      expect(message).toContain(`${key}: is required when any WECHAT_PAY_* key is set`);
    }
    expect(message).not.toContain('WECHAT_PAY_MCH_ID');
  });

  it('refuse an APIv3 key that is not 32 bytes and keys that do not parse', () => {
    expect(problems({ ...full, WECHAT_PAY_API_V3_KEY: 'short' })).toContain(
      'WECHAT_PAY_API_V3_KEY: must be exactly 32 bytes',
    );
    expect(problems({ ...full, WECHAT_PAY_PRIVATE_KEY: 'not a key' })).toContain(
      'WECHAT_PAY_PRIVATE_KEY: must be a PEM RSA private key',
    );
    expect(problems({ ...full, WECHAT_PAY_PLATFORM_PUBLIC_KEY: full.WECHAT_PAY_CERT_SERIAL })).toContain(
      'WECHAT_PAY_PLATFORM_PUBLIC_KEY: must be a PEM RSA public key or certificate',
    );
    expect(problems({ ...full, WECHAT_PAY_API_URL: 'not-a-url' })).toContain('WECHAT_PAY_API_URL');
  });
});
