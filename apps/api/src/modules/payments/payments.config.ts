import { createPrivateKey, createPublicKey } from 'node:crypto';
import { z } from 'zod';
import { defineSettings, pem } from '../../platform/settings';

/** PayWay's sandbox host: the default ABA_API_URL outside production. */
export const ABA_SANDBOX_URL = 'https://checkout-sandbox.payway.com.kh';

export interface AbaConfig {
  merchantId: string;
  apiKey: string;
  /** PayWay's host, without a trailing slash. */
  apiUrl: string;
  /** PEM with real newlines. */
  rsaPublicKey: string;
}

export interface WechatPayConfig {
  mchId: string;
  appId: string;
  /** PEM with real newlines. */
  privateKey: string;
  certSerial: string;
  apiV3Key: string;
  platformPublicKey: string;
  platformSerial: string;
  apiUrl: string;
}

/** The payments module's settings (config.payments): its gateways and the development one-cent mode. */
export interface PaymentsConfig {
  /** The gateway of card / abapay / khqr payments. */
  gateway: 'sandbox' | 'aba';
  /** ABA PayWay; null when not configured (only possible with gateway sandbox outside production). */
  aba: AbaConfig | null;
  /** WeChat Pay API v3; null when not configured (the gateway is then not offered). */
  wechatPay: WechatPayConfig | null;
  /** Development only: every payment asks for 0.01 (spec §9). */
  devPayOneCent: boolean;
}

const WECHAT_PAY_KEYS = [
  'WECHAT_PAY_MCH_ID',
  'WECHAT_PAY_APP_ID',
  'WECHAT_PAY_PRIVATE_KEY',
  'WECHAT_PAY_CERT_SERIAL',
  'WECHAT_PAY_API_V3_KEY',
  'WECHAT_PAY_PLATFORM_PUBLIC_KEY',
  'WECHAT_PAY_PLATFORM_SERIAL',
] as const;

export const paymentsSettings = defineSettings({
  env: z.object({
    /** Development only: every payment asks for 0.01 (spec §9). Refused in production. */
    DEV_PAY_ONE_CENT: z.enum(['true', 'false']).default('false'),
    /**
     * The gateway of card, ABA Pay and KHQR payments: `sandbox` (the local one; default outside
     * production, never registered in production) or `aba` (ABA PayWay; required in production).
     */
    PAYMENT_GATEWAY: z.enum(['sandbox', 'aba']).optional(),
    /** ABA PayWay e-commerce checkout: the merchant id and the API key (HMAC-SHA512 key) ABA issues. */
    ABA_MERCHANT_ID: z.string().min(1).max(30).optional(),
    ABA_API_KEY: z.string().min(1).optional(),
    /** PayWay's host; its sandbox by default, so production must name it. */
    ABA_API_URL: z.url().optional(),
    /** The RSA public key ABA issues for the refund call's merchant_auth (PEM, newlines as \\n allowed). */
    ABA_RSA_PUBLIC_KEY: z.string().min(1).optional(),
    /** WeChat Pay API v3 (all or none): the merchant number and the app id payments are made for. */
    WECHAT_PAY_MCH_ID: z.string().min(1).optional(),
    WECHAT_PAY_APP_ID: z.string().min(1).optional(),
    /** The merchant API private key (PKCS#8 PEM, newlines as \\n allowed) and its certificate serial. */
    WECHAT_PAY_PRIVATE_KEY: z.string().min(1).optional(),
    WECHAT_PAY_CERT_SERIAL: z.string().min(1).optional(),
    /** The APIv3 key that encrypts notifications: exactly 32 bytes. */
    WECHAT_PAY_API_V3_KEY: z
      .string()
      .refine((k) => Buffer.byteLength(k, 'utf8') === 32, 'must be exactly 32 bytes')
      .optional(),
    /** The WeChat Pay public key (or platform certificate), PEM, and its id (PUB_KEY_ID_…) or serial. */
    WECHAT_PAY_PLATFORM_PUBLIC_KEY: z.string().min(1).optional(),
    WECHAT_PAY_PLATFORM_SERIAL: z.string().min(1).optional(),
    WECHAT_PAY_API_URL: z.url().default('https://api.mch.weixin.qq.com'),
  }),
  check(c, ctx, { production }) {
    checkWechatPay(c, ctx);
    checkPaymentGateway(c, ctx, production);
    if (production && c.DEV_PAY_ONE_CENT === 'true') {
      ctx.addIssue({ code: 'custom', path: ['DEV_PAY_ONE_CENT'], message: 'must not be on in production' });
    }
  },
  read: (c, { production }): PaymentsConfig => ({
    gateway: c.PAYMENT_GATEWAY ?? (production ? 'aba' : 'sandbox'),
    aba:
      c.ABA_MERCHANT_ID && c.ABA_API_KEY && c.ABA_RSA_PUBLIC_KEY
        ? {
            merchantId: c.ABA_MERCHANT_ID,
            apiKey: c.ABA_API_KEY,
            apiUrl: (c.ABA_API_URL ?? ABA_SANDBOX_URL).replace(/\/+$/, ''),
            rsaPublicKey: pem(c.ABA_RSA_PUBLIC_KEY),
          }
        : null,
    wechatPay:
      c.WECHAT_PAY_MCH_ID &&
      c.WECHAT_PAY_APP_ID &&
      c.WECHAT_PAY_PRIVATE_KEY &&
      c.WECHAT_PAY_CERT_SERIAL &&
      c.WECHAT_PAY_API_V3_KEY &&
      c.WECHAT_PAY_PLATFORM_PUBLIC_KEY &&
      c.WECHAT_PAY_PLATFORM_SERIAL
        ? {
            mchId: c.WECHAT_PAY_MCH_ID,
            appId: c.WECHAT_PAY_APP_ID,
            privateKey: pem(c.WECHAT_PAY_PRIVATE_KEY),
            certSerial: c.WECHAT_PAY_CERT_SERIAL,
            apiV3Key: c.WECHAT_PAY_API_V3_KEY,
            platformPublicKey: pem(c.WECHAT_PAY_PLATFORM_PUBLIC_KEY),
            platformSerial: c.WECHAT_PAY_PLATFORM_SERIAL,
            apiUrl: c.WECHAT_PAY_API_URL,
          }
        : null,
    devPayOneCent: c.DEV_PAY_ONE_CENT === 'true',
  }),
});

/** WeChat Pay is configured with every key or none; the keys must parse, so a bad one stops the start. */
function checkWechatPay(
  c: Partial<Record<(typeof WECHAT_PAY_KEYS)[number], string>>,
  ctx: z.RefinementCtx,
): void {
  const given = WECHAT_PAY_KEYS.filter((k) => c[k]);
  if (given.length === 0) return;
  for (const key of WECHAT_PAY_KEYS) {
    if (!c[key]) {
      ctx.addIssue({ code: 'custom', path: [key], message: 'is required when any WECHAT_PAY_* key is set' });
    }
  }
  if (c.WECHAT_PAY_PRIVATE_KEY) {
    try {
      if (createPrivateKey(pem(c.WECHAT_PAY_PRIVATE_KEY)).asymmetricKeyType !== 'rsa')
        throw new Error('not RSA');
    } catch {
      ctx.addIssue({
        code: 'custom',
        path: ['WECHAT_PAY_PRIVATE_KEY'],
        message: 'must be a PEM RSA private key',
      });
    }
  }
  if (c.WECHAT_PAY_PLATFORM_PUBLIC_KEY) {
    try {
      if (createPublicKey(pem(c.WECHAT_PAY_PLATFORM_PUBLIC_KEY)).asymmetricKeyType !== 'rsa') {
        throw new Error('not RSA');
      }
    } catch {
      ctx.addIssue({
        code: 'custom',
        path: ['WECHAT_PAY_PLATFORM_PUBLIC_KEY'],
        message: 'must be a PEM RSA public key or certificate',
      });
    }
  }
}

/**
 * PAYMENT_GATEWAY=aba needs its keys; production needs aba (the sandbox gateway is never
 * registered there) and an explicit ABA_API_URL (the default is PayWay's sandbox).
 */
function checkPaymentGateway(
  c: {
    PAYMENT_GATEWAY?: 'sandbox' | 'aba';
    ABA_MERCHANT_ID?: string;
    ABA_API_KEY?: string;
    ABA_API_URL?: string;
    ABA_RSA_PUBLIC_KEY?: string;
  },
  ctx: z.RefinementCtx,
  production: boolean,
): void {
  if (production && c.PAYMENT_GATEWAY === 'sandbox') {
    ctx.addIssue({ code: 'custom', path: ['PAYMENT_GATEWAY'], message: 'must be aba in production' });
  }
  if (!production && c.PAYMENT_GATEWAY !== 'aba') return;
  const why = production ? 'is required in production' : 'is required when PAYMENT_GATEWAY=aba';
  for (const key of ['ABA_MERCHANT_ID', 'ABA_API_KEY', 'ABA_RSA_PUBLIC_KEY'] as const) {
    if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: why });
  }
  if (production && !c.ABA_API_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['ABA_API_URL'],
      message: "is required in production (the default is PayWay's sandbox)",
    });
  }
  if (c.ABA_RSA_PUBLIC_KEY) {
    try {
      if (createPublicKey(pem(c.ABA_RSA_PUBLIC_KEY)).asymmetricKeyType !== 'rsa') {
        throw new Error('not RSA');
      }
    } catch {
      ctx.addIssue({ code: 'custom', path: ['ABA_RSA_PUBLIC_KEY'], message: 'must be a PEM RSA public key' });
    }
  }
}
