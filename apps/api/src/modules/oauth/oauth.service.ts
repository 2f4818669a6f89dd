import { createHash, randomBytes } from 'node:crypto';
import { Language, type LanguageTag, type SessionResponse } from '@wings/contracts';
import { AppError } from '../../platform/errors';
import type { AccountsService, ClientMeta } from '../accounts';
import type { OAuthRepository } from './oauth.repository';
import type { ProviderName, ProviderProfile, ProviderSet } from './providers';

/** The accounts entry points this module uses (the Fastify instance's `accounts`). */
export type AccountsPort = Pick<
  AccountsService,
  | 'getUser'
  | 'findUserIdByEmail'
  | 'createUserFromIdentity'
  | 'openSession'
  | 'consumeEmailCode'
  | 'setEmail'
  | 'logout'
  | 'absorbAccount'
  | 'identityUser'
  | 'linkIdentity'
  | 'refreshIdentity'
>;

/** The traveller app's page that finishes a third-party sign-in (a hash route). */
export const APP_CALLBACK_PATH = '/pages/more/oauth-callback/oauth-callback';

const STATE_TTL_MS = 10 * 60_000;
const TICKET_TTL_MS = 2 * 60_000;

/** Why a sign-in came back without a ticket, as the app callback page receives it in `error`. */
export type OAuthErrorReason = 'access_denied' | 'invalid_state' | 'oauth_failed' | 'unavailable';

export interface OAuthSession extends SessionResponse {
  /** The account has no e-mail yet: the app asks the traveller to bind one (associate-email). */
  needsEmail: boolean;
}

/** What the state row's `verifier` column holds: the Apple nonce and the client binding. */
interface StateSecrets {
  nonce?: string;
  /** SHA-256 of the nonce the app passed to authorize; thirdoauth/login must show that nonce. */
  binding?: string;
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Keeps only a path inside the traveller app (a hash route), never another site. */
export function safeReturnTo(value: string | undefined | null): string | null {
  if (!value) return null;
  const v = value.trim();
  return v.length <= 512 && /^\/(?![/\\])[^\s\\]*$/.test(v) ? v : null;
}

/**
 * Third-party login (issue 3; booking-and-account.md §6, §7 thirdoauth/*): the redirect flow
 * with a single-use state, finding or creating the account of an identity, the one-time
 * ticket that turns into a session, and binding an e-mail to accounts that lack one.
 */
export class OAuthService {
  constructor(
    private readonly deps: {
      repo: OAuthRepository;
      providers: ProviderSet;
      accounts: AccountsPort;
      now: () => Date;
      /** Where the traveller app is served; '' for the API's own origin. */
      appBaseUrl: string;
      log?: { warn(obj: unknown, msg?: string): void };
    },
  ) {}

  /** The URL of the app's callback page with the given query. */
  appRedirect(query: Record<string, string | null | undefined>): string {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v) q.set(k, v);
    return `${this.deps.appBaseUrl}/#${APP_CALLBACK_PATH}?${q}`;
  }

  /** GET thirdoauth/:provider/authorize: stores a state (10 minutes) and answers the provider's URL. */
  async authorize(input: {
    provider: ProviderName;
    redirectUri: string;
    returnTo?: string | undefined;
    clientNonce?: string | undefined;
  }): Promise<string> {
    const adapter = this.deps.providers.get(input.provider);
    const returnTo = safeReturnTo(input.returnTo);
    if (!adapter) return this.appRedirect({ error: 'unavailable', provider: input.provider, returnTo });
    const now = this.deps.now();
    const state = randomToken();
    const secrets: StateSecrets = {};
    if (input.provider === 'apple') secrets.nonce = randomToken();
    if (input.clientNonce) secrets.binding = sha256(input.clientNonce);
    await this.deps.repo.insertState(
      {
        state,
        provider: input.provider,
        verifier: Object.keys(secrets).length ? JSON.stringify(secrets) : null,
        returnTo,
        expiresAt: new Date(now.getTime() + STATE_TTL_MS),
      },
      now,
    );
    return adapter.authorizeUrl(state, input.redirectUri, secrets.nonce);
  }

  /**
   * GET|POST thirdoauth/:provider/callback: checks and uses up the state, exchanges the code,
   * finds or creates the account, and answers the app URL carrying a one-time ticket (or `error`).
   */
  async callback(input: {
    provider: ProviderName;
    redirectUri: string;
    state?: string | undefined;
    code?: string | undefined;
    error?: string | undefined;
    lang: LanguageTag;
    /** A display name the provider sent beside the code (Apple's first-time `user` field). */
    nameHint?: string | null;
  }): Promise<string> {
    const { provider } = input;
    const now = this.deps.now();
    const stored = input.state ? await this.deps.repo.takeState(input.state, now) : null;
    if (!stored || stored.provider !== provider) {
      return this.appRedirect({ error: 'invalid_state', provider });
    }
    const returnTo = stored.returnTo;
    if (input.error) {
      const denied = ['access_denied', 'user_cancelled_authorize', 'user_denied'].includes(input.error);
      return this.appRedirect({ error: denied ? 'access_denied' : 'oauth_failed', provider, returnTo });
    }
    const adapter = this.deps.providers.get(provider);
    if (!adapter) return this.appRedirect({ error: 'unavailable', provider, returnTo });
    if (!input.code) return this.appRedirect({ error: 'oauth_failed', provider, returnTo });
    const secrets = parseSecrets(stored.verifier);
    try {
      const profile = await adapter.exchange(input.code, input.redirectUri, secrets.nonce);
      if (!profile.displayName && input.nameHint) profile.displayName = input.nameHint;
      const userId = await this.resolveUser(provider, profile, input.lang);
      const ticket = randomToken();
      await this.deps.repo.insertTicket(
        {
          ticketHash: ticketHash(ticket, secrets.binding),
          userId,
          provider,
          expiresAt: new Date(now.getTime() + TICKET_TTL_MS),
        },
        now,
      );
      return this.appRedirect({ ticket, provider, returnTo });
    } catch (err) {
      this.deps.log?.warn({ err, provider }, 'third-party sign-in failed');
      return this.appRedirect({ error: 'oauth_failed', provider, returnTo });
    }
  }

  /** POST thirdoauth/login with a ticket: single use, two minutes, bound to the app's nonce if one was given. */
  async loginWithTicket(
    ticket: string,
    clientNonce: string | undefined,
    meta: ClientMeta,
  ): Promise<OAuthSession> {
    const now = this.deps.now();
    const binding = clientNonce ? sha256(clientNonce) : undefined;
    const found = await this.deps.repo.takeTicket(ticketHash(ticket, binding), now);
    if (!found) throw new AppError('oauthFailed');
    return this.session(found.userId, meta);
  }

  /** POST thirdoauth/login with a Facebook SDK access token. */
  async loginWithFacebookToken(
    accessToken: string,
    lang: LanguageTag,
    meta: ClientMeta,
  ): Promise<OAuthSession> {
    const verifier = this.deps.providers.facebookTokens();
    if (!verifier) throw new AppError('oauthFailed');
    const profile = await verifier.verifyAccessToken(accessToken);
    return this.session(await this.resolveUser('facebook', profile, lang), meta);
  }

  /** POST thirdoauth/facebook/getAccessToken: a client that did the redirect itself hands over the code. */
  async loginWithFacebookCode(
    code: string,
    redirectUri: string,
    lang: LanguageTag,
    meta: ClientMeta,
  ): Promise<OAuthSession> {
    const adapter = this.deps.providers.get('facebook');
    if (!adapter) throw new AppError('oauthFailed');
    const profile = await adapter.exchange(code, redirectUri);
    return this.session(await this.resolveUser('facebook', profile, lang), meta);
  }

  /**
   * POST thirdoauth/checkBindEmail. Bindable: a free address, the caller's own, or the address of
   * another account when the caller is a third-party-only account (no password, no e-mail): the
   * identities then move onto that account once the code proves the address. An account that
   * has its own password or e-mail cannot take over another account's address.
   */
  async checkBindEmail(
    userId: string,
    email: string,
  ): Promise<{ bindable: boolean; existingAccount: boolean }> {
    const holder = await this.deps.accounts.findUserIdByEmail(email);
    if (!holder || holder === userId) return { bindable: true, existingAccount: false };
    return { bindable: await this.mayMerge(userId), existingAccount: true };
  }

  /**
   * POST user/associateEmail: uses up a `bind` code for the address, then binds it, or moves the
   * caller's identities onto the account that owns it. Always answers a fresh session (of the
   * account the traveller now is) and revokes the one the call came with.
   */
  async associateEmail(input: {
    userId: string;
    email: string;
    code: string;
    sessionToken: string | undefined;
    meta: ClientMeta;
  }): Promise<OAuthSession> {
    const { userId, email } = input;
    const holder = await this.deps.accounts.findUserIdByEmail(email);
    const merge = holder !== null && holder !== userId;
    // Checked before the code is used up, so a refused binding keeps the code for another try.
    if (merge && !(await this.mayMerge(userId))) throw new AppError('emailBound');
    await this.deps.accounts.consumeEmailCode(email, 'bind', input.code);
    let target = userId;
    if (merge && holder) {
      await this.deps.accounts.absorbAccount(userId, holder);
      target = holder;
    } else if (holder === null) {
      await this.deps.accounts.setEmail(userId, email);
    }
    const session = await this.session(target, input.meta);
    await this.deps.accounts.logout(input.sessionToken);
    return session;
  }

  /** Removes states and tickets past their life. */
  purgeExpired(): Promise<void> {
    return this.deps.repo.purgeExpired(this.deps.now());
  }

  private async mayMerge(userId: string): Promise<boolean> {
    const caller = await this.deps.accounts.getUser(userId);
    return !caller.hasPassword && caller.email === null && caller.linkedProviders.length > 0;
  }

  private async session(userId: string, meta: ClientMeta): Promise<OAuthSession> {
    const session = await this.deps.accounts.openSession(userId, meta);
    return { ...session, needsEmail: session.user.email === null };
  }

  /**
   * The account of an identity: the linked one; else, for an e-mail the provider verified, the
   * account that has it; else a new account (with that verified e-mail, or without e-mail).
   */
  private async resolveUser(
    provider: ProviderName,
    profile: ProviderProfile,
    lang: LanguageTag,
  ): Promise<string> {
    const { accounts } = this.deps;
    const linked = await accounts.identityUser(provider, profile.subject);
    if (linked) {
      await accounts.refreshIdentity(provider, profile.subject, {
        email: profile.email,
        displayName: profile.displayName,
      });
      return linked;
    }
    const verifiedEmail = profile.email && profile.emailVerified ? profile.email : null;
    let userId = verifiedEmail ? await accounts.findUserIdByEmail(verifiedEmail) : null;
    if (!userId) {
      try {
        userId = await accounts.createUserFromIdentity({
          email: verifiedEmail,
          emailVerified: verifiedEmail !== null,
          language: Language[lang],
        });
      } catch (err) {
        // Registered with that e-mail a moment ago: link to that account instead.
        const raced = verifiedEmail ? await accounts.findUserIdByEmail(verifiedEmail) : null;
        if (!raced) throw err;
        userId = raced;
      }
    }
    const identity = {
      userId,
      provider,
      subject: profile.subject,
      email: profile.email,
      displayName: profile.displayName,
    };
    if (!(await accounts.linkIdentity(identity))) {
      // A parallel callback linked the same identity first: use its account.
      const winner = await accounts.identityUser(provider, profile.subject);
      if (!winner) throw new AppError('oauthFailed');
      return winner;
    }
    return userId;
  }
}

function ticketHash(ticket: string, binding: string | undefined): string {
  return sha256(`${ticket}|${binding ?? ''}`);
}

function parseSecrets(verifier: string | null): StateSecrets {
  if (!verifier) return {};
  try {
    const parsed = JSON.parse(verifier) as StateSecrets;
    return typeof parsed === 'object' && parsed ? parsed : {};
  } catch {
    return {};
  }
}
