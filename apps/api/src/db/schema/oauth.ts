import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { timestamps } from './columns';

// The third-party sign-in flow's own tables (modules/oauth). The identities it links stay with the
// account they belong to (accounts.ts, user_identities).

/** OAuth `state` values between redirect and callback (kept in the database: processes are stateless). */
export const oauthStates = pgTable('oauth_states', {
  state: text('state').primaryKey(),
  provider: text('provider').notNull(),
  /** PKCE verifier or nonce, when the provider uses one. */
  verifier: text('verifier'),
  /** Where the app returns after sign-in (a hash route of the traveller app). */
  returnTo: text('return_to'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  ...timestamps,
});

/**
 * One-time tickets from a third-party callback to the app: the callback redirects to the app
 * with a ticket, which `thirdoauth/login` exchanges for a session, so no session token ever
 * travels in a URL. Hashed, a minute or two of life, single use.
 */
export const oauthTickets = pgTable('oauth_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  ...timestamps,
});
