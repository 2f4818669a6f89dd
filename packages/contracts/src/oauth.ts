import { z } from 'zod';
import { ZSessionResponse } from './accounts';

/**
 * Third-party login (issue 3): the providers, and the calls between the app, the API and a
 * provider's redirect. The flow: the app opens thirdoauth/{provider}/authorize, the provider
 * returns to thirdoauth/{provider}/callback, which redirects to the app with a one-time ticket
 * that thirdoauth/login exchanges for a session.
 */
export const PROVIDER_NAMES = ['facebook', 'wechat', 'apple'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

export const ZProviderParams = z.object({ provider: z.enum(PROVIDER_NAMES) });

/** GET thirdoauth/:provider/authorize. */
export const ZAuthorizeQuery = z.object({
  /** The app page to open after sign-in (a hash path such as /pages/tab-bar/vip/vip). */
  returnTo: z.string().max(512).optional(),
  /** A random value the app keeps; thirdoauth/login must show it again (binds the ticket to this browser). */
  nonce: z.string().min(16).max(128).optional(),
});

/** The provider's answer at the callback (query for GET; form body for Apple's form_post). */
export const ZCallbackParams = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(256).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(1024).optional(),
  /** Apple, first sign-in only: JSON with the person's name. */
  user: z.string().max(4096).optional(),
});

/** POST thirdoauth/login: a ticket from the callback, or a Facebook SDK access token. */
export const ZThirdLoginRequest = z.union([
  z.object({ ticket: z.string().min(16).max(128), nonce: z.string().min(16).max(128).optional() }),
  z.object({ provider: z.literal('facebook'), accessToken: z.string().min(1).max(4096) }),
]);

/** POST thirdoauth/facebook/getAccessToken: a code from a redirect the client did itself. */
export const ZFacebookCodeRequest = z.object({
  code: z.string().min(1).max(4096),
  redirectUri: z.url().max(2048),
});

/** A third-party login (or e-mail binding) reply: a session, and whether an e-mail must be bound. */
export const ZOAuthSessionResponse = ZSessionResponse.extend({ needsEmail: z.boolean() });

/** thirdoauth/checkBindEmail reply: `existingAccount` says binding moves this sign-in onto that account. */
export const ZCheckBindEmailResult = z.object({ bindable: z.boolean(), existingAccount: z.boolean() });

/** GET thirdoauth/providers: which sign-in buttons to show, and whether each is the sandbox. */
export const ZOAuthProviders = z.object({
  providers: z.array(z.object({ name: z.enum(PROVIDER_NAMES), sandbox: z.boolean() })),
});
