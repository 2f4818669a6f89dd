import { createRemoteJWKSet, importPKCS8, jwtVerify, SignJWT } from 'jose';
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

type AppleConfig = NonNullable<OAuthConfig['apple']>;

/** Apple's issuer and the audience of the client secret, whatever host serves the endpoints. */
export const APPLE_ISSUER = 'https://appleid.apple.com';

/**
 * Sign in with Apple for the web (developer.apple.com/documentation/sign_in_with_apple):
 * auth/authorize with response_mode=form_post → code POSTed to the callback → auth/token with
 * an ES256 client secret → id_token verified against auth/keys (iss, aud, nonce, expiry).
 */
export class AppleProvider implements OAuthProvider {
  readonly name = 'apple' as const;
  private readonly jwks: ReturnType<typeof createRemoteJWKSet>;
  private key: ReturnType<typeof importPKCS8> | null = null;

  constructor(
    private readonly config: AppleConfig,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.jwks = createRemoteJWKSet(new URL(joinUrl(config.authUrl, '/auth/keys')), {
      timeoutDuration: 10_000,
    });
  }

  authorizeUrl(state: string, redirectUri: string, nonce?: string): string {
    const q = new URLSearchParams({
      response_type: 'code',
      response_mode: 'form_post',
      client_id: this.config.clientId,
      redirect_uri: redirectUri,
      state,
      scope: 'name email',
    });
    if (nonce) q.set('nonce', nonce);
    return `${joinUrl(this.config.authUrl, '/auth/authorize')}?${q.toString().replace(/\+/g, '%20')}`;
  }

  async exchange(code: string, redirectUri: string, nonce?: string): Promise<ProviderProfile> {
    const form = new URLSearchParams({
      client_id: this.config.clientId,
      client_secret: await this.clientSecret(),
      code,
      grant_type: 'authorization_code',
      redirect_uri: redirectUri,
    });
    const { body } = await fetchJson('apple', joinUrl(this.config.authUrl, '/auth/token'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
    });
    const idToken = str(body.id_token);
    if (!idToken)
      throw providerFailure('apple', `token exchange refused: ${String(body.error ?? 'no id_token')}`);

    let claims: Record<string, unknown>;
    try {
      const verified = await jwtVerify(idToken, this.jwks, {
        issuer: APPLE_ISSUER,
        audience: this.config.clientId,
        algorithms: ['RS256', 'ES256'],
        currentDate: this.now(),
      });
      claims = verified.payload as Record<string, unknown>;
    } catch (err) {
      throw providerFailure('apple', 'id_token did not verify', err);
    }
    if (nonce && claims.nonce !== nonce) throw providerFailure('apple', 'id_token nonce mismatch');
    const subject = str(claims.sub);
    if (!subject) throw providerFailure('apple', 'id_token without sub');

    const email = normaliseEmail(claims.email);
    const verified = claims.email_verified === true || claims.email_verified === 'true';
    const privateRelay = claims.is_private_email === true || claims.is_private_email === 'true';
    // A "Hide My Email" relay address is not the traveller's own: it cannot match an existing
    // account, so the account starts without e-mail and the app asks for one (e-mail binding).
    const usable = email !== null && verified && !privateRelay;
    return { subject, email: usable ? email : null, emailVerified: usable, displayName: null };
  }

  /** The client secret Apple asks for: an ES256 JWT signed with the team's private key, short-lived. */
  private async clientSecret(): Promise<string> {
    this.key ??= importPKCS8(this.config.privateKey, 'ES256');
    const key = await this.key.catch((err) => {
      this.key = null;
      throw providerFailure('apple', 'APPLE_PRIVATE_KEY is not a PKCS#8 P-256 key', err);
    });
    const iat = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: this.config.keyId })
      .setIssuer(this.config.teamId)
      .setSubject(this.config.clientId)
      .setAudience(APPLE_ISSUER)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 300)
      .sign(key);
  }
}
