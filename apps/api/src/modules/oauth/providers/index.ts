import type { OAuthContext } from '../oauth.config';
import { AppleProvider } from './apple.provider';
import { FacebookProvider } from './facebook.provider';
import type { OAuthProvider, ProviderName, ProviderProfile } from './provider';
import { SandboxCodes, SandboxProvider } from './sandbox.provider';
import { WechatProvider } from './wechat.provider';

export type { OAuthProvider, ProviderName, ProviderProfile } from './provider';
export { PROVIDER_NAMES } from './provider';

/** Verifies an access token a native SDK obtained (Facebook only). */
export interface AccessTokenVerifier {
  verifyAccessToken(accessToken: string): Promise<ProviderProfile>;
}

export interface ProviderSet {
  get(name: ProviderName): OAuthProvider | null;
  facebookTokens(): AccessTokenVerifier | null;
  /** Whether `name` is served by the sandbox (for logs and docs). */
  isSandbox(name: ProviderName): boolean;
}

/** True when the sandbox identity provider is on: never in production (issue 3). */
export function sandboxEnabled(config: Pick<OAuthContext, 'oauth' | 'env'>): boolean {
  return config.oauth.sandbox && config.env !== 'production';
}

/** The adapter of each provider: real when its keys are configured, else the sandbox when on. */
export function createProviders(config: OAuthContext, now: () => Date): ProviderSet {
  const codes = new SandboxCodes(config.keys.oauthSandbox);
  const sandbox = sandboxEnabled(config);
  const facebook = config.oauth.facebook ? new FacebookProvider(config.oauth.facebook) : null;
  const real: Record<ProviderName, OAuthProvider | null> = {
    facebook,
    wechat: config.oauth.wechat ? new WechatProvider(config.oauth.wechat) : null,
    apple: config.oauth.apple ? new AppleProvider(config.oauth.apple, now) : null,
  };
  const stand = (name: ProviderName) => (sandbox ? new SandboxProvider(name, codes, now) : null);
  const chosen: Record<ProviderName, OAuthProvider | null> = {
    facebook: real.facebook ?? stand('facebook'),
    wechat: real.wechat ?? stand('wechat'),
    apple: real.apple ?? stand('apple'),
  };
  return {
    get: (name) => chosen[name],
    facebookTokens: () => {
      const p = chosen.facebook;
      return p instanceof FacebookProvider || p instanceof SandboxProvider ? p : null;
    },
    isSandbox: (name) => chosen[name] instanceof SandboxProvider,
  };
}
