import { generateKeyPairSync } from 'node:crypto';
import { HUB_TIME_ZONE } from '@wings/rules';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';

const production = {
  NODE_ENV: 'production',
  APP_ID: 'app',
  APP_SECRET: 'a-production-app-secret',
  SERVER_SECRET: 'a-server-secret-of-at-least-thirty-two-characters',
  PUBLIC_URL: 'https://wings.example',
  ABA_MERCHANT_ID: 'merchant',
  ABA_API_KEY: 'key',
  ABA_API_URL: 'https://checkout.payway.com.kh',
  ABA_RSA_PUBLIC_KEY: generateKeyPairSync('rsa', { modulusLength: 1024 })
    .publicKey.export({ type: 'spki', format: 'pem' })
    .toString(),
};

describe("the network's settings", () => {
  it('seeds the demo data by default outside production only, and SEED_DEMO says otherwise', () => {
    expect(loadConfig({}).network.seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).network.seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).network.seedDemo).toBe(false);
    expect(() => loadConfig({ SEED_DEMO: 'yes' })).toThrow(/SEED_DEMO/);
    expect(loadConfig(production).network.seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }).network.seedDemo).toBe(true);
  });

  it('reads the hub zone once, Phnom Penh by default, and refuses a zone that does not exist', () => {
    expect(loadConfig({}).network.hubTimeZone).toBe(HUB_TIME_ZONE);
    expect(HUB_TIME_ZONE).toBe('Asia/Phnom_Penh');
    expect(loadConfig({ HUB_TIME_ZONE: 'Asia/Bangkok' }).network.hubTimeZone).toBe('Asia/Bangkok');
    expect(() => loadConfig({ HUB_TIME_ZONE: 'Mars/Olympus' })).toThrow(
      /HUB_TIME_ZONE: must be an IANA time zone/,
    );
  });
});
