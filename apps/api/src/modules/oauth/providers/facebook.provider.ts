import { createHmac } from 'node:crypto';
import type { OAuthConfig } from '../oauth.config';
import {
  fetchJson,
  joinUrl,
  normaliseEmail,
  type OAuthProvider,
  type ProviderProfile,
  providerFailure,
  str,
} from './provider';

const VERSION = 'v19.0';

type FacebookConfig = NonNullable<OAuthConfig['facebook']>;

/**
 * Facebook Login, manual flow (developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow):
 * dialog/oauth → code → oauth/access_token → /me, every Graph call signed with appsecret_proof.
 */
export class FacebookProvider implements OAuthProvider {
  readonly name = 'facebook' as const;

  constructor(private readonly config: FacebookConfig) {}

  authorizeUrl(state: string, redirectUri: string): string {
    const q = new URLSearchParams({
      client_id: this.config.appId,
      redirect_uri: redirectUri,
      state,
      scope: 'email',
      response_type: 'code',
    });
    return `${joinUrl(this.config.authUrl, `/${VERSION}/dialog/oauth`)}?${q}`;
  }

  async exchange(code: string, redirectUri: string): Promise<ProviderProfile> {
    const q = new URLSearchParams({
      client_id: this.config.appId,
      client_secret: this.config.appSecret,
      redirect_uri: redirectUri,
      code,
    });
    const { body } = await fetchJson(
      'facebook',
      `${joinUrl(this.config.graphUrl, `/${VERSION}/oauth/access_token`)}?${q}`,
    );
    const accessToken = str(body.access_token);
    if (!accessToken) throw providerFailure('facebook', `token exchange refused: ${graphError(body)}`);
    return this.profile(accessToken);
  }

  /**
   * Checks an access token a native SDK obtained (thirdoauth/login with accessToken): debug_token
   * with the app token proves it was issued to this app and is still valid, then /me reads it.
   */
  async verifyAccessToken(accessToken: string): Promise<ProviderProfile> {
    const q = new URLSearchParams({
      input_token: accessToken,
      access_token: `${this.config.appId}|${this.config.appSecret}`,
    });
    const { body } = await fetchJson(
      'facebook',
      `${joinUrl(this.config.graphUrl, `/${VERSION}/debug_token`)}?${q}`,
    );
    const data = (body.data ?? null) as Record<string, unknown> | null;
    if (data?.is_valid !== true || String(data.app_id) !== this.config.appId) {
      throw providerFailure('facebook', `access token not valid for this app: ${graphError(body)}`);
    }
    const profile = await this.profile(accessToken);
    if (data.user_id !== undefined && String(data.user_id) !== profile.subject) {
      throw providerFailure('facebook', 'access token user does not match /me');
    }
    return profile;
  }

  private async profile(accessToken: string): Promise<ProviderProfile> {
    const proof = createHmac('sha256', this.config.appSecret).update(accessToken).digest('hex');
    const q = new URLSearchParams({
      fields: 'id,name,email',
      access_token: accessToken,
      appsecret_proof: proof,
    });
    const { body } = await fetchJson('facebook', `${joinUrl(this.config.graphUrl, '/me')}?${q}`);
    const id = str(body.id);
    if (!id) throw providerFailure('facebook', `profile refused: ${graphError(body)}`);
    const email = normaliseEmail(body.email);
    // Graph answers `email` only for a confirmed primary address (and only with the email permission).
    return { subject: id, email, emailVerified: email !== null, displayName: str(body.name) };
  }
}

function graphError(body: Record<string, unknown>): string {
  const error = body.error as { message?: unknown; code?: unknown } | undefined;
  return error ? `${String(error.code ?? '')} ${String(error.message ?? '')}`.trim() : 'no detail';
}
