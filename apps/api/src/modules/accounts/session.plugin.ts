import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../platform/errors';
import type { AccountsService } from './accounts.service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'user': the call needs a live login session (`token` header), else code 600. */
    auth?: 'user';
  }
  interface FastifyRequest {
    /** The signed-in user of the `token` header, or null. */
    userId: string | null;
    /** The session of the `token` header, or null. */
    sessionId: string | null;
  }
  interface FastifyInstance {
    /** Traveller accounts: the third-party login module and others use it through here. */
    accounts: AccountsService;
  }
}

/** The session token of a request: the `token` header (the access token stays in Authorization). */
export function sessionToken(headers: Record<string, string | string[] | undefined>): string | undefined {
  const raw = headers.token;
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value ? value : undefined;
}

/**
 * Decorates the app with the accounts service and reads the login session of every request.
 * Routes flagged `config: { auth: 'user' }` answer code 600 (login expired) without a live
 * session, the signal on which the app clears its session and opens login (spec §4, §7).
 * The main layer runs it after its access-token check, so a missing access token is reported first.
 */
export function accountsPlugin(service: AccountsService) {
  return fp(
    async (app: FastifyInstance) => {
      app.decorate('accounts', service);
      app.decorateRequest('userId', null);
      app.decorateRequest('sessionId', null);
      // The main layer's traveller session, read after its access token (a missing one is reported first).
      app.layers.authenticate('main', async (request) => {
        const token = sessionToken(request.headers);
        if (token) {
          const session = await service.resolveSession(token);
          if (session) {
            request.userId = session.userId;
            request.sessionId = session.sessionId;
          }
        }
        if (request.routeOptions.config?.auth === 'user' && !request.userId)
          throw new AppError('loginExpired');
      });

      // Old login attempts, captchas and codes are removed now and then; any process may do it.
      const purge = setInterval(() => {
        service.purgeOld().catch((err) => app.log.warn({ err }, 'purging old account records failed'));
      }, 60 * 60_000);
      purge.unref();
      app.addHook('onClose', async () => clearInterval(purge));
    },
    { name: 'accounts-session', dependencies: ['layers'] },
  );
}
