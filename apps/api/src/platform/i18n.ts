import { type LanguageTag, languageFromHeader } from '@wings/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The reply language, from the `language` header (0 zh, 1 en, 2 km; zh by default). */
    lang: LanguageTag;
  }
}

/** Reads the `language` header of every request (spec §7). */
export const languagePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('lang', 'zh');
  app.addHook('onRequest', async (request) => {
    request.lang = languageFromHeader(request.headers.language);
  });
});
