import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { PurposeKeys } from '../../../platform/secrets';
import type { OAuthProvider, ProviderName, ProviderProfile } from './provider';
import { normaliseEmail, providerFailure } from './provider';

/** What the developer chose on the sandbox consent page, carried inside the code. */
export interface SandboxGrant {
  provider: ProviderName;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  redirectUri: string;
  expiresAt: number;
}

const CODE_TTL_MS = 5 * 60_000;

/** The sandbox consent page's path for a provider (served by sandbox.routes.ts outside production). */
export function sandboxAuthorizePath(provider: ProviderName): string {
  return `/api/dev/oauth/${provider}/authorize`;
}

/**
 * Sandbox codes are self-contained and signed with the server secret's oauth-sandbox key
 * (platform/secrets.ts; never the public app secret), so any API process can redeem them without
 * shared memory or an extra table. Only issued outside production; the state check stays the real one.
 */
export class SandboxCodes {
  constructor(private readonly keys: PurposeKeys) {}

  issue(grant: Omit<SandboxGrant, 'expiresAt'>, now: Date): string {
    const payload = Buffer.from(
      JSON.stringify({ ...grant, expiresAt: now.getTime() + CODE_TTL_MS }),
    ).toString('base64url');
    return `${payload}.${this.sign(this.keys.current, payload)}`;
  }

  /** The grant of a genuine, unexpired code, or null. */
  read(code: string, now: Date): SandboxGrant | null {
    const [payload, mac, extra] = code.split('.');
    if (!payload || !mac || extra !== undefined) return null;
    const given = Buffer.from(mac);
    const genuine = this.keys.accepted.some((key) => {
      const expected = Buffer.from(this.sign(key, payload));
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
    if (!genuine) return null;
    try {
      const grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SandboxGrant;
      return grant.expiresAt > now.getTime() ? grant : null;
    } catch {
      return null;
    }
  }

  private sign(key: Buffer, payload: string): string {
    return createHmac('sha256', key).update(payload).digest('base64url');
  }
}

/** The stable sandbox subject: the same e-mail (or, without one, the same name) is the same person. */
export function sandboxSubject(provider: ProviderName, email: string | null, name: string | null): string {
  const who = email ? `email:${email}` : `name:${(name ?? '').trim().toLowerCase()}`;
  return `sandbox:${createHash('sha256').update(`${provider}|${who}`).digest('hex').slice(0, 24)}`;
}

/**
 * Stands in for a provider without keys (outside production): its consent page is served by the
 * API itself and its "token endpoint" is the local check of the signed code.
 */
export class SandboxProvider implements OAuthProvider {
  constructor(
    readonly name: ProviderName,
    private readonly codes: SandboxCodes,
    private readonly now: () => Date,
  ) {}

  authorizeUrl(state: string, redirectUri: string): string {
    const origin = new URL(redirectUri).origin;
    const q = new URLSearchParams({ client_id: 'wings-sandbox', redirect_uri: redirectUri, state });
    return `${origin}${sandboxAuthorizePath(this.name)}?${q}`;
  }

  async exchange(code: string, redirectUri: string): Promise<ProviderProfile> {
    const grant = this.codes.read(code, this.now());
    if (!grant || grant.provider !== this.name) throw providerFailure(this.name, 'sandbox code not valid');
    if (grant.redirectUri !== redirectUri) throw providerFailure(this.name, 'sandbox redirect_uri mismatch');
    return this.toProfile(grant);
  }

  /** The SDK flow in the sandbox: the "access token" is a sandbox code. */
  async verifyAccessToken(accessToken: string): Promise<ProviderProfile> {
    const grant = this.codes.read(accessToken, this.now());
    if (!grant || grant.provider !== this.name)
      throw providerFailure(this.name, 'sandbox access token not valid');
    return this.toProfile(grant);
  }

  private toProfile(grant: SandboxGrant): ProviderProfile {
    const email = this.name === 'wechat' ? null : normaliseEmail(grant.email);
    return {
      subject: sandboxSubject(this.name, email, grant.name),
      email,
      emailVerified: email !== null && grant.emailVerified,
      displayName: grant.name,
    };
  }
}
