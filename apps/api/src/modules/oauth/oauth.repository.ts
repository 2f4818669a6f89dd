import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { oauthStates, oauthTickets, userIdentities } from '../../db/schema';
import type { Db } from '../../platform/db';

export interface StoredState {
  provider: string;
  verifier: string | null;
  returnTo: string | null;
}

/** Storage of OAuth states, login tickets and linked identities; the only code touching them. */
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

  async findIdentityUser(provider: string, subject: string): Promise<string | null> {
    const rows = await this.db
      .select({ userId: userIdentities.userId })
      .from(userIdentities)
      .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)))
      .limit(1);
    return rows[0]?.userId ?? null;
  }

  /** Links an identity; false when it was linked meanwhile (a parallel callback). */
  async insertIdentity(
    i: {
      userId: string;
      provider: string;
      subject: string;
      email: string | null;
      displayName: string | null;
    },
    now: Date,
  ): Promise<boolean> {
    const rows = await this.db
      .insert(userIdentities)
      .values({ ...i, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: userIdentities.id });
    return rows.length === 1;
  }

  /** Keeps what the provider last said about the person. */
  async refreshIdentity(
    provider: string,
    subject: string,
    seen: { email: string | null; displayName: string | null },
    now: Date,
  ): Promise<void> {
    await this.db
      .update(userIdentities)
      .set({ ...seen, updatedAt: now })
      .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
  }

  async countIdentities(userId: string): Promise<number> {
    const rows = await this.db
      .select({ id: userIdentities.id })
      .from(userIdentities)
      .where(eq(userIdentities.userId, userId));
    return rows.length;
  }

  /** Moves every identity of one user onto another (e-mail binding onto an existing account). */
  async moveIdentities(fromUserId: string, toUserId: string, now: Date): Promise<void> {
    await this.db
      .update(userIdentities)
      .set({ userId: toUserId, updatedAt: now })
      .where(eq(userIdentities.userId, fromUserId));
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
