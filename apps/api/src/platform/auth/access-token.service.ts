import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { parseBeijingTimestamp, signParams } from '@wings/rules';
import { AppError } from '../errors';
import { clientNetwork, type RateLimiter } from '../rate-limit';
import type { AccessTokenRepository } from './access-token.repository';

/** A signed request may be this far from server time (issue 2 §2: 5 minutes). */
export const TIMESTAMP_TOLERANCE_MS = 5 * 60_000;
/** Nonces are remembered for the whole span in which their timestamp is accepted. */
const NONCE_WINDOW_MS = 2 * TIMESTAMP_TOLERANCE_MS;
/** Validated tokens kept in memory; tokens are never revoked, so a cached "valid until" stays true. */
const CACHE_LIMIT = 10_000;

export interface SignedRequest {
  appId: string;
  nonce: string;
  timestamp: string;
  signType: string;
  sign: string;
  /** Non-empty body fields are signed too. */
  body: Record<string, unknown>;
}

/**
 * How many tokens may be minted a minute (issue 9: 300 were minted in 2 s), per client address
 * and per app, in the shared fixed-minute counts of `rate_limit_hits`.
 */
export interface MintLimits {
  limiter: RateLimiter;
  perIpMinute: number;
  perAppMinute: number;
}

const MINUTE_MS = 60_000;

export type TokenCheck = 'valid' | 'missing' | 'expired';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Issues and checks app access tokens (spec §7): a client signs appId, nonce and timestamp
 * with the app secret and gets an opaque token for two hours. Only the token's hash is stored.
 */
export class AccessTokenService {
  /**
   * Live tokens seen lately, by the token itself, to their expiry. The database keeps only hashes
   * (a copy of the table gives nobody a token); this process already holds each token in the
   * request that carried it, and a token found here is not hashed again (on every call of the
   * app, a few per cent of a cached search's time).
   */
  private readonly cache = new Map<string, number>();

  constructor(
    private readonly repo: AccessTokenRepository,
    private readonly app: { id: string; secret: string; ttlSeconds: number },
    private readonly now: () => Date,
    private readonly limits: MintLimits,
    /**
     * Outside production, the development clock (platform/dev-clock.ts): a test phone whose clock
     * was moved with the server's may sign with either time. Production has only the wall clock.
     */
    private readonly devNow: (() => Date) | null = null,
  ) {}

  /**
   * Mints a token for a signed request from `ip`. Every request counts against its address
   * (an IPv6 one by its /64), signed or not (429 past the limit); only a correctly signed, fresh one counts against the
   * app, so nobody without a valid signature can use up the app's minute.
   */
  async issue(req: SignedRequest, ip: string): Promise<{ access_token: string; expires_in: number }> {
    const { limiter, perIpMinute, perAppMinute } = this.limits;
    if (!(await limiter.take(`token-ip:${clientNetwork(ip)}`, perIpMinute, MINUTE_MS))) {
      throw new AppError('tooManyRequests');
    }
    const signed: Record<string, string | number | null | undefined> = {
      appId: req.appId,
      nonce: req.nonce,
      timestamp: req.timestamp,
      signType: req.signType,
    };
    for (const [k, v] of Object.entries(req.body)) {
      if (typeof v === 'string' || typeof v === 'number') signed[k] = v;
    }
    const expected = Buffer.from(signParams(signed, this.app.secret));
    const given = Buffer.from(req.sign.toUpperCase());
    if (req.appId !== this.app.id || expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw new AppError('signInvalid');
    }
    const sentAt = parseBeijingTimestamp(req.timestamp);
    const now = this.now();
    const near = (at: Date) =>
      sentAt !== null && Math.abs(at.getTime() - sentAt.getTime()) <= TIMESTAMP_TOLERANCE_MS;
    if (!near(now) && !(this.devNow && near(this.devNow()))) {
      throw new AppError('timestampInvalid');
    }
    const fresh = await this.repo.claimNonce(req.appId, req.nonce, new Date(now.getTime() + NONCE_WINDOW_MS));
    if (!fresh) throw new AppError('nonceReused');
    if (!(await limiter.take(`token-app:${req.appId}`, perAppMinute, MINUTE_MS))) {
      throw new AppError('tooManyRequests');
    }

    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + this.app.ttlSeconds * 1000);
    await this.repo.insertToken(sha256(token), req.appId, expiresAt);
    return { access_token: token, expires_in: this.app.ttlSeconds };
  }

  /** Whether a bearer token (without "Bearer ") is live. */
  async check(token: string | undefined): Promise<TokenCheck> {
    if (!token) return 'missing';
    const now = this.now().getTime();
    const cachedUntil = this.cache.get(token);
    if (cachedUntil !== undefined) {
      if (cachedUntil > now) return 'valid';
      this.cache.delete(token);
      return 'expired';
    }
    const live = await this.repo.findLiveToken(sha256(token), new Date(now));
    if (!live) return 'expired';
    if (this.cache.size >= CACHE_LIMIT) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(token, live.expiresAt.getTime());
    return 'valid';
  }

  purgeExpired(): Promise<number> {
    return this.repo.purgeExpired(this.now());
  }
}
