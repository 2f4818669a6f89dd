import { z } from 'zod';
import type { ServerKeys } from '../../platform/secrets';
import { defineSettings, pem } from '../../platform/settings';

/** Third-party login (config.oauth): the sandbox provider and each real provider's keys. */
export interface OAuthConfig {
  /** The sandbox identity provider stands in for every provider without keys. */
  sandbox: boolean;
  facebook: { appId: string; appSecret: string; authUrl: string; graphUrl: string } | null;
  wechat: { appId: string; appSecret: string; authUrl: string; apiUrl: string } | null;
  apple: { clientId: string; teamId: string; keyId: string; privateKey: string; authUrl: string } | null;
}

/** The third-party login module's settings (config.oauth). A provider is on when all its keys are set. */
export const oauthSettings = defineSettings({
  env: z.object({
    /** Third-party login through the local sandbox identity provider; on by default outside production. */
    OAUTH_SANDBOX: z.enum(['true', 'false']).optional(),
    FACEBOOK_APP_ID: z.string().min(1).optional(),
    FACEBOOK_APP_SECRET: z.string().min(1).optional(),
    /** Base URLs of the providers, overridable so tests can drive the adapters against local fakes. */
    FACEBOOK_AUTH_URL: z.url().default('https://www.facebook.com'),
    FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com'),
    WECHAT_APP_ID: z.string().min(1).optional(),
    WECHAT_APP_SECRET: z.string().min(1).optional(),
    WECHAT_AUTH_URL: z.url().default('https://open.weixin.qq.com'),
    WECHAT_API_URL: z.url().default('https://api.weixin.qq.com'),
    APPLE_CLIENT_ID: z.string().min(1).optional(),
    APPLE_TEAM_ID: z.string().min(1).optional(),
    APPLE_KEY_ID: z.string().min(1).optional(),
    /** The Sign in with Apple private key (PKCS#8 PEM, newlines as \\n allowed). */
    APPLE_PRIVATE_KEY: z.string().min(1).optional(),
    APPLE_AUTH_URL: z.url().default('https://appleid.apple.com'),
  }),
  check(env, ctx, { production }) {
    if (production && env.OAUTH_SANDBOX === 'true') {
      ctx.addIssue({ code: 'custom', path: ['OAUTH_SANDBOX'], message: 'must not be on in production' });
    }
  },
  read: (c, { production }): OAuthConfig => ({
    sandbox: c.OAUTH_SANDBOX ? c.OAUTH_SANDBOX === 'true' : !production,
    facebook:
      c.FACEBOOK_APP_ID && c.FACEBOOK_APP_SECRET
        ? {
            appId: c.FACEBOOK_APP_ID,
            appSecret: c.FACEBOOK_APP_SECRET,
            authUrl: c.FACEBOOK_AUTH_URL,
            graphUrl: c.FACEBOOK_GRAPH_URL,
          }
        : null,
    wechat:
      c.WECHAT_APP_ID && c.WECHAT_APP_SECRET
        ? {
            appId: c.WECHAT_APP_ID,
            appSecret: c.WECHAT_APP_SECRET,
            authUrl: c.WECHAT_AUTH_URL,
            apiUrl: c.WECHAT_API_URL,
          }
        : null,
    apple:
      c.APPLE_CLIENT_ID && c.APPLE_TEAM_ID && c.APPLE_KEY_ID && c.APPLE_PRIVATE_KEY
        ? {
            clientId: c.APPLE_CLIENT_ID,
            teamId: c.APPLE_TEAM_ID,
            keyId: c.APPLE_KEY_ID,
            privateKey: pem(c.APPLE_PRIVATE_KEY),
            authUrl: c.APPLE_AUTH_URL,
          }
        : null,
  }),
});

/**
 * What the third-party login module is built from (its module plugin assembles it): its slice,
 * the process's mode, the public address callbacks return to, and its key for sandbox codes.
 */
export interface OAuthContext {
  oauth: OAuthConfig;
  env: 'development' | 'test' | 'production';
  /** PUBLIC_URL; unset, callbacks go back to the host the request came to. */
  publicUrl: string | undefined;
  keys: Pick<ServerKeys, 'oauthSandbox'>;
}
