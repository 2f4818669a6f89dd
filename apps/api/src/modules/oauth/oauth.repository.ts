import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { oauthStates, oauthTickets } from '../../db/schema/oauth';
import type { Db } from '../../platform/db';

export interface StoredState {
  provider: string;
  verifier: string | null;
  returnTo: string | null;
}

/**
 * Storage of OAuth states and login tickets; the only code touching them. The identities a sign-in
 * links belong to the account and are kept by the accounts module.
 */
export class OAuthRepository {
  constructor(private readonly db: Db) {}

  async insertState(
    s: { state: string; provider: string; verifier: string | null; returnTo: string | null; expiresAt: Date },
    now: Date,
  ): Promise<void> {
    await this.db.insert(oauthStates).values({ ...s, createdAt: now, updatedAt: now });
  }

  /** Removes and returns a live state: a state can be used once. */
  async takeState(state: string, now: Date): Promise<StoredState | null> {
    const rows = await this.db
      .delete(oauthStates)
      .where(and(eq(oauthStates.state, state), gt(oauthStates.expiresAt, now)))
      .returning({
        provider: oauthStates.provider,
        verifier: oauthStates.verifier,
        returnTo: oauthStates.returnTo,
      });
    return rows[0] ?? null;
  }

  async insertTicket(
    t: { ticketHash: string; userId: string; provider: string; expiresAt: Date },
    now: Date,
  ): Promise<void> {
    await this.db.insert(oauthTickets).values({ ...t, createdAt: now, updatedAt: now });
  }

  /** Marks a live, unused ticket used and returns it: a ticket logs in once. */
  async takeTicket(ticketHash: string, now: Date): Promise<{ userId: string; provider: string } | null> {
    const rows = await this.db
      .update(oauthTickets)
      .set({ usedAt: now, updatedAt: now })
      .where(
        and(
          eq(oauthTickets.ticketHash, ticketHash),
          isNull(oauthTickets.usedAt),
          gt(oauthTickets.expiresAt, now),
        ),
      )
      .returning({ userId: oauthTickets.userId, provider: oauthTickets.provider });
    return rows[0] ?? null;
  }

  /** Deletes states and tickets past their life. */
  async purgeExpired(now: Date): Promise<void> {
    await this.db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
    await this.db.delete(oauthTickets).where(lt(oauthTickets.expiresAt, now));
  }
}
