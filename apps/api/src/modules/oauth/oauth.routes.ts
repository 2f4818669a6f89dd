import {
  envelope,
  ZAssociateEmailRequest,
  ZAuthorizeQuery,
  ZCallbackParams,
  ZCheckBindEmailRequest,
  ZCheckBindEmailResult,
  ZFacebookCodeRequest,
  ZOAuthProviders,
  ZOAuthSessionResponse,
  ZProviderParams,
  ZThirdLoginRequest,
} from '@wings/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { type AccountsService, sessionToken } from '../accounts';
import type { OAuthContext } from './oauth.config';
import { OAuthRepository } from './oauth.repository';
import { OAuthService } from './oauth.service';
import { createProviders, PROVIDER_NAMES, type ProviderName, type ProviderSet } from './providers';

/** Parses HTML form posts (Apple's response_mode=form_post, the sandbox consent form) in this scope. */
export function acceptFormPosts(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}

/** The absolute callback URL the provider returns to; the same at authorize and at callback. */
export function callbackUrl(
  config: Pick<OAuthContext, 'publicUrl'>,
  request: FastifyRequest,
  provider: ProviderName,
): string {
  const base = config.publicUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
  return `${base}/api/travelsky/thirdoauth/${provider}/callback`;
}

function clientMeta(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/** Apple sends the name once, as JSON in the `user` form field. */
function appleName(user: string | undefined): string | null {
  if (!user) return null;
  try {
    const parsed = JSON.parse(user) as { name?: { firstName?: string; lastName?: string } };
    const name = [parsed.name?.firstName, parsed.name?.lastName].filter(Boolean).join(' ').trim();
    return name ? name.slice(0, 100) : null;
  } catch {
    return null;
  }
}

/**
 * Third-party login (issue 3; booking-and-account.md §7: thirdoauth/login, thirdoauth/checkBindEmail,
 * thirdoauth/facebook/getAccessToken, and the associate-email page). Authorize and callback are
 * browser navigations, so public; the rest carry the app access token, binding also a session.
 */
export function oauthRoutes(deps: {
  config: OAuthContext;
  db: Db;
  accounts: AccountsService;
  now: () => Date;
  providers?: ProviderSet;
}): FastifyPluginAsyncZod {
  const { config } = deps;
  const providers = deps.providers ?? createProviders(config, deps.now);
  return async (app) => {
    const service = new OAuthService({
      repo: new OAuthRepository(deps.db),
      providers,
      accounts: deps.accounts,
      now: deps.now,
      appBaseUrl: config.publicUrl?.replace(/\/+$/, '') ?? '',
      log: app.log,
    });
    acceptFormPosts(app);
    const tags = ['third-party login'];

    app.get(
      '/travelsky/thirdoauth/providers',
      {
        schema: {
          tags,
          summary: 'Third-party sign-in providers available here (sandbox: the local stand-in)',
          response: { 200: envelope(ZOAuthProviders) },
        },
      },
      async () =>
        ok({
          providers: PROVIDER_NAMES.filter((name) => providers.get(name) !== null).map((name) => ({
            name,
            sandbox: providers.isSandbox(name),
          })),
        }),
    );

    app.get(
      '/travelsky/thirdoauth/:provider/authorize',
      {
        config: { public: true },
        schema: {
          tags,
          summary: "Start a sign-in: 302 to the provider's consent page (or the sandbox's)",
          params: ZProviderParams,
          querystring: ZAuthorizeQuery,
        },
      },
      async (request, reply) => {
        const { provider } = request.params;
        const location = await service.authorize({
          provider,
          redirectUri: callbackUrl(config, request, provider),
          returnTo: request.query.returnTo,
          clientNonce: request.query.nonce,
        });
        return reply.header('cache-control', 'no-store').redirect(location, 302);
      },
    );

    const callback = async (
      request: FastifyRequest,
      provider: ProviderName,
      params: {
        code?: string | undefined;
        state?: string | undefined;
        error?: string | undefined;
        user?: string | undefined;
      },
    ) =>
      service.callback({
        provider,
        redirectUri: callbackUrl(config, request, provider),
        state: params.state,
        code: params.code,
        error: params.error,
        lang: request.lang,
        nameHint: appleName(params.user),
      });

    app.get(
      '/travelsky/thirdoauth/:provider/callback',
      {
        config: { public: true },
        schema: {
          tags,
          summary: 'Provider callback: 302 to the app with a one-time ticket (or error)',
          params: ZProviderParams,
          querystring: ZCallbackParams,
        },
      },
      async (request, reply) => {
        const location = await callback(request, request.params.provider, request.query);
        return reply.header('cache-control', 'no-store').redirect(location, 302);
      },
    );

    app.post(
      '/travelsky/thirdoauth/:provider/callback',
      {
        config: { public: true },
        schema: {
          tags,
          summary: "Provider callback by form post (Sign in with Apple's response_mode=form_post)",
          params: ZProviderParams,
          body: ZCallbackParams,
        },
      },
      async (request, reply) => {
        const location = await callback(request, request.params.provider, request.body ?? {});
        // 303: the browser follows with a GET to the app page.
        return reply.header('cache-control', 'no-store').redirect(location, 303);
      },
    );

    app.post(
      '/travelsky/thirdoauth/login',
      {
        schema: {
          tags,
          summary: 'Exchange a one-time ticket (or a Facebook SDK access token) for a session',
          body: ZThirdLoginRequest,
          response: { 200: envelope(ZOAuthSessionResponse) },
        },
      },
      async (request) => {
        const body = request.body;
        const meta = clientMeta(request);
        if ('ticket' in body) return ok(await service.loginWithTicket(body.ticket, body.nonce, meta));
        return ok(await service.loginWithFacebookToken(body.accessToken, request.lang, meta));
      },
    );

    app.post(
      '/travelsky/thirdoauth/facebook/getAccessToken',
      {
        schema: {
          tags,
          summary: 'Exchange a Facebook authorization code (client-side redirect) for a session',
          body: ZFacebookCodeRequest,
          response: { 200: envelope(ZOAuthSessionResponse) },
        },
      },
      async (request) =>
        ok(
          await service.loginWithFacebookCode(
            request.body.code,
            request.body.redirectUri,
            request.lang,
            clientMeta(request),
          ),
        ),
    );

    app.post(
      '/travelsky/thirdoauth/checkBindEmail',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: 'Whether an e-mail may be bound to the signed-in account',
          body: ZCheckBindEmailRequest,
          response: { 200: envelope(ZCheckBindEmailResult) },
        },
      },
      async (request) => ok(await service.checkBindEmail(requireUser(request), request.body.email)),
    );

    app.post(
      '/travelsky/user/associateEmail',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: 'Bind an e-mail with a `bind` code; answers a new session (of the account now signed in)',
          body: ZAssociateEmailRequest,
          response: { 200: envelope(ZOAuthSessionResponse) },
        },
      },
      async (request) =>
        ok(
          await service.associateEmail({
            userId: requireUser(request),
            email: request.body.email,
            code: request.body.code,
            sessionToken: sessionToken(request.headers),
            meta: clientMeta(request),
          }),
        ),
    );

    const purge = setInterval(() => {
      service.purgeExpired().catch((err) => app.log.warn({ err }, 'purging OAuth states failed'));
    }, 15 * 60_000);
    purge.unref();
    app.addHook('onClose', async () => clearInterval(purge));
  };
}

function requireUser(request: FastifyRequest): string {
  if (!request.userId) throw new AppError('loginExpired');
  return request.userId;
}
