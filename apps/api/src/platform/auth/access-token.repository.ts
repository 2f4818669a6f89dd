import { and, eq, gt, lt } from 'drizzle-orm';
import { accessTokens, usedNonces } from '../../db/schema';
import type { Db } from '../db';

/** Storage of access tokens and used nonces; the only place these tables are touched. */
export class AccessTokenRepository {
  constructor(private readonly db: Db) {}

  /** Records a nonce; false when it was already used inside its window. */
  async claimNonce(appId: string, nonce: string, expiresAt: Date): Promise<boolean> {
    const rows = await this.db
      .insert(usedNonces)
      .values({ appId, nonce, expiresAt })
      .onConflictDoNothing()
      .returning({ nonce: usedNonces.nonce });
    return rows.length === 1;
  }

  async insertToken(tokenHash: string, appId: string, expiresAt: Date): Promise<void> {
    await this.db.insert(accessTokens).values({ tokenHash, appId, expiresAt });
  }

  /** The expiry of a live token, or null when unknown or expired. */
  async findLiveToken(tokenHash: string, now: Date): Promise<{ expiresAt: Date } | null> {
    const rows = await this.db
      .select({ expiresAt: accessTokens.expiresAt })
      .from(accessTokens)
      .where(and(eq(accessTokens.tokenHash, tokenHash), gt(accessTokens.expiresAt, now)))
      .limit(1);
    return rows[0] ?? null;
  }

  /** Deletes expired tokens and nonces; returns how many rows went. */
  async purgeExpired(now: Date): Promise<number> {
    const a = await this.db
      .delete(usedNonces)
      .where(lt(usedNonces.expiresAt, now))
      .returning({ n: usedNonces.nonce });
    const b = await this.db
      .delete(accessTokens)
      .where(lt(accessTokens.expiresAt, now))
      .returning({ id: accessTokens.id });
    return a.length + b.length;
  }
}
