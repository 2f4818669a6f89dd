import type { OAuthConfig } from '../oauth.config';
import {
  fetchJson,
  joinUrl,
  type OAuthProvider,
  type ProviderProfile,
  providerFailure,
  str,
} from './provider';

type WechatConfig = NonNullable<OAuthConfig['wechat']>;

/**
 * WeChat website login (developers.weixin.qq.com, 网站应用微信登录): qrconnect → code →
 * sns/oauth2/access_token → sns/userinfo. WeChat never discloses an e-mail, so these users bind
 * one afterwards. Failures come as `{ errcode, errmsg }` with HTTP 200.
 */
export class WechatProvider implements OAuthProvider {
  readonly name = 'wechat' as const;

  constructor(private readonly config: WechatConfig) {}

  authorizeUrl(state: string, redirectUri: string): string {
    const q = new URLSearchParams({
      appid: this.config.appId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'snsapi_login',
      state,
    });
    return `${joinUrl(this.config.authUrl, '/connect/qrconnect')}?${q}#wechat_redirect`;
  }

  async exchange(code: string): Promise<ProviderProfile> {
    const q = new URLSearchParams({
      appid: this.config.appId,
      secret: this.config.appSecret,
      code,
      grant_type: 'authorization_code',
    });
    const { body: token } = await fetchJson(
      'wechat',
      `${joinUrl(this.config.apiUrl, '/sns/oauth2/access_token')}?${q}`,
    );
    failOnErrcode(token, 'token exchange');
    const accessToken = str(token.access_token);
    const openid = str(token.openid);
    if (!accessToken || !openid) throw providerFailure('wechat', 'token reply without access_token/openid');

    const uq = new URLSearchParams({ access_token: accessToken, openid, lang: 'en' });
    const { body: user } = await fetchJson('wechat', `${joinUrl(this.config.apiUrl, '/sns/userinfo')}?${uq}`);
    failOnErrcode(user, 'userinfo');
    // The unionid is the same person across all of the airline's WeChat apps; the openid is per app.
    const unionid = str(user.unionid) ?? str(token.unionid);
    return {
      subject: unionid ? `union:${unionid}` : `open:${openid}`,
      email: null,
      emailVerified: false,
      displayName: str(user.nickname),
    };
  }
}

function failOnErrcode(body: Record<string, unknown>, step: string): void {
  if (body.errcode !== undefined && Number(body.errcode) !== 0) {
    throw providerFailure('wechat', `${step}: errcode ${String(body.errcode)} ${String(body.errmsg ?? '')}`);
  }
}
